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

/** > 0 when c is left of a→b (counter-clockwise), < 0 right, 0 exactly on the line. */
const orient = (a: Point, b: Point, c: Point): number => orient2d(a.x, a.y, b.x, b.y, c.x, c.y);

/** Distance from a point to a segment. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x, dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 === 0) return Math.hypot(p.x - a.x, p.y - a.y);
  const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
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
  return ringContains(ring, p) && distanceToRingBoundary(ring, p) > EPS;
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
    // Touching at an end point, or within EPS of doing so.
    for (const [pt, s0, s1] of [[p, a, b], [q, a, b], [a, p, q], [b, p, q]] as const) {
      if (pointSegmentDistance(pt, s0, s1) <= EPS) return [pt];
    }
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
    for (let k = 0, l = b.length - 1; k < b.length; l = k++) {
      if (segmentIntersections(a[j]!, a[i]!, b[l]!, b[k]!).length) return true;
    }
  }
  return ringContains(b, a[0]!) || ringContains(a, b[0]!);
}

/** Distance between two rings: 0 when they touch, cross or one contains the other. */
export function ringDistance(a: readonly Point[], b: readonly Point[]): number {
  if (ringsIntersect(a, b)) return 0;
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

function boxesTouch(a: readonly Point[], b: readonly Point[]): boolean {
  const box = (r: readonly Point[]) => r.reduce((m, p) => ({ x0: Math.min(m.x0, p.x), y0: Math.min(m.y0, p.y), x1: Math.max(m.x1, p.x), y1: Math.max(m.y1, p.y) }), { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
  const A = box(a), B = box(b);
  return A.x0 <= B.x1 + EPS && B.x0 <= A.x1 + EPS && A.y0 <= B.y1 + EPS && B.y0 <= A.y1 + EPS;
}
