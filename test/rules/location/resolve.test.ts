import { describe, expect, it } from 'vitest';
import { baseCorners } from '../../../src/rules/geometry/base';
import { parseLocation } from '../../../src/rules/location/parse';
import { resolveLocation } from '../../../src/rules/location/resolve';
import type { LocationContext, LocationError, MovePlan, ResolvedLocation } from '../../../src/rules/location/types';
import { ctx } from './context';

function resolved(text: string, c: LocationContext = ctx): ResolvedLocation {
  const parsed = parseLocation(text, c);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.error.message}`);
  const r = resolveLocation(parsed.value, c);
  if (!r.ok) throw new Error(`${text}: ${r.error.message}`);
  return r.value;
}
function plan(text: string, c: LocationContext = ctx): MovePlan {
  const r = resolved(text, c);
  if (r.kind !== 'move') throw new Error(`${text} is not a move`);
  return r.plan;
}
function failure(text: string, c: LocationContext = ctx): LocationError {
  const parsed = parseLocation(text, c);
  if (!parsed.ok) return parsed.error;
  const r = resolveLocation(parsed.value, c);
  if (r.ok) throw new Error(`${text} resolved`);
  return r.error;
}
const facing = (deg: number): LocationContext => ({ ...ctx, unit: { pose: { at: { x: 40, y: 30 }, facing: deg }, size: { width: 3, depth: 5 } } });
const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
};

describe('places', () => {
  it.each([
    ['F7', { x: 66, y: 6 }],
    ['A1', { x: 6, y: 78 }],
    ['H1', { x: 90, y: 78 }],
    ['F7 NE', { x: 70, y: 10 }],
    ['F7.1', { x: 62, y: 2 }],
    ['F7 N', { x: 66, y: 10 }],
    ['Ligny', { x: 40, y: 50 }],
    ['12.5,30', { x: 12.5, y: 30 }],
    ['0,0', { x: 0, y: 0 }],
    ['96,84', { x: 96, y: 84 }],
  ])('%j is at %o', (text, at) => {
    expect(resolved(text)).toEqual({ kind: 'place', at });
  });
  it('coordinates off the table are refused', () => {
    const e = failure('200,30');
    expect(e.code).toBe('location/off-table');
    expect(e.message).toBe('(200, 30) is off the table.');
    expect(failure('-1,5').code).toBe('location/off-table');
  });
});

describe('relative moves from the acting unit (at 40,30)', () => {
  it.each([
    ['forward 1.5mi', 0, { x: 40, y: 39 }],
    ['forward 2"', 90, { x: 42, y: 30 }],
    ['back 2"', 90, { x: 38, y: 30 }],
    ['left 3"', 0, { x: 37, y: 30 }],
    ['right 3"', 0, { x: 43, y: 30 }],
    ['left 3"', 90, { x: 40, y: 33 }],
    ['forward 1"', 180, { x: 40, y: 29 }],
  ])('%j facing %d ends at %o, facing unchanged', (text, deg, at) => {
    const p = plan(text, facing(deg));
    close(p.final.at, at);
    expect(p.final.facing).toBe(deg);
    expect(p.path).toHaveLength(2);
  });
  it('toward turns to face the target and stops short of it, or at it', () => {
    expect(plan('toward Ligny 1mi').final).toEqual({ at: { x: 40, y: 36 }, facing: 0 });
    expect(plan('toward Ligny 10mi').final.at).toEqual({ x: 40, y: 50 });
    expect(plan('toward Ligny').final.at).toEqual({ x: 40, y: 50 });
    const east = plan('toward 50,30 4"');
    expect(east.final).toEqual({ at: { x: 44, y: 30 }, facing: 90 });
  });
  it('wheel left 90 pivots on the front-left corner, in 15° waypoints', () => {
    const p = plan('wheel left 90');
    expect(p.waypoints).toHaveLength(6);
    close(p.final.at, { x: 41, y: 34 });
    expect(p.final.facing).toBe(270);
    const pivot = baseCorners({ pose: p.final, size: { width: 3, depth: 5 } }).frontLeft;
    close(pivot, { x: 38.5, y: 32.5 });
    for (const w of p.waypoints) close(baseCorners({ pose: w, size: { width: 3, depth: 5 } }).frontLeft, { x: 38.5, y: 32.5 });
  });
  it('wheel right 45 pivots on the front-right corner', () => {
    const p = plan('wheel right 45');
    expect(p.final.facing).toBe(45);
    close(baseCorners({ pose: p.final, size: { width: 3, depth: 5 } }).frontRight, { x: 41.5, y: 32.5 });
  });
  it('without a base size a wheel turns in place', () => {
    const c: LocationContext = { ...ctx, unit: { pose: { at: { x: 40, y: 30 }, facing: 0 } } };
    expect(plan('wheel right 90', c).final).toEqual({ at: { x: 40, y: 30 }, facing: 90 });
  });
  it('chains: wheel left 45 then forward 4"', () => {
    const p = plan('wheel left 45 then forward 4"');
    const wheeled = plan('wheel left 45').final;
    expect(p.final.facing).toBe(315);
    close(p.final.at, { x: wheeled.at.x - 4 * Math.SQRT1_2, y: wheeled.at.y + 4 * Math.SQRT1_2 });
    expect(p.waypoints.map((w) => w.step)).toEqual([0, 0, 0, 1]);
    expect(p.path[0]).toEqual({ x: 40, y: 30 });
    expect(p.path).toHaveLength(5);
  });
  it('a move that leaves the table is refused, naming the step', () => {
    const e = failure('forward 1in then forward 100"');
    expect(e.code).toBe('location/off-table');
    expect(e.message).toContain('Step 2');
  });
  it('a relative move needs an acting unit', () => {
    const { unit: _unit, ...noUnit } = ctx;
    expect(failure('forward 1mi', noUnit).code).toBe('location/no-unit');
  });
  it('contact resolves to the stand', () => {
    expect(resolved('contact zieten')).toEqual({ kind: 'contact', enemy: { id: 'pr-1', name: 'I Corps (Zieten)' } });
  });
});
