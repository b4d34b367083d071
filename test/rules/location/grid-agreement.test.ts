import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellPoint, gridRef, gridShape, type GridContext } from '../../../src/rules/location/grid';
// The scenario loader and map renderer read grid references with their own module; a player's
// "F7" must mean the same cell in both.
import { gridRefToPoint, gridShape as scenarioShape, pointToGridRef } from '../../../src/rules/scenario/grid';

const tables: GridContext[] = [
  { table: { width: 96, height: 84 }, grid: { cell: 12 } },
  { table: { width: 100, height: 70 }, grid: { cell: 12 } },
  { table: { width: 72, height: 48 }, grid: { cell: 6 } },
];

describe('the location grid agrees with src/rules/scenario/grid.ts', () => {
  it.each(tables)('same shape, same centres, same cell for any point on %o', (g) => {
    expect(gridShape(g)).toEqual(scenarioShape(g.table, g.grid.cell));
    const { columns, rows } = gridShape(g);
    for (let column = 1; column <= columns; column++) {
      for (let row = 1; row <= rows; row++) {
        const centre = cellPoint({ column, row }, g);
        const ref = gridRef(centre, g) as string;
        expect(gridRefToPoint(g.table, g.grid.cell, ref)).toEqual(centre);
      }
    }
    fc.assert(
      fc.property(fc.double({ min: -1, max: g.table.width + 1, noNaN: true }), fc.double({ min: -1, max: g.table.height + 1, noNaN: true }), (x, y) => {
        expect(gridRef({ x, y }, g)).toBe(pointToGridRef(g.table, g.grid.cell, { x, y }));
      }),
    );
  });
});
