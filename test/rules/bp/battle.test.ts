import { describe, expect, it } from 'vitest';
import { bp } from '../../../src/rules/bp/index';
import { BP_SETTINGS_DEFAULTS } from '../../../src/rules/bp/settings';
import { envelopeOf, figuresOf, standBases } from '../../../src/rules/bp/state';
import { basePolygon } from '../../../src/rules/geometry/base';
import { ringContains, ringsIntersect } from '../../../src/rules/geometry/primitives';
import { BP_BATTLE_UNITS_PER_SIDE, generateBpBattle } from '../../helpers/bp-battle';
import { playBp, replayBp, stateHash } from '../../helpers/bp-game';

/** The generated 60-unit battle of the benchmark (bench/bp.ts): its shape, and a short game on it. */

describe('generated B&P battle (test/helpers/bp-battle.ts)', () => {
  const data = generateBpBattle({ seed: 11 });
  const units = Object.values(data.units);

  it('has 30 units a side of every kind, at their organisation strengths (L12)', () => {
    for (const side of ['fr', 'au']) {
      const mine = units.filter((u) => u.side === side);
      expect(mine).toHaveLength(BP_BATTLE_UNITS_PER_SIDE);
      expect(mine.filter((u) => u.arm === 'artillery')).toHaveLength(4);
      expect(mine.filter((u) => u.arm === 'cavalry' && u.heavy)).toHaveLength(2);
      expect(mine.filter((u) => u.arm === 'cavalry' && !u.heavy)).toHaveLength(4);
      expect(mine.filter((u) => u.guard)).toHaveLength(2);
      expect(mine.filter((u) => u.formation === 'skirmish')).toHaveLength(3);
      expect(new Set(mine.filter((u) => u.arm === 'infantry').map((u) => u.formation))).toEqual(new Set(['line', 'column', 'skirmish']));
    }
    for (const u of units) {
      expect(figuresOf(u), u.id).toBe(u.startFigures);
      if (u.arm === 'artillery') expect(u.stands, u.id).toEqual([4]);
      else if (u.building === null) expect(u.stands.length, u.id).toBe(4);
    }
    expect(Object.keys(data.commanders)).toHaveLength(6);
    expect(new Set(data.map.terrain.map((t) => t.kind))).toEqual(new Set(['stream', 'bridge', 'ford', 'road', 'built-up', 'hill', 'woods']));
  });

  it('deploys every unit on the table with no two overlapping; the garrison holds the farm', () => {
    const { width, height } = data.map.table;
    for (const u of units) {
      for (const p of standBases(u).flatMap(basePolygon)) expect(p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height, u.id).toBe(true);
    }
    for (let i = 0; i < units.length; i++) {
      for (let j = i + 1; j < units.length; j++) {
        expect(ringsIntersect(basePolygon(envelopeOf(units[i]!)), basePolygon(envelopeOf(units[j]!))), `${units[i]!.id} and ${units[j]!.id}`).toBe(false);
      }
    }
    const garrison = units.filter((u) => u.building !== null);
    expect(garrison).toHaveLength(1);
    expect(garrison[0]!.stands).toHaveLength(1);
    expect(ringContains(data.buildings.farm!.polygon, garrison[0]!.pose.at)).toBe(true);
  });

  it('is the same battle from the same seed, and another from another', () => {
    expect(generateBpBattle({ seed: 11 })).toEqual(data);
    expect(generateBpBattle({ seed: 12 })).not.toEqual(data);
  });

  it('plays two turns with the random legal player, firing, and replays identically', () => {
    const short = generateBpBattle({ seed: 11, turns: 2 });
    const seed = 'b0'.repeat(32);
    const played = playBp(short, BP_SETTINGS_DEFAULTS, 11, seed);
    expect(bp.outcome(played.final)).not.toBeNull();
    expect(played.final.turn).toBe(2);
    expect(played.steps.some((st) => st.input.kind === 'act' && st.input.action.kind === 'fire')).toBe(true);
    expect(played.steps.some((st) => st.events.some((e) => e.kind === 'loss'))).toBe(true);
    expect(stateHash(replayBp(short, BP_SETTINGS_DEFAULTS, played.inputs, seed))).toBe(stateHash(played.final));
  }, 120_000);
});
