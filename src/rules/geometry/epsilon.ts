/**
 * The one tolerance policy of the geometry core (DIGEST §0.1 asks for care at boundaries).
 *
 * Table geometry is done in IEEE-754 doubles, so a value computed to sit exactly on a limit
 * (12 × 0.3 = 3.5999999999999996) can land a hair either side of it. Every boundary test in
 * `src/rules/geometry` therefore goes through these helpers, and a value within EPS of a limit
 * counts as ON the limit, i.e. inside ("d ≤ 2 mi" holds for d = 2 mi ± EPS).
 *
 * EPS is one millionth of an inch, the tolerance the intersection predicates in primitives.ts
 * use too, so every module agrees on what "touching" means;
 * it is far above float noise on a 100" table (~1e-13) and far below anything a player measures.
 * Rule-level tolerances (e.g. 0.05" for base contact) are separate, named and passed explicitly.
 */

/** Geometric tolerance in inches (and in inches of movement budget). */
export const EPS = 1e-6;

/** Angular tolerance in degrees for facing and arc comparisons. */
export const ANGLE_EPS = 1e-6;

/** d ≤ limit, treating d within EPS above the limit as inside. */
export function withinDistance(d: number, limit: number): boolean {
  return d <= limit + EPS;
}

/** d > limit by more than EPS: strictly beyond, never because of rounding noise. */
export function beyondDistance(d: number, limit: number): boolean {
  return d > limit + EPS;
}

/** a and b differ by at most EPS. */
export function nearlyEqual(a: number, b: number, eps: number = EPS): boolean {
  return Math.abs(a - b) <= eps;
}

/** |x| ≤ EPS. */
export function nearlyZero(x: number, eps: number = EPS): boolean {
  return Math.abs(x) <= eps;
}
