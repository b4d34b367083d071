import type { Point, TableSize } from '../geometry/types';
import { cellExists, cellPoint, columnLabel as label, gridRef, gridShape as shape, parseGridRef } from '../location/grid';

/**
 * The rendered map's reference grid as scenario files use it: a thin adapter over the one
 * grid implementation in src/rules/location/grid.ts (A1 is the north-west cell; columns A, B…
 * west to east, rows 1, 2… north to south). Scenario files take plain references only, no
 * sub-positions.
 */

/** "F7", "f7", "AA12": one or two column letters, then a row number. */
export const GRID_REF = /^([A-Za-z]{1,2})([1-9]\d{0,2})$/;

/** Does the text look like a grid reference (so it is not read as a landmark name)? */
export const isGridRef = (text: string): boolean => GRID_REF.test(text.trim());

/** Column label of 0-based column `i`: A…Z, then AA, AB… */
export const columnLabel = (i: number): string => label(i + 1);

/** How many columns and rows the grid has on this table. */
export const gridShape = (table: TableSize, cell: number) => shape({ table, grid: { cell } });

/** The centre of a grid cell, or undefined when the text is not a reference or the cell is off the table. */
export function gridRefToPoint(table: TableSize, cell: number, ref: string): Point | undefined {
  if (!isGridRef(ref)) return undefined;
  const parsed = parseGridRef(ref.trim().toLowerCase());
  const ctx = { table, grid: { cell } };
  return parsed && cellExists(parsed, ctx) ? cellPoint(parsed, ctx) : undefined;
}

/** The grid cell a point lies in ("F7"), or undefined off the table. */
export const pointToGridRef = (table: TableSize, cell: number, p: Point): string | undefined => gridRef(p, { table, grid: { cell } });
