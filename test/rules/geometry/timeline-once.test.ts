/**
 * Issue 12: a DRAM move's plotted path is priced once — one costTimeline serves its reach
 * (reachAlong) and its preview's total (timelineTotal). These must answer exactly what
 * maxReach and pathCost answer for the same path (to the bit: replays hash the results).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { costTimeline, pathCost, simpleCostModel, timelineTotal, type PathEvent } from '../../../src/rules/geometry/cost';
import { maxReach, reachAlong } from '../../../src/rules/geometry/reach';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, rect } from './helpers';

const coord = fc.double({ min: 0, max: 60, noNaN: true });
const point = fc.record({ x: coord, y: coord });

/** Woods, a road, a stream (paid for by its width) and a river with a bridge: stretches and every kind of event. */
const terrainArb: fc.Arbitrary<TerrainFeature[]> = fc
  .tuple(
    fc.array(fc.tuple(coord, coord, fc.double({ min: 1, max: 15, noNaN: true }), fc.double({ min: 1, max: 15, noNaN: true })), { maxLength: 3 }),
    fc.array(point, { minLength: 2, maxLength: 3 }),
    fc.array(point, { minLength: 2, maxLength: 3 }),
    coord,
  )
  .map(([areas, road, stream, bridgeY]) => [
    ...areas.map(([x, y, w, h], i): TerrainFeature => ({ id: `a${i}`, kind: 'woods', polygon: rect(x, y, x + w, y + h), difficult: true })),
    { id: 'road', kind: 'road', line: road, width: 1 },
    { id: 'stream', kind: 'stream', line: stream, width: 1 },
    { id: 'river', kind: 'river', line: [p(30, -1), p(30, 61)], width: 1 },
    { id: 'bridge', kind: 'bridge', at: p(30, bridgeY), crosses: 'river', width: 2 },
  ]);

const eventCost = (e: PathEvent) => (e.type !== 'cross' || e.bridge || e.ford ? 0 : e.feature.kind === 'river' ? Infinity : 1.5);
const model = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1 / 1.5, roadOverridesDifficult: true, eventCost });

describe('one timeline for the reach and the price (issue 12)', () => {
  it('timelineTotal is pathCost(path).total to the bit, for paths of 1 to 6 points', () => {
    fc.assert(
      fc.property(terrainArb, fc.array(point, { minLength: 1, maxLength: 6 }), (terrain, path) => {
        expect(Object.is(timelineTotal(path, costTimeline(path, terrain, model)), pathCost(path, terrain, model).total)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('reachAlong on the timeline is maxReach, whatever the budget', () => {
    fc.assert(
      fc.property(terrainArb, fc.array(point, { minLength: 1, maxLength: 6 }), fc.double({ min: 0, max: 120, noNaN: true }), (terrain, path, budget) => {
        expect(reachAlong(path, budget, costTimeline(path, terrain, model))).toEqual(maxReach(path, budget, terrain, model));
      }),
      { numRuns: 300 },
    );
  });

  it('a path across the river off the bridge costs Infinity either way, and the reach stops at the crossing', () => {
    const terrain: TerrainFeature[] = [{ id: 'river', kind: 'river', line: [p(30, -1), p(30, 61)], width: 1 }];
    const path = [p(20, 10), p(40, 10)];
    const t = costTimeline(path, terrain, model);
    expect(timelineTotal(path, t)).toBe(Infinity);
    expect(pathCost(path, terrain, model).total).toBe(Infinity);
    const reach = reachAlong(path, 50, t);
    expect(reach.stoppedBy?.reason).toBe('event');
    expect(reach.path).toEqual([p(20, 10), reach.point]);
    expect(reach.point).toEqual(p(30, 10)); // AT the crossing: DRAM backs the base off to the near bank itself
  });

  it('a reach that ends on a vertex does not list that vertex twice', () => {
    // 10" budget over two 10" legs of clear ground: it ends exactly on the middle vertex.
    const path = [p(0, 0), p(10, 0), p(10, 10)];
    const reach = reachAlong(path, 10, costTimeline(path, [], model));
    expect(reach.path).toEqual([p(0, 0), p(10, 0)]);
    expect(reach.complete).toBe(false);
  });

  it('reachAlong, like maxReach, refuses an empty path', () => {
    expect(() => reachAlong([], 5, { items: [], length: 0 })).toThrow(RangeError);
    expect(() => maxReach([], 5, [], model)).toThrow(RangeError);
  });

  it('a path of one point costs 0', () => {
    const path = [p(3, 3)];
    expect(timelineTotal(path, costTimeline(path, [], model))).toBe(0);
  });
});
