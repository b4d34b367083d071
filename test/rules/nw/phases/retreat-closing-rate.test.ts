import { describe, expect, it } from 'vitest';
import { baseDistance, baseRadius, type Base } from '../../../../src/rules/geometry/base';
import { add, headingVector, scale } from '../../../../src/rules/geometry/vector';
import { closingRates, RETREAT_STEP_INCHES } from '../../../../src/rules/nw/phases/retreat';
import { prng } from '../../../helpers/nw-battle';

// Issue 12: a retreat's walk reads the other enemies (§11.4 L401, "without moving closer") the
// fastest it can close on first and stops at the first whose bound −k·rate clears the least so
// far. That is only sound if no step k of the walk is closer to an enemy than its gap at the start
// less k·rate (the distance of a translated base is convex in the distance walked).
const rateOf = (start: Base, other: Base, dir: { x: number; y: number }): number => {
  const dx = other.pose.at.x - start.pose.at.x, dy = other.pose.at.y - start.pose.at.y, d = Math.hypot(dx, dy);
  const reach = baseRadius(start.size) + baseRadius(other.size);
  return closingRates(dir, Float64Array.of(d > 0 ? dx / d : 0), Float64Array.of(d > 0 ? dy / d : 0), Float64Array.of(d > reach ? reach / d : 1))[0]!;
};

describe('NW retreat: closingRates bounds how fast a walk closes on another enemy (§11.4 L401, C14)', () => {
  const r = prng(4013);
  const rand = (lo: number, hi: number) => lo + r.next() * (hi - lo);
  const sizes = [{ width: 3, depth: 1.5 }, { width: 1.5, depth: 1.5 }, { width: 4, depth: 2 }, { width: 1, depth: 1 }];

  it('no step of a walk comes closer than k·rate inside the gap at the start (1,500 seeded pairs, steps to 24")', () => {
    let below = 0, tight = 0, worst = Infinity;
    for (let n = 0; n < 1500; n++) {
      const start: Base = { pose: { at: { x: rand(0, 60), y: rand(0, 40) }, facing: rand(0, 360) }, size: sizes[r.int(sizes.length)]! };
      const other: Base = { pose: { at: { x: rand(-40, 100), y: rand(-40, 80) }, facing: rand(0, 360) }, size: sizes[r.int(sizes.length)]! };
      const gap = baseDistance(start, other);
      if (gap <= 0) continue;
      const dir = headingVector(rand(0, 360));
      const rate = rateOf(start, other, dir);
      if (rate < 0.9) below++;
      for (let k = RETREAT_STEP_INCHES; k <= 24; k += RETREAT_STEP_INCHES) {
        const step: Base = { pose: { at: add(start.pose.at, scale(dir, k)), facing: start.pose.facing }, size: start.size };
        const slack = baseDistance(step, other) - (gap - k * rate);
        worst = Math.min(worst, slack);
        if (slack < 0.01) tight++;
      }
    }
    // Never closer than the bound (rounding aside, far below the walk's APPROACH_SLACK of 1e-4).
    expect(worst).toBeGreaterThan(-1e-9);
    // The bound is not vacuous: most enemies close slower than 0.9" an inch, and many steps meet it nearly.
    expect(below).toBeGreaterThan(600);
    expect(tight).toBeGreaterThan(200);
  });

  it('straight ahead, 1; beside the way, the cosine of its angle widened by the half-angle it subtends; behind, negative', () => {
    const start: Base = { pose: { at: { x: 50, y: 50 }, facing: 0 }, size: { width: 3, depth: 1.5 } };
    const at = (x: number, y: number): Base => ({ pose: { at: { x, y }, facing: 0 }, size: { width: 3, depth: 1.5 } });
    const south = headingVector(180);
    expect(rateOf(start, at(50, 10), south)).toBe(1);
    const reach = 2 * baseRadius({ width: 3, depth: 1.5 });
    // 40" off at 90° to the way: cos(90° − asin(reach/40)) = reach/40.
    expect(rateOf(start, at(90, 50), south)).toBeCloseTo(reach / 40, 12);
    expect(rateOf(start, at(50, 90), south)).toBeLessThan(-0.9);
  });

  it('bases whose bounding circles may meet: 1 (any way may close on them)', () => {
    const start: Base = { pose: { at: { x: 50, y: 50 }, facing: 0 }, size: { width: 3, depth: 1.5 } };
    const other: Base = { pose: { at: { x: 50, y: 52.5 }, facing: 90 }, size: { width: 3, depth: 1.5 } };
    expect(baseDistance(start, other)).toBeGreaterThan(0);
    expect(rateOf(start, other, headingVector(0))).toBe(1);
    expect(rateOf(start, other, headingVector(180))).toBe(1);
  });
});
