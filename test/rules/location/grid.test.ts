import { describe, expect, it } from 'vitest';
import { cellPoint, columnLabel, gridRef, gridShape, parseGridRef, type GridContext } from '../../../src/rules/location/grid';
import { ctx } from './context';

describe('gridRef: columns A… west→east, rows 1… north→south (A1 is north-west)', () => {
  it.each([
    [{ x: 0.1, y: 83.9 }, 'A1'],
    [{ x: 95.9, y: 83.9 }, 'H1'],
    [{ x: 0.1, y: 0.1 }, 'A7'],
    [{ x: 66, y: 6 }, 'F7'],
    [{ x: 60, y: 12 }, 'F7'], // on the cell lines: the cell east and south of them
    [{ x: 96, y: 0 }, 'H7'], // the east and south table edges belong to the last cells
    [{ x: 0, y: 84 }, 'A1'],
  ])('%o is %s', (p, ref) => {
    expect(gridRef(p, ctx)).toBe(ref);
  });
  it('is undefined off the table', () => {
    expect(gridRef({ x: -0.1, y: 5 }, ctx)).toBeUndefined();
    expect(gridRef({ x: 5, y: 84.1 }, ctx)).toBeUndefined();
  });
  it('a table that is not a whole number of cells has short last cells, centred on what is on the table', () => {
    const odd: GridContext = { table: { width: 100, height: 70 }, grid: { cell: 12 } };
    expect(gridShape(odd)).toEqual({ columns: 9, rows: 6 });
    // I6: x 96–100, y 0–10 (row 6 runs from y = 10 down to the south edge).
    expect(cellPoint({ column: 9, row: 6 }, odd)).toEqual({ x: 98, y: 5 });
    expect(gridRef({ x: 98, y: 5 }, odd)).toBe('I6');
  });
  it('labels columns past Z as AA, AB…', () => {
    expect([1, 26, 27, 28, 52, 53, 702].map(columnLabel)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ']);
    expect(parseGridRef('aa12')).toEqual({ column: 27, row: 12 });
    expect(parseGridRef('zz1')).toEqual({ column: 702, row: 1 });
  });
  it('keypad ninths: 7 8 9 is the north row, like a numeric keypad', () => {
    const f7 = { column: 6, row: 7 };
    expect(cellPoint({ ...f7, sub: 7 }, ctx)).toEqual({ x: 62, y: 10 });
    expect(cellPoint({ ...f7, sub: 9 }, ctx)).toEqual({ x: 70, y: 10 });
    expect(cellPoint({ ...f7, sub: 5 }, ctx)).toEqual({ x: 66, y: 6 });
    expect(cellPoint({ ...f7, sub: 1 }, ctx)).toEqual({ x: 62, y: 2 });
    expect(cellPoint({ ...f7, sub: 3 }, ctx)).toEqual({ x: 70, y: 2 });
  });
  it('rejects what is not a reference', () => {
    for (const text of ['f', '7', 'f0', 'f07', 'abc1', 'f7 up', 'f7.0', 'f7.10']) expect(parseGridRef(text)).toBeUndefined();
  });
});
