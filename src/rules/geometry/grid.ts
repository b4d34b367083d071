import { sortSmall } from './sort';
import type { Point } from './types';

/**
 * A spatial index for the neighbour searches of every ruleset (issue 12, "rules that scale"): a
 * uniform grid of square cells over the table, each piece filed in the cell of its centre with
 * the radius of its bounding circle. A query returns the pieces whose bounding circle may come
 * within a distance of a point (or of a box), so a search looks at the few pieces near it
 * instead of every piece on the table.
 *
 * - A query is a broad phase: it may return a piece a little beyond the distance (whole cells
 *   are read), never miss one within it. Callers keep their exact tests.
 * - Results come in the order the pieces were first added (a piece moved keeps its place), so a
 *   search that took `Object.values(...).filter(...)` gets the same pieces in the same order, and
 *   its ties resolve as before: replays stay bit-identical.
 * - Moving a piece is O(1): no copy of the world. Pieces may stand anywhere (off the table too).
 */
export class SpatialGrid<T> {
  private readonly cells = new Map<number, Entry<T>[]>();
  private readonly entries = new Map<string, Entry<T>>();
  private seq = 0;
  /** The largest bounding radius filed (never lowered: a query only reads a little more). */
  private maxRadius = 0;

  /** `cell`: the side of a cell, inches; about the distance most queries ask for. */
  constructor(readonly cell: number) {
    if (!(cell > 0) || !Number.isFinite(cell)) throw new Error(`SpatialGrid: the cell must be a positive number of inches, not ${cell}`);
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** File the piece `id` at `at` with a bounding circle of `radius`, or move it there (it keeps its place in the order). */
  set(id: string, item: T, at: Point, radius: number): void {
    const key = this.keyOf(at.x, at.y);
    const old = this.entries.get(id);
    if (radius > this.maxRadius) this.maxRadius = radius;
    if (old) {
      old.item = item;
      old.x = at.x;
      old.y = at.y;
      old.r = radius;
      if (old.key === key) return;
      this.unfile(old);
      old.key = key;
      this.file(old);
      return;
    }
    const e: Entry<T> = { id, item, x: at.x, y: at.y, r: radius, key, seq: this.seq++ };
    this.entries.set(id, e);
    this.file(e);
  }

  /** Take the piece out (removed from play); nothing if it is not filed. */
  delete(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.unfile(e);
    this.entries.delete(id);
  }

  /** Pieces whose bounding circle comes within `within` of `p` (centre distance ≤ within + radius), in order. */
  near(p: Point, within: number): T[] {
    const out: Entry<T>[] = [];
    this.scan(p.x - within, p.y - within, p.x + within, p.y + within, (e) => {
      const dx = e.x - p.x, dy = e.y - p.y, r = within + e.r + SLACK;
      if (dx * dx + dy * dy <= r * r) out.push(e);
    });
    return ordered(out);
  }

  /** Pieces whose bounding circle meets the box grown by `within` on every side, in order. */
  inBox(minX: number, minY: number, maxX: number, maxY: number, within = 0): T[] {
    const out: Entry<T>[] = [];
    this.scan(minX - within, minY - within, maxX + within, maxY + within, (e) => {
      const g = within + e.r + SLACK;
      if (e.x >= minX - g && e.x <= maxX + g && e.y >= minY - g && e.y <= maxY + g) out.push(e);
    });
    return ordered(out);
  }

  /** Pieces whose bounding circle comes within `within` of any point of the polyline, in order (the box of each leg, then the exact test). */
  nearPath(path: readonly Point[], within: number): T[] {
    if (path.length === 0) return [];
    if (path.length === 1) return this.near(path[0]!, within);
    const seen = new Set<Entry<T>>();
    const out: Entry<T>[] = [];
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!, b = path[i]!;
      this.scan(Math.min(a.x, b.x) - within, Math.min(a.y, b.y) - within, Math.max(a.x, b.x) + within, Math.max(a.y, b.y) + within, (e) => {
        if (seen.has(e)) return;
        const r = within + e.r + SLACK;
        if (segmentDistanceSquared(e.x, e.y, a, b) <= r * r) { seen.add(e); out.push(e); }
      });
    }
    return ordered(out);
  }

  /** Every piece filed, in order. */
  all(): T[] {
    return ordered([...this.entries.values()]);
  }

  private keyOf(x: number, y: number): number {
    return cellKey(Math.floor(x / this.cell), Math.floor(y / this.cell));
  }

  private file(e: Entry<T>): void {
    const list = this.cells.get(e.key);
    if (list) list.push(e);
    else this.cells.set(e.key, [e]);
  }

  private unfile(e: Entry<T>): void {
    const list = this.cells.get(e.key)!;
    const i = list.indexOf(e);
    list[i] = list[list.length - 1]!;
    list.pop();
    if (list.length === 0) this.cells.delete(e.key);
  }

  /** Visit every entry filed in a cell the box (grown by the largest radius) touches. */
  private scan(minX: number, minY: number, maxX: number, maxY: number, visit: (e: Entry<T>) => void): void {
    const m = this.maxRadius;
    const x0 = Math.floor((minX - m) / this.cell), x1 = Math.floor((maxX + m) / this.cell);
    const y0 = Math.floor((minY - m) / this.cell), y1 = Math.floor((maxY + m) / this.cell);
    // A box wider than the filed pieces' cells: read the entries themselves (one pass, no empty cells).
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > this.cells.size) {
      for (const e of this.entries.values()) visit(e);
      return;
    }
    for (let cx = x0; cx <= x1; cx++) {
      for (let cy = y0; cy <= y1; cy++) {
        const list = this.cells.get(cellKey(cx, cy));
        if (list) for (const e of list) visit(e);
      }
    }
  }
}

interface Entry<T> {
  readonly id: string;
  item: T;
  x: number;
  y: number;
  r: number;
  key: number;
  /** When the piece was first filed: the order results come in. */
  readonly seq: number;
}

/**
 * Room for rounding: a caller's exact test (Math.hypot, a point-to-segment distance) may find a
 * piece within its distance that the squared arithmetic here puts a hair beyond; never drop it.
 */
const SLACK = 1e-6;

/** Cells are numbered in one number: 2^21 cells each way either side of zero is far beyond any table. */
const OFFSET = 1 << 21;
const cellKey = (cx: number, cy: number): number => (cx + OFFSET) * (2 * OFFSET) + (cy + OFFSET);

const ordered = <T,>(es: Entry<T>[]): T[] => sortSmall(es, bySeq).map((e) => e.item);
const bySeq = (a: { readonly seq: number }, b: { readonly seq: number }): number => a.seq - b.seq;

/** Squared distance from (x, y) to the segment ab. */
function segmentDistanceSquared(x: number, y: number, a: Point, b: Point): number {
  const vx = b.x - a.x, vy = b.y - a.y;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((x - a.x) * vx + (y - a.y) * vy) / len2));
  const dx = a.x + vx * t - x, dy = a.y + vy * t - y;
  return dx * dx + dy * dy;
}
