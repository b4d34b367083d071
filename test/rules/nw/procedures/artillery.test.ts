import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import {
  artilleryFireModifiers, rollArtilleryFire, rollEvasion, rollFinalFire,
  type ArtilleryFireInput, type EvasionInput, type FinalFireInput, type FiringBattery,
} from '../../../../src/rules/nw/procedures/artillery';
import {
  EVASION_TABLE, FIRE_AFFECTS_TABLE, FIRE_CONDITIONS, FIRE_POINTS_TABLE, FIRE_RESULTS, fireModifier,
  type FireCondition, type FireResult, type GunWeight,
} from '../../../../src/rules/nw/tables';
import { settingsWith } from '../tables/settings-helper';
import { facesFor, reach, rollsOf } from './helpers';

const settings = settingsWith();
const sum = (xs: readonly { value: number }[]): number => xs.reduce((s, m) => s + m.value, 0);

const bat = (unit: string, weight: GunWeight, rangeTenths: number, condition: FiringBattery['condition'] = 'full'): FiringBattery =>
  ({ unit, weight, kind: 'foot', condition, rangeTenths });
const line = { unit: 'IR 3', arm: 'infantry' } as const;
const fire = (batteries: FiringBattery[], faces: number[], conditions: FireCondition[] = [], s = settings, target: ArtilleryFireInput['target'] = line) => {
  const dice = scriptedDice(faces);
  const out = rollArtilleryFire({ batteries, target, conditions }, s, dice);
  return { ...out, dice };
};

/** Full batteries (no modifiers) whose fire points total exactly n (n ≥ 1). */
function batteriesFor(n: number): FiringBattery[] {
  const pieces: [GunWeight, number, number][] = [['heavy', 50, 10], ['medium', 40, 6], ['heavy', 100, 5], ['light', 30, 4], ['medium', 80, 3], ['light', 60, 2], ['light', 90, 1]];
  const out: FiringBattery[] = [];
  let left = n;
  for (const [w, r, p] of pieces) while (left >= p) { out.push(bat(`B${out.length + 1}`, w, r)); left -= p; }
  return out;
}

const UPS: [FireCondition, number][] = [['target-vulnerable', 2], ['british-or-french-artillery', 1], ['russian-heavy-artillery', 1]];
const DOWNS: [FireCondition, number][] = [['hard-cover', -2], ['soft-cover', -1], ['rain-or-mud', -1], ['different-elevations', -1]];

describe('rollArtilleryFire (N3, NW §8.0-8.4 L156-198; charts L713-761)', () => {
  it('no worked artillery-fire example is printed in §8; the label example L31 "IV Corp, 6 lb, Horse" fires as medium guns', () => {
    // 6 lb = medium (chart L717): 6 points at canister, 3 at medium range.
    const horse6: FiringBattery = { unit: 'IV Corp, 6 lb, Horse', weight: 'medium', kind: 'horse', condition: 'full', rangeTenths: 40 };
    const out = fire([horse6], facesFor(7));
    expect(out.result).toMatchObject({ total: { kind: 'points', points: 6 }, row: '6,7', natural: 7, modifiedRoll: 7, result: 'effective' });
    expect(fire([{ ...horse6, rangeTenths: 41 }], facesFor(7)).result.total).toEqual({ kind: 'points', points: 3 });
  });

  it('events: a fire-points note, then one roll naming the chart row', () => {
    const out = fire([bat('12-pdr', 'heavy', 50), bat('6-pdr', 'medium', 45)], [6, 5], ['british-or-french-artillery']);
    expect(out.result).toMatchObject({ total: { kind: 'points', points: 13 }, row: '13-15', natural: 11, modifiedRoll: 12, result: 'horrendous', generalKilled: false });
    expect(out.result.effect).toEqual({ spLoss: 1, disordered: true, retreat: 6 });
    expect(out.events[0]).toMatchObject({ kind: 'note', text: 'Fire points at IR 3: 12-pdr heavy canister 5" = 10 → 10; 6-pdr medium medium 4.5" = 3 → 3; total 13 → 13 (sum, tenths).' });
    const [r] = rollsOf(out.events);
    expect(r).toMatchObject({ rule: 'NW §8.4', purpose: 'artillery fire', subject: '12-pdr + 6-pdr at IR 3', faces: [6, 5], total: 12 });
    expect(r!.modifiers).toEqual([{ label: 'british-or-french-artillery +1 (NW §8.4 L187; chart L742)', value: 1 }]);
    expect(r!.tableRow).toBe('Fire Affects Table chart L732, row 13-15 fire points, roll 12 (9+): Horrendous fire');
    expect(out.dice.remaining).toBe(0);
  });

  // Range bands: last tenth of each band and the first of the next (chart L716-718, "3.1"+").
  const bandCases: { weight: GunWeight; tenths: number; points: number | null }[] = [];
  for (const weight of ['light', 'medium', 'heavy'] as const) {
    const bands = FIRE_POINTS_TABLE[weight];
    bandCases.push({ weight, tenths: 0, points: bands[0].points });
    bands.forEach((b, i) => {
      bandCases.push({ weight, tenths: b.maxTenths, points: b.points });
      bandCases.push({ weight, tenths: b.maxTenths + 1, points: bands[i + 1]?.points ?? null });
    });
  }
  it.each(bandCases)('range band: $weight at $tenths tenths → $points', ({ weight, tenths, points }) => {
    if (points === null) {
      expect(() => fire([bat('Gun', weight, tenths)], [])).toThrow(/out of range/);
      return;
    }
    const out = fire([bat('Gun', weight, tenths)], facesFor(7));
    expect(out.result.batteries[0]!.fullPoints).toBe(points);
    expect(out.result.total).toEqual({ kind: 'points', points });
  });

  // Every cell of every Fire Affects row: its first and last modified roll (open "n+": n and 16).
  const cellCases: { label: string; fp: number; roll: number; result: FireResult }[] = [];
  for (const row of FIRE_AFFECTS_TABLE) {
    for (const r of FIRE_RESULTS) {
      const cell = (row.cells as Partial<Record<FireResult, readonly [number, number | null]>>)[r];
      if (!cell) continue;
      const rolls = [...new Set([cell[0], cell[1] ?? 16])];
      for (const fp of [...new Set([row.minFp, row.maxFp ?? 60])]) for (const roll of rolls) cellCases.push({ label: row.label, fp, roll, result: r });
    }
  }
  it.each(cellCases)('row $label ($fp fp), modified $roll → $result', ({ label, fp, roll, result }) => {
    const batteries = fp === 0 ? [bat('Damaged 3-pdr', 'light', 90, 'damaged')] : batteriesFor(fp);
    const { natural, conditions } = reach(roll, UPS, DOWNS);
    const out = fire(batteries, facesFor(natural), conditions);
    expect(out.result).toMatchObject({ row: label, natural, modifiedRoll: roll, result });
    expect(rollsOf(out.events)[0]!.tableRow).toMatch(new RegExp(`^Fire Affects Table chart L7(2[3-9]|3[0-8]), row ${label.replace('+', '\\+')} fire points, roll ${roll} \\(`));
    expect(out.dice.remaining).toBe(0);
  });

  it('10-12 row, modified 9 (HR N-1): Damaging by default, Horrendous by option', () => {
    const out = fire(batteriesFor(10), facesFor(9));
    expect(out.result.result).toBe('damaging');
    expect(rollsOf(out.events)[0]!.tableRow).toBe('Fire Affects Table chart L731, row 10-12 fire points, roll 9 (unprinted 9, HR N-1 damaging): Damaging fire');
    expect(fire(batteriesFor(12), facesFor(9), [], settingsWith({ fet: { row10To12Roll9: 'horrendous' } })).result.result).toBe('horrendous');
  });

  it('below the printed row (HR N-2): lowest listed by default, Desultory by option', () => {
    const low = reach(-1, UPS, DOWNS);
    expect(fire(batteriesFor(30), facesFor(low.natural), low.conditions).result.result).toBe('effective');
    expect(fire(batteriesFor(40), facesFor(low.natural), low.conditions).result.result).toBe('damaging');
    const out = fire(batteriesFor(40), facesFor(low.natural), low.conditions, settingsWith({ fet: { belowRange: 'desultory' } }));
    expect(out.result.result).toBe('desultory');
    expect(rollsOf(out.events)[0]!.tableRow).toContain('(below the row, HR N-2 desultory)');
  });

  it('halving: damaged and suppressed fire at ½, damaged and suppressed together may not fire (§8.0 L158, L196)', () => {
    expect(fire([bat('H', 'heavy', 50, 'damaged')], facesFor(7)).result.total).toEqual({ kind: 'points', points: 5 });
    expect(fire([bat('M', 'medium', 40, 'suppressed')], facesFor(7)).result.total).toEqual({ kind: 'points', points: 3 });
    const none = fire([bat('H', 'heavy', 50, 'damaged-and-suppressed')], []);
    expect(none.result).toMatchObject({ total: { kind: 'none' }, natural: null, modifiedRoll: null, row: null, result: null, effect: null });
    expect(rollsOf(none.events)).toEqual([]);
    expect(none.events.at(-1)).toMatchObject({ kind: 'note', text: 'H may not fire at IR 3: no fire points.' });
    // With a full battery, only the full battery's points count.
    const mixed = fire([bat('H', 'heavy', 50, 'damaged-and-suppressed'), bat('L', 'light', 30)], facesFor(7));
    expect(mixed.result.total).toEqual({ kind: 'points', points: 4 });
    expect(mixed.result.batteries.map((b) => b.halfPoints)).toEqual([0, 8]);
  });

  it('rounding (HR N-3 / N-4, DIGEST examples 2.5 → 2, 5.5 → 5, ½ + ½ = 1)', () => {
    // 2.5: damaged heavy at long (1) + suppressed light at medium (1) + damaged light at long (½).
    const t25 = fire([bat('A', 'heavy', 160, 'damaged'), bat('B', 'light', 60, 'suppressed'), bat('C', 'light', 90, 'damaged')], facesFor(7));
    expect(t25.result.total).toEqual({ kind: 'points', points: 2 });
    expect(t25.events[0]).toMatchObject({ kind: 'note' });
    expect((t25.events[0] as { text: string }).text).toContain('total 2½ → 2 (sum, tenths)');
    // 5.5: damaged medium at medium (1½) + damaged light canister (2) + damaged light canister (2).
    const b55 = [bat('A', 'medium', 80, 'damaged'), bat('B', 'light', 30, 'damaged'), bat('C', 'light', 30, 'damaged')];
    expect(fire(b55, facesFor(7)).result.total).toEqual({ kind: 'points', points: 5 });
    expect(fire(b55, facesFor(7), [], settingsWith({ rounding: { mode: 'half-down' } })).result.total).toEqual({ kind: 'points', points: 5 });
    // ½ + ½ = 1 on the sum; per battery each ½ rounds to 0, leaving the "½" row.
    const halves = [bat('A', 'light', 90, 'damaged'), bat('B', 'light', 90, 'suppressed')];
    expect(fire(halves, facesFor(7)).result.total).toEqual({ kind: 'points', points: 1 });
    expect(fire(halves, facesFor(7), [], settingsWith({ fp: { roundOn: 'per-battery' } })).result).toMatchObject({ total: { kind: 'half' }, row: '1/2' });
    // 1½ + 1½ = 3 on the sum, 1 + 1 = 2 per battery.
    const m15 = [bat('A', 'medium', 80, 'damaged'), bat('B', 'medium', 50, 'suppressed')];
    expect(fire(m15, facesFor(7)).result.total).toEqual({ kind: 'points', points: 3 });
    expect(fire(m15, facesFor(7), [], settingsWith({ fp: { roundOn: 'per-battery' } })).result.total).toEqual({ kind: 'points', points: 2 });
  });

  it('a lone ½ uses the "½" row (HR N-3 halfRow); with halfRow false there is no fire and no roll', () => {
    const half = fire([bat('A', 'light', 90, 'damaged')], facesFor(10));
    expect(half.result).toMatchObject({ total: { kind: 'half' }, row: '1/2', result: 'effective' });
    expect(rollsOf(half.events)[0]!.tableRow).toBe('Fire Affects Table chart L723, row 1/2 fire points, roll 10 (10+): Effective fire');
    expect(fire([bat('A', 'light', 90, 'damaged')], facesFor(9)).result.result).toBe('desultory');
    const off = fire([bat('A', 'light', 90, 'damaged')], [], [], settingsWith({ fp: { halfRow: false } }));
    expect(off.result).toMatchObject({ total: { kind: 'none' }, result: null });
    expect(off.dice.remaining).toBe(0);
  });

  it('modifiers agree with fireModifier; national modifiers cancelled by hard cover or works; target artillery from target.arm', () => {
    const all = FIRE_CONDITIONS.filter((c) => c !== 'target-artillery');
    for (const c of all) expect(sum(artilleryFireModifiers([c], settings))).toBe(fireModifier([c], settings));
    expect(sum(artilleryFireModifiers([...FIRE_CONDITIONS], settings))).toBe(fireModifier([...FIRE_CONDITIONS], settings));
    expect(sum(artilleryFireModifiers(['british-or-french-artillery', 'russian-heavy-artillery', 'hard-cover'], settings))).toBe(-2);
    expect(sum(artilleryFireModifiers(['british-or-french-artillery', 'behind-works', 'soft-cover'], settings))).toBe(-1);
    expect(sum(artilleryFireModifiers(['ottoman-or-cossack-artillery', 'soft-cover'], settings))).toBe(-2);
    expect(artilleryFireModifiers(['behind-works'], settings)).toEqual([]);
    const gun = { unit: 'Enemy battery', arm: 'artillery' } as const;
    const out = fire([bat('A', 'medium', 40)], facesFor(7), [], settings, gun);
    expect(rollsOf(out.events)[0]!.modifiers).toEqual([{ label: 'target-artillery −1 (NW chart L749; HR N-5)', value: -1 }]);
    expect(out.result).toMatchObject({ modifiedRoll: 6, result: 'effective' });
    expect(out.result.effect).toEqual({ spLoss: 0, disordered: false, retreat: 0, suppressed: true });
    const noMod = fire([bat('A', 'medium', 40)], facesFor(7), [], settingsWith({ fire: { targetArtilleryMod: false } }), gun);
    expect(rollsOf(noMod.events)[0]!.modifiers).toEqual([]);
    expect(() => fire([bat('A', 'medium', 40)], [], ['target-artillery'])).toThrow(/target\.arm/);
  });

  it('effects on artillery targets (chart L754-759); a damaged battery damaged again is destroyed (L196, HR N-14)', () => {
    const gun = (condition?: 'full' | 'damaged') => ({ unit: 'Enemy battery', arm: 'artillery' as const, ...(condition ? { condition } : {}) });
    // 10 fp, natural 11 − 1 = 10: horrendous.
    expect(fire(batteriesFor(10), facesFor(11), [], settings, gun()).result.effect).toEqual({ spLoss: 0, disordered: false, retreat: 'full-move', damaged: true });
    expect(fire(batteriesFor(10), facesFor(11), [], settings, gun('full')).result.effect).toMatchObject({ damaged: true });
    expect(fire(batteriesFor(10), facesFor(11), [], settings, gun('damaged')).result.effect).toEqual({ spLoss: 0, disordered: false, retreat: 0, destroyed: true });
    // 16 fp, natural 12 − 1 = 11: horrendous; destructive needs 12+ (vulnerable).
    expect(fire(batteriesFor(16), facesFor(12), ['target-vulnerable'], settings, gun()).result).toMatchObject({ result: 'destructive', effect: { destroyed: true } });
    expect(() => fire(batteriesFor(4), [], [], settings, { unit: 'IR 3', arm: 'infantry', condition: 'damaged' })).toThrow(RangeError);
  });

  it('a natural 12 kills the attached general (L198, chart L761); 12 by modifiers does not', () => {
    const target = { unit: 'IR 3', arm: 'infantry' as const, attachedGeneral: 'Gen. Foy' };
    const hit = fire(batteriesFor(4), [6, 6], [], settings, target);
    expect(hit.result).toMatchObject({ natural: 12, result: 'damaging', generalKilled: true });
    expect(hit.events.at(-1)).toMatchObject({ kind: 'general', general: 'Gen. Foy', what: 'killed', rule: 'NW §7.7 / §8.4 L138, L198' });
    const mod = fire(batteriesFor(4), [6, 5], ['british-or-french-artillery'], settings, target);
    expect(mod.result).toMatchObject({ natural: 11, modifiedRoll: 12, generalKilled: false });
    expect(mod.events.filter((e) => e.kind === 'general')).toEqual([]);
    expect(() => fire(batteriesFor(4), [], [], settings, { unit: 'B', arm: 'artillery', attachedGeneral: 'X' })).toThrow(/§9\.0 A/);
  });

  it('refuses no batteries and negative or fractional ranges', () => {
    expect(() => fire([], [])).toThrow(/no batteries/);
    expect(() => fire([bat('A', 'light', -1)], [])).toThrow(RangeError);
    expect(() => fire([bat('A', 'light', 2.5)], [])).toThrow();
  });
});

describe('rollEvasion (N4, NW §8.5 L202-215; chart L674-683)', () => {
  const evade = (input: Partial<EvasionInput>, faces: number[], s = settings) => {
    const dice = scriptedDice(faces);
    const full: EvasionInput = { battery: { unit: 'Foot battery', kind: 'foot' }, attacker: { unit: '1st Brigade', arm: 'infantry' }, conditions: [], ...input };
    return { ...rollEvasion(full, s, dice), dice };
  };
  const attackers = {
    infantry: { unit: 'Line', arm: 'infantry' },
    heavy: { unit: 'Cuirassiers', arm: 'cavalry', weight: 'heavy' },
    medium: { unit: 'Dragoons', arm: 'cavalry', weight: 'medium' },
    light: { unit: 'Hussars', arm: 'cavalry', weight: 'light' },
  } as const;
  const cases: { kind: 'foot' | 'horse'; who: keyof typeof attackers; need: number }[] = [];
  for (const kind of ['foot', 'horse'] as const) {
    cases.push({ kind, who: 'infantry', need: EVASION_TABLE[kind]['infantry-heavy'] }, { kind, who: 'heavy', need: EVASION_TABLE[kind]['infantry-heavy'] });
    cases.push({ kind, who: 'medium', need: EVASION_TABLE[kind]['infantry-heavy'] }, { kind, who: 'light', need: EVASION_TABLE[kind]['other-cavalry'] });
  }
  it.each(cases)('$kind battery vs $who: escapes on $need, not on one less', ({ kind, who, need }) => {
    const fail = evade({ battery: { unit: 'Battery', kind }, attacker: attackers[who] }, facesFor(need - 1));
    expect(fail.result).toMatchObject({ need, natural: need - 1, total: need - 1, escaped: false, attackerCostInches: 0 });
    expect(fail.events).toHaveLength(1);
    const ok = evade({ battery: { unit: 'Battery', kind }, attacker: attackers[who] }, facesFor(need));
    expect(ok.result).toMatchObject({ need, total: need, escaped: true, attackerCostInches: 1 });
    expect(ok.events.at(-1)).toMatchObject({ kind: 'note', rule: 'NW §8.5 L202' });
    expect(ok.dice.remaining).toBe(0);
  });

  it('table values: foot 7/9, horse 6/8 (chart L677-678); event names the chart line', () => {
    expect(EVASION_TABLE).toEqual({ foot: { 'infantry-heavy': 7, 'other-cavalry': 9 }, horse: { 'infantry-heavy': 6, 'other-cavalry': 8 } });
    const out = evade({ attacker: attackers.light }, facesFor(9));
    const [r] = rollsOf(out.events);
    expect(r).toMatchObject({ rule: 'NW §8.5', purpose: 'artillery evasion', subject: 'Foot battery from Hussars', total: 9 });
    expect(r!.tableRow).toBe('Artillery Evasion Table chart L677 (§8.5 L207-208): foot vs other cavalry, 9+: 9 escapes');
  });

  it('medium cavalry (HR N-6): infantry/heavy column by default, other-cavalry by option', () => {
    expect(evade({ attacker: attackers.medium }, facesFor(7)).result).toMatchObject({ column: 'infantry-heavy', escaped: true });
    const other = evade({ attacker: attackers.medium }, facesFor(8), settingsWith({ evasion: { mediumCav: 'other' } }));
    expect(other.result).toMatchObject({ column: 'other-cavalry', need: 9, escaped: false });
    expect(rollsOf(other.events)[0]!.tableRow).toContain('HR N-6 other');
  });

  it('modifiers are cumulative (L210-215): −1 mud/rain/snow, −1 suppressed, −1 rough, +1 obstacle or higher', () => {
    const all = evade({ conditions: ['mud-rain-or-snow', 'suppressed', 'rough-terrain'] }, facesFor(9));
    expect(all.result).toMatchObject({ natural: 9, total: 6, escaped: false });
    expect(rollsOf(all.events)[0]!.modifiers.map((m) => m.value)).toEqual([-1, -1, -1]);
    expect(evade({ conditions: ['mud-rain-or-snow', 'suppressed', 'rough-terrain'] }, facesFor(10)).result.escaped).toBe(true);
    const up = evade({ conditions: ['behind-obstacle-or-higher'] }, facesFor(6));
    expect(up.result).toMatchObject({ natural: 6, total: 7, escaped: true });
    expect(rollsOf(up.events)[0]!.modifiers).toEqual([{ label: 'behind-obstacle-or-higher +1 (NW §8.5 L215; chart L683)', value: 1 }]);
    expect(evade({ conditions: ['suppressed'] }, facesFor(7)).result.escaped).toBe(false);
  });

  it('attached artillery never rolls to evade (§8.6 L219, HR N-31); cavalry needs its weight', () => {
    const dice = scriptedDice([6, 6]);
    expect(() => rollEvasion({ battery: { unit: 'Attached battery', kind: 'horse', attached: true }, attacker: attackers.light, conditions: [] }, settings, dice)).toThrow(/attached artillery.*HR N-31/);
    expect(dice.remaining).toBe(2);
    expect(() => evade({ attacker: { unit: 'Cavalry', arm: 'cavalry' } }, [])).toThrow(/weight/);
    expect(evade({ battery: { unit: 'B', kind: 'foot', attached: false } }, facesFor(7)).result.escaped).toBe(true);
  });
});

describe('rollFinalFire (N4, NW §8.5 L202; HR N-13)', () => {
  const base: FinalFireInput = {
    battery: { unit: '12-pdr battery', weight: 'heavy', kind: 'foot', condition: 'full' },
    attacker: { unit: 'Cuirassiers', arm: 'cavalry' }, contact: 'front', conditions: [],
  };
  const ff = (input: Partial<FinalFireInput>, faces: number[], s = settings) => {
    const dice = scriptedDice(faces);
    return { ...rollFinalFire({ ...base, ...input }, s, dice), dice };
  };

  // Heavy canister = 10 fp: row 10-12 (desultory 0-1, effective 2-5, damaging 6-9, horrendous 10+).
  it.each([
    [5, 'effective', false],
    [6, 'damaging', false],
    [9, 'damaging', false],
    [10, 'horrendous', true],
  ] as const)('heavy battery (10 fp at canister) natural %i → %s, stops: %s', (n, result, stops) => {
    const out = ff({}, facesFor(n));
    expect(out.result).toMatchObject({ total: { kind: 'points', points: 10 }, row: '10-12', result, stopsAttack: stops, mayEvade: !stops });
    expect(rollsOf(out.events)[0]).toMatchObject({ rule: 'NW §8.5', purpose: 'final fire', subject: '12-pdr battery at Cuirassiers' });
    expect(out.events.at(-1)).toMatchObject({ kind: 'note', rule: 'NW §8.5 L202; HR N-13 [horrendous, destructive]' });
    expect(out.dice.remaining).toBe(0);
  });

  it('destructive stops; a custom stopsOn list (HR N-13) decides', () => {
    // 10 fp has no destructive cell; light canister 4 fp: 11+ damaging.
    const light = { unit: '4-pdr', weight: 'light' as const, kind: 'horse' as const, condition: 'full' as const };
    expect(ff({ battery: light }, facesFor(11)).result).toMatchObject({ row: '4', result: 'damaging', stopsAttack: false, mayEvade: true });
    const strict = settingsWith({ finalFire: { stopsOn: ['damaging', 'horrendous', 'destructive'] } });
    expect(ff({ battery: light }, facesFor(11), strict).result).toMatchObject({ stopsAttack: true, mayEvade: false });
    const heavyVuln = ff({ conditions: ['target-vulnerable', 'british-or-french-artillery'] }, facesFor(12));
    expect(heavyVuln.result).toMatchObject({ modifiedRoll: 15, result: 'horrendous', stopsAttack: true });
  });

  it('fires even when suppressed, at ½ (L202); damaged and suppressed: no shot, not stopped, may evade', () => {
    const sup = ff({ battery: { ...base.battery, condition: 'suppressed' } }, facesFor(10));
    expect(sup.result).toMatchObject({ total: { kind: 'points', points: 5 }, row: '5', result: 'damaging', stopsAttack: false, mayEvade: true });
    const none = ff({ battery: { ...base.battery, condition: 'damaged-and-suppressed' } }, []);
    expect(none.result).toMatchObject({ total: { kind: 'none' }, result: null, stopsAttack: false, mayEvade: true });
    expect(none.dice.remaining).toBe(0);
  });

  it('attached artillery fires its final shot but does not evade (§8.6 L219)', () => {
    const out = ff({ battery: { ...base.battery, attached: true } }, facesFor(6));
    expect(out.result).toMatchObject({ result: 'damaging', stopsAttack: false, mayEvade: false });
    expect((out.events.at(-1) as { text: string }).text).toContain('is attached and does not evade');
  });

  it('flank or rear contact: no final shot (L202)', () => {
    expect(() => ff({ contact: 'flank' }, [])).toThrow(/no final shot/);
    expect(() => ff({ contact: 'rear' }, [])).toThrow(/no final shot/);
  });

  it('effect on the charging unit; a natural 12 kills its attached general', () => {
    const out = ff({ attacker: { unit: 'Line', arm: 'infantry', attachedGeneral: 'Gen. Picton' } }, [6, 6]);
    expect(out.result).toMatchObject({ natural: 12, result: 'horrendous', stopsAttack: true, generalKilled: true });
    expect(out.result.effect).toEqual({ spLoss: 1, disordered: true, retreat: 6 });
    expect(out.events.some((e) => e.kind === 'general' && e.general === 'Gen. Picton')).toBe(true);
  });
});
