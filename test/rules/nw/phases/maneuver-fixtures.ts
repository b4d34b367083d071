import { expect } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { rollUnitManeuver, type NwManeuverOptions } from '../../../../src/rules/nw/phases/maneuver';
import { EMPTY_LOG, type NwState } from '../../../../src/rules/nw/state';
import { deepFreeze, placed, teachingState, type Spot } from './phase-fixtures';

export const N = 0;
export const S = 180;
export const FAST: NwManeuverOptions = { nations: { french: 'french' } };

/** The maneuver phase with only these pieces on the table; officers moved out of the way unless given. */
export async function at(spots: Readonly<Record<string, Spot>>, officers: Readonly<Record<string, readonly [number, number]>> = {}, phasing = 'french'): Promise<NwState> {
  const s = placed(await teachingState(), 'maneuver', spots, phasing);
  const far = (id: string, x: number, y: number) => ({ at: officers[id] ? { x: officers[id]![0], y: officers[id]![1] } : { x, y }, facing: 0 });
  const generals = Object.fromEntries(Object.entries(s.generals).map(([id, g]) => [id, { ...g, pose: far(id, 1, 35), attachedTo: null }]));
  const commanders = Object.fromEntries(Object.entries(s.commanders).map(([id, c]) => [id, { ...c, pose: far(id, c.side === 'french' ? 2 : 46, c.side === 'french' ? 1 : 35) }]));
  const armies = Object.fromEntries(Object.entries(s.armies).map(([side, a]) => [side, { ...a, cinc: { ...a.cinc, pose: far(a.cinc.id, side === 'french' ? 4 : 44, side === 'french' ? 1 : 35) } }]));
  const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, { ...u, attachedGeneral: null }]));
  return deepFreeze({ ...s, generals, commanders, armies, units, log: EMPTY_LOG });
}

export function rolled(s: NwState, unit: string, faces: number[]): NwState {
  const d = scriptedDice(faces);
  const r = rollUnitManeuver(s, unit, d, FAST);
  if (!r.ok) throw new Error(r.error.message);
  expect(d.remaining).toBe(0);
  return r.value.state;
}


/** A full move for the unit: 6+6 on the Maneuver Table. */
export const full = (s: NwState, unit: string): NwState => rolled(s, unit, [6, 6]);
/** A ¾ move: 2+4 +2 fresh = 8, ¾ in the Good and the Average column. */
export const threeQuarters = (s: NwState, unit: string): NwState => rolled(s, unit, [2, 4]);
