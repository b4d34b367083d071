/**
 * Pixel boxes for label placement: the spatial hash of boxes already taken, and the clamp that
 * keeps a label inside the map's neat line. No canvas here: the placement is data a test reads.
 */
import type { Box } from './layout';

/** A rectangle in canvas pixels. */
export interface PixelBox { readonly x0: number; readonly y0: number; readonly x1: number; readonly y1: number }

export interface Px { readonly x: number; readonly y: number }

export const boxesMeet = (a: PixelBox, b: PixelBox): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** Boxes already taken, in a coarse spatial hash so 400 units place quickly. */
export class Occupied {
  private readonly cells = new Map<number, PixelBox[]>();
  private static readonly SIZE = 64;

  private keys(b: PixelBox): number[] {
    const s = Occupied.SIZE, out: number[] = [];
    for (let x = Math.floor(b.x0 / s); x <= Math.floor(b.x1 / s); x++) for (let y = Math.floor(b.y0 / s); y <= Math.floor(b.y1 / s); y++) out.push(x * 100003 + y);
    return out;
  }

  add(b: PixelBox): void {
    for (const k of this.keys(b)) {
      const list = this.cells.get(k);
      if (list) list.push(b);
      else this.cells.set(k, [b]);
    }
  }

  hits(b: PixelBox): boolean {
    for (const k of this.keys(b)) for (const o of this.cells.get(k) ?? []) if (boxesMeet(b, o)) return true;
    return false;
  }
}

/**
 * The box slid the least distance that puts it inside `m` (a label cut by the neat line reads
 * as another name: "russians 2/1"). A box wider or taller than `m` keeps its size and is
 * aligned to m's left or top edge.
 */
export function clampInto(b: PixelBox, m: Box): PixelBox {
  const dx = b.x1 > m.x + m.w ? m.x + m.w - b.x1 : 0;
  const dy = b.y1 > m.y + m.h ? m.y + m.h - b.y1 : 0;
  const x0 = Math.max(m.x, b.x0 + dx), y0 = Math.max(m.y, b.y0 + dy);
  return { x0, y0, x1: x0 + (b.x1 - b.x0), y1: y0 + (b.y1 - b.y0) };
}

export const insideBox = (b: PixelBox, m: Box, eps = 0.5): boolean => b.x0 >= m.x - eps && b.y0 >= m.y - eps && b.x1 <= m.x + m.w + eps && b.y1 <= m.y + m.h + eps;

/** Gap in pixels between a box and a rectangle (0 when they meet). */
export function boxGap(a: PixelBox, b: PixelBox): number {
  const dx = Math.max(0, a.x0 - b.x1, b.x0 - a.x1), dy = Math.max(0, a.y0 - b.y1, b.y0 - a.y1);
  return Math.hypot(dx, dy);
}

/** The point of `b` nearest `p`. */
export const nearestIn = (b: PixelBox, p: Px): Px => ({ x: Math.min(b.x1, Math.max(b.x0, p.x)), y: Math.min(b.y1, Math.max(b.y0, p.y)) });
