/**
 * How far along a path a movement budget goes (DRAM HR D-17: movement is a budget; NW: a unit
 * must have enough allowance to clear an obstacle completely). Used to truncate a move to its
 * allowance.
 *
 * Rules of the walk: stretches are paid inch by inch, so the budget can run out mid-stretch at
 * the exact point; an event (crossing, entering) is paid all at once, so if the budget cannot
 * cover it the move stops AT the event's point, on the near side, without paying it. An
 * impassable stretch stops the move at its start. Spending never exceeds budget + EPS.
 */
import { costTimeline, type CostModel, type CostTimeline, type PathEvent, type TerrainContext } from './cost';
import { EPS } from './epsilon';
import type { TerrainOptions } from './terrain';
import type { Point, TerrainFeature } from './types';
import { distance, lerp } from './vector';

/** Why a move stopped short of the end of its path. */
export type ReachStop =
  | { readonly reason: 'budget' }
  | { readonly reason: 'event'; readonly event: PathEvent; readonly cost: number }
  | { readonly reason: 'impassable'; readonly terrain: Omit<TerrainContext, 'leg'> };

/** Where a movement budget runs out along a path. */
export interface Reach {
  /** Where the move ends. */
  readonly point: Point;
  /** Inches travelled along the path. */
  readonly distance: number;
  /** Budget spent (≤ budget + EPS). */
  readonly cost: number;
  /** True when the whole path was affordable. */
  readonly complete: boolean;
  /** Index of the leg the move ended on. */
  readonly leg: number;
  /** The path actually travelled: the vertices passed, then `point`. */
  readonly path: readonly Point[];
  /** Present when the move stopped short. */
  readonly stoppedBy?: ReachStop;
}

/** The furthest point along `path` that `budget` inches of movement reach under the cost model. */
export function maxReach(
  path: readonly Point[], budget: number, terrain: readonly TerrainFeature[], model: CostModel, opts: TerrainOptions = {},
): Reach {
  if (!path[0]) throw new RangeError('maxReach: the path needs at least one point');
  return reachAlong(path, budget, costTimeline(path, terrain, model, opts));
}

/**
 * maxReach on the path's timeline already priced (costTimeline of the same path, terrain and
 * model): a caller that also wants the whole path's price prices it once (issue 12).
 */
export function reachAlong(path: readonly Point[], budget: number, timeline: CostTimeline): Reach {
  if (!path[0]) throw new RangeError('reachAlong: the path needs at least one point');
  const { items, length } = timeline;
  let spent = 0;
  for (const item of items) {
    if (item.type === 'event') {
      if (spent + item.cost > budget + EPS) return reachStop(path, spent, item.event.at, item.event.distance, item.leg, { reason: 'event', event: item.event, cost: item.cost });
      spent += item.cost;
      continue;
    }
    if (item.multiplier === Infinity) {
      return reachStop(path, spent, item.from, item.distance, item.leg, { reason: 'impassable', terrain: { areas: item.areas, along: item.along } });
    }
    if (spent + item.cost <= budget + EPS) {
      spent += item.cost;
      continue;
    }
    // Budget runs out inside this stretch: go exactly as far as the remainder pays for.
    const inches = Math.max(0, budget - spent) / item.multiplier;
    spent += inches * item.multiplier;
    return reachStop(path, spent, lerp(item.from, item.to, inches / item.length), item.distance + inches, item.leg, { reason: 'budget' });
  }
  const end = path[path.length - 1] as Point;
  return reachStop(path, spent, end, length, Math.max(0, path.length - 2));
}

/** The reach that ends at `point` on leg `leg` (a plain function, not a closure made per call: this runs for every move). */
function reachStop(path: readonly Point[], spent: number, point: Point, along: number, leg: number, stoppedBy?: ReachStop): Reach {
  // The vertices passed (path[0..leg]), then `point`, which replaces the last of them when it is
  // that vertex; built in one array, not sliced and spread twice.
  const passed = Math.min(leg + 1, path.length);
  const last = path[passed - 1] as Point;
  const keep = passed > 0 && distance(last, point) <= EPS ? passed - 1 : passed;
  const travelled: Point[] = [];
  for (let i = 0; i < keep; i++) travelled.push(path[i] as Point);
  travelled.push(point);
  return {
    point, distance: along, cost: spent, complete: stoppedBy === undefined, leg,
    path: travelled,
    ...(stoppedBy ? { stoppedBy } : {}),
  };
}
