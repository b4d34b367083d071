/** Where things go on the canvas, decided before any canvas exists. */
import { describe, expect, it } from 'vitest';
import { layoutMap, projector } from '../../src/render/map/layout';
import type { LegendEntry, MapDescription } from '../../src/render/map/model';

const legend = (n: number): LegendEntry[] => Array.from({ length: n }, (_, i) => ({ key: `k${i}`, label: `entry ${i}`, swatch: { kind: 'side', colour: '#000000' } }));
const desc = (w: number, h: number, frame = { x0: 0, y0: 0, x1: w, y1: h }, n = 18): Pick<MapDescription, 'frame' | 'legend' | 'overview' | 'table'> =>
  ({ table: { width: w, height: h }, frame, legend: legend(n), overview: frame.x1 - frame.x0 < w ? { table: { width: w, height: h }, items: [], dots: [] } : null });

describe('layoutMap', () => {
  it.each([
    ['Ligny, 42×30 in', 42, 30],
    ['Saint-Rémy, 36×24 in', 36, 24],
    ['a long generated battle, 200×60 in', 200, 60],
    ['a square table, 48×48 in', 48, 48],
  ])('fits %s inside 2000×1500, filling one of the two limits', (_n, w, h) => {
    const l = layoutMap(desc(w, h));
    expect(l.width).toBeLessThanOrEqual(2000);
    expect(l.height).toBeLessThanOrEqual(1500);
    expect(l.width >= 1900 || l.height >= 1450).toBe(true);
    // The map keeps the table's proportions.
    expect(l.map.w / l.map.h).toBeCloseTo(w / h, 5);
    expect(l.ppi).toBeCloseTo(l.map.w / w, 5);
  });

  it('puts the furniture beside a tall zoomed frame and under a wide one', () => {
    const tall = layoutMap(desc(42, 30, { x0: 12, y0: 6, x1: 30, y1: 24 }));
    expect(tall.legend.x).toBeGreaterThan(tall.map.x + tall.map.w);
    expect(tall.inset).not.toBeNull();
    const wide = layoutMap(desc(200, 60));
    expect(wide.legend.y).toBeGreaterThan(wide.map.y + wide.map.h);
    expect(wide.inset).toBeNull();
  });

  it('scales text with the image but never below half size', () => {
    expect(layoutMap(desc(42, 30)).ui).toBe(1);
    expect(layoutMap(desc(42, 30), { maxWidth: 1000, maxHeight: 750 }).ui).toBe(0.5);
    expect(layoutMap(desc(42, 30), { maxWidth: 400, maxHeight: 300 }).ui).toBe(0.5);
  });

  it('projects table inches to pixels with north up: the frame\'s north-west corner is the map\'s top-left', () => {
    const d = desc(42, 30, { x0: 12, y0: 6, x1: 30, y1: 24 });
    const l = layoutMap(d);
    const px = projector(d, l);
    expect(px({ x: 12, y: 24 })).toEqual({ x: l.map.x, y: l.map.y });
    const se = px({ x: 30, y: 6 });
    expect(se.x).toBeCloseTo(l.map.x + l.map.w);
    expect(se.y).toBeCloseTo(l.map.y + l.map.h);
    // Going north goes up the canvas.
    expect(px({ x: 20, y: 20 }).y).toBeLessThan(px({ x: 20, y: 10 }).y);
  });
});
