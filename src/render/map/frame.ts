/**
 * Which part of the table a map shows: all of it, a block of grid cells (/map area:F5-H8) or
 * the ground around a unit (/map around:<unit>). Cells are read by the one grid of
 * src/rules/location/grid.ts, so "F5" here is the F5 players type in orders.
 */
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { Point, TableSize } from '../../rules/geometry/types';
import { cellBounds, cellExists, formatGridRef, parseGridRef, type GridContext } from '../../rules/location/grid';
import type { Rect } from './model';

/** What the viewer asked to see. `around` is a unit id the adapter resolves to a point. */
export interface MapView {
  readonly area?: string;
  readonly around?: string;
  /** Inches from the unit to the frame's nearest edge (default: one and a half grid cells). */
  readonly radius?: number;
}

/** The whole table. */
export const tableRect = (t: TableSize): Rect => ({ x0: 0, y0: 0, x1: t.width, y1: t.height });

/** "F5-H8", "F5:H8", "F5 to H8" or a single "F5": the rectangle covering those cells. */
export function areaFrame(area: string, ctx: GridContext): Result<Rect, Problem> {
  const parts = area.trim().toLowerCase().split(/\s*(?:-|:|\.\.|\bto\b)\s*/).filter((x) => x.length > 0);
  if (parts.length < 1 || parts.length > 2) return err(badArea(area));
  const refs = parts.map((p) => parseGridRef(p));
  if (refs.some((r) => r === undefined || r.sub !== undefined)) return err(badArea(area));
  const cells = refs as NonNullable<(typeof refs)[number]>[];
  const missing = cells.find((c) => !cellExists(c, ctx));
  if (missing) return err({ code: 'map/area-off-table', message: `There is no cell ${formatGridRef(missing)} on this map.`, hint: 'Use cells from the map\'s grid, e.g. area:B2-C3.' });
  const bounds = cells.map((c) => cellBounds(c, ctx));
  return ok({
    x0: Math.min(...bounds.map((b) => b.west)),
    x1: Math.max(...bounds.map((b) => b.east)),
    y0: Math.min(...bounds.map((b) => b.south)),
    y1: Math.max(...bounds.map((b) => b.north)),
  });
}

function badArea(area: string): Problem {
  return { code: 'map/bad-area', message: `"${area}" is not a block of grid cells.`, hint: 'Write two corner cells, e.g. area:F5-H8, or one cell, e.g. area:F5.' };
}

/**
 * A frame around a point: `radius` inches each way, widened to the landscape 4:3 of a phone
 * held sideways, then slid (not shrunk) to stay on the table.
 */
export function aroundFrame(at: Point, radius: number, table: TableSize): Rect {
  const h = Math.min(2 * radius, table.height);
  const w = Math.min(Math.max(2 * radius, (h * 4) / 3), table.width);
  const x0 = Math.max(0, Math.min(table.width - w, at.x - w / 2));
  const y0 = Math.max(0, Math.min(table.height - h, at.y - h / 2));
  return { x0, y0, x1: x0 + w, y1: y0 + h };
}

/** Do two rectangles overlap (touching counts)? */
export const rectsMeet = (a: Rect, b: Rect): boolean => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/** The bounding rectangle of points, grown by `pad` inches. */
export function boundsOf(points: readonly Point[], pad = 0): Rect {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x); y0 = Math.min(y0, p.y); x1 = Math.max(x1, p.x); y1 = Math.max(y1, p.y);
  }
  return { x0: x0 - pad, y0: y0 - pad, x1: x1 + pad, y1: y1 + pad };
}
