import type { Point, TableSize } from '../geometry/types';

/**
 * The rendered map's reference grid: square cells of `cell` inches, columns A, B, C… from
 * west to east, rows 1, 2, 3… from north to south (so row 1 is the top of the map, where y
 * is largest: y grows to the north, geometry/types.ts). A last column or row that the table
 * cuts short is still a cell; its centre is the centre of the part on the table.
 */

/** "F7", "f7", "AA12": one or two column letters, then a row number. */
export const GRID_REF = /^([A-Za-z]{1,2})([1-9]\d{0,2})$/;

/** Does the text look like a grid reference (so it is not read as a landmark name)? */
export const isGridRef = (text: string): boolean => GRID_REF.test(text.trim());

/** Column label of 0-based column `i`: A…Z, then AA, AB… */
export function columnLabel(i: number): string {
  const letter = (n: number) => String.fromCharCode(65 + n);
  return i < 26 ? letter(i) : letter(Math.floor(i / 26) - 1) + letter(i % 26);
}

/** 0-based column of a label ("A" → 0, "AA" → 26). */
function columnIndex(label: string): number {
  const up = label.toUpperCase();
  const v = (c: string) => c.charCodeAt(0) - 65;
  return up.length === 1 ? v(up) : (v(up[0]!) + 1) * 26 + v(up[1]!);
}

/** How many columns and rows the grid has on this table. */
export function gridShape(table: TableSize, cell: number): { readonly columns: number; readonly rows: number } {
  // A sliver under a thousandth of an inch is rounding, not a cell.
  return { columns: Math.ceil(table.width / cell - 1e-3), rows: Math.ceil(table.height / cell - 1e-3) };
}

/** The centre of a grid cell, or undefined when the text is not a reference or the cell is off the table. */
export function gridRefToPoint(table: TableSize, cell: number, ref: string): Point | undefined {
  const m = GRID_REF.exec(ref.trim());
  if (!m) return undefined;
  const col = columnIndex(m[1]!);
  const row = Number(m[2]) - 1;
  const { columns, rows } = gridShape(table, cell);
  if (col >= columns || row >= rows) return undefined;
  const west = col * cell;
  const east = Math.min(table.width, west + cell);
  const north = table.height - row * cell;
  const south = Math.max(0, north - cell);
  return { x: (west + east) / 2, y: (north + south) / 2 };
}

/** The grid cell a point lies in ("F7"), or undefined off the table. A point on a cell line belongs to the cell east or south of it; the table's east and south edges to the last column and row. */
export function pointToGridRef(table: TableSize, cell: number, p: Point): string | undefined {
  if (p.x < 0 || p.y < 0 || p.x > table.width || p.y > table.height) return undefined;
  const { columns, rows } = gridShape(table, cell);
  const col = Math.min(columns - 1, Math.floor(p.x / cell));
  const row = Math.min(rows - 1, Math.floor((table.height - p.y) / cell));
  return `${columnLabel(col)}${row + 1}`;
}
