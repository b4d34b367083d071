/**
 * Plain point arithmetic and compass angles (types.ts: x east, y north, facing in compass degrees
 * clockwise from north). Everything in the rules core works on these plain values.
 */
import type { Point } from './types';

/** a + b. */
export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y });
/** a − b. */
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y });
/** k·a. */
export const scale = (a: Point, k: number): Point => ({ x: a.x * k, y: a.y * k });
/** Dot product. */
export const dot = (a: Point, b: Point): number => a.x * b.x + a.y * b.y;
/** z of the cross product: > 0 when b is anticlockwise of a. */
export const cross = (a: Point, b: Point): number => a.x * b.y - a.y * b.x;
/**
 * √(x² + y²), bit for bit what Node 20's Math.hypot(x, y) returns: V8's algorithm (its Torque
 * builtin MathHypot: Infinity wins over NaN, then each |value| over the largest, squared and
 * summed with Kahan's compensation, and the square root scaled back), so every result and replay
 * hash stays as it was. Math.hypot allocates an array for its arguments on every call that
 * TurboFan does not reduce (~2% of what a `/move` allocated under bench:load, issue 12), and took
 * ~29 ns a call to this one's ~17. Being ours, it also answers the same on any engine.
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x), ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (Number.isNaN(ax) || Number.isNaN(ay)) return NaN;
  const max = ax > ay ? ax : ay;
  if (max === 0) return 0;
  let n = ax / max;
  let summand = n * n;
  const sum = summand; // the first step: 0 + summand, compensation (summand - 0) - summand = 0
  n = ay / max;
  summand = n * n;
  return Math.sqrt(sum + summand) * max;
}
/** Length of a vector. */
export const norm = (a: Point): number => hypot(a.x, a.y);
/** Straight-line distance between two points. */
export const distance = (a: Point, b: Point): number => hypot(a.x - b.x, a.y - b.y);
/** The point a fraction t of the way from a to b. */
export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** Normalise any angle in degrees to [0, 360). */
export function normalizeFacing(deg: number): number {
  const r = ((deg % 360) + 360) % 360;
  // (−1e-14 + 360) % 360 is 0, but guard against −0 and 360 anyway.
  return r === 360 || Object.is(r, -0) ? 0 : r;
}

/** The facing after turning by delta degrees (positive = clockwise/right), in [0, 360). */
export function turn(facing: number, delta: number): number {
  return normalizeFacing(facing + delta);
}

/** Signed smallest difference to − from in (−180, 180]; positive = clockwise. */
export function angleDifference(from: number, to: number): number {
  const d = normalizeFacing(to - from);
  return d > 180 ? d - 360 : d;
}

// Exact values at multiples of 90° keep axis-aligned worked examples exact (cos 90° = 0, not 6e-17).
function sinDeg(deg: number): number {
  const n = normalizeFacing(deg);
  return n === 0 || n === 180 ? 0 : n === 90 ? 1 : n === 270 ? -1 : Math.sin((n * Math.PI) / 180);
}
function cosDeg(deg: number): number {
  return sinDeg(deg + 90);
}

/** Unit vector pointing along a compass facing (0 → (0, 1) north, 90 → (1, 0) east). */
export function headingVector(facing: number): Point {
  return { x: sinDeg(facing), y: cosDeg(facing) };
}

/** Unit vector to the right of a facing (facing north, right is east). */
export function rightVector(facing: number): Point {
  return headingVector(facing + 90);
}

/** Compass bearing from one point to another in [0, 360); 0 when the points coincide. */
export function bearing(from: Point, to: Point): number {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (dx === 0 && dy === 0) return 0;
  return normalizeFacing((Math.atan2(dx, dy) * 180) / Math.PI);
}

/** Rotate p about a pivot by delta compass degrees (positive = clockwise). */
export function rotateAbout(p: Point, pivot: Point, delta: number): Point {
  const s = sinDeg(delta);
  const c = cosDeg(delta);
  const v = sub(p, pivot);
  return { x: pivot.x + v.x * c + v.y * s, y: pivot.y - v.x * s + v.y * c };
}
