/** Issue 12: sortSmall orders exactly as Array#sort does (both stable), ties and long arrays included. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ascending, sortSmall } from '../../../src/rules/geometry/sort';

describe('sortSmall', () => {
  it('gives Array#sort\'s order, ties in their first order, for 0 to 60 items', () => {
    fc.assert(fc.property(fc.array(fc.record({ k: fc.integer({ min: 0, max: 5 }), id: fc.nat() }), { maxLength: 60 }), (xs) => {
      const cmp = (a: { k: number }, b: { k: number }) => a.k - b.k;
      const mine = [...xs];
      expect(sortSmall(mine, cmp)).toBe(mine); // in place, as sort
      expect(mine).toEqual([...xs].sort(cmp));
    }));
    expect(sortSmall([3, -1, 2.5, 0], ascending)).toEqual([-1, 0, 2.5, 3]);
  });
});
