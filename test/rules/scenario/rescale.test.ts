import { describe, expect, it } from 'vitest';
import { clipLine, clipPolygon, rescaleMap } from '../../../src/rules/scenario/rescale';

const W = { x: 10, y: 10, width: 10, height: 10 };

describe('rescaleMap: a map at another ground scale', () => {
  it('clips an area to the window (Sutherland–Hodgman)', () => {
    // A square half out of the window's west side keeps its inside half.
    const ring = clipPolygon([{ x: 5, y: 12 }, { x: 15, y: 12 }, { x: 15, y: 18 }, { x: 5, y: 18 }], W);
    expect(ring.map((p) => [p.x, p.y])).toEqual([[10, 12], [15, 12], [15, 18], [10, 18]]);
    expect(clipPolygon([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }], W)).toEqual([]);
  });

  it('cuts a line where it leaves the window, and makes two runs of a line that leaves and comes back', () => {
    expect(clipLine([{ x: 0, y: 15 }, { x: 30, y: 15 }], W)).toEqual([[{ x: 10, y: 15 }, { x: 20, y: 15 }]]);
    const parts = clipLine([{ x: 12, y: 12 }, { x: 12, y: 30 }, { x: 18, y: 30 }, { x: 18, y: 12 }], W);
    expect(parts).toEqual([[{ x: 12, y: 12 }, { x: 12, y: 20 }], [{ x: 18, y: 20 }, { x: 18, y: 12 }]]);
  });

  it('shifts to the origin, multiplies by the factor (widths too), drops what lies outside, names a second run <id>-2', () => {
    const m = rescaleMap({
      table: { width: 60, height: 48 }, gridCell: 6,
      terrain: [
        { id: 'brook', kind: 'stream', line: [{ x: 12, y: 12 }, { x: 12, y: 30 }, { x: 18, y: 30 }, { x: 18, y: 12 }], width: 0.5 },
        { id: 'farm', kind: 'built-up', polygon: [{ x: 11, y: 11 }, { x: 13, y: 11 }, { x: 13, y: 13 }, { x: 11, y: 13 }] },
        { id: 'far-bridge', kind: 'bridge', at: { x: 40, y: 40 } },
      ],
      landmarks: [{ name: 'In', at: { x: 15, y: 15 } }, { name: 'Out', at: { x: 1, y: 1 } }],
    }, W, 2);
    expect(m.table).toEqual({ width: 20, height: 20 });
    expect(m.gridCell).toBe(12);
    expect(m.terrain).toEqual([
      { id: 'brook', kind: 'stream', line: [{ x: 4, y: 4 }, { x: 4, y: 20 }], width: 1 },
      { id: 'brook-2', kind: 'stream', line: [{ x: 16, y: 20 }, { x: 16, y: 4 }], width: 1 },
      { id: 'farm', kind: 'built-up', polygon: [{ x: 2, y: 2 }, { x: 6, y: 2 }, { x: 6, y: 6 }, { x: 2, y: 6 }] },
    ]);
    expect(m.landmarks).toEqual([{ name: 'In', at: { x: 10, y: 10 } }]);
  });
});
