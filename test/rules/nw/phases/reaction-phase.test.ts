import { describe, expect, it } from 'vitest';
import { scriptedDice, seededDice } from '../../../../src/dice/dice';
import { distance } from '../../../../src/rules/geometry/vector';
import { combatPhase, findContacts } from '../../../../src/rules/nw/phases/combat';
import { reactionCandidates, reactionPhase } from '../../../../src/rules/nw/phases/reaction';
import type { NwState } from '../../../../src/rules/nw/state';
import { expectJsonRoundTrip } from './phase-fixtures';
import { at, E, HUSSARS, N, run, S, scene, withUnit } from './reaction-fixtures';

// The reaction phase: each option's movement and disorder (§10.2 L359-361), at the halt (HR
// N-19), defaults (RX-7), refusals, left-to-right order (§10.1 L355, RX-14), purity.
// Contacted hussars are made Line here: fresh +2, target of a charge +2, so a natural 6,6
// reacts and 1,1 (6) does not; in the zone they are Vet (+3), and 1,1 (5) fails too.
const OK = [6, 6];
const FAIL = [1, 1];

/** fr-2b squared up on the hussars' front (its north edge on y = 18.5), having charged them. */
const contacted = (patch?: (s: NwState) => NwState, hussars = HUSSARS, attacker: readonly [number, number, number] = [20, 17, N]) =>
  scene({ 'au-hussars': hussars, 'fr-2b': attacker }, { moved: ['fr-2b'], contacts: { 'fr-2b': 'au-hussars' } },
    (x) => { const l = withUnit(x, 'au-hussars', { quality: 'line' }); return patch ? patch(l) : l; });

describe('countercharge (NW §10.2 L359, HR N-19, RX-8)', () => {
  it('the attacker goes back 1", the cavalry is pushed forward into contact; nobody at the halt', async () => {
    const s = await contacted();
    const { state, events } = run(s, OK, { 'au-hussars': 'countercharge' });
    expect(at(state, 'fr-2b')).toEqual({ x: 20, y: 16 });
    expect(state.units['fr-2b']!.pose.facing).toBe(N);
    expect(state.units['au-hussars']!.pose).toEqual({ at: { x: 20, y: 19 }, facing: S });
    expect(state.units['au-hussars']!.status).toBe('good-order');
    expect(state.log).toMatchObject({ atTheHalt: [], reacted: ['au-hussars'], contacts: { 'fr-2b': 'au-hussars' } });
    expect(state.phase).toBe('combat');
    expect(events.map((e) => e.kind)).toEqual(['phase', 'roll', 'move', 'move', 'note']);
    expect(events[2]).toMatchObject({ kind: 'move', unit: 'fr-2b', cost: 1, rule: 'NW §10.2 L359' });
    expect(events[3]).toMatchObject({ kind: 'move', unit: 'au-hussars', cost: 1 });
    expect(events[4]).toMatchObject({ rule: 'HR N-19', text: expect.stringContaining('2nd Brigade is the attacker') });
    // HR N-19: the phasing unit is still the attacker when combat finds the contact.
    expect(findContacts({ ...state, phase: 'combat' }).contacts).toEqual([{ id: 'au-hussars', defender: 'au-hussars', attackers: ['fr-2b'] }]);
    expect(state.log.countercharged).toEqual({ 'au-hussars': 'fr-2b' });
    expectJsonRoundTrip(state);
  });

  it('with reaction.counterchargeAttacker: reacting, the countercharging cavalry is the attacker in combat (HR N-19 alternative)', async () => {
    const reacting = (x: NwState): NwState => ({ ...x, settings: { ...x.settings, reaction: { ...x.settings.reaction, counterchargeAttacker: 'reacting' } } });
    const { state, events } = run(await contacted(reacting), OK, { 'au-hussars': 'countercharge' });
    expect(events.at(-1)).toMatchObject({ rule: 'HR N-19', text: expect.stringContaining('Hussar Brigade is the attacker') });
    expect(findContacts({ ...state, phase: 'combat' }).contacts).toEqual([{ id: 'fr-2b', defender: 'fr-2b', attackers: ['au-hussars'] }]);
    const fought = combatPhase({ ...state, phase: 'combat' }, {}, seededDice('cd'.repeat(32)));
    expect(fought.ok && fought.value.events.some((e) => e.kind === 'note' && e.text.startsWith('Hussar Brigade attack 2nd Brigade'))).toBe(true);
  });

  it('contacted by two: `against` names the one to countercharge', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 17, N], 'fr-1b': [23, 19, 270] }, { moved: ['fr-1b', 'fr-2b'], contacts: { 'fr-1b': 'au-hussars', 'fr-2b': 'au-hussars' } });
    const { state } = run(s, OK, { 'au-hussars': 'countercharge' }, { against: { 'au-hussars': 'fr-1b' } });
    expect(at(state, 'fr-1b')).toEqual({ x: 24, y: 19 });
    expect(at(state, 'fr-2b')).toEqual({ x: 20, y: 17 });
    expect(state.units['au-hussars']!.pose).toEqual({ at: { x: 21, y: 19 }, facing: E }); // turned to meet it
  });
});

describe('evade (NW §10.2 L359, RX-9)', () => {
  it('a full 16" straight away from the attacker, then disordered (SK0)', async () => {
    const s = await contacted(undefined, [20, 12, S], [20, 9, N]);
    const { state, events } = run(s, OK, { 'au-hussars': 'evade' });
    expect(state.units['au-hussars']!.pose).toEqual({ at: { x: 20, y: 28 }, facing: S });
    expect(state.units['au-hussars']!.status).toBe('disordered');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'status', unit: 'au-hussars', status: 'disordered', on: true }));
    expect(events).toContainEqual(expect.objectContaining({ kind: 'move', unit: 'au-hussars', cost: 16, allowance: 16 }));
    expect(at(state, 'fr-2b')).toEqual({ x: 20, y: 9 });
    expect(state.log.atTheHalt).toEqual([]);
  });

  it('heavy cavalry evades 12"; cavalry with an SK rating is not disordered', async () => {
    const s = await contacted((x) => withUnit(x, 'au-hussars', { weight: 'heavy', sk: 1 }), [20, 12, S], [20, 9, N]);
    const { state, events } = run(s, OK, { 'au-hussars': 'evade' });
    expect(at(state, 'au-hussars')).toEqual({ x: 20, y: 24 });
    expect(state.units['au-hussars']!.status).toBe('good-order');
    expect(events).toContainEqual(expect.objectContaining({ kind: 'note', text: expect.stringContaining('SK1') }));
  });

  it('stops at the table edge instead of leaving it', async () => {
    const { state, events } = run(await contacted(), OK, { 'au-hussars': 'evade' });
    expect(at(state, 'au-hussars')).toEqual({ x: 20, y: 34.5 }); // rear edge on y = 36
    expect(events).toContainEqual(expect.objectContaining({ kind: 'move', cost: 14.5, allowance: 16, stopped: 'the table edge' }));
    expect(state.units['au-hussars']!.onTable).toBe(true);
  });

  it('an attacker at an angle: the move runs along the line from its centre through the cavalry', async () => {
    const s = await contacted(undefined, [20, 12, S], [17, 9, 45]);
    const { state } = run(s, OK, { 'au-hussars': 'evade' });
    const p = at(state, 'au-hussars');
    expect(distance(p, { x: 20, y: 12 })).toBeCloseTo(16);
    expect(p.x - 20).toBeCloseTo(p.y - 12);
  });
});

describe('charge from the reaction zone (NW §10.2 L361, RX-10)', () => {
  it('into contact with the unit that activated it, squared up on its front', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 14, N] }, { moved: ['fr-2b'] });
    const { state, events } = run(s, OK, { 'au-hussars': 'charge' });
    expect(state.units['au-hussars']!.pose).toEqual({ at: { x: 20, y: 17 }, facing: S });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'move', unit: 'au-hussars', cost: 3, allowance: 16 }));
    expect(state.log).toMatchObject({ atTheHalt: [], reacted: ['au-hussars'] });
    expect(findContacts({ ...state, phase: 'combat' }).contacts).toHaveLength(1);
  });

  it('squared up on a flank when it stands off the flank', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 14, E] }, { moved: ['fr-2b'] });
    const { state } = run(s, OK, { 'au-hussars': 'charge' });
    expect(state.units['au-hussars']!.pose).toEqual({ at: { x: 20, y: 17 }, facing: S });
    const off = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [16, 14, E] }, { moved: ['fr-2b'] });
    expect(run(off, OK, { 'au-hussars': 'charge' }).state.units['au-hussars']!.pose).toEqual({ at: { x: 16, y: 17 }, facing: S });
  });

  it('a failed zone reaction stays put and is not at the halt', async () => {
    const s = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 14, N] }, { moved: ['fr-2b'] });
    const { state } = run(s, FAIL, { 'au-hussars': 'charge' });
    expect(state.units['au-hussars']!.pose).toEqual(s.units['au-hussars']!.pose);
    expect(state.log).toMatchObject({ atTheHalt: [], reacted: ['au-hussars'] });
  });
});

describe('at the halt, defaults (HR N-19, RX-7, RX-11)', () => {
  it('contacted and failing: at the halt, no move', async () => {
    const { state, events } = run(await contacted(), FAIL, { 'au-hussars': 'countercharge' });
    expect(state.log).toMatchObject({ atTheHalt: ['au-hussars'], reacted: ['au-hussars'] });
    expect(events.some((e) => e.kind === 'move')).toBe(false);
    expect(events).toContainEqual(expect.objectContaining({ kind: 'note', rule: 'HR N-19', text: expect.stringContaining('at the halt') }));
  });

  it('contacted and declining: no roll, at the halt, not recorded as reacted', async () => {
    const { state } = run(await contacted(), [], { 'au-hussars': 'none' });
    expect(state.log).toMatchObject({ atTheHalt: ['au-hussars'], reacted: [] });
  });

  it('defaults: contacted → countercharge (rolled); in the zone only → no attempt', async () => {
    const c = run(await contacted(), OK);
    expect(at(c.state, 'au-hussars')).toEqual({ x: 20, y: 19 });
    expect(c.events).toContainEqual(expect.objectContaining({ kind: 'note', text: expect.stringContaining('countercharge (the default') }));
    const z = run(await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 14, N] }, { moved: ['fr-2b'] }), []);
    expect(z.state.log).toMatchObject({ atTheHalt: [], reacted: [] });
    expect(z.state.units['au-hussars']!.pose).toEqual({ at: { x: 20, y: 20 }, facing: S });
  });

  it('keeps what the log already held, and with no cavalry eligible only opens combat', async () => {
    const s = await scene({ 'fr-2b': [20, 14, N] }, { moved: ['fr-2b'], atTheHalt: ['x'], reacted: ['y'] });
    const { state, events } = run(s, []);
    expect(state.phase).toBe('combat');
    expect(state.log).toMatchObject({ atTheHalt: ['x'], reacted: ['y'] });
    expect(events).toContainEqual(expect.objectContaining({ kind: 'note', text: 'No cavalry may react.' }));
  });
});

describe('refusals', () => {
  const refuse = (s: NwState, choices: Record<string, string>, opts?: Parameters<typeof reactionPhase>[3]) => {
    const d = scriptedDice([]);
    const r = reactionPhase(s, choices as never, d, opts);
    if (r.ok) throw new Error('accepted');
    return r.error;
  };

  it('an option the situation does not allow lists the legal ones', async () => {
    const e = refuse(await contacted(), { 'au-hussars': 'charge' });
    expect(e.code).toBe('reaction/invalid-choice');
    expect(e.message).toContain('Hussar Brigade (au-hussars) cannot "charge": contacted, its options are countercharge, evade, none');
    expect(e.hint).toContain('au-hussars (countercharge | evade | none; default countercharge)');
    const z = refuse(await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 14, N] }, { moved: ['fr-2b'] }), { 'au-hussars': 'evade' });
    expect(z.message).toContain('not contacted, its options are charge, none');
    expect(refuse(await contacted(), { 'au-hussars': 'fly' }).message).toContain('cannot "fly"');
  });

  it('a unit that may not react says why', async () => {
    const s = await contacted();
    expect(refuse(s, { 'fr-2b': 'none' }).message).toContain('2nd Brigade (fr-2b) is not cavalry');
    expect(refuse(s, { nobody: 'none' }).message).toContain('there is no brigade "nobody"');
    const far = await scene({ 'au-hussars': HUSSARS, 'fr-2b': [20, 5, N] }, { moved: ['fr-2b'] });
    const e = refuse(far, { 'au-hussars': 'charge' });
    expect(e.message).toContain('no enemy moved within its 8" reaction zone');
    expect(e.hint).toContain('No cavalry may react this phase.');
  });

  it('a wrong `against`, bad input shapes and the wrong phase', async () => {
    const s = await contacted();
    expect(refuse(s, {}, { against: { 'au-hussars': 'fr-1b' } }).message).toContain('was contacted by fr-2b, not "fr-1b"');
    expect(refuse(s, 'evade' as never).message).toContain('must map cavalry ids');
    const r = reactionPhase({ ...s, phase: 'combat' }, {}, scriptedDice([]));
    expect(r).toMatchObject({ ok: false, error: { code: 'phase/wrong-phase' } });
  });
});

describe('order and purity (NW §10.1 L355, RX-14)', () => {
  // au-2b made light cavalry at x = 30 (east = the Austrians' left, facing south): it goes first.
  const two = () => scene(
    { 'au-hussars': HUSSARS, 'au-2b': [30, 20, S], 'fr-2b': [20, 17, N], 'fr-1b': [30, 17, N] },
    { moved: ['fr-2b', 'fr-1b'], contacts: { 'fr-2b': 'au-hussars', 'fr-1b': 'au-2b' } },
    (x) => withUnit(withUnit(x, 'au-2b', { arm: 'cavalry', weight: 'light' }), 'au-hussars', { quality: 'line' }),
  );

  it('left to right, each roll followed by its move before the next roll', async () => {
    const s = await two();
    expect(reactionCandidates(s).map((c) => c.unit)).toEqual(['au-2b', 'au-hussars']);
    const { state, events } = run(s, [1, 1, 6, 6]);
    expect(events.filter((e) => e.kind === 'roll' || e.kind === 'move').map((e) => `${e.kind}:${'subject' in e ? e.subject : e.unit}`))
      .toEqual(['roll:au-2b', 'roll:au-hussars', 'move:fr-2b', 'move:au-hussars']);
    expect(state.log).toMatchObject({ atTheHalt: ['au-2b'], reacted: ['au-2b', 'au-hussars'] });
    const flip = run(s, [6, 6, 1, 1]);
    expect(flip.events.filter((e) => e.kind === 'roll' || e.kind === 'move').map((e) => `${e.kind}:${'subject' in e ? e.subject : e.unit}`))
      .toEqual(['roll:au-2b', 'move:fr-1b', 'move:au-2b', 'roll:au-hussars']);
  });

  it('never mutates its input (deep-frozen) and the result survives JSON', async () => {
    const s = await two();
    const before = JSON.stringify(s);
    const { state } = run(s, [6, 6, 6, 6], { 'au-2b': 'evade' });
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(state);
    expect(state.units['au-2b']!.status).toBe('good-order'); // SK1 from its label: not disordered
  });

  it('an attached officer moves with its unit', async () => {
    const s = await contacted((x) => ({
      ...withUnit(x, 'au-hussars', { attachedGeneral: 'au-adc' }),
      generals: { ...x.generals, 'au-adc': { ...x.generals['au-adc']!, attachedTo: 'au-hussars', pose: { at: { x: 20, y: 12 }, facing: S } } },
    }), [20, 12, S], [20, 9, N]);
    expect(run(s, OK, { 'au-hussars': 'evade' }).state.generals['au-adc']!.pose.at).toEqual({ x: 20, y: 28 });
  });
});
