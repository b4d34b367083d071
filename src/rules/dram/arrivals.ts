import type { Base } from '../geometry/base';
import { formUpAt, slideOnTable } from '../geometry/form-up';
import type { BaseSize, Pose } from '../geometry/types';
import type { DramState, General, Reinforcement } from './state';
import { BASES } from './tables';

/** DRAM §10 L154-165 basing: a corps HQ 1½×3, an army or wing HQ 2×4. */
export const hqBase = (g: Pick<General, 'level'>): BaseSize => (g.level === 'corps' ? BASES['corps-hq'] : BASES['army-or-wing-hq']);

/**
 * HR DE-16: where a reinforcement's pieces stand when they arrive. dram-mk4.txt has no
 * reinforcement rule; the scenario gives an entry point and a facing, and the pieces form up
 * abreast across that facing at the point: first slot on the point, then alternately right and
 * left of it, then a row further in along the facing. Every base lies wholly on the table (a
 * slot that would hang over an edge is slid in) and overlaps nothing already there — no stand,
 * no general, no piece arriving with it (touching edge to edge is fine). Stands take the slots
 * nearest the point first, in the scenario's order, then generals. A piece for which no slot is
 * clear within ten slots either way and six rows in is placed on the nearest slot anyway
 * (`crowded`), wholly on the table, and the narrative says so.
 */
export function arrivalPoses(s: DramState, r: Reinforcement): { poses: Map<string, Pose>; crowded: string[] } {
  const pieces = [
    ...r.units.flatMap((id) => (s.stands[id] ? [{ id, size: s.stands[id]!.base }] : [])),
    ...r.units.flatMap((id) => (s.generals[id] && !s.stands[id] ? [{ id, size: hqBase(s.generals[id]!) }] : [])),
  ];
  const taken: Base[] = [
    ...Object.values(s.stands).filter((x) => x.onTable && !x.removed && !r.units.includes(x.id)).map((x) => ({ pose: x.pose, size: x.base })),
    ...Object.values(s.generals).filter((g) => g.status === 'present' && !r.units.includes(g.id) && !notYetArrived(s, g.id)).map((g) => ({ pose: g.pose, size: hqBase(g) })),
  ];
  return formUpAt(r.at, r.facing, pieces, taken, s.map.table);
}

/** A general listed in a reinforcement still to come is not on the table yet. */
function notYetArrived(s: DramState, id: string): boolean {
  return s.reinforcements.some((x) => x.turn > s.turn && x.units.includes(id));
}

export { slideOnTable };
