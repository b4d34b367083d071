/**
 * The only module that touches @flatten-js/core. It converts our plain Points to the library's
 * shapes and back, so the rest of the rules core never sees a Flatten object.
 *
 * Polygons are cached per input array (WeakMap) because terrain is immutable within a phase and
 * path costing asks the same woods the same questions many times.
 */
import Flatten from '@flatten-js/core';
import { EPS } from './epsilon';
import type { Point } from './types';

const polygonCache = new WeakMap<readonly Point[], Flatten.Polygon>();

/** Our point → a Flatten point. */
export const fpoint = (p: Point): Flatten.Point => new Flatten.Point(p.x, p.y);

/** A Flatten point → our plain point. */
export const plain = (p: Flatten.Point): Point => ({ x: p.x, y: p.y });

/** A Flatten segment between two of our points. */
export const fsegment = (a: Point, b: Point): Flatten.Segment => new Flatten.Segment(fpoint(a), fpoint(b));

/** A Flatten polygon from a ring of vertices (closing edge implied), cached per array. */
export function fpolygon(ring: readonly Point[]): Flatten.Polygon {
  let poly = polygonCache.get(ring);
  if (!poly) {
    poly = new Flatten.Polygon(ring.map((p) => [p.x, p.y] as [number, number]));
    polygonCache.set(ring, poly);
  }
  return poly;
}

/** Is p inside the ring or on its boundary (within the library tolerance)? */
export function ringContains(ring: readonly Point[], p: Point): boolean {
  return ring.length >= 3 && fpolygon(ring).contains(fpoint(p));
}

/** Distance from p to the ring's boundary (0 on the boundary), ignoring whether p is inside. */
export function distanceToRingBoundary(ring: readonly Point[], p: Point): number {
  return fpolygon(ring).distanceTo(fpoint(p))[0];
}

/** Inside the ring and more than EPS from its boundary: a stretch along an edge is not "in" it. */
export function ringStrictlyContains(ring: readonly Point[], p: Point): boolean {
  return ringContains(ring, p) && distanceToRingBoundary(ring, p) > EPS;
}

/** Where segment a→b meets the ring's boundary (unsorted, may repeat). */
export function segmentRingIntersections(a: Point, b: Point, ring: readonly Point[]): Point[] {
  if (ring.length < 3) return [];
  return fsegment(a, b).intersect(fpolygon(ring)).map(plain);
}

/** Where segment a→b meets segment p→q (two points when they overlap collinearly). */
export function segmentIntersections(a: Point, b: Point, p: Point, q: Point): Point[] {
  return fsegment(a, b).intersect(fsegment(p, q)).map(plain);
}

/** Distance from a point to a segment. */
export function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  return fpoint(p).distanceTo(fsegment(a, b))[0];
}

/** Distance between two rings: 0 when they touch, cross or one contains the other. */
export function ringDistance(a: readonly Point[], b: readonly Point[]): number {
  const pa = fpolygon(a);
  const pb = fpolygon(b);
  // Polygon.distanceTo measures edge to edge, so containment must be caught first.
  if (Flatten.Relations.intersect(pa, pb)) return 0;
  return pa.distanceTo(pb)[0];
}

/** Distance from segment a→b to a ring; 0 when it crosses the ring or lies inside it. */
export function segmentRingDistance(a: Point, b: Point, ring: readonly Point[]): number {
  if (ringContains(ring, a)) return 0;
  return fsegment(a, b).distanceTo(fpolygon(ring))[0];
}

/** Do the two rings share any point (touching included, within the library tolerance)? */
export function ringsIntersect(a: readonly Point[], b: readonly Point[]): boolean {
  return Flatten.Relations.intersect(fpolygon(a), fpolygon(b));
}
