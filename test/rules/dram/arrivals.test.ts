/**
 * HR DE-16 (src/rules/dram/README.md): reinforcements form up abreast at the scenario's entry
 * point, wholly on the table and on nobody. Before the ruling every arriving piece stood on the
 * entry point itself: Saint-Rémy's North road (y 23.5 on a 24 in table) put Lindner and
 * Pfeiffer on one another and 2½ in off the north edge (issue 11, "Maps for big battles").
 */
import { describe, expect, it } from 'vitest';
import { basePolygon, baseWithin, type Base } from '../../../src/rules/geometry/base';
import { arrivalPoses, hqBase, slideOnTable } from '../../../src/rules/dram/arrivals';
import type { DramState } from '../../../src/rules/dram/state';
import { playDram, shippedDram } from '../../render/states';

/** Every piece on the table now, as bases (stands and present generals that have arrived). */
function onTableBases(s: DramState): { id: string; base: Base }[] {
  const due = new Set(s.reinforcements.filter((r) => r.turn > s.turn).flatMap((r) => r.units));
  return [
    ...Object.values(s.stands).filter((x) => x.onTable && !x.removed).map((x) => ({ id: x.id, base: { pose: x.pose, size: x.base } })),
    ...Object.values(s.generals).filter((g) => g.status === 'present' && !due.has(g.id)).map((g) => ({ id: g.id, base: { pose: g.pose, size: hqBase(g) } })),
  ];
}

const inside = (b: Base, t: { width: number; height: number }) => basePolygon(b).every((p) => p.x >= -1e-9 && p.y >= -1e-9 && p.x <= t.width + 1e-9 && p.y <= t.height + 1e-9);
/** Overlap of area: touching edge to edge does not count. */
const overlap = (a: Base, b: Base) => baseWithin({ pose: a.pose, size: { width: a.size.width - 0.1, depth: a.size.depth - 0.1 } }, b, 0);

describe.each([
  ['saint-remy', 4, ['lindner', 'pfeiffer', 'mayr']], // turn 3: the North road, facing S (saint-remy.yaml)
  ['ligny', 8, ['simmer', 'jeanin', 'vi-artillery', 'lobau']], // turn 5: Lobau's VI Corps at Fleurus
] as const)('%s: the turn\'s reinforcements', (id, windows, arrivals) => {
  it('arrive wholly on the table, each clear of every other piece on it', async () => {
    const { data, settings } = await shippedDram(id);
    const { state, events } = playDram(data, settings, windows);
    const all = onTableBases(state);
    const arrived = all.filter((x) => (arrivals as readonly string[]).includes(x.id));
    expect(arrived.map((x) => x.id).sort()).toEqual([...arrivals].sort());
    for (const a of arrived) {
      expect(inside(a.base, state.map.table), `${a.id} hangs off the table`).toBe(true);
      for (const o of all) if (o.id !== a.id) expect(overlap(a.base, o.base), `${a.id} stands on ${o.id}`).toBe(false);
    }
    expect(events.filter((e) => e.kind === 'note' && /arrives as a reinforcement/.test(e.text))).toHaveLength(arrivals.filter((x) => state.stands[x]).length);
  });
});

/** Saint-Rémy's opening state with the table emptied: only what a test puts there is in the way. */
async function emptyTable(): Promise<DramState> {
  const { data, settings } = await shippedDram('saint-remy');
  const { state } = playDram(data, settings, 0);
  return { ...state, stands: Object.fromEntries(Object.entries(state.stands).map(([k, v]) => [k, { ...v, onTable: false }])), generals: {} };
}

describe('arrivalPoses', () => {
  it('puts the first piece on the entry point, the next beside it across the facing, slid onto the table', async () => {
    const state = await emptyTable();
    const r = { turn: state.turn, units: ['lindner', 'pfeiffer'], at: { x: 19, y: 23.5 }, facing: 180 };
    const { poses, crowded } = arrivalPoses(state, r);
    expect(crowded).toEqual([]);
    // Facing south, a 5 in deep division stands with its centre 2.5 in inside the north edge (y 24).
    expect(poses.get('lindner')).toEqual({ at: { x: 19, y: 21.5 }, facing: 180 });
    // Facing south, "right" is west: the second slot is one division width and the gap away.
    const p = poses.get('pfeiffer')!;
    expect(p.at.x).toBeCloseTo(19 - (3 + 0.25), 9);
    expect(p.at.y).toBeCloseTo(21.5, 9); // Pfeiffer is a division too (saint-remy.yaml)
  });

  it('skips slots taken by troops already there, and says when there is no clear ground at all', async () => {
    const state = await emptyTable();
    // Put a French division on the entry slot: the arrival takes the next slot.
    const blocker = Object.values(state.stands).find((x) => x.side === 'french')!;
    const crowdedState: DramState = { ...state, stands: { ...state.stands, [blocker.id]: { ...blocker, onTable: true, pose: { at: { x: 19, y: 21.5 }, facing: 180 } } } };
    const one = arrivalPoses(crowdedState, { turn: 1, units: ['lindner'], at: { x: 19, y: 23.5 }, facing: 180 });
    expect(one.poses.get('lindner')!.at.x).toBeCloseTo(19 - 3.25, 9);
    // A table no bigger than one division, already full: no clear slot anywhere.
    const tiny: DramState = { ...crowdedState, map: { ...crowdedState.map, table: { width: 3, height: 5 } }, stands: { ...crowdedState.stands, [blocker.id]: { ...blocker, onTable: true, pose: { at: { x: 1.5, y: 2.5 }, facing: 180 } } } };
    const none = arrivalPoses(tiny, { turn: 1, units: ['lindner'], at: { x: 1.5, y: 4 }, facing: 180 });
    expect(none.crowded).toEqual(['lindner']);
    expect(inside({ pose: none.poses.get('lindner')!, size: state.stands.lindner!.base }, { width: 3, height: 5 })).toBe(true);
  });
});

describe('slideOnTable', () => {
  it.each([
    [{ x: 19, y: 23.5 }, 0, { x: 19, y: 21.5 }], // north edge, facing north: 5 in deep
    [{ x: 0.5, y: 10 }, 0, { x: 1.5, y: 10 }], // west edge: 3 in wide
    [{ x: 10, y: 10 }, 0, { x: 10, y: 10 }], // well inside: unchanged
    [{ x: 35.5, y: 0 }, 90, { x: 33.5, y: 1.5 }], // facing east: 5 wide along x, 3 deep along y
  ])('%o facing %i → %o', (at, facing, want) => {
    const b = slideOnTable({ pose: { at, facing }, size: { width: 3, depth: 5 } }, { width: 36, height: 24 });
    expect(b.pose.at.x).toBeCloseTo(want.x, 9);
    expect(b.pose.at.y).toBeCloseTo(want.y, 9);
  });
});
