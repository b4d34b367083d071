/**
 * Issue 12: segment profiles are remembered for every terrain record together, at most
 * PROFILES_KEPT in all. Every game's parsed state has a terrain record of its own; bounded per
 * record, 50 games under load kept 50 × 4,096 and the bot's heap grew ~50 MB.
 */
import { describe, expect, it } from 'vitest';
import { pathCost, PROFILES_KEPT, profilesRemembered, simpleCostModel } from '../../../src/rules/geometry/cost';
import type { TerrainFeature } from '../../../src/rules/geometry/types';
import { p, rect } from './helpers';

const terrain = (): TerrainFeature[] => [
  { id: 'wood', kind: 'woods', polygon: rect(10, 10, 20, 20), difficult: true },
  { id: 'road', kind: 'road', line: [p(0, 15), p(40, 15)], width: 1 },
];
const model = simpleCostModel({ difficultMultiplier: 2, roadMultiplier: 1 / 1.5, roadOverridesDifficult: true });

describe('remembered segment profiles', () => {
  it('stay within PROFILES_KEPT over many terrain records (one per game), and price exactly as a fresh record does', () => {
    const games = Array.from({ length: 6 }, terrain);
    let most = 0;
    for (let i = 0; i < PROFILES_KEPT * 2; i++) {
      const path = [p(2 + (i % 97) / 10, 3), p(30, 12 + (i % 89) / 10)];
      const c = pathCost(path, games[i % games.length]!, model);
      most = Math.max(most, profilesRemembered());
      if (i % 500 === 0) expect(c).toEqual(pathCost(path, terrain(), model)); // a record never priced before
    }
    expect(most).toBeLessThanOrEqual(PROFILES_KEPT);
    expect(most).toBeGreaterThan(PROFILES_KEPT / 2); // they are remembered, not recomputed every time
  });
});
