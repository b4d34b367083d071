import { describe, expect, it } from 'vitest';
import { centroid, clipConvex, nearestPointOnRing, signedArea } from '../../../src/rules/geometry';

const square = (x: number, y: number, s: number) => [{ x, y }, { x: x + s, y }, { x: x + s, y: y + s }, { x, y: y + s }];
const area = (r: readonly { x: number; y: number }[]) => Math.abs(signedArea(r));

describe('convex polygon helpers', () => {
  it('signedArea: positive counter-clockwise, negative clockwise', () => {
    expect(signedArea(square(0, 0, 2))).toBe(4);
    expect(signedArea([...square(0, 0, 2)].reverse())).toBe(-4);
  });
  it('clipConvex: overlap of two squares, either orientation of the clip ring', () => {
    expect(area(clipConvex(square(0, 0, 2), square(1, 1, 2)))).toBeCloseTo(1, 9);
    expect(area(clipConvex(square(0, 0, 2), [...square(1, 1, 2)].reverse()))).toBeCloseTo(1, 9);
    expect(area(clipConvex(square(0, 0, 2), square(-1, -1, 10)))).toBeCloseTo(4, 9); // inside: unchanged
    expect(clipConvex(square(0, 0, 1), square(5, 5, 1))).toEqual([]); // disjoint: empty
  });
  it('nearestPointOnRing: a point on an edge, a corner, and a one-point ring', () => {
    expect(nearestPointOnRing(square(0, 0, 2), { x: 1, y: -3 })).toEqual({ x: 1, y: 0 });
    expect(nearestPointOnRing(square(0, 0, 2), { x: 5, y: 5 })).toEqual({ x: 2, y: 2 });
    expect(nearestPointOnRing([{ x: 3, y: 4 }], { x: 0, y: 0 })).toEqual({ x: 3, y: 4 });
  });
  it('centroid: the mean of the corners', () => {
    expect(centroid(square(0, 0, 2))).toEqual({ x: 1, y: 1 });
  });
});
