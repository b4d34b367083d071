import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import type { GameEvent } from '../../../../src/rules/events';
import { bearing, distance, normalizeFacing } from '../../../../src/rules/geometry/vector';
import { nearestEnemy, rallyConditions, rallyPhase } from '../../../../src/rules/nw/phases/rally';
import { buildNwState, loadNwScenarioFile } from '../../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS, type NwSettings } from '../../../../src/rules/nw/settings';
import type { NwCommander, NwCommand, NwState, NwUnit } from '../../../../src/rules/nw/state';
import { formatScenarioError, SHIPPED_SCENARIOS } from '../../../../src/rules/scenario';

const FILE = join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml');

async function teaching(settings: NwSettings = NW_SETTINGS_DEFAULTS): Promise<NwState> {
  const r = await loadNwScenarioFile(FILE, settings);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  return buildNwState(r.value, settings);
}

let base: NwState;
beforeAll(async () => {
  base = { ...(await teaching()), phase: 'rally' };
});

const unit = (s: NwState, id: string, patch: Partial<NwUnit>): NwState => ({ ...s, units: { ...s.units, [id]: { ...s.units[id]!, ...patch } } });
const commander = (s: NwState, id: string, patch: Partial<NwCommander>): NwState => ({ ...s, commanders: { ...s.commanders, [id]: { ...s.commanders[id]!, ...patch } } });
const command = (s: NwState, id: string, patch: Partial<NwCommand>): NwState => ({ ...s, commands: { ...s.commands, [id]: { ...s.commands[id]!, ...patch } } });
const gone = (s: NwState, ...ids: string[]): NwState => ids.reduce((x, id) => unit(x, id, { removed: true, onTable: false }), s);
const statusEvents = (events: readonly GameEvent[], status: string) => events.filter((e) => e.kind === 'status' && e.status === status && e.on);

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

describe('rallyPhase (NW §12.0)', () => {
  it('rallies a routed unit: disordered, facing the nearest enemy; the next turn opens in initiative', () => {
    const s0 = { ...unit(base, 'fr-2b', { status: 'routed' }), initiative: { winner: 'french', first: 'french' } };
    // fr-2b: Line (7+), Fresh +2, in Lemaire's 12" range, no V commander or CinC within 3".
    expect(rallyConditions(s0, s0.units['fr-2b']!)).toEqual(['fresh']);
    const dice = scriptedDice([3, 2]); // 5 + 2 = 7: rallies
    const { state, events } = rallyPhase(s0, dice);
    expect(dice.remaining).toBe(0);
    const u = state.units['fr-2b']!;
    expect(u.status).toBe('disordered');
    const enemy = nearestEnemy(s0, s0.units['fr-2b']!)!;
    expect(enemy.id).toBe('au-3b');
    expect(u.pose.facing).toBeCloseTo(normalizeFacing(bearing(u.pose.at, enemy.pose.at)));
    expect(u.pose.at).toEqual(s0.units['fr-2b']!.pose.at);
    expect(events.find((e) => e.kind === 'roll')).toMatchObject({ purpose: 'rally', subject: 'fr-2b', total: 7 });
    expect(state).toMatchObject({ turn: 2, phase: 'initiative', initiative: null, phasing: null, playerTurn: null, ended: null });
  });

  it('a unit failing to rally moves 3" directly away from the nearest enemy, still routed', () => {
    const s0 = unit(base, 'fr-2b', { status: 'routed' });
    const { state, events } = rallyPhase(s0, scriptedDice([1, 1])); // 2 + 2 = 4 < 7
    const before = s0.units['fr-2b']!;
    const after = state.units['fr-2b']!;
    const enemy = s0.units['au-3b']!;
    expect(after.status).toBe('routed');
    expect(distance(before.pose.at, after.pose.at)).toBeCloseTo(3);
    expect(distance(after.pose.at, enemy.pose.at)).toBeCloseTo(distance(before.pose.at, enemy.pose.at) + 3);
    expect(after.pose.facing).toBeCloseTo(normalizeFacing(bearing(enemy.pose.at, before.pose.at)));
    expect(after.onTable && !after.removed).toBe(true);
    expect(events.some((e) => e.kind === 'move' && e.unit === 'fr-2b')).toBe(true);
  });

  it('a unit failing to rally near the edge routs off the table: removed, ½ a fatigue loss', () => {
    const s0 = unit(base, 'fr-3b', { status: 'routed', pose: { at: { x: 24, y: 2 }, facing: 180 } });
    const { state, events } = rallyPhase(s0, scriptedDice([1, 1]));
    const u = state.units['fr-3b']!;
    expect(u).toMatchObject({ removed: true, onTable: false, routedOffTable: true, status: 'routed' });
    expect(events.some((e) => e.kind === 'removed' && e.unit === 'fr-3b')).toBe(true);
    expect(events.some((e) => e.kind === 'note' && /fr-i-corps: ½ lost of 5 units/.test(e.text))).toBe(true);
    expect(state.commands['fr-i-corps']!.fatigued).toBe(false);
  });

  it('rolls a replacement for a commander lost this turn; he arrives in the initiative phase of the right turn', () => {
    // §11.7 L425: lost on turn 5, 1d6 3 − Napoleon's 4 → 1 (never below 1): turn 6 goes by, he arrives on turn 7.
    const s0 = { ...commander(base, 'lemaire', { status: 'awaiting-replacement', onTable: false, replacementTurn: null }), turn: 5 };
    const dice = scriptedDice([3]);
    const r1 = rallyPhase(s0, dice);
    expect(dice.remaining).toBe(0);
    expect(r1.state.turn).toBe(6);
    expect(r1.state.commanders['lemaire']).toMatchObject({ status: 'awaiting-replacement', replacementTurn: 7, onTable: false });
    expect(r1.events.some((e) => e.kind === 'roll' && e.purpose === 'commander replacement')).toBe(true);

    // Turn 6's rally: no new roll (already rolled); opening turn 7 brings him in.
    const r2 = rallyPhase({ ...r1.state, phase: 'rally' }, scriptedDice([]));
    const c = r2.state.commanders['lemaire']!;
    expect(r2.state.turn).toBe(7);
    expect(c).toMatchObject({ status: 'in-command', onTable: true, replacement: true, replacementTurn: null, skill: 'average', valorous: false, rangeInches: 10 });
    const anchor = r2.state.units['fr-1b']!;
    expect(distance(c.pose.at, anchor.pose.at)).toBeLessThanOrEqual(8);
    expect(r2.events.some((e) => e.kind === 'general' && e.general === 'lemaire' && e.what === 'replaced')).toBe(true);
  });

  it('a corps becomes fatigued once: red flag event on the turn it happens, sticky afterwards', () => {
    // Poor corps (5 × .30 → 1) in a Good army (5 × .40 → 2): one brigade lost fatigues the corps, the army holds.
    const s0 = gone(command(base, 'fr-i-corps', { morale: 'poor' }), 'fr-2b');
    const r1 = rallyPhase(s0, scriptedDice([]));
    expect(r1.state.commands['fr-i-corps']!.fatigued).toBe(true);
    expect(statusEvents(r1.events, 'fatigued')).toHaveLength(1);
    expect(r1.state.armies['french']!.broken).toBe(false);
    expect(r1.state.phase).toBe('initiative');
    const r2 = rallyPhase({ ...r1.state, phase: 'rally' }, scriptedDice([]));
    expect(r2.state.commands['fr-i-corps']!.fatigued).toBe(true);
    expect(statusEvents(r2.events, 'fatigued')).toHaveLength(0);
  });

  it('an army breaking ends the game with a victory level', () => {
    // Austrians: 5 units × .35 → 2; two brigades lost → broken. French light cavalry 4 s.p. vs 0: decisive.
    const s0 = gone(base, 'au-2b', 'au-3b');
    const { state, events } = rallyPhase(s0, scriptedDice([]));
    expect(state.armies['austrians']!.broken).toBe(true);
    expect(statusEvents(events, 'broken')).toHaveLength(1);
    expect(state.phase).toBe('ended');
    expect(state.turn).toBe(1);
    expect(state.ended).toMatchObject({ winner: 'french' });
    expect(state.ended!.summary).toMatch(/decisive victory/);
  });

  it('with optional pursuit, a broken army is pursued (dice rolled after victory)', async () => {
    const settings: NwSettings = { ...NW_SETTINGS_DEFAULTS, optional: { ...NW_SETTINGS_DEFAULTS.optional, pursuit: true } };
    const s0 = gone({ ...base, settings }, 'au-2b', 'au-3b');
    const dice = scriptedDice(Array(20).fill(6));
    const { state, events } = rallyPhase(s0, dice);
    expect(state.phase).toBe('ended');
    expect(events.some((e) => e.kind === 'roll' && e.purpose === 'pursuit')).toBe(true);
    expect(dice.remaining).toBeLessThan(20);
    expect(events.some((e) => e.kind === 'note' && /final losses/.test(e.text))).toBe(true);
    expect(state.ended!.summary).toMatch(/Pursuit costs Austrians/);
  });

  it('the last turn ends the game: neither army broke, the objectives decide', () => {
    const s0 = { ...base, turn: base.lastTurn };
    const { state } = rallyPhase(s0, scriptedDice([]));
    expect(state.phase).toBe('ended');
    expect(state.turn).toBe(base.lastTurn);
    // Brigade Mayer holds Aubach (2 points), nobody holds the bridge.
    expect(state.ended).toMatchObject({ winner: 'austrians' });
    expect(state.ended!.summary).toMatch(/objectives/);
  });

  it('refuses to run outside the rally phase', () => {
    expect(() => rallyPhase({ ...base, phase: 'combat' }, scriptedDice([]))).toThrow(RangeError);
  });

  it('round-trips through JSON and never mutates its input', () => {
    const s0 = deepFreeze(unit(unit(base, 'fr-2b', { status: 'routed' }), 'fr-3b', { status: 'routed', pose: { at: { x: 24, y: 2 }, facing: 180 } }));
    const before = JSON.stringify(s0);
    const { state } = rallyPhase(s0, scriptedDice([1, 1, 1, 1]));
    expect(JSON.stringify(s0)).toBe(before);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(state).not.toBe(s0);
  });
});
