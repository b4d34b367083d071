import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseDistance, pointToBaseDistance, type Base } from '../../../src/rules/geometry/base';
import { pathCost, simpleCostModel } from '../../../src/rules/geometry/cost';
import { EPS } from '../../../src/rules/geometry/epsilon';
import { maxReach } from '../../../src/rules/geometry/reach';
import type { Point, TerrainFeature } from '../../../src/rules/geometry/types';
import { distance, turn } from '../../../src/rules/geometry/vector';
import { rect } from './helpers';

const coord = fc.double({ min: 0, max: 60, noNaN: true });
const point = fc.record({ x: coord, y: coord });
const baseArb: fc.Arbitrary<Base> = fc.record({
  pose: fc.record({ at: point, facing: fc.double({ min: 0, max: 359.999, noNaN: true }) }),
  size: fc.record({ width: fc.double({ min: 0.5, max: 6, noNaN: true }), depth: fc.double({ min: 0.5, max: 6, noNaN: true }) }),
});

/** Random woods, marsh and a road over a 60" table. */
const terrainArb: fc.Arbitrary<TerrainFeature[]> = fc
  .tuple(
    fc.array(fc.tuple(coord, coord, fc.double({ min: 1, max: 15, noNaN: true }), fc.double({ min: 1, max: 15, noNaN: true })), { maxLength: 4 }),
    fc.array(point, { minLength: 2, maxLength: 4 }),
  )
  .map(([areas, roadLine]) => [
    ...areas.map(([x, y, w, h], i): TerrainFeature => ({ id: `a${i}`, kind: i % 2 ? 'marsh' : 'woods', polygon: rect(x, y, x + w, y + h), difficult: true })),
    { id: 'road', kind: 'road', line: roadLine, width: 1 },
  ]);

const model = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1 / 1.5, roadOverridesDifficult: true });

describe('properties: distances', () => {
  it('baseDistance is symmetric, ≥ 0, and never more than centre to centre', () => {
    fc.assert(
      fc.property(baseArb, baseArb, (a, b) => {
        const d = baseDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(Math.abs(d - baseDistance(b, a))).toBeLessThanOrEqual(1e-9);
        expect(d).toBeLessThanOrEqual(distance(a.pose.at, b.pose.at) + 1e-9);
      }),
    );
  });
  it('a base is at distance 0 from its own centre, and from anything it overlaps', () => {
    fc.assert(
      fc.property(baseArb, (a) => {
        expect(pointToBaseDistance(a.pose.at, a)).toBe(0);
        expect(baseDistance(a, { ...a, pose: { ...a.pose, facing: turn(a.pose.facing, 33) } })).toBe(0);
      }),
    );
  });
  it('turn always lands in [0, 360)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (f, d) => {
        const t = turn(f, d);
        expect(t).toBeGreaterThanOrEqual(0);
        expect(t).toBeLessThan(360);
      }),
    );
  });
});

describe('properties: maxReach', () => {
  const pathArb = fc.array(point, { minLength: 1, maxLength: 4 });
  const budgetArb = fc.double({ min: 0, max: 120, noNaN: true });

  it('never reaches a point whose path costs more than the budget (+EPS)', () => {
    fc.assert(
      fc.property(pathArb, budgetArb, terrainArb, (path, budget, terrain) => {
        const r = maxReach(path, budget, terrain, model);
        expect(r.cost).toBeLessThanOrEqual(budget + EPS);
        expect(pathCost(r.path, terrain, model).total).toBeLessThanOrEqual(budget + 2 * EPS);
      }),
      { numRuns: 200 },
    );
  });
  it('is monotonic in the budget: more budget never goes less far', () => {
    fc.assert(
      fc.property(pathArb, budgetArb, budgetArb, terrainArb, (path, b1, b2, terrain) => {
        const [lo, hi] = b1 <= b2 ? [b1, b2] : [b2, b1];
        expect(maxReach(path, lo, terrain, model).distance).toBeLessThanOrEqual(maxReach(path, hi, terrain, model).distance + EPS);
      }),
      { numRuns: 200 },
    );
  });
  it('completes exactly when the budget covers the whole path', () => {
    fc.assert(
      fc.property(pathArb, budgetArb, terrainArb, (path, budget, terrain) => {
        const total = pathCost(path, terrain, model).total;
        const r = maxReach(path, budget, terrain, model);
        if (budget >= total + EPS) expect(r.complete).toBe(true);
        if (budget < total - EPS) expect(r.complete).toBe(false);
        if (r.complete) expect(r.point).toEqual(path[path.length - 1] as Point);
      }),
      { numRuns: 200 },
    );
  });
});
