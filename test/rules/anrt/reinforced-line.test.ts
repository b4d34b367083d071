import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { seededDice } from '../../../src/dice/dice';
import type { GameEvent } from '../../../src/rules/events';
import { anrt } from '../../../src/rules/anrt/index';
import { footprint, REINFORCED_LINE } from '../../../src/rules/anrt/footprint';
import { resolveCombat } from '../../../src/rules/anrt/phases/combat';
import { Thrower } from '../../../src/rules/anrt/phases/gm';
import { formationsOf, isLineFormation, moverOf, withUnit, type AnrtCharge, type AnrtState, type AnrtUnit } from '../../../src/rules/anrt/state';
import { parseQrs, type Qrs } from '../../../src/rules/anrt/tables/qrs';
import { STAND_IN_QRS } from '../../../src/rules/anrt/tables/stand-in';
import { anrtScenario, anrtSettings, anrtTeaching, candidates, prng, teachingFrenchPhase } from '../../helpers/anrt-game';

/**
 * The reinforced line (L105 heading, L597, L856-858; its diagram is lost, A-11): a formation of
 * infantry, keyed like every other (rulings ANRT-RL1…RL3), and the scenario's L389 expertise flag.
 * Stand-in values are the project's, not the author's.
 */
const N = 0; const S = 180;
type Place = Partial<AnrtUnit> & { at: { x: number; y: number } };

/** The combat half of a French phase with only these units on the table (as flank.test.ts); `pass` forces those morale tests to pass. */
function arena(placed: Record<string, Place>, charges: AnrtCharge[], qrs: (q: Qrs) => Qrs = (q) => q): AnrtState {
  const settings = anrtSettings();
  const s0 = anrt.setup(anrtTeaching(settings), settings, seededDice('a1'.padEnd(64, '0'))).state;
  const units = Object.fromEntries(Object.entries(s0.units).map(([id, u]) => [id, placed[id] ? { ...u, ...placed[id] } : { ...u, gone: true }]));
  const generals = Object.fromEntries(Object.entries(s0.generals).map(([id, g]) => [id, { ...g, at: { x: 70, y: 2 }, joined: undefined }]));
  return { ...s0, units, generals, settings: { ...s0.settings, qrs: qrs(s0.settings.qrs) }, order: ['french', 'allies'], period: 0, step: 'responses', charges, moves: [], fireTargets: {}, command: undefined } as AnrtState;
}
const run = (s: AnrtState) => resolveCombat(s, {}, new Thrower(seededDice('a2'.padEnd(64, '0')), []));
const notes = (ev: readonly GameEvent[]) => ev.filter((e): e is Extract<GameEvent, { kind: 'note' }> => e.kind === 'note').map((e) => e.text);
const moraleTests = (ev: readonly GameEvent[], unit: string) => ev.filter((e) => e.kind === 'roll' && e.subject === unit && String(e.purpose).startsWith('morale:')).map((e) => (e as { purpose: string }).purpose);
const passing = (q: Qrs, tests: string[]): Qrs => ({ ...q, morale: { ...q.morale, bands: { ...q.morale!.bands!, ...Object.fromEntries(tests.map((t) => [t, [{ min: -99, result: 'pass' as const }]])) } } });

describe('the reinforced line as a formation (ANRT-RL1, RL2)', () => {
  it('infantry may form it, cavalry and guns may not; it is a line for the rules that say "line"', () => {
    expect(formationsOf('infantry')).toContain('reinforced-line');
    expect(formationsOf('cavalry')).not.toContain('reinforced-line');
    expect(formationsOf('foot-artillery')).not.toContain('reinforced-line');
    expect(isLineFormation('reinforced-line')).toBe(true);
    expect(isLineFormation('column')).toBe(false);
  });

  it(`its footprint is the project's: half a line's frontage, twice its depth (${REINFORCED_LINE.width}" × ${REINFORCED_LINE.depth}")`, () => {
    const line = footprint({ arm: 'infantry', formation: 'line' });
    expect(footprint({ arm: 'infantry', formation: 'reinforced-line' })).toEqual({ width: line.width / 2, depth: line.depth * 2 });
  });

  it('/formation reinforced-line is priced in pips (QRS formation-change); cavalry is refused with the formations it may take', () => {
    const s = teachingFrenchPhase();
    const ok = anrt.validate(s, 'french', { kind: 'formation', unit: 'fr-2-33', formation: 'reinforced-line' }, []);
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.value.preview.join(' ')).toMatch(new RegExp(`line → reinforced-line.*Pips: ${STAND_IN_QRS.pips!.cost!['formation-change']}`));
    const cav = anrt.validate(s, 'french', { kind: 'formation', unit: 'fr-11h', formation: 'reinforced-line' }, []);
    expect(cav.ok).toBe(false);
    if (!cav.ok) { expect(cav.error.code).toBe('order/formation'); expect(cav.error.hint).toContain('line, column, march-column, skirmish'); }
  });

  it('autocomplete offers it to infantry, not to cavalry', () => {
    const s = teachingFrenchPhase();
    const who = { seats: ['french'], side: 'french' };
    const inf = anrt.inputs.formation!.choices!(s, who, { name: 'formation', value: '' }, { unit: 'fr-2-33' }).map((c) => c.value);
    expect(inf).toContain('reinforced-line');
    const cav = anrt.inputs.formation!.choices!(s, who, { name: 'formation', value: '' }, { unit: 'fr-11h' }).map((c) => c.value);
    expect(cav).not.toContain('reinforced-line');
  });

  it('it moves on its own QRS row (stand-in 6"): 6" forward is taken, 7" refused with the row named', () => {
    expect(moverOf({ arm: 'infantry', formation: 'reinforced-line' })).toBe('infantry-reinforced-line');
    expect(STAND_IN_QRS.movement!['infantry-reinforced-line']).toBe(6);
    const s0 = teachingFrenchPhase();
    const s = withUnit(s0, { ...s0.units['fr-2-33']!, formation: 'reinforced-line' });
    expect(anrt.validate(s, 'french', { kind: 'move', unit: 'fr-2-33', to: 'forward 6' }, []).ok).toBe(true);
    const far = anrt.validate(s, 'french', { kind: 'move', unit: 'fr-2-33', to: 'forward 7' }, []);
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.error.message).toContain('QRS movement, reinforced-line');
  });

  it('a tables file without its rows is refused in "entered" mode naming the row, with the usual hint', () => {
    const { movement, ...rest } = STAND_IN_QRS;
    const { 'infantry-reinforced-line': _gone, ...kept } = movement!;
    const r = parseQrs({ ...rest, movement: kept }, true);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('qrs/missing-rows');
    expect(r.error.message).toContain('qrs.movement.infantry-reinforced-line');
    expect(r.error.hint).toContain('/game ruling key:qrs.movement.infantry-reinforced-line');
    expect(parseQrs({ ...rest, movement: kept }, false).ok).toBe(true);
  });

  it('the random player may choose it', () => {
    const s = teachingFrenchPhase();
    const r = prng(3).next;
    const seen = Array.from({ length: 60 }, () => candidates(s, r)).flat().some((c) => c.order.kind === 'formation' && c.order.formation === 'reinforced-line');
    expect(seen).toBe(true);
  });
});

describe('the reinforced line in fire and melee (ANRT-RL3, L567, L597, L858)', () => {
  it('musketry by and at a reinforced line reads its own row and column of the QRS', () => {
    // Distinct codes in the two cells, so the narrative shows which was read.
    const q = (b: Qrs): Qrs => {
      const close = b.musketry!.results!.close!;
      return { ...b, musketry: { ...b.musketry, results: { ...b.musketry!.results, close: { ...close, 'reinforced-line': { ...close['reinforced-line'], line: 3 }, line: { ...close.line, 'reinforced-line': 5 } } } } };
    };
    const s = arena({ 'al-1-2wp': { at: { x: 20, y: 22 }, facing: S, formation: 'reinforced-line' }, 'fr-2-33': { at: { x: 20, y: 20 }, facing: N, formation: 'line' } }, [], q);
    const t = notes(run(s).events);
    expect(t.some((x) => x.includes('al-1-2wp → fr-2-33, code 3'))).toBe(true);
    expect(t.some((x) => x.includes('fr-2-33 → al-1-2wp, code 5'))).toBe(true);
  });

  it('infantry meleeing a reinforced line strikes on its REINFORCED LINE row; a line charged by a column tests morale (L567)', () => {
    const s = arena({ 'fr-1-33': { at: { x: 20, y: 16 }, facing: N, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: S, formation: 'reinforced-line' } },
      [{ unit: 'fr-1-33', target: 'al-1-2wp', kind: 'declared' }], (b) => passing(b, ['charge', 'charge-response']));
    const { events } = run(s);
    expect(moraleTests(events, 'al-1-2wp')).toContain('morale: charge-response');
    expect(notes(events).some((x) => x.startsWith(`melee: fr-1-33 → al-1-2wp, code ${STAND_IN_QRS.melee!.infantry!['REINFORCED LINE']}`))).toBe(true);
  });

  it('L597: infantry in line or reinforced line charged by cavalry tests to fire and fight; a column fires and fights untested', () => {
    const tested = (formation: AnrtUnit['formation']) => {
      const s = arena({ 'fr-11h': { at: { x: 20, y: 16 }, facing: N, formation: 'column' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: S, formation } },
        [{ unit: 'fr-11h', target: 'al-1-2wp', kind: 'declared' }], (b) => passing(b, ['charge']));
      return moraleTests(run(s).events, 'al-1-2wp').includes('morale: charge-response');
    };
    expect(tested('line')).toBe(true);
    expect(tested('reinforced-line')).toBe(true);
    expect(tested('column')).toBe(false);
  });

  it('L858: close-order cavalry charging a reinforced line strikes on CAV LINE when it overlaps it, the narrative says why', () => {
    const s = arena({ 'fr-11h': { at: { x: 20, y: 15 }, facing: N, formation: 'line' }, 'al-1-2wp': { at: { x: 20, y: 20 }, facing: S, formation: 'reinforced-line' } },
      [{ unit: 'fr-11h', target: 'al-1-2wp', kind: 'declared' }], (b) => passing(b, ['charge', 'charge-response']));
    const t = notes(run(s).events);
    expect(t.some((x) => x.startsWith('fr-11h strikes al-1-2wp on the CAV LINE (overlapping it, L857-858'))).toBe(true);
  });
});

describe('the map', () => {
  it('labels a reinforced line R.Line and explains the project\'s drawing in the legend only when one is drawn', () => {
    const s0 = teachingFrenchPhase();
    const plain = anrt.present.map(s0, { events: [], viewer: { kind: 'public' } });
    expect(plain.ok && JSON.stringify(plain.value)).not.toContain('Reinforced line');
    const s = withUnit(s0, { ...s0.units['fr-2-33']!, formation: 'reinforced-line' });
    const m = anrt.present.map(s, { events: [], viewer: { kind: 'public' } });
    expect(m.ok).toBe(true);
    const json = m.ok ? JSON.stringify(m.value) : '';
    expect(json).toContain('"R.Line"');
    expect(json).toContain('Reinforced line (L105): 2\\" × 2\\", the project\'s drawing');
  });
});

describe('L389 expertise in the scenario (ANRT-CL1)', () => {
  it('the teaching scenario gives it to Lützow\'s cavalry brigade alone; Quatre Bras to none', () => {
    expect(teachingFrenchPhase().linesExpertise).toEqual(['al-b5']);
    expect(anrtScenario('quatre-bras').linesExpertise).toBeUndefined();
  });

  it('on a general who commands no brigade it is refused, naming him', () => {
    const settings = anrtSettings();
    const text = (require('node:fs') as typeof import('node:fs')).readFileSync('assets/scenarios/anrt/teaching.yaml', 'utf8')
      .replace('{ id: fr-d1-gen,', '{ id: fr-d1-gen, rules: { linesExpertise: true },');
    expect(text).toContain('fr-d1-gen, rules: { linesExpertise: true }');
    expect(() => anrtScenario('teaching', settings, text)).toThrow(/fr-d1-gen: linesExpertise is a brigade's \(L389\)/);
  });
});

describe('the scenario vocabulary: a battalion may start the battle in reinforced line (L105, ANRT-RL1)', () => {
  const teaching = readFileSync('assets/scenarios/anrt/teaching.yaml', 'utf8');
  it('formation: reinforced-line on an infantry battalion starts it so, with the reinforced line\'s footprint', () => {
    const text = teaching.replace('name: "2/33e Ligne", arm: infantry, figures: 12, formation: line', 'name: "2/33e Ligne", arm: infantry, figures: 12, formation: reinforced-line');
    expect(text).not.toBe(teaching);
    const d = anrtScenario('teaching', anrtSettings(), text);
    expect(d.units['fr-2-33']!.formation).toBe('reinforced-line');
    // ANRT-RL1: the line folded in two, 2" × 2", not the line's 4" × 1".
    expect(footprint(d.units['fr-2-33']!)).toEqual(REINFORCED_LINE);
    expect(anrtTeaching().units['fr-2-33']!.formation).toBe('line');
  });

  it('a cavalry regiment or a battery in reinforced line is refused, naming the rule', () => {
    const cav = teaching.replace(/(arm: light-cavalry, figures: \d+)(, formation: \w+)?/, '$1, formation: reinforced-line');
    expect(cav).not.toBe(teaching);
    expect(() => anrtScenario('teaching', anrtSettings(), cav)).toThrow(/only infantry forms a reinforced line \(L105\)/);
  });
});
