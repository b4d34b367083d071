import { baseDistance } from '../../geometry/base';
import type { Point } from '../../geometry/types';
import { add, distance, headingVector, scale } from '../../geometry/vector';
import { footprint } from '../footprint';
import { baseOf } from '../procedures/support';
import type { AnrtState, AnrtUnit } from '../state';

/**
 * L389 "Where there is historical precedent for brigade level expertise, cavalry in line may
 * withdraw or advance through other cavalry units in line of the same brigade. In this manner a
 * second line of cavalry may charge into a melee and replace a line already in contact."
 * Rulings ANRT-CL1…CL3 (README):
 *   CL1: the precedent is the scenario's: `linesExpertise: true` on a brigadier (`state.linesExpertise`).
 *        Such lines pass each other whatever the enemy's distance (passage.ts; L387's "more than
 *        3" from the enemy" is lifted for them).
 *   CL2: "a line already in contact": a line of the brigade charging the same target earlier in
 *        the phase's charges, or one standing in contact with it as the phase's charges begin
 *        (footprints within `RELIEF_CONTACT_INCHES`). The second line's charge is not refused as a
 *        second charger (L656); it goes in as any charge.
 *   CL3: "replace": once the second line is in contact, the replaced line leaves the melee and
 *        steps back behind it (its footprint `STEP_BACK_GAP_INCHES` behind the second line's, the
 *        same facing): it fights no blow. If the second line does not get home, nothing changes.
 */

/** CL2: footprints this close are "in contact" (the project's measure, as ANRT-R2's base-edge contact). */
export const RELIEF_CONTACT_INCHES = 0.5;
/** CL3: the replaced line's gap behind the line that relieves it (the project's number). */
export const STEP_BACK_GAP_INCHES = 0.5;

export const hasLinesExpertise = (s: Pick<AnrtState, 'linesExpertise'>, brigade: string): boolean => s.linesExpertise?.includes(brigade) ?? false;

const cavalryLine = (u: Pick<AnrtUnit, 'arm' | 'formation'>): boolean => u.arm === 'cavalry' && u.formation === 'line';

/** Whether cavalry line `b` may pass through, or replace, cavalry line `a` of its own brigade (L389, CL1). */
export function linesOfOneBrigade(s: Pick<AnrtState, 'linesExpertise'>, b: AnrtUnit, a: AnrtUnit): boolean {
  return b.id !== a.id && b.side === a.side && b.brigade === a.brigade && cavalryLine(b) && cavalryLine(a)
    && !a.routed && !a.gone && hasLinesExpertise(s, b.brigade);
}

/** Whether `a` stands in contact with `t` (CL2). */
export const inContact = (a: AnrtUnit, t: AnrtUnit): boolean =>
  distance(a.at, t.at) < 10 && baseDistance(baseOf(a), baseOf(t)) <= RELIEF_CONTACT_INCHES + 1e-6;

/**
 * The line `b` relieves by charging `t` (CL2): among `earlier` (the units charging `t` before it
 * this phase) the first of its brigade's lines, else a line of its brigade that stood in contact
 * with `t` as the charges began (`before`: the units then; `charging`: every charger of the phase,
 * never "already in contact" by its own charge).
 */
export function relievedBy(s: AnrtState, b: AnrtUnit, t: AnrtUnit, earlier: readonly AnrtUnit[], before: AnrtState['units'] = s.units, charging: ReadonlySet<string> = new Set()): AnrtUnit | undefined {
  const first = earlier.find((a) => linesOfOneBrigade(s, b, a));
  if (first) return first;
  const t0 = before[t.id];
  if (!t0) return undefined;
  const a0 = Object.values(before).find((a) => !charging.has(a.id) && !earlier.some((e) => e.id === a.id) && linesOfOneBrigade(s, b, a) && inContact(a, t0));
  return a0 ? s.units[a0.id] : undefined;
}

/** CL3: where the replaced line `a` stands, behind `b` (which stands in contact), facing as `b`. */
export function stepBackBehind(b: AnrtUnit, a: AnrtUnit): { at: Point; facing: number } {
  const back = footprint(b).depth / 2 + STEP_BACK_GAP_INCHES + footprint(a).depth / 2;
  return { at: add(b.at, scale(headingVector(b.facing), -back)), facing: b.facing };
}
