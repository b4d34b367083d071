import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { seededDice } from '../../../src/dice/dice';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { afterEvade, COLUMN_TURN_DEGREES, passedWinMelee, pursuitDisorders } from '../../../src/rules/anrt/phases/evaded';
import { anrt } from '../../../src/rules/anrt/index';
import { seatOfSide, withUnit, type AnrtFormation, type AnrtState, type IfEvaded } from '../../../src/rules/anrt/state';
import { MORALE_RESULTS, type MoraleResult } from '../../../src/rules/anrt/tables/vocabulary';
import { describeAnrtSettings } from '../../../src/rules/anrt/settings';
import { anrtSettings, teachingFrenchPhase } from '../../helpers/anrt-game';
import { combatScene, type SceneCase } from '../../helpers/anrt-scenes';
import { expectOutcome } from '../../helpers/anrt-outcome';
import { anrtInputs } from '../../../src/rules/anrt/present/inputs';

/**
 * Chargers whose target evades (§VII L408-419, ANRT-E1): the plain-text cases in
 * cases/evaded/evaded.yaml run the combat half of the French phase (resolveCombat) with the
 * QRS stand-in, charge tests passed and the case's morale results forced; then the L419 and
 * L414 decisions row by row.
 */
interface EvadedCase extends Omit<SceneCase, 'morale'> {
  /** Charger, target and, third, the charging player's if-evaded (ANRT-E4). */
  readonly charges: [string, string, IfEvaded?][];
  readonly morale?: Record<string, MoraleResult>;
  readonly responses: Record<string, string>;
}

const FILE = 'test/rules/anrt/cases/evaded/evaded.yaml';
const cases = parse(readFileSync(FILE, 'utf8')) as EvadedCase[];

function state(c: EvadedCase): AnrtState {
  const s = combatScene(c, c.charges.map(([a, t]) => [a, t] as const), { morale: c.morale, passes: ['charge'] });
  return { ...s, charges: s.charges.map((ch, i) => { const e = c.charges[i]![2]; return e ? { ...ch, ifEvaded: e } : ch; }) };
}

describe(`ANRT chargers whose target evades: ${FILE}`, () => {
  // Three seeds: each case is placed to hold whatever the evade roll.
  it.each(cases.flatMap((c) => ['1', '5', '9'].map((seed) => [`${c.case} (${c.rule}) seed ${seed}`, c, seed] as const)))('%s', (_n, c, seed) => {
    const r = resolveCombat(state(c), c.responses, new Thrower(seededDice(seed.repeat(64)), []));
    expectOutcome(c.case, r, c.expect);
  });

  it('covers L410-419 and ANRT-E1', () => {
    for (const l of ['L410', 'L412', 'L414', 'L415', 'L416', 'L419', 'L421', 'L620', 'ANRT-E1', 'ANRT-E2', 'ANRT-E4']) expect(cases.some((c) => c.rule.includes(l)), l).toBe(true);
  });
});

describe('L419: a pursuit\'s change of direction, row by row', () => {
  const rows: [AnrtFormation, number, boolean][] = [
    ['line', 0, false], ['line', 0.5, false], ['line', 5, true], ['line', -30, true],
    ['column', 30, false], ['column', COLUMN_TURN_DEGREES, false], ['column', 46, true], ['column', -60, true],
    ['masse', 46, true], ['march-column', 46, true], ['masse', 40, false],
    ['skirmish', 120, false], ['square', 90, false],
  ];
  it.each(rows)('%s turning %d° → disordered %s', (formation, turn, want) => {
    expect(pursuitDisorders({ formation }, turn)).toBe(want);
  });
});

describe('L410-416: what the chargers do (afterEvade)', () => {
  const start = { x: 0, y: 10 };
  const far = { x: 0, y: 20 };
  it('catches evaders within reach whatever the arm, measuring the turn to them', () => {
    const p = afterEvade({ arm: 'infantry', formation: 'line', at: { x: 0, y: 0 } }, start, { x: 3, y: 4 }, 8, 0.5, undefined, 'halt');
    expect(p.kind).toBe('catch');
    if (p.kind === 'catch') { expect(Math.round(p.turn)).toBe(37); expect(p.disorders).toBe(true); }
  });
  it('infantry out of reach halts at the start, or short of it on its full reach', () => {
    expect(afterEvade({ arm: 'infantry', formation: 'column', at: { x: 0, y: 0 } }, start, far, 12, 0.5, undefined, 'halt')).toEqual({ kind: 'halt', to: start });
    const short = afterEvade({ arm: 'infantry', formation: 'column', at: { x: 0, y: 0 } }, start, far, 6, 0.5, undefined, 'halt');
    expect(short.to.y).toBeCloseTo(6);
  });
  it('cavalry out of reach asks for its test, then follows the result and the setting', () => {
    const cav = { arm: 'cavalry' as const, formation: 'column' as const, at: { x: 0, y: 0 } };
    expect(afterEvade(cav, start, far, 14, 0.5, undefined, 'halt').kind).toBe('test');
    expect(afterEvade(cav, start, far, 14, 0.5, 'rally-back', 'halt')).toEqual({ kind: 'halt', to: start });
    expect(afterEvade(cav, start, far, 14, 0.5, 'halt', 'rally-back')).toEqual({ kind: 'rally-back', to: cav.at });
    const p = afterEvade(cav, start, far, 14, 0.5, 'pursue', 'rally-back');
    expect(p.kind).toBe('pursue');
    expect(p.to.y).toBeCloseTo(14);
  });
  it('a pass is pass, fight-on, halt or rally-back; every other result fails', () => {
    expect(MORALE_RESULTS.filter(passedWinMelee)).toEqual(['pass', 'fight-on', 'halt', 'rally-back']);
  });
  it('the evade.cavalry setting defaults to rally-back and is listed with its ruling', () => {
    expect(anrtSettings().evade.cavalry).toBe('rally-back');
    expect(describeAnrtSettings(anrtSettings()).find((d) => d.key === 'evade.cavalry')).toMatchObject({ value: 'rally-back', ruling: 'ANRT-E1' });
  });
});

describe('through whole phases (anrt.resolve): the French charge, the Allies answer "evade"', () => {
  const base = teachingFrenchPhase();
  const put = (s: AnrtState, id: string, x: number, y: number, more: Partial<AnrtState['units'][string]> = {}): AnrtState => withUnit(s, { ...s.units[id]!, at: { x, y }, ...more });
  const seed = (n: number) => n.toString(16).padEnd(64, 'b');
  function play(s: AnrtState, unit: string, n: number) {
    const a = anrt.resolve({ ...s, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } }, new Map([['french', [{ kind: 'charge', unit, target: 'al-1-6r' }]]]), seededDice(seed(n)));
    expect(a.state.step).toBe('responses');
    return anrt.resolve(a.state, new Map([[seatOfSide(a.state, 'allies'), [{ kind: 'react', unit: 'al-1-6r', choice: 'evade' }]]]), seededDice(seed(n + 100)));
  }

  it('infantry chargers out-distanced halt where the evade started (L410), never further', () => {
    // 1/33e Ligne in column 7" from Allied skirmishers: they evade 3"-8" straight back, beyond the column's 8".
    const s = put(put(base, 'fr-1-33', 20, 20, { formation: 'column', facing: 0 }), 'al-1-6r', 20, 27, { formation: 'skirmish', facing: 180 });
    let seen = 0;
    for (let n = 1; n <= 10; n++) {
      const b = play(s, 'fr-1-33', n);
      if (!b.events.some((e) => e.kind === 'move' && e.unit === 'al-1-6r' && e.rule === 'ANRT §X L402')) continue; // the charge test failed
      seen++;
      const mv = b.events.filter((e) => e.kind === 'move' && e.unit === 'fr-1-33').at(-1);
      expect(mv && mv.kind === 'move' ? [mv.rule, mv.to] : null).toEqual(['ANRT §VII L410-414', { x: 20, y: 27 }]);
      expect(b.state.units['al-1-6r']!.routed).toBe(false);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('cavalry out-distanced tests "cavalry win melee" (L412) instead of the recall, and rallies back or pursues as it says', () => {
    // The 11e Hussards in column 12" from the skirmishers: evaded 3"-8" they are 15"-20" off, beyond 14".
    const s = put(put(base, 'fr-11h', 20, 15, { formation: 'column', facing: 0 }), 'al-1-6r', 20, 27, { formation: 'skirmish', facing: 180 });
    const outcomes = new Set<string>();
    for (let n = 1; n <= 16; n++) {
      const b = play(s, 'fr-11h', n);
      const test = b.events.find((e) => e.kind === 'roll' && e.subject === 'fr-11h' && e.purpose === 'morale: cavalry-win-melee');
      if (!test || test.kind !== 'roll') continue;
      expect(b.events.some((e) => e.kind === 'roll' && e.subject === 'fr-11h' && e.purpose === 'morale: cavalry-recall')).toBe(false);
      const result = test.tableRow!.split(' ')[0] as MoraleResult;
      const u = b.state.units['fr-11h']!;
      if (passedWinMelee(result)) { outcomes.add('rally-back'); expect(u.at).toEqual({ x: 20, y: 15 }); }
      else { outcomes.add('pursue'); expect(Math.hypot(u.at.x - 20, u.at.y - 15)).toBeCloseTo(14); } // its full reach toward the evaders (L415)
    }
    expect([...outcomes].sort()).toEqual(['pursue', 'rally-back']);
  });
});

describe('ANRT-E3: the evading player chooses to halt at the refuge (evade) or run on (evade-on), on the response itself', () => {
  const scene = (formation: AnrtFormation) => combatScene({ case: 'E3', rule: 'L402', place: { 'fr-11h': { at: [61, 33], facing: 180, formation: 'column' }, 'al-1-6r': { at: [61, 23.5], facing: 0, formation } }, expect: {} }, [['fr-11h', 'al-1-6r']], { passes: ['charge'] });
  it('a charged skirmisher may answer stand, evade or evade-on; the preview says which (no new window)', () => {
    const s = scene('skirmish');
    const seat = seatOfSide(s, 'allies');
    for (const [choice, words] of [['evade', 'halting in cover or behind formed friends'], ['evade-on', 'running its whole evade move']] as const) {
      const r = anrt.validate(s, seat, { kind: 'react', unit: 'al-1-6r', choice }, []);
      expect(r.ok && r.value.preview.join(' '), choice).toContain(words);
    }
  });
  it("/react's autocomplete offers both, spelled out (Discord's 100-character limit kept)", () => {
    const s = scene('skirmish');
    const got = anrtInputs.react!.choices!(s, { seats: [seatOfSide(s, 'allies')], side: 'allies' }, { name: 'choice', value: '' }, { unit: 'al-1-6r' });
    expect(got.map((c) => c.value)).toEqual(['stand', 'evade', 'evade-on']);
    expect(got.find((c) => c.value === 'evade-on')!.name).toContain('run the whole evade move');
    for (const c of got) expect(c.name.length).toBeLessThanOrEqual(100);
  });
  it('a formed column may not evade at all: evade-on is refused privately with the answers it has', () => {
    const r = anrt.validate(scene('column'), seatOfSide(scene('column'), 'allies'), { kind: 'react', unit: 'al-1-6r', choice: 'evade-on' }, []);
    expect(!r.ok && r.error.code).toBe('order/reaction');
    expect(!r.ok && r.error.hint).toContain('It may: stand');
  });
});

describe('ANRT-E4: the charging player chooses among L408-416 on /charge (if-evaded), no new window', () => {
  const base = teachingFrenchPhase();
  const put = (s: AnrtState, id: string, x: number, y: number, more: Partial<AnrtState['units'][string]> = {}): AnrtState => withUnit(s, { ...s.units[id]!, at: { x, y }, ...more });
  const orders = (s: AnrtState): AnrtState => ({ ...s, pips: { 'fr-d1': 6, 'fr-d2': 6, 'fr-cav': 6 } });
  // 1/33e Ligne (infantry column) and the 11e Hussards (cavalry column) 7" from Allied skirmishers.
  const s = orders(put(put(put(base, 'fr-1-33', 18, 21, { formation: 'column', facing: 0 }), 'fr-11h', 26, 20, { formation: 'column', facing: 0 }), 'al-1-6r', 20, 27, { formation: 'skirmish', facing: 180 }));
  const seat = seatOfSide(s, 'french');

  it('infantry may halt but not pursue: pursue is refused privately with the options it has (ANRT-E1: it already catches what it reaches)', () => {
    const r = anrt.validate(s, seat, { kind: 'charge', unit: 'fr-1-33', target: 'al-1-6r', ifEvaded: 'pursue' }, []);
    expect(!r.ok && r.error.code).toBe('order/if-evaded');
    expect(!r.ok && r.error.hint).toContain('if-evaded may be: halt');
    const ok = anrt.validate(s, seat, { kind: 'charge', unit: 'fr-1-33', target: 'al-1-6r', ifEvaded: 'halt' }, []);
    expect(ok.ok && ok.value.preview.join(' ')).toContain('halts where the evade started, even if it could catch them (L410)');
    const rb = anrt.validate(s, seat, { kind: 'charge', unit: 'fr-1-33', target: 'al-1-6r', ifEvaded: 'rally-back' }, []);
    expect(!rb.ok && rb.error.message).toContain('only cavalry rallies back (L414)');
  });

  it('cavalry may pursue, halt or rally back; the preview says what it will do, and the default is spelled out too', () => {
    for (const [e, words] of [['pursue', 'without the "cavalry win melee" test'], ['halt', 'halts where the evade started if it passes'], ['rally-back', 'rallies back to its start if it passes']] as const) {
      const r = anrt.validate(s, seat, { kind: 'charge', unit: 'fr-11h', target: 'al-1-6r', ifEvaded: e }, []);
      expect(r.ok && r.value.preview.join(' '), e).toContain(words);
    }
    const d = anrt.validate(s, seat, { kind: 'charge', unit: 'fr-11h', target: 'al-1-6r' }, []);
    expect(d.ok && d.value.preview.join(' ')).toContain('the default, ANRT-E1');
  });

  it("/charge's if-evaded autocomplete offers what the arm may do, and the text typed builds the order", () => {
    const caller = { seats: [seat], side: 'french' };
    const inf = anrtInputs.charge!.choices!(s, caller, { name: 'if-evaded', value: '' }, { unit: 'fr-1-33' });
    expect(inf.map((c) => c.value)).toEqual(['default', 'halt']);
    const cav = anrtInputs.charge!.choices!(s, caller, { name: 'if-evaded', value: '' }, { unit: 'fr-11h' });
    expect(cav.map((c) => c.value)).toEqual(['default', 'pursue', 'halt', 'rally-back']);
    for (const c of cav) expect(c.name.length).toBeLessThanOrEqual(100);
    expect(anrtInputs.charge!.build(s, { unit: 'fr-11h', target: 'al-1-6r', 'if-evaded': 'Rally-Back' }, caller)).toEqual({ kind: 'charge', unit: 'fr-11h', target: 'al-1-6r', ifEvaded: 'rally-back' });
    expect(anrtInputs.charge!.build(s, { unit: 'fr-11h', target: 'al-1-6r', 'if-evaded': 'default' }, caller)).toEqual({ kind: 'charge', unit: 'fr-11h', target: 'al-1-6r' });
    // Unknown text reaches the order schema, which refuses it with the list.
    const bad = anrt.orderSchema(s).safeParse(anrtInputs.charge!.build(s, { unit: 'fr-11h', target: 'al-1-6r', 'if-evaded': 'chase' }, caller));
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('pursue, halt, rally-back');
  });

  it('through whole phases: hussars ordered to pursue never take the L412 test and ride their full move; ordered to rally back, they never catch', () => {
    const seed = (n: number) => n.toString(16).padEnd(64, 'c');
    const far = put(s, 'fr-11h', 20, 15, { formation: 'column', facing: 0 }); // 12": evaded 3"-8", out of its 14"
    const near = put(s, 'fr-11h', 20, 23, { formation: 'column', facing: 0 }); // 4": evaded, always within 14"
    let pursued = 0;
    let rallied = 0;
    for (let n = 1; n <= 10; n++) {
      for (const [st, e] of [[far, 'pursue'], [near, 'rally-back']] as const) {
        const a = anrt.resolve(st, new Map([[seat, [{ kind: 'charge', unit: 'fr-11h', target: 'al-1-6r', ifEvaded: e }]]]), seededDice(seed(n)));
        expect(a.state.charges).toEqual([{ unit: 'fr-11h', target: 'al-1-6r', kind: 'declared', ifEvaded: e }]);
        const b = anrt.resolve(a.state, new Map([[seatOfSide(a.state, 'allies'), [{ kind: 'react', unit: 'al-1-6r', choice: 'evade' }]]]), seededDice(seed(n + 50)));
        if (!b.events.some((ev) => ev.kind === 'move' && ev.unit === 'al-1-6r' && ev.rule === 'ANRT §X L402')) continue; // the charge test failed
        const tested = b.events.some((ev) => ev.kind === 'roll' && ev.subject === 'fr-11h' && ev.purpose === 'morale: cavalry-win-melee');
        const caught = b.events.some((ev) => ev.kind === 'status' && ev.unit === 'al-1-6r' && ev.status === 'routed');
        if (e === 'pursue') { pursued++; expect(tested).toBe(false); expect(b.events.some((ev) => ev.kind === 'move' && ev.unit === 'fr-11h' && ev.rule === 'ANRT §VII L416')).toBe(true); continue; }
        rallied++;
        expect(tested).toBe(true);
        const passed = b.events.some((ev) => ev.kind === 'move' && ev.unit === 'fr-11h' && /rallies back/.test(ev.stopped ?? ''));
        // Passed, never a catch (L414); failed, it pursues (L415): catching, or meeting a unit the evaders uncovered (L421).
        if (passed) expect(caught).toBe(false);
        else expect(caught || b.events.some((ev) => ev.kind === 'note' && ev.rule === 'ANRT §VII L421')).toBe(true);
      }
    }
    expect(pursued).toBeGreaterThan(0);
    expect(rallied).toBeGreaterThan(0);
  });
});

describe('ANRT-E2: an uncharged unit within reach of chargers whose target may evade posts its answer should it be uncovered (L421)', () => {
  const scene = combatScene({ case: 'E2', rule: 'L421', place: { 'fr-11h': { at: [20, 40], facing: 180, formation: 'column' }, 'al-1-6r': { at: [20, 28], facing: 0, formation: 'skirmish' }, 'al-1-7r': { at: [20, 26.5], facing: 0, formation: 'line' }, 'al-1-2wp': { at: [40, 10], facing: 0, formation: 'line' } }, expect: {} }, [['fr-11h', 'al-1-6r']], { passes: ['charge'] });
  const allies = seatOfSide(scene, 'allies');
  it('a line within the hussars\' move may post stand or square, previewed as standing; one out of reach may not', () => {
    const r = anrt.validate(scene, allies, { kind: 'react', unit: 'al-1-7r', choice: 'square' }, []);
    expect(r.ok && r.value.preview.join(' ')).toContain('if chargers pursuing evaders come upon it (L421, ANRT-E2)');
    const far = anrt.validate(scene, allies, { kind: 'react', unit: 'al-1-2wp', choice: 'square' }, []);
    expect(!far.ok && far.error.hint).toContain('nor within reach of chargers whose target may evade');
  });
  it('no window opens for it alone and a silent player gives it no order: the default stands (ANRT-E2)', () => {
    expect(anrt.defaultOrders!(scene, allies).map((o) => 'unit' in o && o.unit)).toEqual(['al-1-6r']);
  });
});
