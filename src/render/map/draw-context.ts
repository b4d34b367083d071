/** What every drawing function needs, and small path helpers shared by them. */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Point } from '../../rules/geometry/types';
import type { Layout } from './layout';
import type { Palette } from './palette';

export type Ctx = CanvasRenderingContext2D;

export interface Draw {
  readonly g: Ctx;
  readonly pal: Palette;
  readonly l: Layout;
  /** Table inches → canvas pixels. */
  readonly px: (p: Point) => { x: number; y: number };
  readonly ui: number;
  readonly ppi: number;
}

export { hash, rng } from './seed';

/** Trace a closed polygon given in pixels. */
export function polygonPath(g: Ctx, pts: readonly { x: number; y: number }[]): void {
  g.beginPath();
  pts.forEach((p, i) => (i === 0 ? g.moveTo(p.x, p.y) : g.lineTo(p.x, p.y)));
  g.closePath();
}

/**
 * Trace a polyline through its points as a Catmull-Rom curve: rivers and roads bend instead
 * of kinking, and still pass exactly through every vertex (where bridges and fords sit).
 */
export function smoothPath(g: Ctx, pts: readonly { x: number; y: number }[]): void {
  g.beginPath();
  if (pts.length === 0) return;
  g.moveTo(pts[0]!.x, pts[0]!.y);
  if (pts.length === 2) { g.lineTo(pts[1]!.x, pts[1]!.y); return; }
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!, p1 = pts[i]!, p2 = pts[i + 1]!, p3 = pts[Math.min(pts.length - 1, i + 2)]!;
    g.bezierCurveTo(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6, p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6, p2.x, p2.y);
  }
}

/** Is a pixel point inside a pixel polygon (even-odd)? */
export function inside(pt: { x: number; y: number }, poly: readonly { x: number; y: number }[]): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!, b = poly[j]!;
    if ((a.y > pt.y) !== (b.y > pt.y) && pt.x < ((b.x - a.x) * (pt.y - a.y)) / (b.y - a.y) + a.x) c = !c;
  }
  return c;
}

/** Pixel bounding box of points. */
export function pixelBounds(pts: readonly { x: number; y: number }[]): { x0: number; y0: number; x1: number; y1: number } {
  return {
    x0: Math.min(...pts.map((p) => p.x)), y0: Math.min(...pts.map((p) => p.y)),
    x1: Math.max(...pts.map((p) => p.x)), y1: Math.max(...pts.map((p) => p.y)),
  };
}
