import { basePolygon, baseWithin, type Base } from './base';
import type { BaseSize, Point, Pose } from './types';
import { add, headingVector, rightVector, scale } from './vector';

/** Slots tried either side of the entry point, and rows inward from it, before giving up on a clear spot. */
const LATERAL_SLOTS = 10;
const ROWS = 6;
/** Room left between arriving bases, in inches, so each reads as its own block on the map. */
const GAP = 0.25;

/**
 * Where pieces arriving at an entry point stand (DRAM HR DE-16, ANRT-S1): abreast across the
 * facing at the point — first slot on the point, then alternately right and left of it, then a
 * row further in along the facing. Every base lies wholly on the table (a slot that would hang
 * over an edge is slid in) and overlaps nothing in `taken` nor another arriving piece (touching
 * edge to edge is fine). Pieces take the slots nearest the point in the order given. A piece
 * with no clear slot within ten slots either way and six rows in is placed on the nearest slot
 * anyway (`crowded`), wholly on the table, for the narrative to say so.
 */
export function formUpAt(
  at: Point, facing: number, pieces: readonly { readonly id: string; readonly size: BaseSize }[], taken0: readonly Base[], table: { readonly width: number; readonly height: number },
): { poses: Map<string, Pose>; crowded: string[] } {
  const taken = [...taken0];
  const pitch = { across: Math.max(0, ...pieces.map((p) => p.size.width)) + GAP, along: Math.max(0, ...pieces.map((p) => p.size.depth)) + GAP };
  const slots = slotOrder().map(({ k, row }) => add(add(at, scale(rightVector(facing), k * pitch.across)), scale(headingVector(facing), row * pitch.along)));
  const poses = new Map<string, Pose>();
  const crowded: string[] = [];
  for (const p of pieces) {
    const onTableAt = (x: Point): Base => slideOnTable({ pose: { at: x, facing }, size: p.size }, table);
    const clear = slots.map(onTableAt).find((b) => !taken.some((t) => overlapping(b, t)));
    const base = clear ?? onTableAt(at);
    if (!clear) crowded.push(p.id);
    poses.set(p.id, base.pose);
    taken.push(base);
  }
  return { poses, crowded };
}

/** Slots nearest the point first: row 0 at k = 0, +1, −1, +2, −2…, then row 1, and so on. */
function slotOrder(): { k: number; row: number }[] {
  const out: { k: number; row: number }[] = [];
  for (let row = 0; row < ROWS; row++) {
    out.push({ k: 0, row });
    for (let k = 1; k <= LATERAL_SLOTS; k++) out.push({ k, row }, { k: -k, row });
  }
  return out;
}

/** Overlap with some area (edges touching, or within a twentieth of an inch, do not count). */
export function overlapping(a: Base, b: Base): boolean {
  const inner = { width: Math.max(0.05, a.size.width - 0.1), depth: Math.max(0.05, a.size.depth - 0.1) };
  return baseWithin({ pose: a.pose, size: inner }, b, 0);
}

/** The base slid (not turned) the least distance that puts all of it on the table. */
export function slideOnTable(b: Base, table: { readonly width: number; readonly height: number }): Base {
  const ring = basePolygon(b);
  const xs = ring.map((p) => p.x), ys = ring.map((p) => p.y);
  const dx = Math.max(0, -Math.min(...xs)) - Math.max(0, Math.max(...xs) - table.width);
  const dy = Math.max(0, -Math.min(...ys)) - Math.max(0, Math.max(...ys) - table.height);
  if (dx === 0 && dy === 0) return b;
  return { pose: { at: { x: b.pose.at.x + dx, y: b.pose.at.y + dy }, facing: b.pose.facing }, size: b.size };
}
