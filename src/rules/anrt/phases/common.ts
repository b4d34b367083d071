import type { Problem } from '../../../lib/result';
import { angleDifference, bearing, distance } from '../../geometry/vector';
import type { AnrtState, AnrtUnit } from '../state';
import { isLive, moverOf } from '../state';
import { qrsKnown } from './gm';

export const problem = (code: string, message: string, hint?: string): Problem => ({ code, message, ...(hint ? { hint } : {}) });

/**
 * "Directly in front" (L426) and a unit's front arc: within 45° either side of its facing
 * (ANRT-T2: the text's arc diagrams are missing, A-11).
 */
export const FRONT_ARC_DEGREES = 45;
export const inFront = (u: AnrtUnit, p: { x: number; y: number }): boolean =>
  distance(u.at, p) < 1e-9 || Math.abs(angleDifference(u.facing, bearing(u.at, p))) <= FRONT_ARC_DEGREES;

/** The unit's normal move on the QRS (§VII), if entered or ruled. */
export const normalMove = (s: AnrtState, u: AnrtUnit): number | undefined => qrsKnown(s, `movement.${moverOf(u)}`);

/** The unit named, if it is on the table. */
export function liveUnit(s: AnrtState, id: string): AnrtUnit | null {
  const u = s.units[id];
  return u && isLive(u) ? u : null;
}

/** Half its hits lost (L201, A-5's rounding). */
export function halfLost(s: AnrtState, u: AnrtUnit): boolean {
  const lost = u.maxHits - u.hits;
  const half = s.settings.half.rule === 'ceil' ? Math.ceil(u.maxHits / 2) : Math.floor(u.maxHits / 2);
  return lost >= half;
}

/** Whether a unit fires (§IX): not cavalry (ANRT-T6), not routed, not limbered nor in march column. */
export const canFire = (u: AnrtUnit): boolean => !u.routed && !u.abandoned && u.arm !== 'cavalry' && u.formation !== 'limbered' && u.formation !== 'march-column';

/** A unit's longest fire reach on the QRS: musketry long range, or its guns' canister and long ranges (L1091). */
export function fireReach(s: AnrtState, u: AnrtUnit): number | undefined {
  const gun = u.gun ?? 'medium';
  if (u.arm !== 'infantry') {
    const can = qrsKnown(s, `artCan.range.${gun}`);
    const long = qrsKnown(s, `artLong.range.${gun}`);
    return can === undefined || long === undefined ? undefined : Math.max(can, long);
  }
  return qrsKnown(s, 'musketry.range.long');
}

export const fmt = (n: number): string => `${Math.round(n * 10) / 10}"`;
