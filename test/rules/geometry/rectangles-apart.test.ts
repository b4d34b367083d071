import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basePolygon, type Base } from '../../../src/rules/geometry/base';
import { rectanglesApart, ringDistance } from '../../../src/rules/geometry/primitives';
import { base, rect } from './helpers';

/**
 * rectanglesApart (issue 12): a separating-axis answer that lets DRAM's "stopped on a friend" test
 * skip the exact distance. It may only say "apart" when the exact distance is beyond the gap.
 */
const coord = fc.double({ min: 0, max: 40, noNaN: true });
const baseArb: fc.Arbitrary<Base> = fc.record({
  pose: fc.record({ at: fc.record({ x: coord, y: coord }), facing: fc.oneof(fc.constantFrom(0, 45, 90, 180, 270), fc.double({ min: 0, max: 359.999, noNaN: true })) }),
  size: fc.record({ width: fc.double({ min: 0.5, max: 6, noNaN: true }), depth: fc.double({ min: 0.5, max: 6, noNaN: true }) }),
});

describe('rectanglesApart', () => {
  it('says apart only when ringDistance is beyond the gap', () => {
    fc.assert(
      fc.property(baseArb, baseArb, fc.constantFrom(0, 1e-3, 0.5, 2), (a, b, gap) => {
        const ra = basePolygon(a), rb = basePolygon(b);
        if (rectanglesApart(ra, rb, gap)) expect(ringDistance(ra, rb)).toBeGreaterThan(gap - 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  it('decides stands side by side in a line, either way round, at any facing', () => {
    for (const facing of [0, 30, 90, 211.5]) {
      // Two 3" × 1.5" bases 0.05" apart edge to edge, along the facing's right vector.
      const rad = (facing * Math.PI) / 180;
      const a = base(10, 10, facing, 3, 1.5);
      const b = base(10 + 3.05 * Math.cos(rad), 10 - 3.05 * Math.sin(rad), facing, 3, 1.5);
      expect(rectanglesApart(basePolygon(a), basePolygon(b), 1e-3)).toBe(true);
      expect(rectanglesApart(basePolygon(b), basePolygon(a), 1e-3)).toBe(true);
      expect(rectanglesApart(basePolygon(a), basePolygon(b), 0.06)).toBe(false);
    }
  });

  it('never says apart for bases that touch or overlap', () => {
    expect(rectanglesApart(rect(0, 0, 3, 1.5), rect(3, 0, 6, 1.5), 0)).toBe(false);
    expect(rectanglesApart(rect(0, 0, 3, 1.5), rect(2, 1, 5, 2.5), 0)).toBe(false);
    expect(rectanglesApart(rect(0, 0, 3, 3), rect(1, 1, 2, 2), 0)).toBe(false);
  });

  it('a diagonal neighbour, apart only on the axes of the turned base, is found apart', () => {
    // b is turned 45° off a's corner: on a's axes the shadows overlap (0.79 < 1), on b's they are 0.7" apart.
    const a = basePolygon(base(0, 0, 0, 2, 2));
    const b = basePolygon(base(2.2, 2.2, 45, 2, 2));
    expect(ringDistance(a, b)).toBeGreaterThan(0.1);
    expect(rectanglesApart(a, b, 1e-3)).toBe(true);
    expect(rectanglesApart(b, a, 1e-3)).toBe(true);
  });

  it('reads only rectangles: any other ring is never "apart"', () => {
    const tri = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }];
    expect(rectanglesApart(tri, rect(10, 10, 12, 12), 0)).toBe(false);
  });
});
