import { describe, expect, it } from 'vitest';
import { assessReaction, reactionCandidates, reactionConditions } from '../../../../src/rules/nw/phases/reaction';
import type { NwState } from '../../../../src/rules/nw/state';
import type { ReactionCondition } from '../../../../src/rules/nw/tables/reaction';
import { HUSSARS, N, pair, run, S, scene, withUnit } from './reaction-fixtures';

// Eligibility, priority and modifiers (NW §10.0 L347, §10.1 L351-355, chart L796-807; RX-1..6, RX-13).
// The phase's moves, defaults and refusals: reaction-phase.test.ts.

const zone = (spots: Record<string, readonly [number, number, number]>, moved: string[], patch?: (s: NwState) => NwState) =>
  scene({ 'au-hussars': HUSSARS, ...spots }, { moved }, patch);
const heavy = (s: NwState) => withUnit(s, 'au-hussars', { weight: 'heavy' });
const ids = (s: NwState) => reactionCandidates(s).map((c) => c.unit);

describe('reaction zone (NW §10.0 L347, HR N-33, RX-1)', () => {
  it('other cavalry: an enemy that moved to exactly 8" is in; 8.1" is out', async () => {
    // fr-2b's north edge at y = 10.5 is 8" from the hussars' front edge (y = 18.5).
    const s = await zone({ 'fr-2b': [20, 9, N] }, ['fr-2b']);
    expect(reactionCandidates(s)).toEqual([expect.objectContaining({ unit: 'au-hussars', trigger: 'fr-2b', contacted: false, zoneInches: 8, options: ['charge', 'none'], defaultChoice: 'none' })]);
    expect(ids(await zone({ 'fr-2b': [20, 8.9, N] }, ['fr-2b']))).toEqual([]);
  });

  it('heavy cavalry: 6" is in, 6.1" is out, where other cavalry would still react', async () => {
    expect(reactionCandidates(await zone({ 'fr-2b': [20, 11, N] }, ['fr-2b'], heavy))[0]).toMatchObject({ trigger: 'fr-2b', zoneInches: 6 });
    expect(ids(await zone({ 'fr-2b': [20, 10.9, N] }, ['fr-2b'], heavy))).toEqual([]);
    expect(ids(await zone({ 'fr-2b': [20, 10.9, N] }, ['fr-2b']))).toEqual(['au-hussars']);
  });

  it('the 45° line from the front corner: touching it is in, 0.1" beyond is out', async () => {
    // Facing south, the west 45° line from the front corner (18.5, 18.5) is x = y; a base whose
    // south-east corner lies on it touches the arc.
    expect(ids(await zone({ 'fr-2b': [12.5, 15.5, N] }, ['fr-2b']))).toEqual(['au-hussars']);
    expect(ids(await zone({ 'fr-2b': [12.4, 15.5, N] }, ['fr-2b']))).toEqual([]);
  });

  it('an enemy beside or behind it, however close, is not in the zone', async () => {
    expect(ids(await zone({ 'fr-2b': [15, 20, N] }, ['fr-2b']))).toEqual([]);
    expect(ids(await zone({ 'fr-2b': [20, 24, N] }, ['fr-2b']))).toEqual([]);
  });

  it('only an enemy that MOVED makes it eligible; an officer alone does not (RX-2); a battery does', async () => {
    expect(ids(await zone({ 'fr-2b': [20, 14, N] }, []))).toEqual([]);
    const officer = (s: NwState) => ({ ...s, commanders: { ...s.commanders, lemaire: { ...s.commanders.lemaire!, pose: { at: { x: 20, y: 15 }, facing: N } } } });
    expect(ids(await zone({}, ['lemaire'], officer))).toEqual([]);
    const bat = await zone({ 'fr-battery': [20, 15, N] }, ['fr-battery']);
    expect(reactionCandidates(bat)[0]!.trigger).toBe('fr-battery');
  });

  it('the phasing side, infantry, routed cavalry and cavalry that already rolled are never candidates', async () => {
    expect(ids(await zone({ 'fr-chasseurs': [20, 14, N] }, ['fr-chasseurs']))).toEqual(['au-hussars']);
    const s = await zone({ 'fr-2b': [20, 14, N], 'fr-chasseurs': [30, 30, S], 'au-1b': [26, 20, S] }, ['fr-2b']);
    expect(ids(s)).toEqual(['au-hussars']);
    expect(assessReaction(s, 'fr-chasseurs')).toMatchObject({ ok: false, error: { reason: expect.stringContaining('phasing side') } });
    expect(assessReaction(s, 'au-1b')).toMatchObject({ ok: false, error: { reason: expect.stringContaining('not cavalry') } });
    expect(ids(withUnit(s, 'au-hussars', { status: 'routed' }))).toEqual([]);
    expect(ids({ ...s, log: { ...s.log, reacted: ['au-hussars'] } })).toEqual([]);
    // Disordered cavalry may still try (−1 on the chart).
    expect(ids(withUnit(s, 'au-hussars', { status: 'disordered' }))).toEqual(['au-hussars']);
  });
});

describe('reaction priority (NW §10.1 L351-353, RX-3, RX-4)', () => {
  it('contacted: it reacts to its attacker, even with a mover closer in the zone', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [17, 17, N], 'fr-1b': [20, 16, N] }, { moved: ['fr-1b', 'fr-2b'], contacts: { 'fr-2b': 'au-hussars' } });
    expect(reactionCandidates(s)).toEqual([expect.objectContaining({
      unit: 'au-hussars', trigger: 'fr-2b', contacted: true, contactedBy: ['fr-2b'], options: ['countercharge', 'evade', 'none'], defaultChoice: 'countercharge',
    })]);
  });

  it('contacted by two: both are listed, nearest first (the default trigger)', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 17, N], 'fr-1b': [23, 19, 270] }, { moved: ['fr-1b', 'fr-2b'], contacts: { 'fr-1b': 'au-hussars', 'fr-2b': 'au-hussars' } });
    expect(reactionCandidates(s)[0]).toMatchObject({ trigger: 'fr-2b', contactedBy: ['fr-2b', 'fr-1b'] });
  });

  it('not contacted: the closest enemy that moved into the zone', async () => {
    const s = await zone({ 'fr-2b': [20, 12, N], 'fr-1b': [17, 15, N] }, ['fr-2b', 'fr-1b']);
    expect(reactionCandidates(s)[0]!.trigger).toBe('fr-1b');
  });

  it('a closer enemy in the zone that did not move bars reacting past it', async () => {
    const s = await zone({ 'fr-2b': [20, 12, N], 'fr-3b': [23, 15, N] }, ['fr-2b']);
    expect(ids(s)).toEqual([]);
    expect(assessReaction(s, 'au-hussars')).toMatchObject({ ok: false, error: { reason: expect.stringContaining('may not react past 3rd Brigade') } });
    // An unmoved enemy farther off does not matter.
    expect(reactionCandidates(await zone({ 'fr-2b': [20, 14, N], 'fr-3b': [20, 10, N] }, ['fr-2b']))[0]!.trigger).toBe('fr-2b');
  });
});

describe('reaction modifiers the state shows (chart L801-807)', () => {
  it('reads fatigue, quality, general, V commander, disorder, command fatigue and contact', async () => {
    const s = await zone({ 'fr-2b': [20, 14, N] }, ['fr-2b']);
    const hus = s.units['au-hussars']!;
    expect(reactionConditions(s, hus, false)).toEqual(['fresh', 'veteran']);
    expect(reactionConditions(s, { ...hus, fatigue: 'worn', quality: 'line', status: 'disordered', attachedGeneral: 'au-adc' }, true))
      .toEqual(['worn', 'general-attached', 'disordered', 'target-of-a-charge']);
    const v = { ...s, commanders: { ...s.commanders, hohenau: { ...s.commanders.hohenau!, valorous: true, pose: { at: { x: 20, y: 24.5 }, facing: S } } } };
    expect(reactionConditions(v, hus, false)).toContain('within-3-of-valorous');
    const far = { ...v, commanders: { ...v.commanders, hohenau: { ...v.commanders.hohenau!, pose: { at: { x: 20, y: 24.6 }, facing: S } } } };
    expect(reactionConditions(far, hus, false)).not.toContain('within-3-of-valorous');
    const tired = { ...s, commands: { ...s.commands, 'au-ii-korps': { ...s.commands['au-ii-korps']!, fatigued: true } } };
    expect(reactionConditions(tired, hus, false)).toContain('command-fatigued');
  });

  // Baseline: a worn (−1) line unit reacting to a mover in its zone and choosing to charge; each
  // row's modifier is added. A natural of 7 − net reacts; one less does not (§10.1 L355: 7+).
  const valorous = (s: NwState) => ({ ...s, commanders: { ...s.commanders, hohenau: { ...s.commanders.hohenau!, valorous: true, pose: { at: { x: 20, y: 22 }, facing: S } } } });
  const fatigued = (s: NwState) => ({ ...s, commands: { ...s.commands, 'au-ii-korps': { ...s.commands['au-ii-korps']!, fatigued: true } } });
  const rows: [string, ReactionCondition[], number, (s: NwState) => NwState, boolean?][] = [
    ['worn −1 alone', ['worn'], -1, (s) => s],
    ['fresh +2', ['fresh'], 2, (s) => withUnit(s, 'au-hussars', { fatigue: 'fresh', sp: 5 })],
    ['spent −2', ['spent'], -2, (s) => withUnit(s, 'au-hussars', { fatigue: 'spent', sp: 2 })],
    ['general attached +1', ['worn', 'general-attached'], 0, (s) => withUnit(s, 'au-hussars', { attachedGeneral: 'au-adc' })],
    ['conscript −1', ['worn', 'conscript'], -2, (s) => withUnit(s, 'au-hussars', { quality: 'conscript' })],
    ['within 3" of a V commander +1', ['worn', 'within-3-of-valorous'], 0, valorous],
    ['militia −2', ['worn', 'militia'], -3, (s) => withUnit(s, 'au-hussars', { quality: 'militia' })],
    ['guard +3', ['worn', 'guard'], 2, (s) => withUnit(s, 'au-hussars', { quality: 'guard' })],
    ['disordered −1', ['worn', 'disordered'], -2, (s) => withUnit(s, 'au-hussars', { status: 'disordered' })],
    ['elite +2', ['worn', 'elite'], 1, (s) => withUnit(s, 'au-hussars', { quality: 'elite' })],
    ['veteran +1', ['worn', 'veteran'], 0, (s) => withUnit(s, 'au-hussars', { quality: 'veteran' })],
    ['command fatigued −1', ['worn', 'command-fatigued'], -2, fatigued],
    ['target of a charge +2', ['worn', 'target-of-a-charge'], 1, (s) => s, true],
  ];
  for (const [name, conditions, net, patch, contacted] of rows) {
    it(`${name}: natural ${7 - net} reacts, ${6 - net} does not`, async () => {
      const s = await scene(
        { 'au-hussars': HUSSARS, 'fr-2b': contacted ? [20, 17, N] : [20, 14, N] },
        { moved: ['fr-2b'], ...(contacted ? { contacts: { 'fr-2b': 'au-hussars' } } : {}) },
        (x) => patch(withUnit(x, 'au-hussars', { quality: 'line', fatigue: 'worn', sp: 3 })),
      );
      expect(reactionCandidates(s)[0]!.conditions).toEqual(conditions);
      const choice = contacted ? 'evade' : 'charge';
      const yes = run(s, pair(7 - net), { 'au-hussars': choice });
      const roll = yes.events.find((e) => e.kind === 'roll');
      expect(roll).toMatchObject({ total: 7, tableRow: expect.stringContaining('reacts') });
      expect(yes.events.some((e) => e.kind === 'move' && e.unit === 'au-hussars')).toBe(true);
      const no = run(s, pair(6 - net), { 'au-hussars': choice });
      expect(no.events.find((e) => e.kind === 'roll')).toMatchObject({ total: 6, tableRow: expect.stringContaining('does not react') });
      expect(no.events.some((e) => e.kind === 'move')).toBe(false);
      expect(no.state.units['au-hussars']!.pose).toEqual(s.units['au-hussars']!.pose);
      expect(no.state.log.atTheHalt).toEqual(contacted ? ['au-hussars'] : []);
      expect(no.state.log.reacted).toEqual(['au-hussars']);
    });
  }
});
