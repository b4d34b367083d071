import { expect } from 'vitest';
import { scriptedDice } from '../../../../src/dice/dice';
import { reactionPhase, type NwReactionChoice, type NwReactionOptions } from '../../../../src/rules/nw/phases/reaction';
import type { NwPlayerTurnLog, NwState, NwUnit } from '../../../../src/rules/nw/state';
import { deepFreeze, placed, teachingState, type Spot } from './phase-fixtures';

// Geometry: north = +y; every base 3"×3". The Austrian Hussars (medium, SK0, Vet, fresh 5/3/2)
// react at HUSSARS, facing south: their front edge runs y = 18.5, x 18.5-21.5. French phasing.
export const N = 0;
export const S = 180;
export const E = 90;
export const HUSSARS: Spot = [20, 20, S];

let cached: NwState | undefined;
async function base(): Promise<NwState> {
  cached ??= await teachingState();
  return cached;
}

/** The reaction phase as maneuver left it: pieces at `spots`, the log's moved/contacts set, frozen. */
export async function scene(
  spots: Readonly<Record<string, Spot>>, log: Partial<NwPlayerTurnLog> = {}, patch: (s: NwState) => NwState = (s) => s, phasing = 'french',
): Promise<NwState> {
  const s0 = placed(await base(), 'reaction', spots, phasing);
  return deepFreeze(patch({ ...s0, log: { ...s0.log, ...log } }));
}

/** The state with one brigade's fields replaced. */
export const withUnit = (s: NwState, id: string, p: Partial<NwUnit>): NwState => ({ ...s, units: { ...s.units, [id]: { ...s.units[id]!, ...p } } });

/** Run the phase with scripted faces, expecting success and every face used. */
export function run(s: NwState, faces: number[], choices: Record<string, NwReactionChoice> = {}, opts?: NwReactionOptions) {
  const d = scriptedDice(faces);
  const r = reactionPhase(s, choices, d, opts);
  if (!r.ok) throw new Error(r.error.message);
  expect(d.remaining).toBe(0);
  return r.value;
}

/** Two dice faces summing to `n` (2-12). */
export const pair = (n: number): number[] => [Math.ceil(n / 2), Math.floor(n / 2)];

export const at = (s: NwState, id: string) => s.units[id]?.pose.at ?? s.batteries[id]!.pose.at;
