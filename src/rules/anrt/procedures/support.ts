import { relativeSector } from '../../geometry/arcs';
import { baseDistance, type Base, type Side } from '../../geometry/base';
import type { Point } from '../../geometry/types';
import { distance } from '../../geometry/vector';
import { footprint } from '../footprint';
import { liveUnits, type AnrtFormation, type AnrtState, type AnrtUnit } from '../state';
import { SUPPORT_INCHES } from '../tables/command';
import type { Arm } from '../tables/vocabulary';

/**
 * Support (§XII L941-949), from where the units stand:
 *   L945 "full support if there is a friendly undisordered unit within 3" of either both flanks or
 *        within 3" of one flank and rear";
 *   L949 "no support if they have no undisordered friends within 3" or there are undisordered
 *        enemy on their own flank or rear".
 * Anything between is plain (no factor). Rulings ANRT-M1…M3 (README): a unit is its footprint
 * (footprint.ts); "within 3" of a flank" is a friend whose footprint comes within 3" of the unit's
 * and whose centre lies in that flank's sector (the sectors of geometry/base.ts: front and rear
 * arcs 45° out from the corners, the flanks between); enemy "on the flank or rear" are undisordered,
 * unrouted enemy within the same 3" in a flank or the rear sector. Routed units and abandoned guns
 * support nobody (they are not "undisordered": a rout disorders, ANRT-T5).
 */

/** What support needs of a unit: where it stands, its footprint, and whether it is steady. */
export interface SupportPiece {
  readonly id: string;
  readonly side: string;
  readonly at: Point;
  readonly facing: number;
  readonly arm: Arm;
  readonly formation: AnrtFormation;
  readonly disordered: boolean;
  readonly routed: boolean;
  readonly abandoned?: unknown;
}

export type Support = 'full' | 'plain' | 'none';

export interface SupportFacts {
  readonly support: Support;
  /** The sectors steady friends stand in within 3" (front, left-flank, right-flank, rear). */
  readonly friends: readonly Side[];
  /** Steady enemy within 3" on a flank or the rear (L949), by id. */
  readonly threats: readonly string[];
  /** Steady friends within 3" of either flank: "a unit with no flank supports" (L691) has none. */
  readonly flankSupported: boolean;
}

export const baseOf = (p: Pick<SupportPiece, 'at' | 'facing' | 'arm' | 'formation'>): Base => ({ pose: { at: p.at, facing: p.facing }, size: footprint(p) });
const steady = (p: SupportPiece): boolean => !p.disordered && !p.routed && !p.abandoned;
/** Beyond this centre distance no two footprints (each at most 2.1" from its centre to a corner, footprint.ts) come within 3". */
const FAR = SUPPORT_INCHES.inches + 4.2;

/** The support of `u` among `others` (every other unit on the table, both sides). */
export function supportOf(u: SupportPiece, others: readonly SupportPiece[]): SupportFacts {
  const me = baseOf(u);
  const friends = new Set<Side>();
  const threats: string[] = [];
  for (const o of others) {
    if (o.id === u.id || !steady(o) || distance(o.at, u.at) > FAR) continue;
    if (baseDistance(me, baseOf(o)) > SUPPORT_INCHES.inches + 1e-6) continue;
    const sector = relativeSector(me, o.at);
    if (o.side === u.side) friends.add(sector);
    else if (sector !== 'front') threats.push(o.id);
  }
  const left = friends.has('left-flank');
  const right = friends.has('right-flank');
  const rear = friends.has('rear');
  const support: Support = threats.length > 0 || friends.size === 0 ? 'none' : (left && right) || ((left || right) && rear) ? 'full' : 'plain';
  return { support, friends: [...friends].sort(), threats: threats.sort(), flankSupported: left || right };
}

// Asked by every morale test and melee of a resolution; a units record is never mutated (state.ts).
const cache = new WeakMap<AnrtState['units'], Map<string, SupportFacts>>();

/** The support of a unit on the table as the state stands (L945-949). */
export function supportIn(s: AnrtState, u: AnrtUnit): SupportFacts {
  let m = cache.get(s.units);
  if (!m) { m = new Map(); cache.set(s.units, m); }
  let f = m.get(u.id);
  if (!f) { f = supportOf(u, liveUnits(s)); m.set(u.id, f); }
  return f;
}

/** The QRS factor support gives (none for plain support): `full-support` / `no-support`. */
export const supportFactor = (f: SupportFacts): 'full-support' | 'no-support' | null => (f.support === 'full' ? 'full-support' : f.support === 'none' ? 'no-support' : null);
