import type { Point } from '../geometry/types';
import type { PlacementRules, Zone } from './placement';

/** A piece to lay out, in order: a unit in the line, or a general behind it (or at the unit he is attached to). */
export type LayoutPiece =
  | { readonly kind: 'unit'; readonly id: string }
  | { readonly kind: 'general'; readonly id: string; readonly attachedTo?: string | undefined; readonly rank: 'formation' | 'army' };

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Lay out the pieces placed at one spot (CAMP-P4): units abreast, `frontage` apart, centred on the
 * spot and facing `facing`; a line never wider than the zone (the rest form lines `depth` behind);
 * the formations' generals half a line behind the units, the army's a full line; a general
 * attached to a unit stands with it (NW §11 L225 "in physical contact"). The group is then shifted
 * as a whole into the zone, so a spot near the zone's edge keeps the formation together.
 */
export function layOut(pieces: readonly LayoutPiece[], at: Point, facing: number, zone: Zone, rules: PlacementRules): Map<string, Point> {
  const rad = (facing * Math.PI) / 180;
  const fwd = { x: Math.sin(rad), y: Math.cos(rad) };
  const right = { x: Math.cos(rad), y: -Math.sin(rad) };
  const across = (zone.x1 - zone.x0) * Math.abs(right.x) + (zone.y1 - zone.y0) * Math.abs(right.y);
  const perLine = Math.max(1, Math.floor(across / rules.frontage) || 1);
  const units = pieces.filter((p) => p.kind === 'unit');
  const rel = new Map<string, { a: number; r: number }>();
  units.forEach((u, k) => {
    const row = Math.floor(k / perLine);
    const inRow = Math.min(perLine, units.length - row * perLine);
    rel.set(u.id, { a: ((k % perLine) - (inRow - 1) / 2) * rules.frontage, r: row });
  });
  const rows = units.length ? Math.ceil(units.length / perLine) : 0;
  for (const rank of ['formation', 'army'] as const) {
    const free = pieces.filter((p): p is Extract<LayoutPiece, { kind: 'general' }> => p.kind === 'general' && p.rank === rank && !(p.attachedTo && rel.has(p.attachedTo)));
    // Half a line behind the last line of units for a formation's officers, a full line for the army's.
    const r = rows ? rows - 1 + (rank === 'army' ? 1 : 0.5) : rank === 'army' ? 0.5 : 0;
    free.forEach((g, j) => rel.set(g.id, { a: (j - (free.length - 1) / 2) * (rules.frontage / 2), r }));
  }
  for (const p of pieces) if (p.kind === 'general' && p.attachedTo && rel.has(p.attachedTo) && !rel.has(p.id)) rel.set(p.id, rel.get(p.attachedTo)!);
  const abs = new Map([...rel].map(([id, o]) => [id, { x: at.x + o.a * right.x - o.r * rules.depth * fwd.x, y: at.y + o.a * right.y - o.r * rules.depth * fwd.y }]));
  // Shift the group into the zone (centred on an axis where it is wider than the zone).
  const pts = [...abs.values()];
  if (!pts.length) return abs;
  const shift = (lo: number, hi: number, z0: number, z1: number) => (hi - lo > z1 - z0 ? (z0 + z1) / 2 - (lo + hi) / 2 : lo < z0 ? z0 - lo : hi > z1 ? z1 - hi : 0);
  const dx = shift(Math.min(...pts.map((p) => p.x)), Math.max(...pts.map((p) => p.x)), zone.x0, zone.x1);
  const dy = shift(Math.min(...pts.map((p) => p.y)), Math.max(...pts.map((p) => p.y)), zone.y0, zone.y1);
  return new Map([...abs].map(([id, p]) => [id, { x: round(Math.min(zone.x1, Math.max(zone.x0, p.x + dx))), y: round(Math.min(zone.y1, Math.max(zone.y0, p.y + dy))) }]));
}
