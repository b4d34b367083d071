import { describe, expect, it } from 'vitest';
import { bodies, enemyBodies, placePiece } from '../../../../src/rules/nw/phases/maneuver-pieces';
import { planMoveDetail } from '../../../../src/rules/nw/phases/maneuver-plan';
import { NW_SETTINGS_DEFAULTS } from '../../../../src/rules/nw/settings';
import type { NwManeuverGrant, NwState } from '../../../../src/rules/nw/state';
import { generateNwBattle, startNw } from '../../../helpers/nw-battle';

// Issue 12: a "contact …" move names its enemy among the enemy bodies, now kept per records and
// side (enemyBodies). They must be the live enemy bodies of the state asked about, as bodies()
// lists them, before and after a move, and a contact by name or id must plan as on a fresh copy.
const fresh = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const ids = (xs: readonly { id: string }[]) => xs.map((x) => x.id);

function battle(): NwState {
  const data = generateNwBattle({ seed: 2027, brigadesPerSide: 20, turns: 2 });
  return startNw(data, NW_SETTINGS_DEFAULTS, '7e'.padEnd(64, '5')).state;
}

describe('NW enemy bodies kept per records and side (issue 12)', () => {
  it('are bodies() of the other sides, the same array asked twice, and follow a move and a removal', () => {
    let s = battle();
    for (const side of s.sides) {
      expect(ids(enemyBodies(s, side.id))).toEqual(ids(bodies(s, (x) => x !== side.id)));
      expect(enemyBodies(s, side.id)).toBe(enemyBodies(s, side.id));
      expect(enemyBodies(s, side.id).every((b) => b.side !== side.id)).toBe(true);
    }
    const [a, b] = s.sides.map((x) => x.id);
    const mover = Object.values(s.units).find((u) => u.side === b && u.onTable && !u.removed)!;
    const before = enemyBodies(s, a!);
    s = placePiece(s, mover.id, { at: { x: mover.pose.at.x + 2, y: mover.pose.at.y }, facing: mover.pose.facing });
    const after = enemyBodies(s, a!);
    expect(after).not.toBe(before);
    expect(after.find((x) => x.id === mover.id)!.pose.at.x).toBe(mover.pose.at.x + 2);
    // A brigade taken off the table is no longer an enemy body.
    s = { ...s, units: { ...s.units, [mover.id]: { ...s.units[mover.id]!, removed: true } } };
    expect(ids(enemyBodies(s, a!))).not.toContain(mover.id);
    expect(ids(enemyBodies(s, a!))).toEqual(ids(bodies(fresh(s), (x) => x !== a)));
  });

  it('a move carries the bodies of the state before, the moved ones (and an attached battery) made again: as a fresh copy', () => {
    let s = battle();
    const all = () => true;
    const pose = (b: { pose: unknown }) => JSON.stringify(b.pose);
    bodies(s, all); // listed for s
    const host = Object.values(s.units).find((u) => u.attachedBattery && s.batteries[u.attachedBattery]?.onTable);
    const movers = [...(host ? [host] : []), ...Object.values(s.units).filter((u) => u.onTable && !u.removed).slice(0, 5)];
    expect(host).toBeDefined();
    for (const [i, u] of movers.entries()) {
      const before = s;
      s = placePiece(s, u.id, { at: { x: u.pose.at.x + 1 + i, y: u.pose.at.y + 0.5 }, facing: (u.pose.facing + 45) % 360 });
      const got = bodies(s, all), want = bodies(fresh(s), all);
      expect(got.map((b) => [b.id, pose(b), b.status])).toEqual(want.map((b) => [b.id, pose(b), b.status]));
      // The state before still lists its own.
      expect(bodies(before, all).map(pose)).toEqual(bodies(fresh(before), all).map(pose));
    }
    expect(bodies(s, all).find((b) => b.id === host!.attachedBattery)!.pose).not.toEqual(battle().batteries[host!.attachedBattery!]!.pose);
  });

  it('a contact move by id or by name plans as on a fresh copy; an unknown name is refused', () => {
    const s = battle();
    const side = s.sides[0]!.id;
    const mine = Object.values(s.units).find((u) => u.side === side && u.onTable && u.status !== 'routed')!;
    // Its roll granted 40": the nearest enemy is within a move.
    const grant: NwManeuverGrant = { natural: 12, total: 12, fraction: 'full', inches: 40, reorders: false, retreatInches: null };
    const st: NwState = { ...s, phase: 'maneuver', phasing: side, log: { ...s.log, rolls: { ...s.log.rolls, [mine.id]: grant } } };
    const dist = (b: { pose: { at: { x: number; y: number } } }) => Math.hypot(b.pose.at.x - mine.pose.at.x, b.pose.at.y - mine.pose.at.y);
    const foe = [...enemyBodies(st, side)].sort((x, y) => dist(x) - dist(y))[0]!;
    for (const to of [`contact ${foe.id}`, `contact ${foe.name}`]) {
      const plan = planMoveDetail(st, { unit: mine.id, to });
      expect(plan.ok && plan.value.contact).toBe(foe.id);
      expect(JSON.stringify(plan)).toBe(JSON.stringify(planMoveDetail(fresh(st), { unit: mine.id, to })));
    }
    const none = planMoveDetail(st, { unit: mine.id, to: 'contact Nobody At All' });
    expect(none.ok ? null : none.error.code).toBe('location/unknown-enemy');
  });
});
