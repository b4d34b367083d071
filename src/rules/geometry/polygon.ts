/**
 * Convex-polygon helpers over our own Points (rings of corners, either orientation): area sign,
 * clipping one convex ring to another, the nearest point of a ring's boundary, the centroid.
 */
import { EPS } from './epsilon';
import type { Point } from './types';
import { add, distance, dot, scale, sub } from './vector';

/** Twice-signed area / 2: > 0 for a counter-clockwise ring. */
export const signedArea = (ring: readonly Point[]): number =>
  ring.reduce((s, p, i) => {
    const q = ring[(i + 1) % ring.length] as Point;
    return s + (p.x * q.y - q.x * p.y);
  }, 0) / 2;

/** Sutherland-Hodgman: a convex subject ring clipped to a convex clip ring (either orientation). */
export function clipConvex(subject: readonly Point[], clip: readonly Point[]): Point[] {
  const sign = signedArea(clip) >= 0 ? 1 : -1;
  const inside = (p: Point, a: Point, b: Point) => sign * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) >= -EPS;
  let out: Point[] = [...subject];
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i] as Point;
    const b = clip[(i + 1) % clip.length] as Point;
    const input = out;
    out = [];
    for (let j = 0; j < input.length; j++) {
      const p = input[j] as Point;
      const q = input[(j + 1) % input.length] as Point;
      const pin = inside(p, a, b);
      const qin = inside(q, a, b);
      if (pin) out.push(p);
      if (pin !== qin) {
        const d1 = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        const d2 = (b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x);
        const t = d1 / (d1 - d2);
        out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
      }
    }
  }
  return out;
}

/** The point of a ring's boundary nearest to `p` (a one-point ring is that point). */
export function nearestPointOnRing(ring: readonly Point[], p: Point): Point {
  if (ring.length === 1) return ring[0] as Point;
  let best: { q: Point; d: number } | undefined;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Point;
    const b = ring[(i + 1) % ring.length] as Point;
    const ab = sub(b, a);
    const len2 = dot(ab, ab);
    const t = len2 <= EPS * EPS ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
    const q = add(a, scale(ab, t));
    const d = distance(p, q);
    if (!best || d < best.d) best = { q, d };
  }
  return (best as { q: Point }).q;
}

/** The mean of a ring's corners (the centre of a convex base). */
export const centroid = (ring: readonly Point[]): Point => scale(ring.reduce((s, p) => add(s, p), { x: 0, y: 0 }), 1 / ring.length);

