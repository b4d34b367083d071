import { baseCorners, baseWithin, type Base } from '../../geometry/base';
import type { Point } from '../../geometry/types';
import { headingVector, rightVector } from '../../geometry/vector';

/**
 * A fast, exact answer to "does base `mover`, slid `d` mm along `dir`, meet base `other`?" —
 * `baseWithin(moved, other, 0)`, the test sweep() (contact.ts) asks again and again while it
 * bisects for where a slide stops (KS-3, KS-37). Both bases are rectangles, so the separating
 * axes are their four edge normals and the slides at which they are within a margin of each
 * other form one interval, computed once. Outside the interval widened by `MARGIN` the answer is
 * certainly no; inside it narrowed by `MARGIN` (overlapping by that much on every axis) certainly
 * yes; only in the hair between is the exact test run. So every answer is the exact test's, and a
 * slide stops where it always did (the seeded replays are unchanged; bench/solo-identity.ts).
 */

/** Far above EPS (1e-6, the exact test's tolerance) and the rounding of mm coordinates; far below a mm. */
const MARGIN = 1e-5;

interface Window { readonly lo: number; readonly hi: number }

/** The slides t (mm along unit `dir`) at which every axis gap between the bases is ≤ `m`. */
function window(a: readonly Point[], b: readonly Point[], axes: readonly Point[], dir: Point, m: number): Window {
  let lo = -Infinity;
  let hi = Infinity;
  for (const n of axes) {
    let aMin = Infinity, aMax = -Infinity, bMin = Infinity, bMax = -Infinity;
    for (const p of a) { const x = p.x * n.x + p.y * n.y; if (x < aMin) aMin = x; if (x > aMax) aMax = x; }
    for (const p of b) { const x = p.x * n.x + p.y * n.y; if (x < bMin) bMin = x; if (x > bMax) bMax = x; }
    // gap(t) = max(bMin − (aMax + tk), (aMin + tk) − bMax) ≤ m  ⇔  tk ∈ [bMin − aMax − m, bMax − aMin + m]
    const k = dir.x * n.x + dir.y * n.y;
    const L = bMin - aMax - m;
    const U = bMax - aMin + m;
    if (Math.abs(k) < 1e-12) { if (L > 0 || U < 0) return { lo: Infinity, hi: -Infinity }; continue; }
    const t1 = L / k, t2 = U / k;
    lo = Math.max(lo, Math.min(t1, t2));
    hi = Math.min(hi, Math.max(t1, t2));
  }
  return { lo, hi };
}

const ring = (x: Base): Point[] => { const c = baseCorners(x); return [c.frontLeft, c.frontRight, c.rearRight, c.rearLeft]; };

/** A mover's base slid along a straight path against one other base. */
export interface Slide {
  /** Does the mover, `d` mm along, meet the other base (baseWithin …, 0)? Exactly the exact test's answer. */
  meets(d: number): boolean;
  /** Can it meet it anywhere in [from, to] mm (false: certainly not; true: perhaps)? */
  mayMeetWithin(from: number, to: number): boolean;
}

/**
 * `start`: the mover's base at d = 0; `dir`: the unit vector of the path; `at(d)`: the mover's
 * base at d, as the caller builds it (the exact test is run on that very base).
 */
export function slideAgainst(start: Base, other: Base, dir: Point, at: (d: number) => Base): Slide {
  // The corners straight (basePolygon's ring, without filing each fresh pose in its cache).
  const a = ring(start);
  const b = ring(other);
  const axes = [headingVector(start.pose.facing), rightVector(start.pose.facing), headingVector(other.pose.facing), rightVector(other.pose.facing)];
  const maybe = window(a, b, axes, dir, MARGIN);
  const sure = window(a, b, axes, dir, -MARGIN);
  return {
    meets: (d) => {
      if (d < maybe.lo || d > maybe.hi) return false;
      if (d >= sure.lo && d <= sure.hi) return true;
      return baseWithin(at(d), other, 0);
    },
    mayMeetWithin: (from, to) => maybe.lo <= to && maybe.hi >= from,
  };
}
