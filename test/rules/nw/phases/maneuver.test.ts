import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent } from '../../../../src/rules/events';
import { canMove, maneuverInputOf, maneuverPhase, moveAction, mustRoll, planMove, rollUnitManeuver } from '../../../../src/rules/nw/phases/maneuver';
import { bodies, pieceOf } from '../../../../src/rules/nw/phases/maneuver-pieces';
import type { NwState } from '../../../../src/rules/nw/state';
import { expectJsonRoundTrip } from './phase-fixtures';
import { at, FAST, N, rolled, S } from './maneuver-fixtures';

const W = 270;

describe('maneuverInputOf / rollUnitManeuver (NW §9.0 C)', () => {
  it('worked example L305: 10" from a Good commander (range 12"), net +2, rolls 6 → 8 → ¾ move → 7½"', async () => {
    const s = await at({ 'fr-2b': [33.5, 8, N] }, { lemaire: [22, 8] });
    const input = maneuverInputOf(s, 'fr-2b', FAST);
    expect(input.ok && input.value).toMatchObject({ commanderSkill: 'good', inRange: true, conditions: ['fresh'], allowance: 10 });
    const d = scriptedDice([2, 4]);
    const r = rollUnitManeuver(s, 'fr-2b', d, FAST);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.log.rolls['fr-2b']).toEqual({ natural: 6, total: 8, fraction: 'three-quarters', inches: 7.5, reorders: false, retreatInches: null });
    expect(s.log.rolls['fr-2b']).toBeUndefined();
    expectJsonRoundTrip(r.value.state);
  });

  it('command range example L237-238: 8" away uses the Good column, 13" the Average one', async () => {
    const near = await at({ 'fr-2b': [31.5, 8, N] }, { lemaire: [22, 8] });
    const far = await at({ 'fr-2b': [36.5, 8, N] }, { lemaire: [22, 8] });
    const a = maneuverInputOf(near, 'fr-2b');
    const b = maneuverInputOf(far, 'fr-2b');
    expect(a.ok && a.value.inRange).toBe(true);
    expect(b.ok && b.value.inRange).toBe(false);
    // 2d6 = 6, +2 fresh = 8: Good column 7-8 → ¾; Average column 8-9 → ¾ as well; 5+2=7: Good ¾, Average ½.
    const g = rolled(near, 'fr-2b', [2, 3]);
    const v = rolled(far, 'fr-2b', [2, 3]);
    expect(g.log.rolls['fr-2b']!.fraction).toBe('three-quarters');
    expect(v.log.rolls['fr-2b']!.fraction).toBe('half');
  });

  it('reads the modifiers the state shows: V commander and CinC within 3", general attached, fatigue, quality', async () => {
    const s0 = await at({ 'fr-1b': [20, 10, N] }, { lemaire: [20, 7], napoleon: [23, 10] });
    const s = { ...s0, units: { ...s0.units, 'fr-1b': { ...s0.units['fr-1b']!, attachedGeneral: 'dufour' } } };
    const r = maneuverInputOf(s, 'fr-1b');
    expect(r.ok && r.value).toMatchObject({ conditions: ['fresh', 'veteran', 'general-attached', 'within-3-of-valorous'], cincWithin3: { skill: 'excellent', isNapoleon: true }, allowance: 10 });
    // French infantry move 10" (chart L655), read from the state's nation (NAT-2); 'other' infantry 8".
    const other = { ...s, armies: { ...s.armies, french: { ...s.armies['french']!, nation: 'other' as const } } };
    const o = maneuverInputOf(other, 'fr-1b');
    expect(o.ok && o.value.allowance).toBe(8);
    const given = maneuverInputOf(s, 'fr-1b', { nations: { french: 'austrian' } });
    expect(given.ok && given.value.allowance).toBe(8);
  });

  it('a commander awaiting replacement leaves his units out of range (§11.7 L421)', async () => {
    const s0 = await at({ 'fr-2b': [24, 8, N] }, { lemaire: [22, 8] });
    const s = { ...s0, commanders: { ...s0.commanders, lemaire: { ...s0.commanders['lemaire']!, status: 'awaiting-replacement' as const } } };
    const r = maneuverInputOf(s, 'fr-2b');
    expect(r.ok && r.value.inRange).toBe(false);
  });

  it('§9.2: a foot battery that fired moves at half allowance', async () => {
    const s0 = await at({ 'fr-battery': [24, 8, N] }, { lemaire: [22, 8] });
    const s = { ...s0, log: { ...s0.log, fired: ['fr-battery'] } };
    const r = maneuverInputOf(s, 'fr-battery');
    expect(r.ok && r.value.allowance).toBe(4);
  });

  it('refuses a second roll, routed units (HR N-18), the wrong side, officers and the wrong phase', async () => {
    const s = await at({ 'fr-2b': [24, 8, N], 'au-1b': [24, 30, S] }, { lemaire: [22, 8] });
    const once = rolled(s, 'fr-2b', [3, 3]);
    const again = rollUnitManeuver(once, 'fr-2b', scriptedDice([]));
    expect(!again.ok && again.error.code).toBe('maneuver/already-rolled');
    const routed = { ...s, units: { ...s.units, 'fr-2b': { ...s.units['fr-2b']!, status: 'routed' as const } } };
    expect((rollUnitManeuver(routed, 'fr-2b', scriptedDice([])) as { error: { code: string } }).error.code).toBe('maneuver/routed');
    expect((rollUnitManeuver(s, 'au-1b', scriptedDice([])) as { error: { code: string } }).error.code).toBe('maneuver/not-phasing');
    expect((rollUnitManeuver(s, 'lemaire', scriptedDice([])) as { error: { code: string } }).error.code).toBe('maneuver/officer');
    expect((rollUnitManeuver({ ...s, phase: 'combat' }, 'fr-2b', scriptedDice([])) as { error: { code: string } }).error.code).toBe('phase/wrong-phase');
    expect((rollUnitManeuver(s, 'nobody', scriptedDice([])) as { error: { code: string } }).error.code).toBe('maneuver/unknown-unit');
  });

  it('a disordered unit must roll; a re-order result re-orders at once', async () => {
    const s0 = await at({ 'fr-2b': [24, 8, N], 'au-1b': [24, 30, S] }, { lemaire: [22, 8] });
    const s = { ...s0, units: { ...s0.units, 'fr-2b': { ...s0.units['fr-2b']!, status: 'disordered' as const } } };
    expect(mustRoll(s)).toEqual(['fr-2b']);
    expect(bodies(s, () => true).find((p) => p.id === 'fr-2b')!.status).toBe('disordered'); // the live bodies listed before the roll
    const r = rolled(s, 'fr-2b', [4, 4]); // 8+2 = 10, Good 10+: re-order & full move
    expect(r.units['fr-2b']!.status).toBe('good-order');
    expect(r.log.rolls['fr-2b']).toMatchObject({ fraction: 'full', reorders: true, inches: 10 });
    expect(mustRoll(r)).toEqual([]);
    // Issue 12: the roll's state lists its bodies from the list before it, the re-ordered one made again.
    expect(bodies(r, () => true).find((p) => p.id === 'fr-2b')).toEqual(pieceOf(r, 'fr-2b'));
    expect(bodies(r, () => true).find((p) => p.id === 'fr-2b')!.status).toBe('good-order');
  });

  it('a disordered "retreat ½ move" falls back at once straight away from the nearest enemy', async () => {
    const s0 = await at({ 'fr-2b': [24, 10, N], 'au-1b': [24, 16, S] }, { lemaire: [16, 8] });
    const s = { ...s0, units: { ...s0.units, 'fr-2b': { ...s0.units['fr-2b']!, status: 'disordered' as const, fatigue: 'worn' as const } } };
    const r = rolled(s, 'fr-2b', [1, 1]); // 2: Good ≤2 → retreat ½ move (French 10" → 5")
    expect(r.log.rolls['fr-2b']).toMatchObject({ fraction: 'hold', retreatInches: 5 });
    expect(r.units['fr-2b']!.pose.at.y).toBeCloseTo(5);
    expect(r.units['fr-2b']!.pose.facing).toBe(N);
    expect(r.log.moved).toEqual(['fr-2b']);
    expect(canMove(r, 'fr-2b')).toBe(false);
  });
});


describe('maneuverPhase (NW §9.0-9.93)', () => {
  const run = (s: NwState, input: Parameters<typeof maneuverPhase>[1], faces: number[]) => {
    const d = scriptedDice(faces);
    const before = JSON.stringify(s);
    const r = maneuverPhase(s, input, d, FAST);
    expect(d.remaining).toBe(0);
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(r.state);
    return r;
  };
  const notes = (events: readonly GameEvent[]) => events.filter((e) => e.kind === 'note').map((e) => (e as { text: string }).text).join('\n');

  it('rolls for the disordered, moves units in order then officers, holds an illegal move with a note, and opens reaction', async () => {
    const s0 = await at({ 'fr-1b': [10, 4, N], 'fr-2b': [24, 10, N], 'fr-3b': [36, 4, N], 'au-1b': [24, 18, S] }, { lemaire: [20, 2] });
    const s: NwState = { ...s0, units: { ...s0.units, 'fr-3b': { ...s0.units['fr-3b']!, status: 'disordered' as const } } };
    // fr-3b must roll (5+5 +2 = 12: re-order & full move); fr-2b rolls (6+6) and attacks; fr-1b rolls (6+6) but asks too much.
    const r = run(s, { moves: [{ unit: 'lemaire', to: 'right 4in' }, { unit: 'fr-2b', to: 'contact au-1b' }, { unit: 'fr-1b', to: 'forward 30in' }] }, [5, 5, 6, 6, 6, 6]);
    expect(r.state.phase).toBe('reaction');
    expect(r.state.units['fr-3b']!.status).toBe('good-order');
    expect(r.state.log.moved).toEqual(['fr-2b', 'lemaire']);
    expect(r.state.log.contacts).toEqual({ 'fr-2b': 'au-1b' });
    expect(r.state.units['fr-2b']!.pose.at).toEqual({ x: 24, y: 15 });
    expect(r.state.units['fr-1b']!.pose).toEqual(s.units['fr-1b']!.pose);
    expect(notes(r.events)).toContain('1st Brigade holds: Path costs');
    const moves = r.events.filter((e) => e.kind === 'move');
    expect(moves.map((e) => (e as { unit: string }).unit)).toEqual(['fr-2b', 'lemaire']);
    expect(moves[0]).toMatchObject({ rule: 'NW §9', cost: 5, allowance: 10, stopped: 'contact with Brigade Mayer (front)' });
  });

  it('the defender turns to face its first attacker (§9.93 L341)', async () => {
    const s = await at({ 'fr-2b': [30, 18, W], 'au-1b': [24, 18, S] });
    const r = run(s, { moves: [{ unit: 'fr-2b', to: 'contact au-1b' }] }, [6, 6]);
    expect(r.state.units['fr-2b']!.pose).toEqual({ at: { x: 27, y: 18 }, facing: W });
    expect(r.state.units['au-1b']!.pose.facing).toBe(90);
  });

  it('a battery charged in front takes final fire, then fails to evade: the contact stands', async () => {
    const s = await at({ 'fr-2b': [24, 10, N], 'au-battery': [24, 16, S] });
    // Maneuver 6+6; final fire 1+1 (desultory); evasion 1+1 fails (foot vs infantry needs 7).
    const r = run(s, { moves: [{ unit: 'fr-2b', to: 'contact au-battery' }] }, [6, 6, 1, 1, 1, 1]);
    expect(r.state.log.contacts).toEqual({ 'fr-2b': 'au-battery' });
    expect(r.events.filter((e) => e.kind === 'roll').map((e) => (e as { purpose: string }).purpose)).toEqual(['maneuver', 'final fire', 'artillery evasion']);
  });

  it('a battery that evades falls back a full move; the attacker stops', async () => {
    const t = await at({ 'fr-2b': [34, 10, N], 'au-battery': [34, 16, S] });
    const r = run(t, { moves: [{ unit: 'fr-2b', to: 'contact au-battery' }] }, [6, 6, 1, 1, 6, 6]);
    expect(r.state.log.contacts).toEqual({});
    expect(r.state.batteries['au-battery']!.pose.at.y).toBeCloseTo(24);
    expect(r.state.batteries['au-battery']!.removed).toBe(false);
  });

  it('§9.3.2: an enemy unit moving through an officer\'s stand: leader loss check (12 kills, else moved 3")', async () => {
    const s = await at({ 'fr-2b': [40, 2, N] }, { 'au-adc': [40, 8] });
    const killed = run(s, { moves: [{ unit: 'fr-2b', to: 'forward 10in' }] }, [6, 6, 6, 6]);
    expect(killed.state.generals['au-adc']!.lost).toBe(true);
    const lucky = run(s, { moves: [{ unit: 'fr-2b', to: 'forward 10in' }] }, [6, 6, 3, 4]);
    expect(lucky.state.generals['au-adc']!.lost).toBe(false);
    expect(lucky.state.generals['au-adc']!.pose.at).toEqual({ x: 40, y: 5 });
  });

  it('reinforcements due this turn enter at their point with a full move, or are placed there', async () => {
    const s = { ...(await at({}, {}, 'austrians')), turn: 2 };
    const moved = run(s, { moves: [{ unit: 'au-hussars', to: 'forward 8in' }] }, []);
    expect(moved.state.units['au-hussars']).toMatchObject({ onTable: true, pose: { at: { x: 24, y: 28 }, facing: S } });
    const placedOnly = run(s, { moves: [] }, []);
    expect(placedOnly.state.units['au-hussars']).toMatchObject({ onTable: true, pose: { at: { x: 24, y: 34.5 }, facing: S } });
  });

  it('attaches generals first (§9.0 A): within 6" of the old unit, his own command, generals only', async () => {
    const s0 = await at({ 'fr-1b': [20, 10, N], 'fr-2b': [25, 10, N], 'fr-3b': [40, 10, N] }, { dufour: [20, 8.5] });
    const s: NwState = { ...s0, units: { ...s0.units, 'fr-1b': { ...s0.units['fr-1b']!, attachedGeneral: 'dufour' } }, generals: { ...s0.generals, dufour: { ...s0.generals['dufour']!, attachedTo: 'fr-1b' } } };
    const r = run(s, { moves: [], attach: [{ general: 'dufour', unit: 'fr-2b' }, { general: 'lemaire', unit: 'fr-2b' }] }, []);
    expect(r.state.units['fr-2b']!.attachedGeneral).toBe('dufour');
    expect(r.state.units['fr-1b']!.attachedGeneral).toBeNull();
    expect(notes(r.events)).toContain('only generals may attach');
    const notHis = run(s, { moves: [], attach: [{ general: 'dufour', unit: 'fr-3b' }] }, []);
    expect(notHis.state.units['fr-3b']!.attachedGeneral).toBeNull();
    expect(notes(notHis.events)).toContain('only to units of his own command');
    const away = { ...s, units: { ...s.units, 'fr-2b': { ...s.units['fr-2b']!, pose: { at: { x: 30, y: 10 }, facing: N } } } };
    const far = run(away, { moves: [], attach: [{ general: 'dufour', unit: 'fr-2b' }] }, []);
    expect(far.state.units['fr-2b']!.attachedGeneral).toBeNull();
    expect(notes(far.events)).toContain('more than 6"');
    const other = run(s, { moves: [], attach: [{ general: 'dufour', unit: null }] }, []);
    expect(other.state.generals['dufour']!.attachedTo).toBeNull();
  });

  it('never throws on garbage and never mutates its input', async () => {
    const s = await at({ 'fr-2b': [24, 10, N], 'au-1b': [24, 30, S] });
    const garbage = {
      moves: [null, 5, { unit: 3 }, { unit: 'fr-2b', to: '@@@ nowhere' }, { unit: 'nobody', to: 'forward 1in' }, { unit: 'au-1b', to: 'forward 1in' }, { unit: 'fr-2b', to: 'forward 2in' }],
      attach: [null, { general: 7 }, { general: 'dufour', unit: 'au-1b' }],
    } as unknown as Parameters<typeof maneuverPhase>[1];
    const r = run(s, garbage, [6, 6]);
    expect(r.state.phase).toBe('reaction');
    expect(r.state.units['fr-2b']!.pose.at.y).toBeCloseTo(12);
    expect(() => maneuverPhase(s, null as never, scriptedDice([]))).not.toThrow();
    const wrong = maneuverPhase({ ...s, phase: 'combat' }, { moves: [] }, scriptedDice([]));
    expect(wrong.state.phase).toBe('combat');
  });

  it('canMove: after a roll with inches, until moved; officers without a roll', async () => {
    const s = await at({ 'fr-2b': [24, 10, N] });
    expect(canMove(s, 'fr-2b')).toBe(false);
    expect(canMove(s, 'lemaire')).toBe(true);
    const r = rolled(s, 'fr-2b', [6, 6]);
    expect(canMove(r, 'fr-2b')).toBe(true);
    expect(canMove({ ...r, log: { ...r.log, moved: ['fr-2b'] } }, 'fr-2b')).toBe(false);
    expect(planMove(r, { unit: 'fr-2b', to: 'forward 1in' }).ok).toBe(true);
  });
});

describe('moveAction checks the destination before the binding Maneuver roll (issue 11, §9.0 C.5 L236)', () => {
  it.each(['Z99', 'toward Nowhereville', 'face left then Z99'])('an unrolled brigade told to go to "%s" is refused and no die is rolled', async (to) => {
    const s = await at({ 'fr-2b': [33.5, 8, N] }, { lemaire: [22, 8] });
    // No faces scripted: a roll would throw for want of dice.
    const r = moveAction(s, { unit: 'fr-2b', to }, scriptedDice([]), FAST);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBeTruthy();
  });

  it('a destination that names a place still rolls, then moves', async () => {
    const s = await at({ 'fr-2b': [33.5, 8, N] }, { lemaire: [22, 8] });
    const r = moveAction(s, { unit: 'fr-2b', to: 'forward 2in' }, scriptedDice([6, 6]), FAST);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.log.rolls['fr-2b']).toBeDefined();
    expect(r.value.events.some((e) => e.kind === 'move')).toBe(true);
  });
});
