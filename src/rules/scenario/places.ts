import type { Landmark, Point, TableSize } from '../geometry/types';
import { gridRefToPoint, isGridRef } from './grid';
import { normalizeName } from './names';

/** Landmarks by every normalized name and alias ("saint amand la haye" → Saint-Amand-la-Haye). */
export function landmarkIndex(landmarks: readonly Landmark[]): ReadonlyMap<string, Landmark> {
  const index = new Map<string, Landmark>();
  for (const l of landmarks) {
    for (const n of [l.name, ...(l.aliases ?? [])]) {
      const key = normalizeName(n);
      if (!index.has(key)) index.set(key, l);
    }
  }
  return index;
}

/** What a named place resolves against. */
export interface PlaceContext {
  readonly table: TableSize;
  readonly gridCell: number;
  readonly landmarks: ReadonlyMap<string, Landmark>;
}

/** A named place turned into a point: a grid reference (the cell's centre) or a landmark. */
export type ResolvedName = { readonly kind: 'grid'; readonly at: Point } | { readonly kind: 'landmark'; readonly at: Point; readonly landmark: Landmark };

/**
 * Grid references win over landmarks: a landmark may not look like one (checks refuse it), so
 * "F7" is never ambiguous. Undefined when neither matches.
 */
export function resolveName(ctx: PlaceContext, text: string): ResolvedName | undefined {
  if (isGridRef(text)) {
    const at = gridRefToPoint(ctx.table, ctx.gridCell, text);
    return at && { kind: 'grid', at };
  }
  const landmark = ctx.landmarks.get(normalizeName(text));
  return landmark && { kind: 'landmark', at: landmark.at, landmark };
}

/** Is the point on the table (edges included)? */
export const onTable = (table: TableSize, p: Point): boolean => p.x >= 0 && p.y >= 0 && p.x <= table.width && p.y <= table.height;

/** Shortest distance from a point to a polyline, in inches. */
export function distanceToLine(p: Point, line: readonly Point[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    best = Math.min(best, Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)));
  }
  return line.length === 1 ? Math.hypot(p.x - line[0]!.x, p.y - line[0]!.y) : best;
}

/** The place context of a map as the schema parsed it. */
export function placeContext(map: { readonly table: TableSize; readonly gridCell: number; readonly landmarks: readonly Landmark[] }): PlaceContext {
  return { table: map.table, gridCell: map.gridCell, landmarks: landmarkIndex(map.landmarks) };
}
