import { describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent } from '../../../../src/rules/events';
import { artilleryPhase, batteryTargets } from '../../../../src/rules/nw/phases/artillery';
import { maneuverPhase } from '../../../../src/rules/nw/phases/maneuver';
import type { NwState } from '../../../../src/rules/nw/state';
import { at as maneuverAt, FAST } from './maneuver-fixtures';
import { deepFreeze, expectJsonRoundTrip, placed, teachingState } from './phase-fixtures';

// Teaching batteries: fr-battery 8 lb foot (medium), au-battery 12 lb foot (heavy); bases 1.5"×1.5".
const N = 0;
const S = 180;
const rolls = (events: readonly GameEvent[]) => events.filter((e): e is Extract<GameEvent, { kind: 'roll' }> => e.kind === 'roll');
const notes = (events: readonly GameEvent[]) => events.filter((e): e is Extract<GameEvent, { kind: 'note' }> => e.kind === 'note').map((e) => e.text);

/** Two batteries 4.5" apart, muzzle to muzzle: each is the other's forced closest target. */
async function duel(): Promise<NwState> {
  return placed(await teachingState(), 'artillery', { 'fr-battery': [24, 11, N], 'au-battery': [24, 17, S] });
}

describe('artilleryPhase (NW §8, DIGEST N3)', () => {
  it('fire is simultaneous: both fire at full strength, results marked after all fire; phase → maneuver', async () => {
    const s = deepFreeze(await duel());
    const before = JSON.stringify(s);
    const t = batteryTargets(s);
    expect(t['fr-battery']!.decision).toMatchObject({ kind: 'forced', target: 'au-battery', rule: 'closest-within-6' });
    expect(t['au-battery']!.decision).toMatchObject({ kind: 'forced', target: 'fr-battery', rule: 'closest-within-6' });
    // French (phasing) fire first: medium 4.5" = 3 points; 12 − 1 (target artillery, HR N-5) = 11: Effective → suppressed.
    // Austrians: heavy canister 10 points — NOT halved by the French result; 6 − 1 = 5: Effective → suppressed.
    const dice = scriptedDice([6, 6, 3, 3]);
    const r = artilleryPhase(s, undefined, dice);
    if (!r.ok) throw new Error(r.error.message);
    const n = r.value.state;
    expect(dice.remaining).toBe(0);
    expect(notes(r.value.events).some((x) => x.includes('au-battery heavy canister 4.5" = 10 → 10'))).toBe(true);
    expect(n.batteries['fr-battery']!.condition).toBe('suppressed');
    expect(n.batteries['au-battery']!.condition).toBe('suppressed');
    const kinds = r.value.events.map((e) => e.kind);
    expect(kinds.findIndex((k) => k === 'status')).toBeGreaterThan(kinds.lastIndexOf('roll'));
    expect(n.phase).toBe('maneuver');
    expect(JSON.stringify(s)).toBe(before);
    expectJsonRoundTrip(n);
  });

  it('a suppressed battery fires at half, and its suppression is lifted at the end of the phase (PH-11)', async () => {
    const base = await duel();
    const s = { ...base, batteries: { ...base.batteries, 'fr-battery': { ...base.batteries['fr-battery']!, condition: 'suppressed' as const } } };
    const r = artilleryPhase(s, undefined, scriptedDice([1, 1, 1, 1])); // both desultory
    if (!r.ok) throw new Error(r.error.message);
    expect(notes(r.value.events).some((x) => x.includes('fr-battery medium medium 4.5" = 3, suppressed: ½'))).toBe(true);
    expect(r.value.state.batteries['fr-battery']!.condition).toBe('full');
    expect(r.value.state.batteries['au-battery']!.condition).toBe('full');
  });

  it('a forced battery may not hold or pick another target; bad ids are rejected; nothing is rolled', async () => {
    const s = await duel();
    const dice = scriptedDice([]);
    const hold = artilleryPhase(s, { 'fr-battery': 'hold' }, dice);
    expect(hold.ok).toBe(false);
    if (!hold.ok) {
      expect(hold.error.code).toBe('artillery/invalid-fire');
      expect(hold.error.message).toMatch(/within 6" of its front, so it must fire at the closest/);
    }
    const ghost = artilleryPhase(s, { 'no-such-battery': 'au-battery' }, dice);
    expect(!ghost.ok && ghost.error.message).toMatch(/no-such-battery/);
    const wrong = artilleryPhase({ ...s, phase: 'skirmish' }, undefined, dice);
    expect(!wrong.ok && wrong.error.code).toBe('phase/wrong-phase');
  });

  it('canister on infantry: Damaging = −1 s.p. and disordered', async () => {
    const s = placed(await teachingState(), 'artillery', { 'fr-battery': [24, 11, N], 'au-1b': [24, 15.25, S] });
    const r = artilleryPhase(s, undefined, scriptedDice([5, 5])); // 6 points (≤4"), roll 10: Damaging (9-11)
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.state.units['au-1b']).toMatchObject({ sp: 7, status: 'disordered' });
  });

  it('every battery aimed at one target fires together in one roll (§8.2 L168)', async () => {
    const t = await teachingState();
    const second = { ...t.batteries['au-battery']!, id: 'au-battery-2', name: 'second battery' };
    const s0 = { ...t, batteries: { ...t.batteries, 'au-battery-2': second } };
    const s = placed(s0, 'artillery', { 'fr-1b': [24, 10, N], 'au-battery': [23, 15, S], 'au-battery-2': [25.5, 15, S] });
    const bt = batteryTargets(s);
    expect(bt['au-battery']!.decision).toMatchObject({ kind: 'forced', target: 'fr-1b' });
    expect(bt['au-battery-2']!.decision).toMatchObject({ kind: 'forced', target: 'fr-1b' });
    const dice = scriptedDice([1, 1]); // 20 points, roll 2: Effective (1-3) → disordered
    const r = artilleryPhase(s, undefined, dice);
    if (!r.ok) throw new Error(r.error.message);
    expect(rolls(r.value.events)).toHaveLength(1);
    expect(rolls(r.value.events)[0]!.subject).toBe('au-battery + au-battery-2 at fr-1b');
    expect(r.value.state.units['fr-1b']!.status).toBe('disordered');
  });

  it('a free choice defaults to the closest target; "hold" is allowed; an illegal target is rejected', async () => {
    const s = placed(await teachingState(), 'artillery', { 'fr-battery': [24, 11, N], 'au-1b': [24, 19.5, S], 'au-3b': [30, 19.5, S] });
    const d = batteryTargets(s)['fr-battery']!.decision;
    expect(d).toMatchObject({ kind: 'choice', rule: 'free', options: ['au-1b', 'au-3b'] });
    const dflt = artilleryPhase(s, undefined, scriptedDice([1, 1]));
    if (!dflt.ok) throw new Error(dflt.error.message);
    expect(rolls(dflt.value.events)[0]!.subject).toBe('fr-battery at au-1b');
    const chosen = artilleryPhase(s, { 'fr-battery': 'au-3b' }, scriptedDice([1, 1]));
    if (!chosen.ok) throw new Error(chosen.error.message);
    expect(rolls(chosen.value.events)[0]!.subject).toBe('fr-battery at au-3b');
    const held = artilleryPhase(s, { 'fr-battery': 'hold' }, scriptedDice([]));
    if (!held.ok) throw new Error(held.error.message);
    expect(rolls(held.value.events)).toHaveLength(0);
    const bad = artilleryPhase(s, { 'fr-battery': 'au-2b' }, scriptedDice([]));
    expect(!bad.ok && bad.error.message).toMatch(/cannot fire at au-2b/);
  });

  it('fire results retreat on the table (PH-16): a Damaging hit drives an attached battery back a full move alone; it leaves its brigade (C18)', async () => {
    const s0 = placed(await teachingState(), 'artillery', { 'fr-battery': [40, 21.75, N], 'au-battery': [40, 25.75, S], 'au-1b': [40, 28, S] });
    const s = deepFreeze({
      ...s0,
      units: { ...s0.units, 'au-1b': { ...s0.units['au-1b']!, attachedBattery: 'au-battery' } },
      batteries: { ...s0.batteries, 'au-battery': { ...s0.batteries['au-battery']!, attachedTo: 'au-1b' } },
    });
    // French first: 8 lb canister 2.5" = 6 points; 6+4 −1 (artillery target) = 9: Damaging (row 6,7: 9-11)
    // → suppressed and driven back a full move (foot 8"). Austrians: 10 points, 1+1 −1 = 1: Desultory.
    const r = artilleryPhase(s, undefined, scriptedDice([6, 4, 1, 1]));
    if (!r.ok) throw new Error(r.error.message);
    const n = r.value.state;
    expect(n.batteries['au-battery']).toMatchObject({ condition: 'suppressed', attachedTo: null, pose: { facing: S } });
    expect(n.batteries['au-battery']!.pose.at.y).toBeCloseTo(33.75);
    expect(n.batteries['au-battery']!.pose.at.x).toBeCloseTo(40);
    // Artillery passes through friends freely (§9.3.1 L266, C17): the brigade it crossed keeps its order.
    expect(n.units['au-1b']).toMatchObject({ status: 'good-order', attachedBattery: null });
    expect(n.units['au-1b']!.pose.at).toEqual({ x: 40, y: 28 });
    expect(notes(r.value.events).some((t) => t.includes('no longer attached'))).toBe(true);
    expectJsonRoundTrip(n);
  });

  it('final fire that stops a charge with Horrendous fire makes the attacker retreat 6" straight away from the battery (PH-17)', async () => {
    const s = await maneuverAt({ 'fr-2b': [24, 10, N], 'au-battery': [24, 16, S] });
    // Maneuver 6+6 (full move); final fire: 12 lb canister, 10 points, 5+5 = 10: Horrendous (HR N-13 stops the charge).
    const d = scriptedDice([6, 6, 5, 5]);
    const r = maneuverPhase(s, { moves: [{ unit: 'fr-2b', to: 'contact au-battery' }] }, d, FAST);
    expect(d.remaining).toBe(0);
    const u = r.state.units['fr-2b']!;
    expect(u).toMatchObject({ sp: 5, status: 'disordered' });
    // Contact at y 13.75 (the battery's front edge is y 15.25), then 6" back: 24, 7.75, still facing north.
    expect(u.pose.at.x).toBeCloseTo(24);
    expect(u.pose.at.y).toBeCloseTo(7.75);
    expect(u.pose.facing).toBe(N);
    expect(r.state.log.contacts).toEqual({});
    expectJsonRoundTrip(r.state);
  });
});
