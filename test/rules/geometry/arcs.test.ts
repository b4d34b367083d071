import { describe, expect, it } from 'vitest';
import { frontalArcPolygon, inFrontalArc, inRearArc, relativeSector } from '../../../src/rules/geometry/arcs';
import { bearing, turn, angleDifference, headingVector } from '../../../src/rules/geometry/vector';
import { base, p } from './helpers';

describe('inFrontalArc: lines at 45° from the FRONT CORNERS (NW §1.1)', () => {
  // 2" wide, 4" deep, facing north: front corners (±1, 2). From the corners the arc is
  // |x| ≤ y − 1; a cone from the centre would be |x| ≤ y.
  const deep = base(0, 0, 0, 2, 4);
  it('a target inside 45° from the centre but outside 45° from the corner is OUT', () => {
    expect(Math.abs(4) <= 4.5).toBe(true); // inside the centre cone
    expect(inFrontalArc(deep, p(4, 4.5))).toBe(false);
  });
  it('just inside the corner line is in; exactly on it is in', () => {
    expect(inFrontalArc(deep, p(3.4, 4.5))).toBe(true);
    expect(inFrontalArc(deep, p(3.5, 4.5))).toBe(true);
    expect(inFrontalArc(deep, p(3.51, 4.5))).toBe(false);
  });
  it('a wide, shallow base sees a point beside its front corner that a centre cone would miss', () => {
    // 4" wide, 1" deep: corners (±2, 0.5). (2, 0.6) is 0.1" ahead, level with the corner.
    expect(inFrontalArc(base(0, 0, 0, 4, 1), p(2, 0.6))).toBe(true);
    expect(inFrontalArc(base(0, 0, 0, 4, 1), p(2.2, 0.6))).toBe(false);
  });
  it('nothing behind the front edge is in front, even straight ahead of the centre', () => {
    expect(inFrontalArc(deep, p(0, 1.9))).toBe(false);
    expect(inFrontalArc(deep, p(3, 1))).toBe(false);
  });
  it('turns with the viewer (facing east)', () => {
    const east = base(0, 0, 90, 2, 4);
    expect(inFrontalArc(east, p(4.5, 3.4))).toBe(true);
    expect(inFrontalArc(east, p(4.5, 4))).toBe(false);
    expect(inFrontalArc(east, p(-4.5, 0))).toBe(false);
  });
  it('takes another half-angle (artillery and reaction zones use their own)', () => {
    expect(inFrontalArc(deep, p(3, 4.5), 22.5)).toBe(false);
    expect(inFrontalArc(deep, p(1.5, 4.5), 22.5)).toBe(true);
  });
  it('a base is in when any part of it is: a corner poking in counts', () => {
    expect(inFrontalArc(deep, base(4.2, 4.5, 0, 1, 1))).toBe(true);
    expect(inFrontalArc(deep, base(4.8, 4.5, 0, 1, 1))).toBe(false);
  });
  it('a long base straddling the arc with every corner outside is in', () => {
    expect(inFrontalArc(deep, base(0, 10, 0, 30, 1))).toBe(true);
  });
  it('the arc polygon starts at the front corners and spreads 1" per inch', () => {
    expect(frontalArcPolygon(deep, 10)).toEqual([p(-1, 2), p(1, 2), p(11, 12), p(-11, 12)]);
  });
});

describe('relativeSector', () => {
  const v = base(0, 0, 0, 3, 3);
  it.each([
    [p(0, 5), 'front'],
    [p(3.5, 4), 'front'],
    [p(0, -5), 'rear'],
    [p(-3.5, -4), 'rear'],
    [p(5, 0), 'right-flank'],
    [p(4, 3), 'right-flank'],
    [p(-5, 0), 'left-flank'],
    [p(0, 1.2), 'front'],
    [p(-1.2, 0), 'left-flank'],
  ] as const)('%o is %s', (pt, sector) => {
    expect(relativeSector(v, pt)).toBe(sector);
  });
  it('the rear arc mirrors the front one', () => {
    expect(inRearArc(v, p(4.4, -4.5))).toBe(true); // 3" behind the rear edge: 1.5 + 3 = 4.5" each side
    expect(inRearArc(v, p(4.6, -4.5))).toBe(false);
    expect(inRearArc(v, p(0, 4.5))).toBe(false);
  });
});

describe('compass angles', () => {
  it.each([
    [p(0, 1), 0], [p(1, 1), 45], [p(1, 0), 90], [p(0, -1), 180], [p(-1, 0), 270], [p(-1, 1), 315], [p(0, 0), 0],
  ])('bearing from the origin to %o is %d', (to, deg) => {
    expect(bearing(p(0, 0), to)).toBeCloseTo(deg, 12);
  });
  it.each([
    [350, 20, 10], [10, -20, 350], [0, -360, 0], [90, 720, 90], [0, -0.5, 359.5], [180, 180, 0],
  ])('turn(%d, %d) = %d', (facing, delta, expected) => {
    expect(turn(facing, delta)).toBe(expected);
  });
  it('angleDifference takes the short way round', () => {
    expect(angleDifference(350, 10)).toBe(20);
    expect(angleDifference(10, 350)).toBe(-20);
  });
  it('headings are exact on the axes', () => {
    expect(headingVector(90)).toEqual({ x: 1, y: 0 });
    expect(headingVector(180)).toEqual({ x: 0, y: -1 });
  });
});
