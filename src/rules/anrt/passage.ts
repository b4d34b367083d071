import { baseCorners, baseRadius } from '../geometry/base';
import { pointSegmentDistance, ringsIntersect } from '../geometry/primitives';
import type { Point } from '../geometry/types';
import { distance, lerp } from '../geometry/vector';
import { footprint } from './footprint';
import { isArtillery, isLineFormation, liveUnits, type AnrtState, type AnrtUnit } from './state';
import { buildingsOf } from './terrain';
import { linesOfOneBrigade } from './phases/relief';

/**
 * Passage of lines (§VII L381-395): which friends a unit may move through, and which friends a
 * path meets. Units have no bases in the engine (ANRT-C2): a unit covers its footprint
 * (footprint.ts) centred on it, square to its facing, as the map draws it.
 */

/** "More than 3" from the enemy" (L385, L387). */
export const LINES_CLEAR_OF_ENEMY_INCHES = 3;
/** "Gaps of at least 2" between them" (L387). */
export const COLUMN_GAP_INCHES = 2;

export type Passage = 'move' | 'charge' | 'withdraw';

/** The ground a unit covers where it stands (or at `at`, same facing). Corners made directly: most are asked once, at a sample point of a path. */
export const ringOf = (u: Pick<AnrtUnit, 'arm' | 'formation' | 'at' | 'facing'>, at: Point = u.at): Point[] => {
  const c = baseCorners({ pose: { at, facing: u.facing }, size: footprint(u) });
  return [c.frontLeft, c.frontRight, c.rearRight, c.rearLeft];
};
/** A unit's ring where it stands, once per unit object (units are never mutated). */
const standing = new WeakMap<AnrtUnit, Point[]>();
const ringHere = (u: AnrtUnit): Point[] => { let r = standing.get(u); if (!r) { r = ringOf(u); standing.set(u, r); } return r; };

const nearestEnemy = (s: AnrtState, f: AnrtUnit): number => liveUnits(s).reduce((m, e) => (e.side !== f.side && !e.abandoned ? Math.min(m, distance(e.at, f.at)) : m), Infinity);

/** L387: no other friend within 2" of the square or column (its footprint), so there is a gap to pass; the unit passing is no neighbour closing it (ANRT-E7). */
const hasGaps = (s: AnrtState, f: AnrtUnit, mover: string): boolean => {
  const ring = grow(ringHere(f), f.at, COLUMN_GAP_INCHES);
  return !liveUnits(s).some((o) => o.side === f.side && o.id !== f.id && o.id !== mover && !o.abandoned && distance(o.at, f.at) < 8 && ringsIntersect(ringHere(o), ring));
};
/** A ring pushed out from its centre by `by` inches at each corner (near enough for a rectangle's clearance). */
export const grow = (ring: readonly Point[], c: Point, by: number): Point[] => ring.map((p) => { const d = distance(c, p); return d < 1e-9 ? p : lerp(c, p, (d + by) / d); });

const isLine = (u: AnrtUnit): boolean => isLineFormation(u.formation); // a reinforced line too (ANRT-RL2)
const isColumnLike = (u: AnrtUnit): boolean => ['column', 'masse', 'march-column', 'square'].includes(u.formation);

/**
 * Whether `mover` may pass through friend `f` (L383-395), and the line that allows it; null if
 * not. L389: cavalry lines of one brigade with the scenario's expertise pass each other, near the
 * enemy or not (ANRT-CL1, phases/relief.ts).
 */
export function passageThrough(s: AnrtState, mover: AnrtUnit, f: AnrtUnit, how: Passage): string | null {
  if (f.abandoned) return 'L393';
  if (mover.formation === 'skirmish') return 'L383';
  // L395 (and L961 for withdrawers): friends in the buildings of a town are passed by units moving through it.
  if (buildingsOf(s, f)) return how === 'withdraw' ? 'L961' : 'L395';
  if (isArtillery(f) && f.formation === 'unlimbered' && how !== 'charge' && !isArtillery(mover)) return 'L391';
  if (linesOfOneBrigade(s, mover, f)) return 'L389';
  const clear = () => nearestEnemy(s, f) > LINES_CLEAR_OF_ENEMY_INCHES;
  if (mover.arm === 'infantry' && isLine(mover) && f.arm === 'infantry' && isLine(f) && clear()) return 'L385';
  const cavOrLimbered = mover.arm === 'cavalry' || (isArtillery(mover) && mover.formation === 'limbered');
  if (cavOrLimbered && f.arm === 'infantry' && isColumnLike(f) && hasGaps(s, f, mover.id)) return 'L387';
  if (cavOrLimbered && (f.arm === 'infantry' || f.arm === 'cavalry') && isLine(f) && clear()) return 'L387';
  return null;
}

/** Step along a path for sampling the ground a moving unit sweeps. */
const STEP_INCHES = 0.25;

/** Points along a path, every STEP_INCHES, each with the distance travelled. */
export function samples(path: readonly Point[]): { at: Point; along: number }[] {
  const out: { at: Point; along: number }[] = [{ at: path[0]!, along: 0 }];
  let along = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!, len = distance(a, b);
    const n = Math.max(1, Math.ceil(len / STEP_INCHES));
    for (let k = 1; k <= n; k++) out.push({ at: lerp(a, b, k / n), along: along + (len * k) / n });
    along += len;
  }
  return out;
}

/**
 * The units (not `u`) whose ground `u` meets moving along `path` (its footprint carried along,
 * facing kept), in the order it meets them, with the distance travelled at first touch and the
 * last point before it. Units it touches where it starts are not met.
 */
export function unitsOnPath(s: AnrtState, u: AnrtUnit, path: readonly Point[], who: (o: AnrtUnit) => boolean, pool: readonly AnrtUnit[] = liveUnits(s), margin = 0): { unit: AnrtUnit; along: number; before: Point }[] {
  const ru = baseRadius(footprint(u));
  // Broad phase: a unit farther from every leg than both units' circumscribed radii cannot be met.
  const near: AnrtUnit[] = [];
  for (const o of pool) {
    if (o.id === u.id || !who(o)) continue;
    const r = ru + baseRadius(footprint(o)) + 1e-6;
    for (let i = 1; i < path.length; i++) if (pointSegmentDistance(o.at, path[i - 1]!, path[i]!) <= r) { near.push(o); break; }
  }
  if (!near.length) return [];
  const pts = samples(path);
  // `margin`: the moving ground shrunk by that much, so grazing a friend's edge is no meeting (ANRT-W10).
  const ringAt = (p: Point): Point[] => (margin ? grow(ringOf(u, p), p, -margin) : ringOf(u, p));
  const start = ringAt(u.at);
  const out: { unit: AnrtUnit; along: number; before: Point }[] = [];
  for (const o of near) {
    const ring = ringHere(o);
    if (ringsIntersect(start, ring)) continue;
    const reach = ru + baseRadius(footprint(o)) + 1e-6;
    for (let i = 1; i < pts.length; i++) {
      // Only where the two circumscribed discs overlap can the grounds touch.
      if (distance(pts[i]!.at, o.at) > reach || !ringsIntersect(ringAt(pts[i]!.at), ring)) continue;
      out.push({ unit: o, along: pts[i]!.along, before: pts[i - 1]!.at });
      break;
    }
  }
  return out.sort((a, b) => a.along - b.along || a.unit.id.localeCompare(b.unit.id));
}

/** Whether `u` standing at `at` overlaps any of `others`. */
export const overlapsAny = (u: AnrtUnit, at: Point, others: readonly AnrtUnit[]): boolean => { const r = ringOf(u, at); return others.some((o) => ringsIntersect(r, ringHere(o))); };
