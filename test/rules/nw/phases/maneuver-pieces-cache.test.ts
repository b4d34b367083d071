import { describe, expect, it } from 'vitest';
import { bodiesNear, bodiesNearPath, keepGrid, officers, placePiece } from '../../../../src/rules/nw/phases/maneuver-pieces';
import { NW_SETTINGS_DEFAULTS } from '../../../../src/rules/nw/settings';
import type { NwState } from '../../../../src/rules/nw/state';
import { generateNwBattle, startNw } from '../../../helpers/nw-battle';

// Issue 12: a move hands its state's spatial grid to the next state (only the moved bodies
// refiled), and officer stands are kept per officer records. Whatever the caches hold, every
// search must answer as on a fresh JSON copy of the state, where nothing is cached.
const fresh = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);
const all = () => true;

function battle(): NwState {
  const data = generateNwBattle({ seed: 2026, brigadesPerSide: 20, turns: 2 });
  return startNw(data, NW_SETTINGS_DEFAULTS, '7e'.padEnd(64, '5')).state;
}

/** Every body near every body and along a path across the table, as ids. */
function searches(s: NwState): string[][] {
  const out: string[][] = [];
  for (const u of Object.values(s.units)) out.push(ids(bodiesNear(s, u.pose.at, 7, all)));
  out.push(ids(bodiesNearPath(s, [{ x: 0, y: 0 }, { x: s.map.table.width, y: s.map.table.height }], 5, all)));
  return out;
}

describe('NW piece caches (issue 12)', () => {
  it('a state after a move, its grid carried from the state before, answers as a fresh copy', () => {
    let s = battle();
    searches(s); // grid filed for s
    const movers = Object.values(s.units).filter((u) => u.onTable && !u.removed).slice(0, 6);
    expect(movers.length).toBe(6);
    for (const [i, u] of movers.entries()) {
      const before = s;
      // Far enough to change cells (6" cells), some across the table.
      s = placePiece(s, u.id, { at: { x: u.pose.at.x + 3 + 9 * i, y: Math.max(1, u.pose.at.y - 4) }, facing: (u.pose.facing + 90) % 360 });
      expect(searches(s)).toEqual(searches(fresh(s)));
      // The state before lost its grid to the next one: asked again, it still answers rightly.
      expect(searches(before)).toEqual(searches(fresh(before)));
    }
  });

  it('a state whose brigades changed where they stand (keepGrid) answers as a fresh copy, with the new entries', () => {
    const s0 = battle();
    searches(s0); // grid filed for s0
    const u = Object.values(s0.units).find((x) => x.onTable && !x.removed)!;
    const status = u.status === 'disordered' ? 'good-order' : 'disordered';
    const s1: NwState = { ...s0, units: { ...s0.units, [u.id]: { ...u, status } } };
    keepGrid(s0, s1);
    expect(searches(s1)).toEqual(searches(fresh(s1)));
    expect(bodiesNear(s1, u.pose.at, 0.5, all).find((p) => p.id === u.id)?.status).toBe(status);
    // The state before gave its grid away: asked again, it files its own and still answers rightly.
    expect(searches(s0)).toEqual(searches(fresh(s0)));
    expect(bodiesNear(s0, u.pose.at, 0.5, all).find((p) => p.id === u.id)?.status).toBe(u.status);
    // A move after it refiles the kept grid as usual.
    const s2 = placePiece(s1, u.id, { at: { x: u.pose.at.x + 13, y: u.pose.at.y }, facing: u.pose.facing });
    expect(searches(s2)).toEqual(searches(fresh(s2)));
  });

  it('a brigade carries its attached battery in the grid', () => {
    const s0 = battle();
    const host = Object.values(s0.units).find((u) => u.attachedBattery && s0.batteries[u.attachedBattery]?.onTable);
    expect(host).toBeDefined();
    searches(s0);
    const s1 = placePiece(s0, host!.id, { at: { x: host!.pose.at.x + 20, y: host!.pose.at.y }, facing: host!.pose.facing });
    const bat = s1.batteries[host!.attachedBattery!]!;
    expect(ids(bodiesNear(s1, bat.pose.at, 0.5, all))).toContain(bat.id);
    expect(ids(bodiesNear(s1, s0.batteries[bat.id]!.pose.at, 0.5, all))).not.toContain(bat.id);
    expect(searches(s1)).toEqual(searches(fresh(s1)));
  });

  it('officer stands follow their records: a general moved is found where he now stands', () => {
    const s0 = battle();
    const g = Object.values(s0.generals).find((x) => x.onTable && !x.lost)!;
    expect(officers(s0, all).find((o) => o.id === g.id)?.pose).toEqual(g.pose);
    const pose = { at: { x: g.pose.at.x + 5, y: g.pose.at.y + 1 }, facing: g.pose.facing };
    const s1 = placePiece(s0, g.id, pose);
    expect(officers(s1, all).find((o) => o.id === g.id)?.pose).toEqual(pose);
    expect(officers(s1, all)).toEqual(officers(fresh(s1), all));
    // The state before still has its own.
    expect(officers(s0, all).find((o) => o.id === g.id)?.pose).toEqual(g.pose);
    const side = g.side;
    expect(ids(officers(s1, (x) => x === side))).toEqual(ids(officers(fresh(s1), (x) => x === side)));
  });
});
