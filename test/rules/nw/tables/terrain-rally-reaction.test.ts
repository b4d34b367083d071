import { describe, expect, it } from 'vitest';
import {
  RALLY_TABLE, REACTION_NEED, REACTION_ZONE_INCHES, TERRAIN_EFFECTS, elevationCost, evadeDisorders, goingCost, obstacleCost, rallies,
  rallyModifier, reactionModifier, reacts, terrainClass, type TerrainClass,
} from '../../../../src/rules/nw/tables';

// Terrain Effects Table §9.5 L285-291 as printed: obstacle, hindering, rough, fording, elevation.
const PRINTED: [TerrainClass, string, string, string, string, string][] = [
  ['infantry', '+1"', '3/2', '2/1', '2/1', '+1"'], // L286
  ['foot-artillery', '+4"', '2/1', '4/1', '4/1', '+2"'], // L287
  ['heavy-cavalry-horse-artillery', '+3"', '2/1', '3/1', '3/1', '+2"'], // L288
  ['other-cavalry-officers', '+2"', '2/1', '3/1', '2/1', '+2"'], // L290
];
const ratio = (s: string) => {
  const [n, d] = s.split('/').map(Number);
  return { num: n, den: d };
};
const inches = (s: string) => Number(s.replace(/[+"]/g, ''));

describe('Terrain Effects Table (§9.5 L285-291; chart L665-672)', () => {
  it.each(PRINTED)('%s: %s %s %s %s %s', (cls, obst, hind, rough, ford, elev) => {
    const row = TERRAIN_EFFECTS[cls];
    expect(row.obstacleInches).toBe(inches(obst));
    expect(row.hindering).toEqual(ratio(hind));
    expect(row.rough).toEqual(ratio(rough));
    expect(row.fording).toEqual(ratio(ford));
    expect(row.elevationInches).toBe(inches(elev));
    expect(obstacleCost(cls)).toBe(inches(obst));
    expect(elevationCost(cls)).toBe(inches(elev));
  });
  it.each([
    [{ arm: 'infantry' }, 'infantry'], [{ arm: 'cavalry', weight: 'heavy' }, 'heavy-cavalry-horse-artillery'],
    [{ arm: 'cavalry', weight: 'medium' }, 'other-cavalry-officers'], [{ arm: 'cavalry', weight: 'light' }, 'other-cavalry-officers'],
    [{ arm: 'artillery', kind: 'foot' }, 'foot-artillery'], [{ arm: 'artillery', kind: 'horse' }, 'heavy-cavalry-horse-artillery'],
    [{ arm: 'officer' }, 'other-cavalry-officers'],
  ] as const)('%o moves on row %s', (m, cls) => expect(terrainClass(m)).toBe(cls));
  it('costs: infantry 2" of hindering = 3"; foot artillery 2" ford = 8" (note 4 L298: "all its movement")', () => {
    expect(goingCost('infantry', 'hindering', { num: 2, den: 1 })).toEqual({ num: 3, den: 1 });
    expect(goingCost('foot-artillery', 'ford', { num: 2, den: 1 })).toEqual({ num: 8, den: 1 });
  });
  it('mud and retrograde double once only (§9.4 L277); roads pay clear', () => {
    expect(goingCost('infantry', 'clear', { num: 3, den: 1 }, { mud: true, retrogradeOrFlank: true })).toEqual({ num: 6, den: 1 });
    expect(goingCost('infantry', 'road', { num: 5, den: 1 })).toEqual({ num: 5, den: 1 });
    expect(goingCost('infantry', 'hindering', { num: 1, den: 1 })).toEqual({ num: 3, den: 2 });
  });
});

describe('Rally Table (chart L812-827)', () => {
  it.each([['guard', 4], ['elite', 5], ['veteran', 6], ['line', 7], ['conscript', 8], ['militia', 9]] as const)('%s rallies on %d+', (q, n) => {
    expect(RALLY_TABLE[q]).toBe(n);
    expect(rallies(q, n)).toBe(true);
    expect(rallies(q, n - 1)).toBe(false);
  });
  it.each([
    ['fresh', 2], ['outside-command-radius', -1], ['general-attached', 1], ['spent', -2], ['within-3-of-valorous-or-cinc', 1],
  ] as const)('%s → %d', (c, v) => expect(rallyModifier([c])).toBe(v));
});

describe('Cavalry Reaction Table (chart L796-807; §10 L347)', () => {
  it('needs 7+', () => {
    expect(REACTION_NEED).toBe(7);
    expect(reacts(7)).toBe(true);
    expect(reacts(6)).toBe(false);
  });
  it.each([
    ['fresh', 2], ['spent', -2], ['general-attached', 1], ['conscript', -1], ['within-3-of-valorous', 1], ['militia', -2], ['guard', 3],
    ['disordered', -1], ['elite', 2], ['worn', -1], ['veteran', 1], ['command-fatigued', -1], ['target-of-a-charge', 2],
  ] as const)('%s → %d', (c, v) => expect(reactionModifier([c])).toBe(v));
  it('zone: heavy 6", light/medium 8" (§10.0 L347)', () => expect(REACTION_ZONE_INCHES).toEqual({ light: 8, medium: 8, heavy: 6 }));
  it('evading cavalry is disordered unless it has an SK rating (§10.2 L359)', () => {
    expect(evadeDisorders(0)).toBe(true);
    expect(evadeDisorders(2)).toBe(false);
  });
});
