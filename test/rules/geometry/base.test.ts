import { describe, expect, it } from 'vitest';
import {
  baseCorners, baseDistance, contactSide, CONTACT_TOLERANCE, inContact, localOffset, pointToBaseDistance,
} from '../../../src/rules/geometry/base';
import { base, p } from './helpers';

describe('baseCorners', () => {
  it('names the corners from the base’s own point of view (facing north: front is up, right is east)', () => {
    // DRAM division 3" wide × 5" deep (DIGEST §1(d) base table).
    expect(baseCorners(base(10, 10, 0, 3, 5))).toEqual({
      frontLeft: p(8.5, 12.5), frontRight: p(11.5, 12.5), rearRight: p(11.5, 7.5), rearLeft: p(8.5, 7.5),
    });
  });
  it('turns with the facing (facing east: front edge on the east, front-left corner to the north)', () => {
    const c = baseCorners(base(0, 0, 90, 3, 5));
    expect(c.frontLeft).toEqual(p(2.5, 1.5));
    expect(c.frontRight).toEqual(p(2.5, -1.5));
    expect(c.rearLeft).toEqual(p(-2.5, 1.5));
  });
  it('measures ahead from the front edge and lateral to the right', () => {
    expect(localOffset(base(0, 0, 0, 3, 5), p(1, 4))).toEqual({ ahead: 1.5, lateral: 1 });
  });
});

describe('baseDistance: nearest points (DRAM HR D-8)', () => {
  const cases: Array<[string, ReturnType<typeof base>, ReturnType<typeof base>, number]> = [
    ['two 3×5 DRAM stands face to face, 12" between front edges', base(10, 10, 0, 3, 5), base(10, 27, 180, 3, 5), 12],
    ['two 3×5 stands side by side, 12" between flanks', base(10, 10, 0, 3, 5), base(25, 10, 0, 3, 5), 12],
    ['diagonal: corner to corner is 3-4-5', base(0, 0, 0, 2, 2), base(5, 6, 0, 2, 2), 5],
    ['a base turned 45° reaches √2 east of its centre with its corner', base(0, 0, 45, 2, 2), base(5, 0, 0, 2, 2), 4 - Math.SQRT2],
    ['touching edges', base(0, 0, 0, 3, 3), base(0, 3, 0, 3, 3), 0],
    ['overlapping', base(0, 0, 0, 3, 3), base(1, 1, 30, 3, 3), 0],
    ['one inside the other', base(0, 0, 0, 10, 10), base(1, 1, 0, 1, 1), 0],
  ];
  it.each(cases)('%s', (_name, a, b, expected) => {
    expect(baseDistance(a, b)).toBeCloseTo(expected, 9);
    expect(baseDistance(b, a)).toBeCloseTo(expected, 9);
  });
});

describe('pointToBaseDistance', () => {
  const stand = base(0, 0, 0, 3, 5);
  it.each([
    ['ahead of the front edge', p(0, 5), 2.5],
    ['off the front-right corner (3-4-5)', p(4.5, 6.5), 5],
    ['inside', p(0.5, -1), 0],
    ['on the edge', p(1.5, 0), 0],
  ])('%s', (_name, pt, expected) => {
    expect(pointToBaseDistance(pt, stand)).toBeCloseTo(expected, 9);
  });
});

describe('inContact', () => {
  const a = base(10, 10, 0, 3, 5);
  it('counts a 0.03" gap as contact and a 0.06" gap as not (default tolerance 0.05")', () => {
    expect(CONTACT_TOLERANCE).toBe(0.05);
    expect(inContact(a, base(10, 15.03, 180, 3, 5))).toBe(true);
    expect(inContact(a, base(10, 15.06, 180, 3, 5))).toBe(false);
  });
  it('a gap of exactly the tolerance is contact, even though 15.05 − 2.5 − 12.5 is 0.0500000000000007 in floats', () => {
    expect(15.05 - 2.5 - 12.5).toBeGreaterThan(0.05);
    expect(inContact(a, base(10, 15.05, 180, 3, 5))).toBe(true);
  });
  it('takes a tolerance', () => {
    expect(inContact(a, base(10, 15.5, 180, 3, 5), 0.5)).toBe(true);
    expect(inContact(a, base(10, 15.5, 180, 3, 5), 0.4)).toBe(false);
  });
});

describe('contactSide: which side of the defender the attacker touches (NW §9.91)', () => {
  const defender = base(0, 0, 0, 3, 3);
  it.each([
    ['front: attacker facing south above', base(0, 3, 180, 3, 3), 'front'],
    ['right flank: attacker facing west to the east', base(3, 0, 270, 3, 3), 'right-flank'],
    ['left flank: attacker facing east to the west', base(-3, 0, 90, 3, 3), 'left-flank'],
    ['rear: attacker facing north below', base(0, -3, 0, 3, 3), 'rear'],
    ['flank, slid forward so it also touches the front corner', base(3, 1, 270, 3, 3), 'right-flank'],
    ['front, within 0.04"', base(0, 3.04, 180, 3, 3), 'front'],
  ] as const)('%s', (_name, attacker, side) => {
    expect(contactSide(attacker, defender)).toBe(side);
  });
  it('is undefined when not in contact', () => {
    expect(contactSide(base(0, 3.2, 180, 3, 3), defender)).toBeUndefined();
  });
});
