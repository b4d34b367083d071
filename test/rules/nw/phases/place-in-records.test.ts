import { describe, expect, it } from 'vitest';
import { bodiesNear, placeInRecords, placePiece } from '../../../../src/rules/nw/phases/maneuver-pieces';
import { draftOf } from '../../../../src/rules/nw/phases/target-units';
import { NW_SETTINGS_DEFAULTS } from '../../../../src/rules/nw/settings';
import type { NwState } from '../../../../src/rules/nw/state';
import { generateNwBattle, startNw } from '../../../helpers/nw-battle';

// Issue 12: a retreat or advance places its piece in the draft's own records (no copy of every
// brigade). It must leave the records as placePiece's new state has them (Ch.II §2.5, §9.0 A L225:
// attached battery and officers go along), and the original state untouched.
function battle(): NwState {
  return startNw(generateNwBattle({ seed: 2026, brigadesPerSide: 20, turns: 2 }), NW_SETTINGS_DEFAULTS, '7e'.padEnd(64, '5')).state;
}
const pose = (x: number, y: number, facing: number) => ({ at: { x, y }, facing });
const fresh = <T,>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('NW placeInRecords (issue 12)', () => {
  it('moves a brigade with its attached battery and officers as placePiece does, in place', () => {
    let s = battle();
    const host = Object.values(s.units).find((u) => u.attachedBattery)!;
    expect(host).toBeDefined();
    // Attach a general and a commander to it, so all three kinds go along.
    const g = Object.values(s.generals).find((x) => x.side === host.side)!;
    const c = Object.values(s.commanders).find((x) => x.side === host.side)!;
    s = { ...s, generals: { ...s.generals, [g.id]: { ...g, attachedTo: host.id } }, commanders: { ...s.commanders, [c.id]: { ...c, attachedTo: host.id } } };
    const before = fresh(s);
    const to = pose(host.pose.at.x + 2, host.pose.at.y - 3, (host.pose.facing + 30) % 360);
    const want = placePiece(s, host.id, to);
    const d = draftOf(s);
    const units = d.units;
    expect(placeInRecords(d, host.id, to)).toBe(true);
    expect(d.units).toBe(units); // in place
    expect(fresh(d.units)).toEqual(fresh(want.units));
    expect(fresh(d.batteries)).toEqual(fresh(want.batteries));
    expect(fresh(d.generals)).toEqual(fresh(want.generals));
    expect(fresh(d.commanders)).toEqual(fresh(want.commanders));
    expect(fresh(s)).toEqual(before);
  });

  it('a lone battery moves; an officer is left to placePiece', () => {
    const s = battle();
    const bat = Object.values(s.batteries).find((b) => !b.attachedTo)!;
    const d = draftOf(s);
    const to = pose(bat.pose.at.x + 1, bat.pose.at.y + 1, bat.pose.facing);
    expect(placeInRecords(d, bat.id, to)).toBe(true);
    expect(fresh(d.batteries)).toEqual(fresh(placePiece(s, bat.id, to).batteries));
    const g = Object.values(s.generals)[0]!;
    const d2 = draftOf(s);
    expect(placeInRecords(d2, g.id, to)).toBe(false);
    expect(fresh(d2)).toEqual(fresh(draftOf(s)));
  });

  it('a spatial grid made on the draft records finds the moved brigade where it now stands', () => {
    const s = battle();
    const d = draftOf(s);
    const view = { ...s, units: d.units, batteries: d.batteries };
    const u = Object.values(s.units).find((x) => x.onTable && !x.removed && !x.attachedBattery)!;
    bodiesNear(view, u.pose.at, 1, () => true); // the grid is made for these records
    const to = pose(u.pose.at.x + 30, u.pose.at.y, u.pose.facing);
    placeInRecords(d, u.id, to);
    const ids = (at: { x: number; y: number }) => bodiesNear(view, at, 1, () => true).map((p) => p.id);
    expect(ids(to.at)).toContain(u.id);
    expect(ids(u.pose.at)).not.toContain(u.id);
    expect(ids(to.at)).toEqual(bodiesNear(fresh(view), to.at, 1, () => true).map((p) => p.id));
  });
});
