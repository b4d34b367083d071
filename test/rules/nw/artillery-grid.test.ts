import { describe, expect, it } from 'vitest';
import { batteryTargets } from '../../../src/rules/nw/phases/artillery';
import { targetUnits } from '../../../src/rules/nw/phases/target-units';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { artilleryTargets, nearPiecesOf, type NwTargetContext } from '../../../src/rules/nw/targets';
import { generateNwBattle, startNw } from '../../helpers/nw-battle';

// Issue 12: a battery's targets are read from a spatial grid of every live piece (the enemies
// within its reach, the units that may stand in a line of fire). They must be exactly what
// artilleryTargets finds walking every piece, battery by battery, in clear weather and at short
// visibility, on a battle closed up so that many batteries have targets and blocked alleys.
describe('NW artillery targets through the grid (issue 12)', () => {
  for (const seed of [2026, 2031]) {
    it(`equal every piece walked, seed ${seed}, 120 brigades with the battle closed up`, () => {
      const data = generateNwBattle({ seed, brigadesPerSide: 60, turns: 2 });
      const s = startNw(data, NW_SETTINGS_DEFAULTS, 'a1'.padEnd(64, '5')).state;
      const squeeze = <T extends { pose: { at: { x: number; y: number } } }>(rec: Record<string, T>, mid: number, factor: number) =>
        Object.fromEntries(Object.entries(rec).map(([id, u]) => [id, { ...u, pose: { ...u.pose, at: { x: u.pose.at.x, y: mid + (u.pose.at.y - mid) * factor } } }]));
      const ys = Object.values(s.units).map((u) => u.pose.at.y);
      const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
      let legal = 0, blocked = 0, far = 0;
      // As generated (targets at long range), then closed up (many alleys blocked).
      for (const [factor, visibilityInches] of [[1, undefined], [0.6, undefined], [0.45, undefined], [0.2, undefined], [0.2, 12]] as const) {
        const close = { ...s, units: squeeze(s.units, mid, factor), batteries: squeeze(s.batteries, mid, factor) };
        const everyone = targetUnits(close, () => true);
        const near = nearPiecesOf(everyone);
        const ctx: NwTargetContext = { weather: 'clear', terrain: close.map.terrain, ...(visibilityInches !== undefined ? { visibilityInches } : {}) };
        for (const b of everyone.filter((t) => t.arm === 'artillery')) {
          const enemies = everyone.filter((t) => t.side !== b.side), friends = everyone.filter((t) => t.side === b.side);
          const viaGrid = artilleryTargets(b, enemies, friends, ctx, near);
          const walked = artilleryTargets(b, enemies, friends, ctx);
          expect([viaGrid.legal, viaGrid.within6.length > 0, viaGrid.decision, viaGrid.barred ?? null]).toEqual([walked.legal, walked.within6.length > 0, walked.decision, walked.barred ?? null]);
          expect(viaGrid.excluded).toEqual(walked.excluded);
          legal += walked.legal.length;
          far += walked.legal.filter((x) => x.distance > 7).length;
          blocked += walked.excluded.filter((x) => x.reason === 'unit-in-line-of-fire').length;
        }
        // The phase's own targets (through the grid) agree with the walk too.
        const phase = batteryTargets(close, { weather: 'clear', ...(visibilityInches !== undefined ? { visibilityInches } : {}) });
        for (const [id, t] of Object.entries(phase)) {
          const b = everyone.find((x) => x.id === id)!;
          const walked = artilleryTargets(b, everyone.filter((x) => x.side !== b.side), everyone.filter((x) => x.side === b.side), { weather: 'clear', terrain: close.map.terrain, ...(visibilityInches !== undefined ? { visibilityInches } : {}) });
          expect(t.legal).toEqual(walked.legal);
          expect(t.decision).toEqual(walked.decision);
        }
      }
      // Every kind of answer occurs, so the grid's two searches are exercised: targets near and beyond 7", alleys blocked.
      expect(legal).toBeGreaterThan(10);
      expect(far).toBeGreaterThan(5);
      expect(blocked).toBeGreaterThan(5);
    });
  }
});
