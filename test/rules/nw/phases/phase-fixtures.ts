import { join } from 'node:path';
import { expect } from 'vitest';
import { buildNwState, loadNwScenarioFile } from '../../../../src/rules/nw/scenario';
import { NW_SETTINGS_DEFAULTS } from '../../../../src/rules/nw/settings';
import type { NwState } from '../../../../src/rules/nw/state';
import { formatScenarioError, SHIPPED_SCENARIOS } from '../../../../src/rules/scenario';

const FILE = join(SHIPPED_SCENARIOS, 'nw', 'teaching.yaml');

/** The teaching scenario's opening state (as test/rules/nw/state.test.ts loads it). */
export async function teachingState(): Promise<NwState> {
  const r = await loadNwScenarioFile(FILE, NW_SETTINGS_DEFAULTS);
  if (!r.ok) throw new Error(r.error.map(formatScenarioError).join('\n'));
  return buildNwState(r.value, NW_SETTINGS_DEFAULTS);
}

/** [x, y, facing]. */
export type Spot = readonly [number, number, number];

/**
 * The state in `phase` with French phasing, only the listed brigades and batteries on the table
 * at the given spots (everything else off table), and any per-piece overrides.
 */
export function placed(s: NwState, phase: NwState['phase'], spots: Readonly<Record<string, Spot>>, phasing = 'french'): NwState {
  const pose = (id: string) => ({ at: { x: spots[id]![0], y: spots[id]![1] }, facing: spots[id]![2] });
  const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, spots[id] ? { ...u, pose: pose(id), onTable: true } : { ...u, onTable: false }]));
  const batteries = Object.fromEntries(Object.entries(s.batteries).map(([id, b]) => [id, spots[id] ? { ...b, pose: pose(id), onTable: true } : { ...b, onTable: false }]));
  return { ...s, units, batteries, phase, playerTurn: 1, phasing, initiative: { winner: phasing, first: phasing } };
}

/** Recursively frozen: any mutation by the code under test throws. */
export function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x as object)) deepFreeze(v);
  }
  return x;
}

/** The state survives JSON unchanged. */
export function expectJsonRoundTrip(s: NwState): void {
  expect(JSON.parse(JSON.stringify(s))).toEqual(s);
}

/** The state with these armies' nations (NAT-1): e.g. { french: 'other' } to test without the French modifiers. */
export function withNations(s: NwState, nations: Readonly<Record<string, NwState['armies'][string]['nation']>>): NwState {
  return { ...s, armies: Object.fromEntries(Object.entries(s.armies).map(([side, a]) => [side, { ...a, nation: nations[side] ?? a.nation }])) };
}
