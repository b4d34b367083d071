/**
 * Hidden information for rulesets that hide what a side cannot see (issue 5: "enemy units
 * outside line of sight are not drawn"). A unit is seen when any unit of the viewer's side
 * has a clear line of sight (rules/geometry lineOfSight, with the ruleset's own seeInto
 * depths) from its centre to the enemy's centre or to one of its corners: a base half behind
 * a wood is seen. Own units are always seen. DRAM hides nothing and does not use this.
 */
import { lineOfSight, type SightOptions } from '../../rules/geometry/sight';
import type { Point, TerrainFeature } from '../../rules/geometry/types';
import { distance } from '../../rules/geometry/vector';
import { ring, type MapUnit } from './describe';

export interface LosFilterOptions extends SightOptions {
  /** Farthest anyone sees, in inches (default: unlimited). */
  readonly maxRange?: number;
}

/** The predicate describeMap takes as `visible`, for a viewer on `side`. */
export function losVisibility(units: readonly MapUnit[], terrain: readonly TerrainFeature[], side: string, opts: LosFilterOptions = {}): (unitId: string) => boolean {
  const own = units.filter((u) => u.side === side);
  const seen = new Map<string, boolean>();
  const byId = new Map(units.map((u) => [u.id, u]));
  return (id) => {
    const u = byId.get(id);
    if (!u) return true; // not a unit this filter knows (a landmark, a ghost of an own unit…)
    if (u.side === side) return true;
    let answer = seen.get(id);
    if (answer === undefined) {
      answer = canBeSeen(u, own, terrain, opts);
      seen.set(id, answer);
    }
    return answer;
  };
}

function canBeSeen(target: MapUnit, watchers: readonly MapUnit[], terrain: readonly TerrainFeature[], opts: LosFilterOptions): boolean {
  const points: Point[] = [target.pose.at, ...ring(target)];
  // Nearest watchers first: they are the likeliest to see it, so most answers come early.
  const ordered = [...watchers].sort((a, b) => distance(a.pose.at, target.pose.at) - distance(b.pose.at, target.pose.at));
  for (const w of ordered) {
    for (const p of points) {
      if (opts.maxRange !== undefined && distance(w.pose.at, p) > opts.maxRange) continue;
      if (lineOfSight(w.pose.at, p, terrain, opts).clear) return true;
    }
  }
  return false;
}
