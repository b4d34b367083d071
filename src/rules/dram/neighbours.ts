import { baseRadius } from '../geometry/base';
import { SpatialGrid } from '../geometry/grid';
import type { DramState, Stand } from './state';

/**
 * The stands of a state filed in a spatial grid (geometry/grid.ts, issue 12), so the neighbour
 * searches of movement and combat (contact along a path, friends at the end of a move, the
 * nearest enemy) read the stands near them, not every stand on the table.
 *
 * One grid per `stands` record, made when first asked for: a state's record never changes, and
 * a draft's (update.ts) is changed only by patchStand, which refiles the stand it patches
 * (`refile`), so a phase's moves see each other without the grid being rebuilt or the world copied.
 * Every stand is filed, on the table or not, in the record's order: callers keep their own tests
 * (side, on the table, not removed) and see the stands in the order `Object.values` gives.
 */
const grids = new WeakMap<DramState['stands'], SpatialGrid<Stand>>();

/** About two DRAM divisions across (a 3" × 5" base, DIGEST §1(d)): most searches read a few cells. */
const CELL_INCHES = 8;

export function standGrid(s: Pick<DramState, 'stands'>): SpatialGrid<Stand> {
  let g = grids.get(s.stands);
  if (!g) {
    g = new SpatialGrid<Stand>(CELL_INCHES);
    for (const st of Object.values(s.stands)) g.set(st.id, st, st.pose.at, baseRadius(st.base));
    grids.set(s.stands, g);
  }
  return g;
}

/** A stand of a draft's record was replaced in place: refile it if that record has a grid. */
export function refile(stands: DramState['stands'], st: Stand): void {
  grids.get(stands)?.set(st.id, st, st.pose.at, baseRadius(st.base));
}
