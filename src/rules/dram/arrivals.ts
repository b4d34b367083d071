import { basePolygon, baseWithin, type Base } from '../geometry/base';
import type { BaseSize, Point, Pose } from '../geometry/types';
import { add, headingVector, rightVector, scale } from '../geometry/vector';
import type { DramState, General, Reinforcement } from './state';
import { BASES } from './tables';

/** DRAM §10 L154-165 basing: a corps HQ 1½×3, an army or wing HQ 2×4. */
export const hqBase = (g: Pick<General, 'level'>): BaseSize => (g.level === 'corps' ? BASES['corps-hq'] : BASES['army-or-wing-hq']);

/** Slots tried either side of the entry point, and rows inward from it, before giving up on a clear spot. */
const LATERAL_SLOTS = 10;
const ROWS = 6;
/** Room left between arriving bases, in inches, so each reads as its own block on the map. */
const GAP = 0.25;

/**
 * HR DE-16: where a reinforcement's pieces stand when they arrive. dram-mk4.txt has no
 * reinforcement rule; the scenario gives an entry point and a facing, and the pieces form up
 * abreast across that facing at the point: first slot on the point, then alternately right and
 * left of it, then a row further in along the facing. Every base lies wholly on the table (a
 * slot that would hang over an edge is slid in) and overlaps nothing already there — no stand,
 * no general, no piece arriving with it (touching edge to edge is fine). Stands take the slots
 * nearest the point first, in the scenario's order, then generals. A piece for which no slot is
 * clear within ten slots either way and six rows in is placed on the nearest slot anyway
 * (`crowded`), wholly on the table, and the narrative says so.
 */
export function arrivalPoses(s: DramState, r: Reinforcement): { poses: Map<string, Pose>; crowded: string[] } {
  const pieces = [
    ...r.units.flatMap((id) => (s.stands[id] ? [{ id, size: s.stands[id]!.base }] : [])),
    ...r.units.flatMap((id) => (s.generals[id] && !s.stands[id] ? [{ id, size: hqBase(s.generals[id]!) }] : [])),
  ];
  const taken: Base[] = [
    ...Object.values(s.stands).filter((x) => x.onTable && !x.removed && !r.units.includes(x.id)).map((x) => ({ pose: x.pose, size: x.base })),
    ...Object.values(s.generals).filter((g) => g.status === 'present' && !r.units.includes(g.id) && !notYetArrived(s, g.id)).map((g) => ({ pose: g.pose, size: hqBase(g) })),
  ];
  const pitch = { across: Math.max(0, ...pieces.map((p) => p.size.width)) + GAP, along: Math.max(0, ...pieces.map((p) => p.size.depth)) + GAP };
  const slots = slotOrder().map(({ k, row }) => add(add(r.at, scale(rightVector(r.facing), k * pitch.across)), scale(headingVector(r.facing), row * pitch.along)));
  const poses = new Map<string, Pose>();
  const crowded: string[] = [];
  for (const p of pieces) {
    const onTableAt = (at: Point): Base => slideOnTable({ pose: { at, facing: r.facing }, size: p.size }, s.map.table);
    const clear = slots.map(onTableAt).find((b) => !taken.some((t) => overlapping(b, t)));
    const base = clear ?? onTableAt(r.at);
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

/** A general listed in a reinforcement still to come is not on the table yet. */
function notYetArrived(s: DramState, id: string): boolean {
  return s.reinforcements.some((x) => x.turn > s.turn && x.units.includes(id));
}

/** Overlap with some area (edges touching, or within a twentieth of an inch, do not count). */
function overlapping(a: Base, b: Base): boolean {
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
