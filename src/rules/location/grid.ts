/**
 * The reference grid, read like a printed map: square cells of `grid.cell` inches, columns
 * lettered A, B, C… from west to east (then AA, AB…), rows numbered 1, 2, 3… from north to
 * south. A1 is the NORTH-WEST corner cell (y grows to the north, so row 1 is where y is largest).
 * A last column or row that the table cuts short is still a cell (unless it is a sliver under
 * 0.001"), and its centre is the centre of the part on the table. A point on a cell line belongs
 * to the cell east or south of it; the east and south table edges to the last column and row.
 * These conventions match src/rules/scenario/grid.ts, which the map renderer uses.
 *
 * A cell can be narrowed to one ninth: keypad digits (F7.9, like a numeric keypad: 7 8 9 is
 * the north row) or compass words (F7 NE, F7 north-east); F7 alone is the centre.
 */
import type { Point, TableSize } from '../geometry/types';
import type { GridSpec, Keypad } from './types';

/** What the grid needs to know. */
export type GridContext = { readonly table: TableSize; readonly grid: GridSpec };

/** A parsed grid reference: 1-based column (A = 1) and row, with an optional keypad ninth. */
export interface GridRef {
  readonly column: number;
  readonly row: number;
  readonly sub?: Keypad;
}

const SUB_WORDS: Readonly<Record<string, Keypad>> = {
  nw: 7, northwest: 7, n: 8, north: 8, ne: 9, northeast: 9,
  w: 4, west: 4, c: 5, centre: 5, center: 5, middle: 5, e: 6, east: 6,
  sw: 1, southwest: 1, s: 2, south: 2, se: 3, southeast: 3,
};

/** How many columns and rows the grid has on this table. */
export function gridShape(ctx: GridContext): { readonly columns: number; readonly rows: number } {
  // A sliver under a thousandth of an inch is rounding, not a cell.
  return { columns: Math.ceil(ctx.table.width / ctx.grid.cell - 1e-3), rows: Math.ceil(ctx.table.height / ctx.grid.cell - 1e-3) };
}

/** Column label of 1-based column n: A…Z, then AA, AB… (up to ZZ). */
export function columnLabel(n: number): string {
  const letter = (i: number) => String.fromCharCode(65 + i);
  const i = n - 1;
  return i < 26 ? letter(i) : letter(Math.floor(i / 26) - 1) + letter(i % 26);
}

function columnNumber(label: string): number {
  const v = (c: string) => c.charCodeAt(0) - 96;
  const [a = '', b] = label.toLowerCase();
  return b === undefined ? v(a) : v(a) * 26 + v(b);
}

/** Read "f7", "F7.9", "f7 ne", "F7 north-east" (already folded); undefined when it is not a grid reference. */
export function parseGridRef(folded: string): GridRef | undefined {
  const m = /^([a-z]{1,2})([1-9]\d{0,2})(?:\s*\.\s*([1-9])|\s+([a-z][a-z .-]*))?$/.exec(folded.trim());
  if (!m) return undefined;
  const [, letters = '', digits = '', keypad, word] = m;
  const sub = keypad !== undefined ? (Number(keypad) as Keypad) : word !== undefined ? SUB_WORDS[word.replace(/[\s.-]/g, '')] : undefined;
  if (word !== undefined && sub === undefined) return undefined;
  return { column: columnNumber(letters), row: Number(digits), ...(sub !== undefined ? { sub } : {}) };
}

/** Does the cell exist on this table? */
export function cellExists(ref: GridRef, ctx: GridContext): boolean {
  const { columns, rows } = gridShape(ctx);
  return ref.column >= 1 && ref.row >= 1 && ref.column <= columns && ref.row <= rows;
}

/** The part of a cell on the table, in inches. */
export function cellBounds(ref: GridRef, ctx: GridContext): { readonly west: number; readonly east: number; readonly south: number; readonly north: number } {
  const { cell } = ctx.grid;
  const west = (ref.column - 1) * cell;
  const north = ctx.table.height - (ref.row - 1) * cell;
  return { west, east: Math.min(ctx.table.width, west + cell), south: Math.max(0, north - cell), north };
}

/** The centre of a cell, or of its keypad ninth. */
export function cellPoint(ref: GridRef, ctx: GridContext): Point {
  const b = cellBounds(ref, ctx);
  const k = (ref.sub ?? 5) - 1;
  const col = k % 3; // 0 west … 2 east
  const fromSouth = Math.floor(k / 3); // 0 for 1 2 3 (south row) … 2 for 7 8 9 (north row)
  return { x: b.west + ((col + 0.5) * (b.east - b.west)) / 3, y: b.south + ((fromSouth + 0.5) * (b.north - b.south)) / 3 };
}

/** The label of a reference: "F7", or "F7.9" with a ninth. */
export function formatGridRef(ref: GridRef): string {
  return `${columnLabel(ref.column)}${ref.row}${ref.sub !== undefined ? `.${ref.sub}` : ''}`;
}

/** The grid cell a point lies in ("F7"), or undefined when the point is off the table. */
export function gridRef(p: Point, ctx: GridContext): string | undefined {
  const { width, height } = ctx.table;
  if (!(p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height)) return undefined;
  const { columns, rows } = gridShape(ctx);
  const column = Math.min(columns, Math.floor(p.x / ctx.grid.cell) + 1);
  const row = Math.min(rows, Math.floor((height - p.y) / ctx.grid.cell) + 1);
  return formatGridRef({ column, row });
}
