import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { columnLabel, gridRefToPoint, gridShape, isGridRef, pointToGridRef } from '../../../src/rules/scenario';

// Grid convention (brief, DESIGN.md "a grid reference on the rendered map (F7)"): columns A, B, C…
// west to east, rows 1, 2, 3… north to south; y grows to the north (geometry/types.ts).
const TABLE = { width: 36, height: 24 };

describe('grid references', () => {
  it.each([
    ['A1', { x: 3, y: 21 }], // north-west corner cell
    ['F4', { x: 33, y: 3 }], // south-east corner cell
    ['c2', { x: 15, y: 15 }], // lower case is accepted
    ['D3', { x: 21, y: 9 }],
  ])('%s is the centre of its cell', (ref, point) => {
    expect(gridRefToPoint(TABLE, 6, ref)).toEqual(point);
  });

  it.each(['G1', 'A5', 'A0', 'AA1', 'F', '7', 'Ligny', ''])('%s is off the map or not a reference', (ref) => {
    expect(gridRefToPoint(TABLE, 6, ref)).toBeUndefined();
  });

  it('a cell cut short by the table edge is centred on its part of the table', () => {
    // 40 x 26 with 6-inch cells: 7 columns (the last 4 in wide), 5 rows (the last 2 in high).
    expect(gridShape({ width: 40, height: 26 }, 6)).toEqual({ columns: 7, rows: 5 });
    expect(gridRefToPoint({ width: 40, height: 26 }, 6, 'G5')).toEqual({ x: 38, y: 1 });
  });

  it('labels columns past Z as AA, AB…', () => {
    expect([0, 25, 26, 27, 51, 52].map(columnLabel)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA']);
    expect(gridRefToPoint({ width: 6 * 30, height: 6 }, 6, 'AB1')).toEqual({ x: 27 * 6 + 3, y: 3 });
  });

  it('tells grid references from landmark names', () => {
    expect(['F7', 'aa12', ' B3 '].map(isGridRef)).toEqual([true, true, true]);
    expect(['Ligny', 'F', 'F7a', 'Hill 60', 'ABC1'].map(isGridRef)).toEqual([false, false, false, false, false]);
  });

  it('every point on the table is in the cell whose centre is at most half a cell away (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 36, noNaN: true }), fc.double({ min: 0, max: 24, noNaN: true }), (x, y) => {
        const ref = pointToGridRef(TABLE, 6, { x, y });
        expect(ref).toBeDefined();
        const c = gridRefToPoint(TABLE, 6, ref!)!;
        expect(Math.abs(c.x - x)).toBeLessThanOrEqual(3);
        expect(Math.abs(c.y - y)).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('a point off the table has no cell', () => {
    expect(pointToGridRef(TABLE, 6, { x: -0.1, y: 3 })).toBeUndefined();
    expect(pointToGridRef(TABLE, 6, { x: 3, y: 24.1 })).toBeUndefined();
    expect(pointToGridRef(TABLE, 6, { x: 36, y: 0 })).toBe('F4');
  });
});
