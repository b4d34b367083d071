import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { anrt } from '../../../src/rules/anrt/index';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { moraleFactors } from '../../../src/rules/anrt/phases/morale';
import { meleeOutcome } from '../../../src/rules/anrt/procedures/melee';
import { admitChargers, COLUMN_DEPLOYING_INCHES, FLANK_OVERLAPPERS } from '../../../src/rules/anrt/procedures/multiple-melee';
import { PASS_THROUGH_INCHES } from '../../../src/rules/anrt/procedures/pass-through';
import { SUPPORT_INCHES } from '../../../src/rules/anrt/tables/command';
import { supportIn } from '../../../src/rules/anrt/procedures/support';
import { seatOfSide, type AnrtCharge, type AnrtState, type AnrtUnit } from '../../../src/rules/anrt/state';
import type { Qrs } from '../../../src/rules/anrt/tables/qrs';
import { anrtSettings, anrtTeaching } from '../../helpers/anrt-game';

/**
 * Multiple melees (§XI L654-691, L831), supports (§XII L941-949), fire into melees (§IX
 * L555-559), pass-through fire (L511-513) and order mixte (L517) at the turn level: the combat
 * half of a French phase on the teaching scenario, with only the units placed here on the table.
 * The stand-in QRS, except that charging and answering a charge always pass morale, so that every
 * charge goes in; all other dice are the seeded dice's. Rulings ANRT-M1…M11 in src/rules/anrt/README.md.
 */
const SEED = '5e'.padEnd(64, '0');

type Place = Partial<AnrtUnit> & { at: { x: number; y: number } };

/** The teaching state, French phase, responses given: only `placed` units on the table. */
function arena(placed: Record<string, Place>, charges: AnrtCharge[] = [], qrs?: (q: Qrs) => Qrs): AnrtState {
  const settings = anrtSettings();
  const s0 = anrt.setup(anrtTeaching(settings), settings, seededDice(SEED)).state;
  const passing = [{ min: -99, result: 'pass' as const }];
  const base = s0.settings.qrs;
  const q: Qrs = { ...base, morale: { ...base.morale, bands: { ...base.morale!.bands!, charge: passing, 'charge-response': passing } } };
  const units = Object.fromEntries(Object.entries(s0.units).map(([id, u]) => [id, placed[id] ? { ...u, ...placed[id] } : { ...u, gone: true }]));
  // Generals far off, so that no risk to generals nor "general attached" enters the dice.
  const generals = Object.fromEntries(Object.entries(s0.generals).map(([id, g]) => [id, { ...g, at: { x: 70, y: 2 }, joined: undefined }]));
  return {
    ...s0, units, generals, settings: { ...s0.settings, qrs: qrs ? qrs(q) : q },
    order: ['french', 'allies'], period: 0, step: 'responses', charges, moves: [], fireTargets: {}, command: undefined,
  } as AnrtState;
}

const run = (s: AnrtState, seed = SEED, responses: Record<string, string> = {}) => resolveCombat(s, responses, new Thrower(seededDice(seed.padEnd(64, '0')), []));
const notes = (ev: readonly GameEvent[]) => ev.filter((e): e is Extract<GameEvent, { kind: 'note' }> => e.kind === 'note').map((e) => e.text);

/** Each melee outcome note agrees with the hits the melee's loss events record, unit by unit (L646-652, L831). */
function checkTallies(ev: readonly GameEvent[], ids: readonly string[], firedInto: Record<string, number> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of ids) {
    const note = notes(ev).find((t) => t.startsWith(`${id}: `) && /hit\(s\) inflicted/.test(t));
    if (!note) continue;
    const m = /^\S+: (win|draw|lose) \((\d+) hit\(s\) inflicted.*?, (\d+) suffered/.exec(note)!;
    const suffered = ev.filter((e) => e.kind === 'loss' && e.unit === id && e.cause.startsWith('meleed by')).reduce((n, e) => n + (e.kind === 'loss' ? e.amount : 0), 0) + (firedInto[id] ?? 0);
    const inflicted = ev.filter((e) => e.kind === 'loss' && e.cause === `meleed by ${id}`).reduce((n, e) => n + (e.kind === 'loss' ? e.amount : 0), 0);
    expect(Number(m[3]), `${id} suffered`).toBe(suffered);
    expect(Number(m[2]) - Object.values(firedInto).reduce((n, h) => n + h, 0) * Number(/by its side's fire/.test(note)), `${id} inflicted`).toBe(inflicted);
    expect(m[1]).toBe(meleeOutcome(Number(m[2]), Number(m[3])).result);
    out[id] = m[1]!;
  }
  return out;
}

const N = 0; const S = 180;

const TEXT = readFileSync('../shared/rules/a-near-run-thing.txt', 'utf8').split('\n');
const line = (ref: string) => TEXT[Number(/^L(\d+)/.exec(ref)![1]) - 1]!;

describe('the numbers of §IX, §XI and §XII, against their lines', () => {
  it('support within 3" (L945, L949)', () => {
    expect(SUPPORT_INCHES.inches).toBe(3);
    expect(line('L945')).toContain('within 3” of either both flanks or within 3” of one flank and rear');
    expect(line('L949')).toContain('no undisordered friends within 3” or there are undisordered enemy on their own flank or rear');
  });
  it('2" deploying distance between columns (L663), two units overlapping the flanks (L691)', () => {
    expect(COLUMN_DEPLOYING_INCHES.inches).toBe(2);
    expect(TEXT.slice(662, 663).join(' ')).toContain('at least 2” deploying distance between each column');
    expect(FLANK_OVERLAPPERS.units).toBe(2);
    expect(TEXT.slice(690, 691).join(' ')).toContain('frontally meleed by two units overlapping its flanks');
  });
  it('pass-through 2" behind the front for field artillery, 3" for heavy (L513)', () => {
    expect([PASS_THROUGH_INCHES.field, PASS_THROUGH_INCHES.heavy]).toEqual([2, 3]);
    expect(line(PASS_THROUGH_INCHES.line)).toContain('within 2” behind front of the target for field artillery and 3” behind the target for heavy artillery');
  });
});

describe('supports (L941-949) in morale and melee', () => {
  it('friends on both flanks give full support, an enemy behind takes it away; the morale factors follow', () => {
    const s = arena({
      'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'al-2-2wp': { at: { x: 25, y: 20 }, facing: N }, 'al-1-1wp': { at: { x: 15, y: 20 }, facing: N },
    });
    expect(supportIn(s, s.units['al-1-2wp']!).support).toBe('full');
    expect(moraleFactors(s, s.units['al-1-2wp']!)).toContain('full-support');
    const flanked = arena({
      'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'al-2-2wp': { at: { x: 25, y: 20 }, facing: N }, 'al-1-1wp': { at: { x: 15, y: 20 }, facing: N },
      'fr-1-33': { at: { x: 20, y: 17 }, facing: N, formation: 'column' },
    });
    expect(supportIn(flanked, flanked.units['al-1-2wp']!)).toMatchObject({ support: 'none', threats: ['fr-1-33'] });
    expect(moraleFactors(flanked, flanked.units['al-1-2wp']!)).toContain('no-support');
    const alone = arena({ 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'al-2-2wp': { at: { x: 25, y: 20 }, facing: N } });
    const f = moraleFactors(alone, alone.units['al-1-2wp']!);
    expect(f.includes('full-support') || f.includes('no-support')).toBe(false);
  });

  it('each side strikes in melee with its support factor (QRS meleeAdjust full-support / no-support)', () => {
    const s = arena({
      'fr-1-33': { at: { x: 20, y: 24 }, facing: S, formation: 'column' },
      'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'al-2-2wp': { at: { x: 25, y: 20 }, facing: N }, 'al-1-1wp': { at: { x: 15, y: 20 }, facing: N },
    }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }]);
    const { events } = run(s);
    const melee = notes(events).filter((t) => t.startsWith('melee: '));
    // The column alone (no friend within 3"): −1; the line with friends on both flanks: +1 (stand-in values).
    expect(melee.find((t) => t.includes('fr-1-33 → al-1-2wp'))).toMatch(/code \S+ \+1 →|code \S+ → /);
    expect(melee.find((t) => t.includes('al-1-2wp → fr-1-33'))).toMatch(/code \S+ \+1 →/);
    const noSupport = arena({
      'fr-1-33': { at: { x: 20, y: 24 }, facing: S, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N },
    }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }]);
    // Both alone: the column +1 charging −1 no support = 0, the line −1.
    const lone = notes(run(noSupport).events).filter((t) => t.startsWith('melee: '));
    expect(lone.find((t) => t.includes('fr-1-33 → al-1-2wp'))).toMatch(/code \S+ → /);
    expect(lone.find((t) => t.includes('al-1-2wp → fr-1-33'))).toMatch(/code \S+ -1 →/);
  });
});

describe('multiple melees (L654-691, L831)', () => {
  it('a refused charger is told the condition that bars it, not always the flank friend (L656, L663, L691, L829)', () => {
    const piece = (id: string, arm: 'infantry' | 'cavalry', formation: 'line' | 'column'): Parameters<typeof admitChargers>[0] => ({ id, at: { x: 0, y: 0 }, facing: 0, arm, formation });
    // Cavalry in column against an unsupported cavalry line: too narrow to overlap, and L663 is infantry lines' only.
    const cav = admitChargers(piece('cl', 'cavalry', 'line'), false, [piece('c1', 'cavalry', 'column'), piece('c2', 'cavalry', 'column')]);
    expect(cav.shape).toBe('single');
    expect(cav.refused[0]!.why).toMatch(/of the chargers is wider than half the frontage of cl, so two cannot overlap its flanks \(L691, L829\), so only one unit melees it \(L656\)/);
    expect(cav.refused[0]!.why).not.toMatch(/friend within 3/);
    // Lines against a flank-supported infantry line: both bars named.
    const inf = admitChargers(piece('il', 'infantry', 'line'), true, [piece('l1', 'infantry', 'line'), piece('l2', 'infantry', 'line')]);
    expect(inf.refused[0]!.why).toBe('il has a friend within 3" of a flank (L691) and only columns may melee a line together (L663), so only one unit melees it (L656)');
  });
  const twoColumns = (): AnrtState => arena({
    'fr-1-33': { at: { x: 17, y: 25 }, facing: S, formation: 'column' }, 'fr-1-48': { at: { x: 23, y: 25 }, facing: S, formation: 'column' },
    'al-1-2wp': { at: { x: 20, y: 20 }, facing: N },
  }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }, { unit: 'fr-1-48', target: 'al-1-2wp', kind: 'declared' }]);

  it('two columns meet one line together, 2" apart; the line throws once and divides its hits; each unit wins or loses on its own hits', () => {
    const results = new Set<string>();
    for (const seed of ['5e', '11', '23', '42', '77', '9']) {
      const { s, events } = run(twoColumns(), seed);
      const slots = events.filter((e): e is Extract<GameEvent, { kind: 'move' }> => e.kind === 'move' && e.rule === 'ANRT §XI L663');
      expect(slots.map((e) => [e.unit, e.to])).toEqual([['fr-1-33', { x: 18, y: 21.5 }], ['fr-1-48', { x: 22, y: 21.5 }]]);
      const melee = events.filter((e) => e.kind === 'engagement' && e.id.startsWith('melee:'));
      expect(melee).toHaveLength(1);
      expect(melee[0]).toMatchObject({ rule: 'ANRT §XI L654-691', id: `melee:${s.turn}:fr-1-33:al-1-2wp:fr-1-48` });
      expect(notes(events).some((t) => t.startsWith('melee against fr-1-33 and fr-1-48 (one throw, hits divided, ANRT-M7)'))).toBe(true);
      const r = checkTallies(events, ['fr-1-33', 'fr-1-48', 'al-1-2wp']);
      expect(Object.keys(r)).toHaveLength(3);
      for (const x of Object.values(r)) results.add(x);
    }
    expect(results.size).toBeGreaterThan(1);
  });

  it('a second charger of a unit with a friend on its flank does not charge (paired off, L656); without the friend both overlap its flanks (L691)', () => {
    const charges: AnrtCharge[] = [{ unit: 'fr-2-33', target: 'al-1-6r', kind: 'declared' }, { unit: 'fr-2-48', target: 'al-1-6r', kind: 'declared' }];
    const placed: Record<string, Place> = {
      'fr-2-33': { at: { x: 17, y: 25 }, facing: S, formation: 'line' }, 'fr-2-48': { at: { x: 23, y: 25 }, facing: S, formation: 'line' },
      'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' },
    };
    const lone = run(arena(placed, charges));
    expect(lone.events.filter((e) => e.kind === 'move' && e.rule === 'ANRT §XI L691').map((e) => e.kind === 'move' && [e.unit, e.to])).toEqual([['fr-2-33', { x: 18, y: 21.5 }], ['fr-2-48', { x: 22, y: 21.5 }]]);
    expect(lone.events.filter((e) => e.kind === 'engagement' && e.id.startsWith('melee:'))).toHaveLength(1);
    expect(Object.keys(checkTallies(lone.events, ['fr-2-33', 'fr-2-48', 'al-1-6r']))).toHaveLength(3);

    const supported = run(arena({ ...placed, 'al-lw-1': { at: { x: 23, y: 20 }, facing: N, formation: 'column' } }, charges));
    expect(notes(supported.events)).toContain('fr-2-48 does not charge al-1-6r: al-1-6r has a friend within 3" of a flank (L691), so only one unit melees it (L656); units are paired off front to front.');
    expect(supported.events.some((e) => e.kind === 'move' && e.unit === 'fr-2-48')).toBe(false);
    expect(supported.events.filter((e) => e.kind === 'engagement' && e.id.startsWith('melee:')).map((e) => e.kind === 'engagement' && e.id)).toEqual([`melee:1:fr-2-33:al-1-6r`]);
  });

  it('a second charge order on one target is refused privately with a hint unless L663 or L691 admit it', () => {
    const placed: Record<string, Place> = {
      'fr-2-33': { at: { x: 17, y: 25 }, facing: S, formation: 'line' }, 'fr-2-48': { at: { x: 23, y: 25 }, facing: S, formation: 'column' },
      'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' }, 'al-lw-1': { at: { x: 23, y: 20 }, facing: N, formation: 'column' },
    };
    const s = { ...arena(placed), step: 'orders' as const, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
    const first = { kind: 'charge' as const, unit: 'fr-2-33', target: 'al-1-6r' };
    expect(anrt.validate(s, 'french', first, []).ok).toBe(true);
    const r = anrt.validate(s, 'french', { kind: 'charge', unit: 'fr-2-48', target: 'al-1-6r' }, [first]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('order/multiple-melee');
    expect(!r.ok && r.error.message).toMatch(/I\/6th Reserve has a friend within 3" of a flank/);
    expect(!r.ok && r.error.hint).toMatch(/L663.*L691/);
    // Without the friend on its flank, two may charge it (L691).
    const open = { ...s, units: { ...s.units, 'al-lw-1': { ...s.units['al-lw-1']!, gone: true } } };
    const both = anrt.validate(open, 'french', { kind: 'charge', unit: 'fr-2-48', target: 'al-1-6r' }, [first]);
    expect(both.ok && both.value.preview).toContain('With 2/33e Ligne: one melee, overlapping its flanks (L691); each unit wins or loses on its own hits (L831).');
  });
});

describe('a multiple melee through the turn (orders, responses, combat)', () => {
  it('two columns ordered against one line: the responses window opens, then one melee of three', () => {
    const placed: Record<string, Place> = {
      'fr-1-33': { at: { x: 17, y: 25 }, facing: S, formation: 'column' }, 'fr-1-48': { at: { x: 23, y: 25 }, facing: S, formation: 'column' },
      'al-1-2wp': { at: { x: 20, y: 20 }, facing: N },
    };
    const s = { ...arena(placed), step: 'orders' as const, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } };
    const orders = [{ kind: 'charge' as const, unit: 'fr-1-33', target: 'al-1-2wp' }, { kind: 'charge' as const, unit: 'fr-1-48', target: 'al-1-2wp' }];
    expect(anrt.validate(s, 'french', orders[1]!, [orders[0]!]).ok).toBe(true);
    const r1 = anrt.resolve(s, new Map([[seatOfSide(s, 'french'), orders]]), seededDice(SEED));
    expect(anrt.phase(r1.state).id).toBe('anrt/responses');
    const r2 = anrt.resolve(r1.state, new Map([[seatOfSide(s, 'allies'), [{ kind: 'react', unit: 'al-1-2wp', choice: 'stand' }]]]), seededDice(SEED));
    const melees = r2.events.filter((e) => e.kind === 'engagement' && e.id.startsWith('melee:'));
    expect(melees.map((e) => e.kind === 'engagement' && e.sides.map((x) => x.units))).toEqual([[['fr-1-33', 'fr-1-48'], ['al-1-2wp']]]);
    expect(Object.keys(checkTallies(r2.events, ['fr-1-33', 'fr-1-48', 'al-1-2wp']))).toHaveLength(3);
  });
});

describe('fire into melees (L555-559)', () => {
  it('a column in melee is fired at from the flank at −3 when no friend is in the way, and the hits count as melee losses', () => {
    let seen = 0;
    for (const seed of ['5e', '11', '23', '42', '77', '9', '31', '64']) {
      const s = arena({
        'fr-1-33': { at: { x: 17, y: 25 }, facing: S, formation: 'column' }, 'fr-1-48': { at: { x: 23, y: 25 }, facing: S, formation: 'column' },
        'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'al-bty-1': { at: { x: 26, y: 22.5 }, facing: 250 },
      }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }, { unit: 'fr-1-48', target: 'al-1-2wp', kind: 'declared' }]);
      const { events } = run(s, seed);
      const shot = notes(events).find((t) => t.startsWith('artillery at 4.1", into a melee (secondary target −3): al-bty-1 → fr-1-48'));
      expect(shot, seed).toBeDefined();
      const hits = Number(/→ (\d+) hit\(s\)/.exec(shot!)![1]);
      const fired = events.filter((e) => e.kind === 'loss' && e.unit === 'fr-1-48' && e.cause === 'fire').reduce((n, e) => n + (e.kind === 'loss' ? e.amount : 0), 0);
      expect(fired).toBe(hits);
      checkTallies(events, ['fr-1-48'], { 'fr-1-48': fired });
      if (fired > 0) { seen++; expect(notes(events).some((t) => t.startsWith('fr-1-48: ') && t.includes(`${fired} of them by fire into the melee`))).toBe(true); }
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('the line met by two columns is not fired at though the line of fire to it is clear (L555: it overlaps nobody)', () => {
    const s = arena({
      'fr-1-33': { at: { x: 17, y: 25 }, facing: S, formation: 'column' }, 'fr-1-48': { at: { x: 23, y: 25 }, facing: S, formation: 'column' },
      'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'fr-bty-1': { at: { x: 20, y: 14 }, facing: N },
    }, [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }, { unit: 'fr-1-48', target: 'al-1-2wp', kind: 'declared' }]);
    const { events } = run(s);
    expect(events.some((e) => e.kind === 'engagement' && e.id.startsWith('melee:') && e.id.includes('fr-1-48'))).toBe(true);
    expect(notes(events).filter((t) => t.includes('fr-bty-1 →'))).toEqual([]);
    // The same line out of melee is the battery's target.
    expect(notes(run(arena({ 'al-1-2wp': { at: { x: 20, y: 20 }, facing: N }, 'fr-bty-1': { at: { x: 20, y: 14 }, facing: N } })).events).some((t) => t.includes('fr-bty-1 → al-1-2wp'))).toBe(true);
  });

  it('a column in a single melee is fired at from the flank past the friend in contact with it (L555-559, ANRT-M6b)', () => {
    const s = arena({
      'fr-2-33': { at: { x: 20, y: 24 }, facing: S, formation: 'line' }, 'fr-bty-1': { at: { x: 30, y: 20 }, facing: 270 },
      'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' },
    }, [{ unit: 'fr-2-33', target: 'al-1-6r', kind: 'declared' }]);
    const { events } = run(s);
    // The line stands front edge to front edge with the column (ANRT-M6b): 20 + 1 + ½, not ½" from its centre.
    expect(events.find((e) => e.kind === 'move' && e.unit === 'fr-2-33' && e.rule === 'ANRT §X')).toMatchObject({ to: { x: 20, y: 21.5 }, facing: S });
    expect(events.some((e) => e.kind === 'engagement' && e.id === 'melee:1:fr-2-33:al-1-6r')).toBe(true);
    expect(notes(events).find((t) => /^artillery at [\d.]+", into a melee \(secondary target −3\): fr-bty-1 → al-1-6r/.test(t))).toBeDefined();
  });

  it('a line in a single melee is not fired at (L555), nor a column with a friend of the firer in the line of fire (L557)', () => {
    const s = arena({
      // The battery behind its own line: its line of fire to the column crosses the line in contact.
      'fr-2-33': { at: { x: 20, y: 24 }, facing: S, formation: 'line' }, 'fr-bty-1': { at: { x: 20, y: 29 }, facing: S },
      'al-1-6r': { at: { x: 20, y: 20 }, facing: N, formation: 'column' }, 'al-bty-1': { at: { x: 26, y: 23 }, facing: 250 },
    }, [{ unit: 'fr-2-33', target: 'al-1-6r', kind: 'declared' }]);
    const { events } = run(s);
    expect(events.some((e) => e.kind === 'engagement' && e.id === 'melee:1:fr-2-33:al-1-6r')).toBe(true);
    const shots = notes(events).filter((t) => t.startsWith('artillery at'));
    expect(shots.length, 'the batteries fire (at each other)').toBeGreaterThan(0);
    expect(shots.filter((t) => t.includes('→ fr-2-33') || t.includes('→ al-1-6r'))).toEqual([]);
  });
});

describe('pass-through fire (L511-513) and order mixte (L517)', () => {
  it('canister at skirmishers strikes the formed column behind them too, with the same D6, at the QRS pass-through', () => {
    const s = arena({
      'al-bty-1': { at: { x: 20, y: 14 }, facing: N },
      'fr-2-33': { at: { x: 20, y: 17 }, facing: S, formation: 'skirmish' }, 'fr-1-33': { at: { x: 20, y: 18.6 }, facing: S, formation: 'column' },
    });
    const { events } = run(s);
    const fire = notes(events).filter((t) => t.startsWith('artillery at'));
    expect(fire).toHaveLength(2);
    expect(fire[0]).toMatch(/^artillery at 3": al-bty-1 → fr-2-33, code \S+ →/);
    expect(fire[1]).toMatch(/^artillery at 4\.6", pass-through \(QRS pass-through\): al-bty-1 → fr-1-33, code \S+ -3 →/);
    // One D6 at most for both effects (L511): the pass-through never throws its own.
    expect(events.filter((e) => e.kind === 'roll' && e.subject === 'al-bty-1')).toHaveLength(1);
  });

  it('long-range shot passes through to a formed unit within 2" behind the target (field guns) and 3" (heavy guns)', () => {
    const place = (bty: string): Record<string, Place> => ({
      [bty]: { at: { x: 20, y: 4 }, facing: N },
      'fr-2-33': { at: { x: 20, y: 16 }, facing: S, formation: 'line' }, 'fr-1-33': { at: { x: 20, y: 19 }, facing: S, formation: 'column' },
    });
    const field = notes(run(arena(place('al-bty-1'))).events).filter((t) => t.startsWith('artillery at'));
    expect(field).toHaveLength(1);
    const heavy = notes(run(arena(place('al-bty-2'))).events).filter((t) => t.startsWith('artillery at'));
    expect(heavy).toHaveLength(2);
    expect(heavy[1]).toMatch(/pass-through \(QRS pass-through\): al-bty-2 → fr-1-33/);
  });

  it('musketry at an order mixte\'s line also strikes its nearest column, at −3', () => {
    const s = arena({
      'al-1-2wp': { at: { x: 21, y: 16.5 }, facing: N },
      'fr-2-33': { at: { x: 20, y: 19 }, facing: S, formation: 'line' }, 'fr-1-33': { at: { x: 23, y: 19 }, facing: S, formation: 'column' },
    });
    const fire = notes(run(s).events).filter((t) => t.startsWith('musketry at'));
    expect(fire[0]).toMatch(/al-1-2wp → fr-2-33/);
    expect(fire[1]).toMatch(/order mixte's column as secondary target \(−3\): al-1-2wp → fr-1-33/);
  });
});
