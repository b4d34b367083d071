import { describe, expect, it } from 'vitest';
import { elevationAt, segmentTerrainLengths, terrainAt } from '../../../src/rules/geometry/terrain';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, rect, woods } from './helpers';

const road: TerrainFeature = { id: 'road', kind: 'road', line: [p(-5, 0), p(30, 0)], width: 1 };
const river: TerrainFeature = { id: 'river', kind: 'river', line: [p(5, -10), p(5, 10)], width: 2 };
const hill: TerrainFeature = { id: 'hill', kind: 'hill', polygon: rect(0, 0, 10, 10), level: 1 };
const ridge: TerrainFeature = { id: 'ridge', kind: 'hill', polygon: rect(4, 4, 6, 6), level: 2 };

describe('terrainAt', () => {
  const features = [woods('w', 10, -5, 13, 5), road, river];
  it('finds the areas containing a point, edges included', () => {
    expect(terrainAt(p(11, 2), features).map((f) => f.id)).toEqual(['w']);
    expect(terrainAt(p(10, 2), features).map((f) => f.id)).toEqual(['w']);
    expect(terrainAt(p(14, 2), features).map((f) => f.id)).toEqual([]);
  });
  it('finds lines within half their width', () => {
    expect(terrainAt(p(11, 0.5), features).map((f) => f.id)).toEqual(['w', 'road']);
    expect(terrainAt(p(20, 0.6), features).map((f) => f.id)).toEqual([]);
    expect(terrainAt(p(6, 3), features).map((f) => f.id)).toEqual(['river']);
  });
  it('works for rings listed anticlockwise or clockwise', () => {
    const cw: TerrainFeature = { id: 'cw', kind: 'marsh', polygon: [...rect(0, 0, 2, 2)].reverse() };
    expect(terrainAt(p(1, 1), [cw]).map((f) => f.id)).toEqual(['cw']);
  });
  it('elevation is the highest level containing the point', () => {
    expect(elevationAt(p(1, 1), [hill, ridge])).toBe(1);
    expect(elevationAt(p(5, 5), [hill, ridge])).toBe(2);
    expect(elevationAt(p(11, 5), [hill, ridge])).toBe(0);
  });
});

describe('segmentTerrainLengths', () => {
  it('measures the length inside each area', () => {
    const r = segmentTerrainLengths(p(0, 0), p(20, 0), [woods('w', 10, -5, 13, 5), woods('v', 15, -1, 16, 1)]);
    expect(r.areas.map((a) => [a.id, a.length])).toEqual([['w', 3], ['v', 1]]);
  });
  it('measures a diagonal through a square: 3-4-5', () => {
    const r = segmentTerrainLengths(p(0, 0), p(8, 6), [woods('w', 4, 0, 8, 10)]);
    expect(r.areas[0]?.length).toBeCloseTo(5, 12);
  });
  it('a non-convex area is entered twice', () => {
    const u: TerrainFeature = { id: 'u', kind: 'town', polygon: [p(0, 0), p(9, 0), p(9, 9), p(6, 9), p(6, 3), p(3, 3), p(3, 9), p(0, 9)] };
    const r = segmentTerrainLengths(p(-1, 6), p(10, 6), [u]);
    expect(r.areas[0]?.length).toBeCloseTo(6, 12);
  });
  it('running exactly along an area edge is not inside it', () => {
    expect(segmentTerrainLengths(p(0, 5), p(20, 5), [woods('w', 10, -5, 13, 5)]).areas).toEqual([]);
  });
  it('follows a road only within half its width and roughly along it', () => {
    expect(segmentTerrainLengths(p(0, 0), p(18, 0), [road]).along).toEqual([{ id: 'road', kind: 'road', length: 18 }]);
    // 0.4" off the centreline of a 1"-wide road: still on it.
    expect(segmentTerrainLengths(p(0, 0.4), p(18, 0.4), [road]).along[0]?.length).toBeCloseTo(18, 12);
    // 0.6" off: not on it.
    expect(segmentTerrainLengths(p(0, 0.6), p(18, 0.6), [road]).along).toEqual([]);
    // Leaving the road at a slant: on it only until 0.5" off. 20 long, rising 2: off after 5".
    // (Half-width + EPS is inclusive, and the 1:10 slope stretches that EPS tenfold.)
    expect(segmentTerrainLengths(p(0, 0), p(20, 2), [road]).along[0]?.length).toBeCloseTo(Math.hypot(5, 0.5), 4);
    // Crossing at right angles is never "along".
    expect(segmentTerrainLengths(p(5, -5), p(5, 5), [road]).along).toEqual([]);
  });
  it('follows a road round a bend', () => {
    const bend: TerrainFeature = { id: 'bend', kind: 'road', line: [p(0, 0), p(10, 0), p(10, 10)], width: 1 };
    expect(segmentTerrainLengths(p(10, 0), p(10, 10), [bend]).along[0]?.length).toBeCloseTo(10, 12);
    expect(segmentTerrainLengths(p(0, 0), p(10, 0), [bend]).along[0]?.length).toBeCloseTo(10, 12);
  });
  it('reports crossings of line features strictly between the ends, with bridges and fords', () => {
    const bridge: TerrainFeature = { id: 'b', kind: 'bridge', at: p(5, 0.3), crosses: 'river' };
    const ford: TerrainFeature = { id: 'f', kind: 'ford', at: p(5, 6), width: 2 };
    const farBridge: TerrainFeature = { id: 'b2', kind: 'bridge', at: p(5, -3), crosses: 'river' };
    const features = [river, bridge, ford, farBridge];
    const [c] = segmentTerrainLengths(p(0, 0), p(10, 0), features).crossings;
    expect(c).toMatchObject({ at: p(5, 0), distance: 5, bridge: { id: 'b' } });
    expect(c?.feature.id).toBe('river');
    expect(segmentTerrainLengths(p(0, 6.5), p(10, 6.5), features).crossings[0]).toMatchObject({ ford: { id: 'f' } });
    const bare = segmentTerrainLengths(p(0, 2), p(10, 2), features).crossings[0];
    expect(bare?.bridge).toBeUndefined();
    expect(bare?.ford).toBeUndefined();
    // Ending on the river is not crossing it.
    expect(segmentTerrainLengths(p(0, 0), p(5, 0), features).crossings).toEqual([]);
  });
  it('a bridge that names another river does not serve this one', () => {
    const other: TerrainFeature = { id: 'b', kind: 'bridge', at: p(5, 0), crosses: 'elsewhere' };
    expect(segmentTerrainLengths(p(0, 0), p(10, 0), [river, other]).crossings[0]?.bridge).toBeUndefined();
  });
  it('a zero-length segment meets nothing', () => {
    expect(segmentTerrainLengths(p(11, 0), p(11, 0), [woods('w', 10, -5, 13, 5), road])).toEqual({ areas: [], along: [], crossings: [] });
  });
});
