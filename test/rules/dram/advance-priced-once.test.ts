import { describe, expect, it } from 'vitest';
import { seededDice } from '../../../src/dice/dice';
import { dram } from '../../../src/rules/dram/index';
import { advanceAlong, dramCostModel, nearestEnemy } from '../../../src/rules/dram/geo';
import { DRAM_SETTINGS_DEFAULTS } from '../../../src/rules/dram/settings';
import { liveStands, type DramState } from '../../../src/rules/dram/state';
import { movementAllowanceInches } from '../../../src/rules/dram/tables';
import { pathCost } from '../../../src/rules/geometry/cost';
import type { Point } from '../../../src/rules/geometry/types';
import { distance } from '../../../src/rules/geometry/vector';
import { generateBattle, playWindow, prng } from '../../helpers/dram-battle';

/**
 * Issue 12: advanceAlong prices the plotted path once for a player's preview (the reach and the
 * preview's total from one timeline) where resolution (`preview: false`) prices what was walked.
 * Both must describe the same move, and the preview's price must be pathCost's, to the bit.
 * The battle is the benchmarks' generated one (a brook crossed only at its bridges, roads, woods),
 * a few turns in so that moves meet friends, enemies and the brook.
 */
describe('advanceAlong: the preview prices the plotted path once, and agrees with resolution', () => {
  const data = generateBattle({ seed: 2026, corpsPerSide: 6, standsPerCorps: 5, turns: 10 });
  const dice = seededDice('5e'.repeat(32));
  let s: DramState = dram.setup(data, DRAM_SETTINGS_DEFAULTS, dice).state;
  for (let w = 0; w < 4 && !dram.outcome(s); w++) s = dram.resolve(s, new Map(playWindow(s, dice, w + 1).input.orders), dice).state;
  const stands = liveStands(s);
  const rand = prng(12).next;
  /** Two- and three-leg paths in every direction, some long enough to reach the brook, friends or enemies. */
  const paths = stands.flatMap((st) => Array.from({ length: 6 }, () => {
    const pts: Point[] = [st.pose.at];
    for (let k = 0, n = 1 + Math.floor(rand() * 3); k < n; k++) {
      const from = pts[pts.length - 1]!;
      pts.push({ x: from.x + (rand() - 0.5) * 40, y: from.y + (rand() - 0.5) * 40 });
    }
    return { st, pts, allowance: movementAllowanceInches(st.arm, st.order, s.settings) ?? 12 };
  })).concat(s.map.terrain.flatMap((f) => {
    // Over each bridge, from the stands nearest it: up to it on their bank, then across (with
    // allowance enough to get there: the armies still stand well back from the brook).
    if (f.kind !== 'bridge' || !('at' in f)) return [];
    const b = f.at;
    // Its own allowance stops it short: the crossing planned beyond does not count (preview or not).
    return [...stands].sort((x, y) => distance(x.pose.at, b) - distance(y.pose.at, b)).slice(0, 3).flatMap((st) => {
      const side = Math.sign(st.pose.at.y - b.y) || 1;
      const pts = [st.pose.at, { x: b.x, y: b.y + 2 * side }, { x: b.x, y: b.y - 4 * side }];
      return [{ st, pts, allowance: 60 }, { st, pts, allowance: movementAllowanceInches(st.arm, st.order, s.settings) ?? 12 }];
    });
  }), stands.slice(0, 12).flatMap((st) => {
    // Straight at the nearest enemy (contact, or the brook first), and straight across the brook.
    const foe = nearestEnemy(s, st)!.stand;
    return [
      { st, pts: [st.pose.at, foe.pose.at], allowance: 80 },
      { st, pts: [st.pose.at, { x: st.pose.at.x, y: s.map.table.height - st.pose.at.y }], allowance: 80 },
    ];
  }));

  it('has moves of every kind to compare (a crossing, a contact, a friend in the way, a river bank)', () => {
    const advs = paths.map(({ st, pts, allowance }) => advanceAlong(s, st, pts, allowance));
    expect(advs.some((a) => a.crossedBridgeOrFord)).toBe(true);
    expect(advs.some((a) => a.contact !== null)).toBe(true);
    expect(advs.some((a) => a.stopped?.endsWith('is in the way'))).toBe(true);
    expect(advs.some((a) => a.stopped?.endsWith('cannot be crossed here'))).toBe(true);
    expect(advs.some((a) => a.stopped === 'allowance spent')).toBe(true);
  });

  it('the preview and the resolution walk the same path at the same cost; the preview prices the plan as pathCost does', () => {
    for (const { st, pts, allowance } of paths) {
      const preview = advanceAlong(s, st, pts, allowance);
      const resolved = advanceAlong(s, st, pts, allowance, { preview: false });
      expect(preview.path).toEqual(resolved.path);
      expect(preview.end).toEqual(resolved.end);
      expect(Object.is(preview.cost, resolved.cost)).toBe(true);
      expect(preview.contact).toBe(resolved.contact);
      expect(preview.stopped).toBe(resolved.stopped);
      expect(preview.crossedBridgeOrFord).toBe(resolved.crossedBridgeOrFord);
      const plan = pathCost(pts, s.map.terrain, dramCostModel(s, st.order));
      expect(Object.is(preview.plannedCost, plan.total)).toBe(true);
      expect(Object.is(preview.length, plan.length)).toBe(true);
      let walked = 0;
      for (let i = 1; i < preview.path.length; i++) walked += distance(preview.path[i - 1]!, preview.path[i]!);
      expect(Object.is(preview.travelled, walked)).toBe(true);
    }
  });
});
