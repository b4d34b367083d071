/**
 * Base footprints: a base is a rectangle of `size` (width across the facing, depth along it)
 * centred on `pose.at` and turned to `pose.facing`. Distances between bases are between their
 * NEAREST points (DRAM HR D-8, NW N-22), never centre to centre.
 */
import { EPS, withinDistance } from './epsilon';
import { pointSegmentDistance, ringContains, ringDistance, segmentRingDistance } from './primitives';
import type { BaseSize, Point, Pose } from './types';
import { add, dot, headingVector, hypot, lerp, rightVector, scale, sub } from './vector';

/** A base on the table: where it stands and how big it is. */
export interface Base {
  readonly pose: Pose;
  readonly size: BaseSize;
}

/** The four corners of a base, named from the base's own point of view. */
export interface BaseCorners {
  readonly frontLeft: Point;
  readonly frontRight: Point;
  readonly rearRight: Point;
  readonly rearLeft: Point;
}

/** The four sides of a base: each edge runs from one corner to the next, clockwise from above. */
export interface BaseEdges {
  readonly front: readonly [Point, Point];
  readonly rightFlank: readonly [Point, Point];
  readonly rear: readonly [Point, Point];
  readonly leftFlank: readonly [Point, Point];
}

/** The sides of a base in the vocabulary the rules use (NW §1.1: front, flanks, rear). */
export const SIDES = ['front', 'left-flank', 'right-flank', 'rear'] as const;
/** One side of a base, or one sector around it. */
export type Side = (typeof SIDES)[number];

/** Default tolerance for "in contact": bases within 0.05" count as touching. */
export const CONTACT_TOLERANCE = 0.05;

/** The corners of a base. */
export function baseCorners(base: Base): BaseCorners {
  const { at, facing } = base.pose;
  const f = scale(headingVector(facing), base.size.depth / 2);
  const r = scale(rightVector(facing), base.size.width / 2);
  const front = add(at, f);
  const rear = sub(at, f);
  return { frontLeft: sub(front, r), frontRight: add(front, r), rearRight: add(rear, r), rearLeft: sub(rear, r) };
}

// Rings are asked for again and again for the same pose (contact searches, nearest enemy):
// cache them per Pose object, which rules-core states never mutate.
const ringCache = new WeakMap<Pose, { w: number; d: number; ring: Point[] }>();

/** The corners as a ring (clockwise from above: front-left, front-right, rear-right, rear-left). */
export function basePolygon(base: Base): Point[] {
  const hit = ringCache.get(base.pose);
  if (hit && hit.w === base.size.width && hit.d === base.size.depth) return hit.ring;
  const c = baseCorners(base);
  const ring = [c.frontLeft, c.frontRight, c.rearRight, c.rearLeft];
  ringCache.set(base.pose, { w: base.size.width, d: base.size.depth, ring });
  return ring;
}

/** Half the base's diagonal: no part of the base is farther than this from its centre. */
export const baseRadius = (size: BaseSize): number => hypot(size.width, size.depth) / 2;

/**
 * A cheap lower bound of baseDistance from the bounding circles. Searches (nearest enemy,
 * contact along a path) use it to skip the exact distance for bases that cannot matter.
 */
export function baseDistanceLowerBound(a: Base, b: Base): number {
  return Math.max(0, hypot(a.pose.at.x - b.pose.at.x, a.pose.at.y - b.pose.at.y) - baseRadius(a.size) - baseRadius(b.size));
}

/**
 * Is baseDistanceLowerBound(a, b) > limit? The same answer, mostly without Math.hypot: the
 * radii lie between half the longer side and half the sum of the sides, so a centre distance
 * beyond the sum of those upper bounds (or short of the lower ones), by a relative margin far
 * above rounding, decides it; only a pair in between is measured.
 */
export function baseDistanceLowerBoundBeyond(a: Base, b: Base, limit: number): boolean {
  if (limit >= 0) {
    const dx = a.pose.at.x - b.pose.at.x, dy = a.pose.at.y - b.pose.at.y;
    const d2 = dx * dx + dy * dy;
    const hi = limit + (a.size.width + a.size.depth + b.size.width + b.size.depth) / 2;
    if (d2 > hi * hi * (1 + 1e-9) + 1e-12) return true;
    const lo = limit + (Math.max(a.size.width, a.size.depth) + Math.max(b.size.width, b.size.depth)) / 2;
    if (d2 < lo * lo * (1 - 1e-9)) return false;
  }
  return baseDistanceLowerBound(a, b) > limit;
}

/** The named edges of a base. */
export function baseEdges(base: Base): BaseEdges {
  const c = baseCorners(base);
  return {
    front: [c.frontLeft, c.frontRight],
    rightFlank: [c.frontRight, c.rearRight],
    rear: [c.rearRight, c.rearLeft],
    leftFlank: [c.rearLeft, c.frontLeft],
  };
}

/** The edge of a base on a given side. */
export function baseEdge(base: Base, side: Side): readonly [Point, Point] {
  const e = baseEdges(base);
  return side === 'front' ? e.front : side === 'rear' ? e.rear : side === 'left-flank' ? e.leftFlank : e.rightFlank;
}

/** Midpoint of the base's front edge (where a move "to contact" is usually measured from). */
export function frontCentre(base: Base): Point {
  const [a, b] = baseEdges(base).front;
  return lerp(a, b, 0.5);
}

/**
 * A point in the base's own frame: `ahead` is inches in front of the FRONT EDGE (negative
 * behind it), `lateral` is inches right of the centre line (negative = left).
 */
export function localOffset(base: Base, p: Point): { readonly ahead: number; readonly lateral: number } {
  const v = sub(p, base.pose.at);
  return { ahead: dot(v, headingVector(base.pose.facing)) - base.size.depth / 2, lateral: dot(v, rightVector(base.pose.facing)) };
}

/** Distance between the nearest points of two bases; 0 when they touch or overlap. */
export function baseDistance(a: Base, b: Base): number {
  return ringDistance(basePolygon(a), basePolygon(b));
}

/** Is baseDistance(a, b) ≤ limit? Decided by the bounding circles when they suffice. */
export function baseWithin(a: Base, b: Base, limit: number): boolean {
  if (baseDistanceLowerBoundBeyond(a, b, limit + EPS)) return false;
  return baseDistance(a, b) <= limit + EPS;
}

/** Distance from a point to the nearest point of a base; 0 inside it. */
export function pointToBaseDistance(p: Point, base: Base): number {
  const ring = basePolygon(base);
  if (ringContains(ring, p)) return 0;
  // The four edges (front, left flank, right flank, rear) straight from the ring's corners.
  const [fl, fr, rr, rl] = ring as [Point, Point, Point, Point];
  return Math.min(pointSegmentDistance(p, fl, fr), pointSegmentDistance(p, rl, fl), pointSegmentDistance(p, fr, rr), pointSegmentDistance(p, rr, rl));
}

/** Are two bases touching, within `tolerance` inches? Overlapping bases count as in contact. */
export function inContact(a: Base, b: Base, tolerance: number = CONTACT_TOLERANCE): boolean {
  if (baseDistanceLowerBoundBeyond(a, b, tolerance + EPS)) return false;
  return withinDistance(baseDistance(a, b), tolerance);
}

/**
 * Which side of `defender` the `attacker` touches (NW §9.91: front, flank or rear contact), or
 * undefined when they are not in contact. Of the defender's sides within tolerance of the
 * attacker, the one nearest the attacker's front-edge midpoint wins (a squared-up attacker's
 * front centre lies on that side); exact ties go front, left flank, right flank, rear.
 */
export function contactSide(attacker: Base, defender: Base, tolerance: number = CONTACT_TOLERANCE): Side | undefined {
  if (!inContact(attacker, defender, tolerance)) return undefined;
  const ring = basePolygon(attacker);
  const probe = frontCentre(attacker);
  const touching = SIDES.filter((side) => {
    const [a, b] = baseEdge(defender, side);
    return withinDistance(segmentRingDistance(a, b, ring), tolerance);
  });
  // No side within tolerance only when the attacker sits wholly inside the defender: use all.
  const candidates = touching.length > 0 ? touching : SIDES;
  let best: { side: Side; d: number } | undefined;
  for (const side of candidates) {
    const [a, b] = baseEdge(defender, side);
    const d = pointSegmentDistance(probe, a, b);
    if (!best || d < best.d - EPS) best = { side, d };
  }
  return best?.side;
}
