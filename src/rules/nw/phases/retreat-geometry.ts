import { EPS } from '../../geometry/epsilon';
import type { BaseSize, Point, Pose, TerrainFeature } from '../../geometry/types';
import type { Base } from '../../geometry/base';
import { headingVector, normalizeFacing } from '../../geometry/vector';
import { pointsInTown } from '../movement-rules';

/**
 * The arithmetic of a retreat's walk (C8, C13-C16, §11.4 L401), kept apart from the rules of
 * retreat.ts: bounds that let a walk leave out enemies it can never come closer to (issue 12:
 * at 600 brigades every retreat measured its gap to every enemy on the table), and a base's ring
 * written into reused points. Every bound here is proved sound in its comment and tested
 * (test/rules/nw/phases/retreat-closing-rate.test.ts, retreat-broad-phase.test.ts).
 */

/** C14: the bends tried, in order. */
export const RETREAT_BENDS = [0, 15, -15, 30, -30, 45, -45] as const;

/**
 * For a retreat walking along `dir` (a unit vector) with its facing kept, per other enemy an upper
 * bound of how fast it can close on that enemy, inches per inch walked: the distance between the
 * two bases is a convex function of the distance walked k (one convex set translated along a line,
 * the other fixed), so it is at least its start plus k times its slope at the start, and that
 * slope is at least −cos of the angle between `dir` and the nearest way from a point of our base
 * to a point of theirs. Those ways lie within the half-angle asin(subtends) of the line of centres
 * (`toward`; the bases lie within their bounding circles), so the rate is cos(max(0, angle to the
 * line of centres − that half-angle)); 1 where the bounding circles may meet. Hence the
 * enemy's approach after k inches is at least −k·rate.
 */
export function closingRates(dir: Point, towardX: Float64Array, towardY: Float64Array, subtends: Float64Array, rate = new Float64Array(subtends.length)): Float64Array {
  for (let i = 0; i < rate.length; i++) {
    const sinA = subtends[i]!;
    if (sinA >= 1) { rate[i] = 1; continue; }
    const cosT = dir.x * towardX[i]! + dir.y * towardY[i]!;
    const cosA = Math.sqrt(1 - sinA * sinA);
    // Within the half-angle of the line of centres: it may be walked straight at.
    if (cosT >= cosA) { rate[i] = 1; continue; }
    const sinT = Math.sqrt(Math.max(0, 1 - cosT * cosT));
    // cos(T − A), with T in [0, π] the angle to the line of centres and A < T.
    rate[i] = Math.min(1, cosT * cosA + sinT * sinA);
  }
  return rate;
}

/** closingRates are rounded up to a multiple of 1/RATE_SCALE for fastestFirst's sort. */
const RATE_SCALE = 1 << 20;

/**
 * The indices of `rate` whose rate is at least `slowest`, the fastest first, with each rate
 * rounded UP to a multiple of 1/RATE_SCALE in place (still an upper bound of how fast the walk
 * closes, so the order and the bound the walk stops at agree). Sorted as one number per enemy
 * (rounded rate and index) by the typed array's own numeric sort: a comparator sort of every
 * enemy on every walk took more time than the walk's looks it saved (issue 12, 600 brigades).
 * `keys` and `order` are scratch arrays of rate's length; the result is a view of `order`.
 */
export function fastestFirst(rate: Float64Array, slowest: number, keys: Float64Array, order: Uint32Array): Uint32Array {
  const n = rate.length;
  let m = 0;
  for (let i = 0; i < n; i++) {
    const q = Math.ceil(rate[i]! * RATE_SCALE);
    rate[i] = q / RATE_SCALE;
    // Rates lie in [−1, 1]: RATE_SCALE − q is a whole number from 0 (the fastest) to 2·RATE_SCALE.
    if (rate[i]! >= slowest) keys[m++] = (RATE_SCALE - q) * n + i;
  }
  const sorted = keys.subarray(0, m).sort();
  for (let j = 0; j < m; j++) order[j] = sorted[j]! % n;
  return order.subarray(0, m);
}

/** A margin far above the rounding of a projection, so "wholly behind" is sure (see approachable). */
const BEHIND_MARGIN = 1e-6;

/**
 * A broad phase for §11.4 L401's "without moving closer" (issue 12: at 600 brigades every
 * retreat measured its gap to every enemy on the table): whether a retreating base at `start`
 * (its facing kept) could come closer to a base by walking any of C14's bends from `away`. Not
 * when, along every bend's direction u, the other base lies wholly behind this one (its farthest
 * point along u short of our nearest by BEHIND_MARGIN): then every pair of points p (its) and q
 * (ours) has (p − q)·u < 0, so |p − q − t·u|² ≥ |p − q|² + t² and the distance only grows (by at
 * least t²/(2·gap + t), far above rounding at a step of 0.25"), and such a base can never lower
 * the walk's approach: leaving it out changes no result.
 */
export function approachable(start: Pose, size: BaseSize, away: number): (other: Base) => boolean {
  const dirs = RETREAT_BENDS.map((b) => headingVector(normalizeFacing(away + b)));
  const a = headingVector(start.facing);
  const halfD = size.depth / 2, halfW = size.width / 2;
  // Our nearest point along each direction (a rectangle's extreme is at a corner).
  const ourMin = dirs.map((u) => start.at.x * u.x + start.at.y * u.y - (halfD * Math.abs(a.x * u.x + a.y * u.y) + halfW * Math.abs(a.y * u.x - a.x * u.y)));
  return (other) => {
    const h = headingVector(other.pose.facing);
    const eD = other.size.depth / 2, eW = other.size.width / 2;
    for (let i = 0; i < dirs.length; i++) {
      const u = dirs[i]!;
      const farthest = other.pose.at.x * u.x + other.pose.at.y * u.y + eD * Math.abs(h.x * u.x + h.y * u.y) + eW * Math.abs(h.y * u.x - h.x * u.y);
      if (farthest >= ourMin[i]! - BEHIND_MARGIN) return true;
    }
    return false;
  };
}

/** basePolygon's ring (baseCorners' arithmetic) for a base centred at `at` with half-extent vectors f (ahead) and r (right). */
export function ringInto(out: Point[], at: Point, f: Point, r: Point): void {
  const frontX = at.x + f.x, frontY = at.y + f.y, rearX = at.x - f.x, rearY = at.y - f.y;
  const p0 = out[0] as { x: number; y: number }, p1 = out[1] as { x: number; y: number };
  const p2 = out[2] as { x: number; y: number }, p3 = out[3] as { x: number; y: number };
  p0.x = frontX - r.x; p0.y = frontY - r.y;
  p1.x = frontX + r.x; p1.y = frontY + r.y;
  p2.x = rearX + r.x; p2.y = rearY + r.y;
  p3.x = rearX - r.x; p3.y = rearY - r.y;
}

/** offTable on a base's ring. */
export function ringOffTable(ring: readonly Point[], width: number, height: number): boolean {
  return ring.some((p) => p.x < -EPS || p.y < -EPS || p.x > width + EPS || p.y > height + EPS);
}

/** inTown on a base's centre and ring. */
export function ringInTown(at: Point, ring: readonly Point[], terrain: readonly TerrainFeature[]): boolean {
  return pointsInTown([at, ...ring], terrain);
}
