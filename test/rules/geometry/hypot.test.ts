/**
 * Issue 12: the geometry's hypot(x, y) is bit for bit Node 20's Math.hypot(x, y), so distances,
 * the rules' results and the replay hashes are what they were (V8's algorithm, without the array
 * Math.hypot allocates for its arguments).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distance, hypot, norm } from '../../../src/rules/geometry/vector';

describe('hypot', () => {
  it('equals Math.hypot exactly (Object.is) on any two doubles, table-sized or not', () => {
    fc.assert(fc.property(fc.double(), fc.double(), (x, y) => {
      expect(Object.is(hypot(x, y), Math.hypot(x, y))).toBe(true);
    }), { numRuns: 20_000 });
    // Inches on a table, as the rules make them: differences of coordinates with a few decimals.
    fc.assert(fc.property(fc.integer({ min: -200_000_000, max: 200_000_000 }), fc.integer({ min: -200_000_000, max: 200_000_000 }), fc.integer({ min: 0, max: 9 }), (a, b, places) => {
      const x = a / 10 ** places, y = b / 10 ** places;
      expect(Object.is(hypot(x, y), Math.hypot(x, y))).toBe(true);
      expect(Object.is(hypot(x - 0.1, y + 0.2), Math.hypot(x - 0.1, y + 0.2))).toBe(true);
    }), { numRuns: 20_000 });
  });

  it('answers the special values as Math.hypot does: Infinity over NaN, NaN, signed zeros, extremes', () => {
    const specials = [0, -0, 1, -1, NaN, Infinity, -Infinity, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, 1e-310, 3, 4, 0.1, 0.2];
    for (const x of specials) for (const y of specials) expect([x, y, Object.is(hypot(x, y), Math.hypot(x, y))]).toEqual([x, y, true]);
    expect(hypot(3, 4)).toBe(5);
    expect(hypot(NaN, -Infinity)).toBe(Infinity);
    expect(hypot(Number.MAX_VALUE, Number.MAX_VALUE)).toBe(Math.hypot(Number.MAX_VALUE, Number.MAX_VALUE)); // no overflow
    expect(norm({ x: -3, y: 4 })).toBe(5);
    expect(distance({ x: 1, y: 1 }, { x: 4, y: 5 })).toBe(5);
  });
});
