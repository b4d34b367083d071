import { describe, expect, it } from 'vitest';
import type { Point, TerrainFeature } from '../../../src/rules/geometry/types';
import {
  AREA_GOING, changeFaceCost, fordExtra, interpenetrationCost, legMode, nwPathCost, OBLIQUE_COST_INCHES, stretchGoing, wheelCost,
} from '../../../src/rules/nw/movement';
import { TERRAIN_CLASSES, TERRAIN_EFFECTS, type TerrainClass } from '../../../src/rules/nw/tables/terrain';

// A 10" move east along y = 5; features lie across x 2..6 (4" of the path) or at x = 5.
const PATH: Point[] = [{ x: 0, y: 5 }, { x: 10, y: 5 }];
const box = (x0: number, x1: number): Point[] => [{ x: x0, y: 0 }, { x: x1, y: 0 }, { x: x1, y: 10 }, { x: x0, y: 10 }];
const area = (kind: 'woods' | 'forest' | 'orchard' | 'field' | 'marsh' | 'hill' | 'town' | 'built-up' | 'fortification', extra: object = {}): TerrainFeature =>
  ({ id: kind, kind, polygon: box(2, 6), ...extra }) as TerrainFeature;
const cost = (terrain: TerrainFeature[], cls: TerrainClass, o: { mud?: boolean; retro?: boolean; artillery?: boolean } = {}) =>
  nwPathCost(PATH, terrain, cls, { mud: o.mud ?? false, legModes: [o.retro ? 'retrograde' : 'forward'], doublesRetrograde: !o.artillery }).total;
const r = (x: { num: number; den: number }) => x.num / x.den;

describe('NW cost model: every Terrain Effects Table row (NW §9.5 L285-291, chart L665-672)', () => {
  for (const cls of TERRAIN_CLASSES) {
    const row = TERRAIN_EFFECTS[cls];
    it(`${cls}: clear, hindering ${row.hindering.num}/${row.hindering.den}, rough ${row.rough.num}/${row.rough.den}`, () => {
      expect(cost([], cls)).toBeCloseTo(10);
      for (const kind of ['woods', 'orchard', 'field'] as const) expect(cost([area(kind)], cls)).toBeCloseTo(6 + 4 * r(row.hindering));
      for (const kind of ['forest', 'marsh'] as const) expect(cost([area(kind)], cls)).toBeCloseTo(6 + 4 * r(row.rough));
      expect(cost([area('hill', { difficult: true })], cls)).toBeCloseTo(6 + 4 * r(row.rough)); // steep hill sides
      expect(cost([area('woods', { difficult: false })], cls)).toBeCloseTo(10);
    });
    it(`${cls}: obstacle +${row.obstacleInches}", elevation +${row.elevationInches}" each way, fording ${row.fording.num}/${row.fording.den}`, () => {
      const wall: TerrainFeature = { id: 'wall', kind: 'obstacle', line: [{ x: 5, y: 0 }, { x: 5, y: 10 }] };
      expect(cost([wall], cls)).toBeCloseTo(10 + row.obstacleInches);
      expect(cost([wall], cls, { mud: true })).toBeCloseTo(20 + row.obstacleInches); // §9.4 L277: obstacle not doubled by mud
      expect(cost([area('hill', { level: 1 })], cls)).toBeCloseTo(10 + 2 * row.elevationInches); // up and down
      expect(cost([area('fortification')], cls)).toBeCloseTo(10 + 2 * row.obstacleInches); // MV-2 works in and out
      const stream: TerrainFeature = { id: 's', kind: 'stream', line: [{ x: 5, y: 0 }, { x: 5, y: 10 }], width: 2 };
      expect(cost([stream], cls)).toBeCloseTo(8 + 2 * r(row.fording));
      const river: TerrainFeature = { id: 'r', kind: 'river', line: [{ x: 5, y: 0 }, { x: 5, y: 10 }], width: 2 };
      expect(cost([river], cls)).toBe(Infinity); // MV-3
      expect(cost([river, { id: 'b', kind: 'bridge', at: { x: 5, y: 5 }, crosses: 'r' }], cls)).toBeCloseTo(10);
      expect(cost([river, { id: 'f', kind: 'ford', at: { x: 5, y: 5 }, crosses: 'r' }], cls)).toBeCloseTo(8 + 2 * r(row.fording));
    });
  }

  it('note 4 L298: a 2" ford costs a foot battery its whole 8" allowance', () => {
    expect(2 + fordExtra('foot-artillery', 2)).toBe(8);
  });

  it('roads and towns cost clear terrain whatever surrounds them (notes 6-7 L300-301); mud still doubles', () => {
    const road: TerrainFeature = { id: 'rd', kind: 'road', line: [{ x: -1, y: 5 }, { x: 11, y: 5 }] };
    expect(cost([area('forest'), road], 'foot-artillery')).toBeCloseTo(10);
    expect(cost([area('forest'), road], 'foot-artillery', { mud: true })).toBeCloseTo(20);
    expect(cost([area('town')], 'infantry')).toBeCloseTo(10);
    expect(cost([area('built-up')], 'infantry')).toBeCloseTo(10);
    expect(stretchGoing([], [road as never])).toBe('road');
    expect(AREA_GOING.orchard).toBe('hindering');
  });

  it('§9.4 / §9.8: mud and retrograde double once; artillery retrogrades free', () => {
    expect(cost([], 'infantry', { mud: true })).toBeCloseTo(20);
    expect(cost([], 'infantry', { retro: true })).toBeCloseTo(20);
    expect(cost([], 'infantry', { retro: true, mud: true })).toBeCloseTo(20);
    expect(cost([area('woods')], 'infantry', { retro: true, mud: true })).toBeCloseTo(2 * (6 + 4 * 1.5));
    expect(cost([], 'foot-artillery', { retro: true, artillery: true })).toBeCloseTo(10);
  });
});

describe('NW maneuver costs (§9.6-9.8, §9.3)', () => {
  it('legMode: forward, oblique up to 45°, flank, retrograde (MV-4)', () => {
    const o = { x: 0, y: 0 };
    expect(legMode(0, o, { x: 0, y: 5 })).toBe('forward');
    expect(legMode(0, o, { x: 3, y: 5 })).toBe('oblique');
    expect(legMode(0, o, { x: 5, y: 5 })).toBe('oblique');
    expect(legMode(0, o, { x: 5, y: 0 })).toBe('flank');
    expect(legMode(0, o, { x: -5, y: 1 })).toBe('flank');
    expect(legMode(0, o, { x: 0, y: -5 })).toBe('retrograde');
    expect(legMode(90, o, { x: -5, y: 0 })).toBe('retrograde');
  });

  it('§9.6 L313: a wheel costs ¼ of the allowance per 45° (pro rata, ×2 in mud, × terrain)', () => {
    expect(wheelCost(8, 45)).toBe(2);
    expect(wheelCost(8, 90)).toBe(4);
    expect(wheelCost(12, 30)).toBeCloseTo(2);
    expect(wheelCost(8, 45, { mud: true })).toBe(4);
    expect(wheelCost(8, 45, { terrainFactor: 2 })).toBe(4);
  });

  it('§9.7 L317: change of face — mounted free (¼ in mud), infantry ¼ for 90°, ½ for 180°, doubled in mud', () => {
    expect(changeFaceCost('cavalry', 180, 16)).toBe(0);
    expect(changeFaceCost('artillery', 90, 8)).toBe(0);
    expect(changeFaceCost('cavalry', 90, 16, { mud: true })).toBe(4);
    expect(changeFaceCost('infantry', 90, 8)).toBe(2);
    expect(changeFaceCost('infantry', 180, 8)).toBe(4);
    expect(changeFaceCost('infantry', 180, 8, { mud: true })).toBe(8);
    expect(changeFaceCost('infantry', 90, 8, { terrainFactor: 2 })).toBe(4);
    expect(changeFaceCost('officer', 180, 18)).toBe(0);
  });

  it('§9.8 L323 oblique costs 1"; §9.3 interpenetration −2" per friendly brigade, artillery and officers free', () => {
    expect(OBLIQUE_COST_INCHES).toBe(1);
    expect(interpenetrationCost('infantry', ['infantry', 'cavalry', 'artillery', 'officer'])).toBe(4);
    expect(interpenetrationCost('artillery', ['infantry'])).toBe(0);
    expect(interpenetrationCost('officer', ['infantry'])).toBe(0);
  });
});
