import type { Landmark, Point, TerrainFeature } from '../geometry/types';
import type { ScenarioMap } from './types';

/**
 * One battlefield at another ground scale: the part of a map inside `window` (in the source's
 * inches), shifted to the origin and multiplied by `factor` (the ratio of the two scales' yards
 * per inch — NW's 100 yd/in to ANRT's 50 is 2). Areas are clipped to the window
 * (Sutherland–Hodgman against its four sides), lines cut where they leave it (a line that
 * leaves and comes back becomes two features, `<id>-2`), point features and landmarks outside
 * it dropped. Widths scale too: a 50-yard stream stays 50 yards wide. Coordinates are rounded
 * to the hundredth of an inch, as a scenario author would write them.
 */
export interface MapWindow { readonly x: number; readonly y: number; readonly width: number; readonly height: number }

const r2 = (n: number): number => Math.round(n * 100) / 100;

export function rescaleMap(map: ScenarioMap, w: MapWindow, factor: number, gridCell = map.gridCell * factor): ScenarioMap {
  const to = (p: Point): Point => ({ x: r2((p.x - w.x) * factor), y: r2((p.y - w.y) * factor) });
  const inside = (p: Point): boolean => p.x >= w.x - 1e-9 && p.x <= w.x + w.width + 1e-9 && p.y >= w.y - 1e-9 && p.y <= w.y + w.height + 1e-9;
  const terrain: TerrainFeature[] = [];
  for (const f of map.terrain) {
    if ('polygon' in f) {
      const ring = clipPolygon(f.polygon, w);
      if (ring.length >= 3) terrain.push({ ...f, polygon: dedupe(ring.map(to)) });
    } else if ('line' in f) {
      clipLine(f.line, w).forEach((part, i) => terrain.push({ ...f, id: i === 0 ? f.id : `${f.id}-${i + 1}`, line: dedupe(part.map(to)), ...(f.width !== undefined ? { width: r2(f.width * factor) } : {}) }));
    } else if (inside(f.at)) {
      terrain.push({ ...f, at: to(f.at), ...(f.width !== undefined ? { width: r2(f.width * factor) } : {}) });
    }
  }
  const landmarks: Landmark[] = map.landmarks.filter((l) => inside(l.at)).map((l) => ({ ...l, at: to(l.at) }));
  return { table: { width: r2(w.width * factor), height: r2(w.height * factor) }, gridCell, terrain, landmarks };
}

function dedupe(ps: Point[]): Point[] {
  return ps.filter((p, i) => i === 0 || p.x !== ps[i - 1]!.x || p.y !== ps[i - 1]!.y);
}

type Edge = { inside: (p: Point) => boolean; cut: (a: Point, b: Point) => Point };

function edges(w: MapWindow): Edge[] {
  const at = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
  const x0 = w.x, x1 = w.x + w.width, y0 = w.y, y1 = w.y + w.height;
  return [
    { inside: (p) => p.x >= x0, cut: (a, b) => at(a, b, (x0 - a.x) / (b.x - a.x)) },
    { inside: (p) => p.x <= x1, cut: (a, b) => at(a, b, (x1 - a.x) / (b.x - a.x)) },
    { inside: (p) => p.y >= y0, cut: (a, b) => at(a, b, (y0 - a.y) / (b.y - a.y)) },
    { inside: (p) => p.y <= y1, cut: (a, b) => at(a, b, (y1 - a.y) / (b.y - a.y)) },
  ];
}

/** Sutherland–Hodgman: the part of a ring inside the window (a convex clip region). */
export function clipPolygon(ring: readonly Point[], w: MapWindow): Point[] {
  let out: Point[] = [...ring];
  for (const e of edges(w)) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const cur = input[i]!, prev = input[(i + input.length - 1) % input.length]!;
      if (e.inside(cur)) {
        if (!e.inside(prev)) out.push(e.cut(prev, cur));
        out.push(cur);
      } else if (e.inside(prev)) out.push(e.cut(prev, cur));
    }
    if (!out.length) return [];
  }
  return out;
}

/** The runs of a polyline inside the window, each cut at the window's edge (Liang–Barsky per segment). */
export function clipLine(line: readonly Point[], w: MapWindow): Point[][] {
  const parts: Point[][] = [];
  let cur: Point[] = [];
  for (let i = 1; i < line.length; i++) {
    const seg = clipSegment(line[i - 1]!, line[i]!, w);
    if (!seg) { if (cur.length) { parts.push(cur); cur = []; } continue; }
    const [a, b] = seg;
    const last = cur[cur.length - 1];
    if (!last || Math.hypot(last.x - a.x, last.y - a.y) > 1e-9) { if (cur.length) parts.push(cur); cur = [a]; }
    cur.push(b);
  }
  if (cur.length) parts.push(cur);
  return parts.filter((p) => p.length >= 2);
}

function clipSegment(a: Point, b: Point, w: MapWindow): [Point, Point] | null {
  let t0 = 0, t1 = 1;
  const dx = b.x - a.x, dy = b.y - a.y;
  const checks: [number, number][] = [[-dx, a.x - w.x], [dx, w.x + w.width - a.x], [-dy, a.y - w.y], [dy, w.y + w.height - a.y]];
  for (const [p, q] of checks) {
    if (p === 0) { if (q < 0) return null; continue; }
    const t = q / p;
    if (p < 0) { if (t > t1) return null; if (t > t0) t0 = t; } else { if (t < t0) return null; if (t < t1) t1 = t; }
  }
  return [{ x: a.x + t0 * dx, y: a.y + t0 * dy }, { x: a.x + t1 * dx, y: a.y + t1 * dy }];
}
