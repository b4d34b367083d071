import { describe, expect, it } from 'vitest';
import { targetUnits } from '../../../src/rules/nw/phases/target-units';
import { NW_SETTINGS_DEFAULTS } from '../../../src/rules/nw/settings';
import { mandatorySkirmishAssignments, skirmishCandidates, type NwTargetContext } from '../../../src/rules/nw/targets';
import { generateNwBattle, startNw } from '../../helpers/nw-battle';

// Issue 12: mandatorySkirmishAssignments reads each attacker's candidates from a spatial grid of
// the enemies (those within its range by the bounding circles). They must be exactly what
// skirmishCandidates finds walking every enemy, attacker by attacker, in every weather that allows
// skirmishing (fog shortens the ranges).
describe('NW skirmish candidates through the grid (issue 12)', () => {
  for (const seed of [2026, 2031]) {
    it(`equal every enemy walked, seed ${seed}, 120 brigades with the battle closed up`, () => {
      const data = generateNwBattle({ seed, brigadesPerSide: 60, turns: 2 });
      const s = startNw(data, NW_SETTINGS_DEFAULTS, 'a1'.padEnd(64, '5')).state;
      // Close the two lines so that many attackers have enemies in range.
      const ys = Object.values(s.units).map((u) => u.pose.at.y);
      const mid = (Math.min(...ys) + Math.max(...ys)) / 2;
      const units = Object.fromEntries(Object.entries(s.units).map(([id, u]) => [id, { ...u, pose: { ...u.pose, at: { x: u.pose.at.x, y: mid + (u.pose.at.y - mid) * 0.15 } } }]));
      const close = { ...s, units };
      for (const weather of ['clear', 'fog'] as const) {
        const ctx: NwTargetContext = { weather, terrain: close.map.terrain, irregularsSkirmishing: [] };
        for (const side of close.sides) {
          const mine = targetUnits(close, (x) => x === side.id), theirs = targetUnits(close, (x) => x !== side.id);
          const viaGrid = mandatorySkirmishAssignments(mine, theirs, ctx).candidates;
          const walked = mine.map((u) => skirmishCandidates(u, theirs, ctx));
          expect(viaGrid.map((c) => [c.attacker, c.range, c.barred ?? null, c.candidates])).toEqual(walked.map((c) => [c.attacker, c.range, c.barred ?? null, c.candidates]));
          expect(walked.reduce((n, c) => n + c.candidates.length, 0)).toBeGreaterThan(10);
        }
      }
    });
  }
});
