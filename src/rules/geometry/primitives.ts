/**
 * The low-level predicates every geometry query rests on, in plain arithmetic over our own
 * Points. Orientation signs come from robust-predicates (Shewchuk's adaptive exact
 * arithmetic), so "which side of the line" is never wrong because of rounding; distances and
 * intersection points are ordinary floating point with the EPS policy of epsilon.ts.
 *
 * (These first wrapped @flatten-js/core, which built polygons and interval trees on every
 * query: a 200-stand DRAM turn took 7.8 s. The same answers in plain arithmetic take
 * milliseconds; the geometry tests pin the behaviour.)
 */
import { orient2d } from 'robust-predicates';
import { EPS } from './epsilon';
import type { Point } from './types';
import { hypot } from './vector';

/** > 0 when c is left of a→b (counter-clockwise), < 0 right, 0 exactly on the line. */
const orient = (a: Point, b: Point, c: Point): number => orient2d(a.x, a.y, b.x, b.y, c.x, c.y);

/**
 * Two segments whose bounding boxes are farther apart than this have no point within EPS of
 * each other, so segmentIntersections would find nothing (a pure short cut: 2·EPS leaves room
 * for the rounding of the distances it compares with EPS).
 */
const SEGMENT_BOX_SLACK = 2 * EPS;

/** Distance from a point to a segment. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return hypot(p.x - a.x, p.y - a.y);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Distance from p to the ring's boundary (0 on the boundary), ignoring whether p is inside. */
export function distanceToRingBoundary(ring: readonly Point[], p: Point): number {
  let d = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) d = Math.min(d, pointSegmentDistance(p, ring[j]!, ring[i]!));
  return d;
}

/** Is p inside the ring or on its boundary (within EPS)? Even-odd rule, ring closing edge implied. */
export function ringContains(ring: readonly Point[], p: Point): boolean {
  if (ring.length < 3) return false;
  if (distanceToRingBoundary(ring, p) <= EPS) return true;
  return evenOdd(ring, p);
}

/** The even-odd rule alone (p not on the boundary), ring closing edge implied. */
function evenOdd(ring: readonly Point[], p: Point): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j]!, b = ring[i]!;
    if ((a.y > p.y) !== (b.y > p.y)) {
      // The edge straddles the horizontal through p: is p left of it (going upward)?
      const o = orient(a, b, p);
      if ((b.y > a.y) === (o > 0)) inside = !inside;
    }
  }
  return inside;
}

/** Inside the ring and more than EPS from its boundary: a stretch along an edge is not "in" it. */
export function ringStrictlyContains(ring: readonly Point[], p: Point): boolean {
  // ringContains(ring, p) && distanceToRingBoundary(ring, p) > EPS, the boundary measured once:
  // beyond EPS of the boundary, ringContains is the even-odd test alone (issue 12).
  if (ring.length < 3 || !(distanceToRingBoundary(ring, p) > EPS)) return false;
  return evenOdd(ring, p);
}

/** Where segment a→b meets segment p→q (two points when they overlap collinearly). */
export function segmentIntersections(a: Point, b: Point, p: Point, q: Point): Point[] {
  const o1 = orient(a, b, p), o2 = orient(a, b, q), o3 = orient(p, q, a), o4 = orient(p, q, b);
  const rx = b.x - a.x, ry = b.y - a.y, sx = q.x - p.x, sy = q.y - p.y;
  if (o1 === 0 && o2 === 0) {
    // Collinear: the overlap, if any, as its end points.
    const len2 = rx * rx + ry * ry;
    if (len2 === 0) return pointSegmentDistance(a, p, q) <= EPS ? [a] : [];
    const tp = ((p.x - a.x) * rx + (p.y - a.y) * ry) / len2, tq = ((q.x - a.x) * rx + (q.y - a.y) * ry) / len2;
    const lo = Math.max(0, Math.min(tp, tq)), hi = Math.min(1, Math.max(tp, tq));
    if (lo > hi + EPS / Math.sqrt(len2)) return [];
    const at = (t: number) => ({ x: a.x + t * rx, y: a.y + t * ry });
    return hi - lo <= EPS / Math.sqrt(len2) ? [at(lo)] : [at(lo), at(hi)];
  }
  const proper = ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
  if (!proper) {
    // Touching at an end point, or within EPS of doing so (checked in this order).
    if (pointSegmentDistance(p, a, b) <= EPS) return [p];
    if (pointSegmentDistance(q, a, b) <= EPS) return [q];
    if (pointSegmentDistance(a, p, q) <= EPS) return [a];
    if (pointSegmentDistance(b, p, q) <= EPS) return [b];
    return [];
  }
  const denom = rx * sy - ry * sx;
  const t = ((p.x - a.x) * sy - (p.y - a.y) * sx) / denom;
  return [{ x: a.x + t * rx, y: a.y + t * ry }];
}

/** Where segment a→b meets the ring's boundary (unsorted, may repeat). */
export function segmentRingIntersections(a: Point, b: Point, ring: readonly Point[]): Point[] {
  if (ring.length < 3) return [];
  const out: Point[] = [];
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) out.push(...segmentIntersections(a, b, ring[j]!, ring[i]!));
  return out;
}

/** Do the two rings share any point (touching included, within EPS)? */
export function ringsIntersect(a: readonly Point[], b: readonly Point[]): boolean {
  if (a.length < 3 || b.length < 3) return false;
  if (!boxesTouch(a, b)) return false;
  for (let i = 0, j = a.length - 1; i < a.length; j = i++) {
    const p = a[j]!, q = a[i]!;
    for (let k = 0, l = b.length - 1; k < b.length; l = k++) {
      const r = b[l]!, t = b[k]!;
      // Broad phase: segments whose boxes are apart by more than SEGMENT_BOX_SLACK cannot meet.
      if (Math.min(p.x, q.x) > Math.max(r.x, t.x) + SEGMENT_BOX_SLACK || Math.min(r.x, t.x) > Math.max(p.x, q.x) + SEGMENT_BOX_SLACK
        || Math.min(p.y, q.y) > Math.max(r.y, t.y) + SEGMENT_BOX_SLACK || Math.min(r.y, t.y) > Math.max(p.y, q.y) + SEGMENT_BOX_SLACK) continue;
      if (segmentIntersections(p, q, r, t).length) return true;
    }
  }
  return ringContains(b, a[0]!) || ringContains(a, b[0]!);
}

/** Distance between two rings: 0 when they touch, cross or one contains the other. */
export function ringDistance(a: readonly Point[], b: readonly Point[]): number {
  if (ringsIntersect(a, b)) return 0;
  return ringDistanceApart(a, b);
}

/**
 * Are two rectangles (4-corner rings, as basePolygon and baseCorners give) more than `gap` apart
 * along one of their edge normals? Two convex shapes are at least as far apart as their shadows on
 * any line, so then ringDistance(a, b) > gap, and with `gap` far beyond EPS the rings do not touch
 * either: a caller asking "apart?" or "overlapping?" has its answer without the exact distance
 * (issue 12: friends side by side in a line were each measured exactly by every /move).
 * Only the two edges from the first corner are read: a rectangle's other two are parallel to them.
 */
export function rectanglesApart(a: readonly Point[], b: readonly Point[], gap: number): boolean {
  return a.length === 4 && b.length === 4 && (shadowsApart(a, b, gap) || shadowsApart(b, a, gap));
}

/** Is the gap between the shadows of `a` and `b` on a normal of `a`'s first or second edge more than `gap`? */
function shadowsApart(a: readonly Point[], b: readonly Point[], gap: number): boolean {
  for (let i = 1; i <= 2; i++) {
    const p = a[i - 1]!, q = a[i]!;
    const ex = q.x - p.x, ey = q.y - p.y;
    const len = hypot(ex, ey);
    if (!(len > 0)) continue;
    const nx = -ey / len, ny = ex / len;
    let aMin = Infinity, aMax = -Infinity, bMin = Infinity, bMax = -Infinity;
    for (const c of a) {
      const d = c.x * nx + c.y * ny;
      if (d < aMin) aMin = d;
      if (d > aMax) aMax = d;
    }
    for (const c of b) {
      const d = c.x * nx + c.y * ny;
      if (d < bMin) bMin = d;
      if (d > bMax) bMax = d;
    }
    if (bMin - aMax > gap || aMin - bMax > gap) return true;
  }
  return false;
}

/**
 * ringDistance for two rings already known not to intersect (e.g. a separating axis shows them
 * farther apart than any tolerance of ringsIntersect): the same value without that test.
 */
export function ringDistanceApart(a: readonly Point[], b: readonly Point[]): number {
  // The minimum of pointSegmentDistance over every corner and edge of the other ring, with the
  // same vectors; Math.hypot (slow) is taken only for the offsets whose squared length is within
  // a hair of the least: any other one is longer by far more than rounding, so cannot be the min.
  const n = a.length * b.length * 2;
  if (scratch.length < 2 * n) scratch = new Float64Array(2 * n);
  const v = scratch;
  let k = 0;
  let least = Infinity;
  for (let pass = 0; pass < 2; pass++) {
    const from = pass === 0 ? a : b;
    const ring = pass === 0 ? b : a;
    // Edge by edge, its vector worked out once for every corner (the order of the offsets does
    // not matter: only their least is kept, and any NaN sends the whole to the plain form).
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const s0 = ring[j]!, s1 = ring[i]!;
      const dx = s1.x - s0.x, dy = s1.y - s0.y;
      const len2 = dx * dx + dy * dy;
      for (let m = 0; m < from.length; m++) {
        const p = from[m]!;
        // pointSegmentDistance(p, s0, s1)'s offset, computed the same way.
        let ex: number, ey: number;
        if (len2 === 0) { ex = p.x - s0.x; ey = p.y - s0.y; } else {
          const t = Math.max(0, Math.min(1, ((p.x - s0.x) * dx + (p.y - s0.y) * dy) / len2));
          ex = p.x - (s0.x + t * dx); ey = p.y - (s0.y + t * dy);
        }
        v[k++] = ex; v[k++] = ey;
        const sq = ex * ex + ey * ey;
        if (sq < least) least = sq;
        else if (sq !== sq) return ringDistanceByBoundaries(a, b); // NaN coordinates: as it always was
      }
    }
  }
  const cut = least * (1 + 1e-9) + 1e-300;
  let d = Infinity;
  for (let i = 0; i < k; i += 2) {
    const ex = v[i]!, ey = v[i + 1]!;
    if (ex * ex + ey * ey <= cut) d = Math.min(d, hypot(ex, ey));
  }
  return d;
}

let scratch = new Float64Array(64);

/** ringDistance's plain form (every distance through pointSegmentDistance), for NaN input. */
function ringDistanceByBoundaries(a: readonly Point[], b: readonly Point[]): number {
  let d = Infinity;
  for (const p of a) d = Math.min(d, distanceToRingBoundary(b, p));
  for (const p of b) d = Math.min(d, distanceToRingBoundary(a, p));
  return d;
}

/** Distance from segment a→b to a ring; 0 when it crosses the ring or lies inside it. */
export function segmentRingDistance(a: Point, b: Point, ring: readonly Point[]): number {
  if (ringContains(ring, a)) return 0;
  if (segmentRingIntersections(a, b, ring).length) return 0;
  let d = Math.min(distanceToRingBoundary(ring, a), distanceToRingBoundary(ring, b));
  for (const p of ring) d = Math.min(d, pointSegmentDistance(p, a, b));
  return d;
}

// Plain loops, no closures or objects: this runs for every pair of bases measured.
function boxesTouch(a: readonly Point[], b: readonly Point[]): boolean {
  let ax0 = Infinity, ay0 = Infinity, ax1 = -Infinity, ay1 = -Infinity;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    if (p.x < ax0) ax0 = p.x;
    if (p.x > ax1) ax1 = p.x;
    if (p.y < ay0) ay0 = p.y;
    if (p.y > ay1) ay1 = p.y;
  }
  let bx0 = Infinity, by0 = Infinity, bx1 = -Infinity, by1 = -Infinity;
  for (let i = 0; i < b.length; i++) {
    const p = b[i]!;
    if (p.x < bx0) bx0 = p.x;
    if (p.x > bx1) bx1 = p.x;
    if (p.y < by0) by0 = p.y;
    if (p.y > by1) by1 = p.y;
  }
  return ax0 <= bx1 + EPS && bx0 <= ax1 + EPS && ay0 <= by1 + EPS && by0 <= ay1 + EPS;
}
