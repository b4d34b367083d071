import { describe, expect, it } from 'vitest';
import { SpatialGrid } from '../../../src/rules/geometry/grid';
import { pointSegmentDistance } from '../../../src/rules/geometry/primitives';
import type { Point } from '../../../src/rules/geometry/types';
import { prng } from '../../helpers/dram-battle';

interface Piece { id: string; at: Point; r: number }

/** A table of pieces at random (some off the table, some on cell borders), filed in order. */
function world(seed: number, n: number, cell: number) {
  const r = prng(seed);
  const pieces: Piece[] = [];
  for (let i = 0; i < n; i++) {
    const onBorder = r.next() < 0.1;
    const x = onBorder ? Math.round(r.next() * 20) * cell : -10 + r.next() * 120;
    const y = onBorder ? Math.round(r.next() * 8) * cell : -5 + r.next() * 50;
    pieces.push({ id: `p${i}`, at: { x, y }, r: 0.5 + r.next() * 3 });
  }
  const grid = new SpatialGrid<Piece>(cell);
  for (const p of pieces) grid.set(p.id, p, p.at, p.r);
  return { r, pieces, grid };
}

const ids = (xs: readonly Piece[]) => xs.map((p) => p.id);

describe('SpatialGrid', () => {
  it('near: every piece whose bounding circle comes within the distance, none far beyond it, in the order filed', () => {
    const { r, pieces, grid } = world(1, 400, 6);
    for (let q = 0; q < 300; q++) {
      const p = { x: -15 + r.next() * 130, y: -8 + r.next() * 60 };
      const within = r.next() * 15;
      const exact = pieces.filter((x) => Math.hypot(x.at.x - p.x, x.at.y - p.y) - x.r <= within);
      const got = grid.near(p, within);
      expect(ids(got)).toEqual(ids(exact));
    }
  });

  it('inBox and nearPath: a superset of the exact answer, in the order filed, nothing beyond the box or the path', () => {
    const { r, pieces, grid } = world(2, 300, 5);
    for (let q = 0; q < 200; q++) {
      const a = { x: r.next() * 100, y: r.next() * 40 }, b = { x: r.next() * 100, y: r.next() * 40 }, c = { x: r.next() * 100, y: r.next() * 40 };
      const within = r.next() * 8;
      const path = [a, b, c];
      const pathExact = pieces.filter((x) => Math.min(pointSegmentDistance(x.at, a, b), pointSegmentDistance(x.at, b, c)) - x.r <= within);
      expect(ids(grid.nearPath(path, within))).toEqual(ids(pathExact));
      const [minX, maxX] = [Math.min(a.x, b.x), Math.max(a.x, b.x)], [minY, maxY] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      const boxExact = pieces.filter((x) => x.at.x >= minX - within - x.r && x.at.x <= maxX + within + x.r && x.at.y >= minY - within - x.r && x.at.y <= maxY + within + x.r);
      expect(ids(grid.inBox(minX, minY, maxX, maxY, within))).toEqual(ids(boxExact));
    }
  });

  it('moving a piece refiles it in O(1) and keeps its place in the order; a deleted piece is gone', () => {
    const { r, pieces, grid } = world(3, 200, 4);
    for (let step = 0; step < 500; step++) {
      const i = Math.floor(r.next() * pieces.length);
      const p = pieces[i]!;
      if (r.next() < 0.05 && grid.has(p.id)) { grid.delete(p.id); continue; }
      if (!grid.has(p.id)) continue;
      const moved = { ...p, at: { x: p.at.x + (r.next() - 0.5) * 30, y: p.at.y + (r.next() - 0.5) * 30 } };
      pieces[i] = moved;
      grid.set(moved.id, moved, moved.at, moved.r);
    }
    const live = pieces.filter((p) => grid.has(p.id));
    expect(grid.size).toBe(live.length);
    expect(live.length).toBeLessThan(pieces.length);
    expect(ids(grid.all())).toEqual(ids(live));
    for (let q = 0; q < 200; q++) {
      const p = { x: -20 + r.next() * 140, y: -20 + r.next() * 80 };
      const within = r.next() * 10;
      expect(ids(grid.near(p, within))).toEqual(ids(live.filter((x) => Math.hypot(x.at.x - p.x, x.at.y - p.y) - x.r <= within)));
    }
  });

  it('a query wider than the filed cells reads the pieces themselves, with the same answer', () => {
    const { pieces, grid } = world(4, 50, 2);
    const all = grid.near({ x: 50, y: 20 }, 1000);
    expect(ids(all)).toEqual(ids(pieces));
  });

  it('refuses a cell that is not a positive number of inches', () => {
    expect(() => new SpatialGrid(0)).toThrow(/positive/);
    expect(() => new SpatialGrid(Number.NaN)).toThrow(/positive/);
  });
});
