import { describe, expect, it } from 'vitest';
import { pathCost, simpleCostModel, type CostModel, type PathEvent } from '../../../src/rules/geometry/cost';
import { EPS } from '../../../src/rules/geometry/epsilon';
import { maxReach } from '../../../src/rules/geometry/reach';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, rect, woods } from './helpers';

/** DRAM HR D-17: difficult ×2, good road under M orders ×1/1.5, the road overrides difficult terrain. */
const dramM = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1 / 1.5, roadOverridesDifficult: true });
const dramD = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1, roadOverridesDifficult: true });
const wood = woods('w', 10, -5, 13, 5); // 3" thick across y = 0
const road: TerrainFeature = { id: 'road', kind: 'road', line: [p(-5, 0), p(40, 0)], width: 1 };

describe('pathCost (DRAM HR D-17 movement budget)', () => {
  it('3" of woods costs 6" of budget: 20" through them costs 23"', () => {
    const c = pathCost([p(0, 0), p(20, 0)], [wood], dramD);
    expect(c.total).toBe(23);
    expect(c.length).toBe(20);
    expect(c.legs[0]?.stretches.map((s) => [s.length, s.multiplier, s.cost])).toEqual([[10, 1, 10], [3, 2, 6], [7, 1, 7]]);
  });
  it('road ×1.5 under M orders: 18" of road costs 12"', () => {
    expect(pathCost([p(0, 0), p(18, 0)], [road], dramM).total).toBeCloseTo(12, 12);
    expect(pathCost([p(0, 0), p(18, 0)], [road], dramD).total).toBe(18);
  });
  it('the road overrides the woods it runs through; without the override the woods win', () => {
    expect(pathCost([p(0, 0), p(20, 0)], [wood, road], dramM).total).toBeCloseTo(20 / 1.5, 12);
    const noOverride = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1 / 1.5, roadOverridesDifficult: false });
    expect(pathCost([p(0, 0), p(20, 0)], [wood, road], noOverride).total).toBeCloseTo(17 / 1.5 + 6, 12);
  });
  it('crossing a road at right angles earns nothing', () => {
    expect(pathCost([p(5, -10), p(5, 10)], [road], dramM).total).toBe(20);
  });
  it('difficultKinds makes a kind difficult without the flag', () => {
    const town: TerrainFeature = { id: 't', kind: 'town', polygon: rect(2, -2, 6, 2) };
    expect(pathCost([p(0, 0), p(10, 0)], [town], dramD).total).toBe(10);
    expect(pathCost([p(0, 0), p(10, 0)], [town], simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1, roadOverridesDifficult: true, difficultKinds: ['town'] })).total).toBe(14);
  });
  it('breaks a multi-leg path down per leg', () => {
    const c = pathCost([p(0, 0), p(20, 0), p(20, 10)], [wood], dramD);
    expect(c.legs.map((l) => l.cost)).toEqual([23, 10]);
    expect(c.total).toBe(33);
  });
  it('charges events: a crossing once, even at a vertex on the river; never at the ends', () => {
    const stream: TerrainFeature = { id: 's', kind: 'stream', line: [p(-10, 5), p(10, 5)] };
    const model: CostModel = { perInch: () => 1, eventCost: (e) => (e.type === 'cross' ? 2 : 0) };
    expect(pathCost([p(0, 0), p(0, 10)], [stream], model).total).toBe(12);
    expect(pathCost([p(0, 0), p(0, 5), p(0, 10)], [stream], model).total).toBe(12);
    expect(pathCost([p(0, 0), p(0, 5)], [stream], model).total).toBe(5);
    expect(pathCost([p(0, 5), p(0, 10)], [stream], model).total).toBe(5);
  });
  it('charges entering and leaving areas (NW: +1" per elevation change)', () => {
    const hill: TerrainFeature = { id: 'h', kind: 'hill', polygon: rect(4, -2, 6, 2), level: 1 };
    const events: PathEvent[] = [];
    const model: CostModel = { perInch: () => 1, eventCost: (e) => (events.push(e), e.type === 'enter' || e.type === 'leave' ? 1 : 0) };
    expect(pathCost([p(0, 0), p(10, 0)], [hill], model).total).toBe(12);
    expect(events.map((e) => [e.type, e.distance])).toEqual([['enter', 4], ['leave', 6]]);
    // Starting on the hill: only the leaving is charged.
    expect(pathCost([p(5, 0), p(10, 0)], [hill], model).total).toBe(6);
  });
  it('impassable terrain costs Infinity', () => {
    const lake: TerrainFeature = { id: 'l', kind: 'marsh', polygon: rect(4, -2, 6, 2) };
    expect(pathCost([p(0, 0), p(10, 0)], [lake], { perInch: (c) => (c.areas.length ? Infinity : 1) }).total).toBe(Infinity);
  });
});

describe('maxReach: truncating a move to its allowance', () => {
  const path = [p(0, 0), p(20, 0)];
  it('stops mid-woods at the exact point: 14" of budget is 10" clear and 2" into the woods', () => {
    const r = maxReach(path, 14, [wood], dramD);
    expect(r).toMatchObject({ point: p(12, 0), distance: 12, cost: 14, complete: false, stoppedBy: { reason: 'budget' } });
    expect(r.path).toEqual([p(0, 0), p(12, 0)]);
  });
  it('16" reaches exactly the far edge of the woods', () => {
    expect(maxReach(path, 16, [wood], dramD).point).toEqual(p(13, 0));
  });
  it('enough budget completes the path', () => {
    expect(maxReach(path, 23, [wood], dramD)).toMatchObject({ point: p(20, 0), complete: true, cost: 23 });
    expect(maxReach(path, 100, [wood], dramD).stoppedBy).toBeUndefined();
  });
  it('a road under M orders goes 1.5× as far: 12" of budget covers 18" of road', () => {
    const r = maxReach([p(0, 0), p(30, 0)], 12, [road], dramM);
    expect(r.point.x).toBeCloseTo(18, 9);
    expect(r.point.y).toBe(0);
  });
  it('stops on the near side of an obstacle it cannot pay to cross (NW: must clear it completely)', () => {
    const hedge: TerrainFeature = { id: 'hedge', kind: 'obstacle', line: [p(5, -10), p(5, 10)] };
    const model: CostModel = { perInch: () => 1, eventCost: (e) => (e.type === 'cross' ? 2 : 0) };
    const short = maxReach([p(0, 0), p(10, 0)], 6, [hedge], model);
    expect(short).toMatchObject({ point: p(5, 0), cost: 5, stoppedBy: { reason: 'event', cost: 2 } });
    expect(maxReach([p(0, 0), p(10, 0)], 7, [hedge], model)).toMatchObject({ point: p(5, 0), cost: 7, stoppedBy: { reason: 'budget' } });
    expect(maxReach([p(0, 0), p(10, 0)], 8, [hedge], model).point).toEqual(p(6, 0));
  });
  it('a river without a bridge is impassable; with one it is not', () => {
    const river: TerrainFeature = { id: 'r', kind: 'river', line: [p(5, -10), p(5, 10)] };
    const bridge: TerrainFeature = { id: 'b', kind: 'bridge', at: p(5, 0), crosses: 'r' };
    const model: CostModel = { perInch: () => 1, eventCost: (e) => (e.type === 'cross' && !e.bridge ? Infinity : 0) };
    expect(maxReach([p(0, 0), p(10, 0)], 50, [river], model)).toMatchObject({ point: p(5, 0), complete: false });
    expect(maxReach([p(0, 0), p(10, 0)], 50, [river, bridge], model)).toMatchObject({ point: p(10, 0), complete: true });
  });
  it('stops at the edge of impassable terrain', () => {
    const lake: TerrainFeature = { id: 'l', kind: 'marsh', polygon: rect(4, -2, 6, 2) };
    const r = maxReach([p(0, 0), p(10, 0)], 50, [lake], { perInch: (c) => (c.areas.length ? Infinity : 1) });
    expect(r).toMatchObject({ point: p(4, 0), cost: 4, stoppedBy: { reason: 'impassable' } });
  });
  it('walks several legs and reports the vertices passed', () => {
    const r = maxReach([p(0, 0), p(10, 0), p(10, 10), p(0, 10)], 15, [], dramD);
    expect(r).toMatchObject({ point: p(10, 5), leg: 1, distance: 15 });
    expect(r.path).toEqual([p(0, 0), p(10, 0), p(10, 5)]);
  });
  it('a zero budget stays put; a one-point path is complete at once', () => {
    expect(maxReach(path, 0, [wood], dramD).point).toEqual(p(0, 0));
    expect(maxReach([p(3, 3)], 10, [], dramD)).toMatchObject({ point: p(3, 3), complete: true, path: [p(3, 3)] });
  });
  it('never spends more than the budget + EPS, and the truncated path costs what it reports', () => {
    for (const budget of [0.1, 9.999, 10, 11.3, 15.7, 22.9]) {
      const r = maxReach(path, budget, [wood, road], dramM);
      expect(r.cost).toBeLessThanOrEqual(budget + EPS);
      expect(pathCost(r.path, [wood, road], dramM).total).toBeCloseTo(r.cost, 9);
    }
  });
});
