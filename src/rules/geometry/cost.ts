/**
 * Movement as a budget (DRAM HR D-17; NW's Terrain Effects Table): a path is priced stretch by
 * stretch, each inch costing the cost model's multiplier for the terrain under it, plus fixed
 * costs for events on the way (crossing a river or obstacle, entering or leaving an area).
 *
 * Rulesets supply the cost model; this module only walks the geometry. Conventions:
 * - Events are charged only strictly between the path's start and end: a path that ends on a
 *   river has not crossed it, and one starting in a wood does not "enter" it.
 * - A multiplier or event cost of Infinity means impassable.
 */
import { sortSmall } from './sort';
import { EPS } from './epsilon';
import type { AreaFeature, LineFeature, LineKind } from './features';
import { segmentProfile, type LineCrossing, type SegmentProfile, type TerrainOptions } from './terrain';
import type { Point, TerrainFeature, TerrainKind } from './types';
import { hypot, lerp } from './vector';

/** The terrain under one stretch of a path, as a cost model sees it. */
export interface TerrainContext {
  readonly areas: readonly AreaFeature[];
  readonly along: readonly LineFeature[];
  /** Index of the path leg (path[leg] → path[leg + 1]). */
  readonly leg: number;
}

/** Something that happens at a point along a path; `distance` is inches from the path's start. */
export type PathEvent =
  | ({ readonly type: 'cross' } & LineCrossing)
  | { readonly type: 'enter' | 'leave'; readonly feature: AreaFeature; readonly at: Point; readonly distance: number };

/** How a ruleset prices movement. */
export interface CostModel {
  /** Inches of budget per inch moved over this terrain (1 = clear; Infinity = impassable). */
  perInch(ctx: TerrainContext): number;
  /** Fixed inches of budget for an event; 0 when omitted (Infinity = cannot pass). */
  eventCost?(event: PathEvent): number;
}

/** One priced stretch of a path. */
export interface StretchCost {
  readonly leg: number;
  readonly from: Point;
  readonly to: Point;
  /** Inches from the path's start to the stretch's start. */
  readonly distance: number;
  readonly length: number;
  readonly multiplier: number;
  readonly cost: number;
  readonly areas: readonly AreaFeature[];
  readonly along: readonly LineFeature[];
}

/** One priced event. */
export interface EventCost {
  readonly leg: number;
  readonly event: PathEvent;
  readonly cost: number;
}

/** The price of one leg of a path. */
export interface LegCost {
  readonly from: Point;
  readonly to: Point;
  readonly length: number;
  readonly cost: number;
  readonly stretches: readonly StretchCost[];
  readonly events: readonly EventCost[];
}

/** The price of a whole path, with a per-leg breakdown. */
export interface PathCost {
  readonly total: number;
  readonly length: number;
  readonly legs: readonly LegCost[];
}

/** One step of the priced timeline, in path order: events come before the stretch starting there. */
export type TimelineItem = ({ readonly type: 'stretch' } & StretchCost) | ({ readonly type: 'event' } & EventCost);

/**
 * Segment profiles by terrain record, then by alignment and exact end points (issue 12). A path is
 * priced more than once as it is walked (its reach, then the part actually walked, whose legs are
 * the same but for the last), and a move is priced when plotted and again when resolved: the
 * profile is a pure function of its inputs, so a remembered one is bit-identical. Scenario terrain
 * is never changed in place (a new record is a new key).
 * Keys are the coordinates themselves in nested maps (no number-to-string formatting).
 *
 * At most PROFILES_KEPT in all, for every terrain record together, all forgotten at once past it
 * (the map holds its terrain records only until then). The bound was per record: every game's
 * parsed state has a terrain record of its own, so 50 games under bench:load kept up to 4,096
 * profiles each, and once the players stopped repeating the same 9 texts the bot's heap held
 * ~50 MB more (used 48 → 96–100 MB, peak RSS 214 → 275–298 MiB).
 */
type ProfileStore = Map<number | undefined, Map<number, Map<number, Map<number, Map<number, SegmentProfile>>>>>;
const profiles = new Map<readonly TerrainFeature[], ProfileStore>();
let profilesKept = 0;
export const PROFILES_KEPT = 4096;
function profileOf(a: Point, b: Point, terrain: readonly TerrainFeature[], opts: TerrainOptions): SegmentProfile {
  const store = profiles.get(terrain) ?? setIn(profiles, terrain, new Map());
  const m1 = store.get(opts.alignmentDeg) ?? setIn(store, opts.alignmentDeg, new Map());
  const m2 = m1.get(a.x) ?? setIn(m1, a.x, new Map());
  const m3 = m2.get(a.y) ?? setIn(m2, a.y, new Map());
  const m4 = m3.get(b.x) ?? setIn(m3, b.x, new Map());
  let p = m4.get(b.y);
  if (!p) {
    p = segmentProfile(a, b, terrain, opts);
    if (profilesKept >= PROFILES_KEPT) {
      profiles.clear();
      profilesKept = 0;
      // m4 belongs to a forgotten store now: file afresh (the next call will find it).
      return p;
    }
    m4.set(b.y, p);
    profilesKept++;
  }
  return p;
}
/** How many segment profiles are remembered now, over every terrain record (tests). */
export const profilesRemembered = (): number => profilesKept;
function setIn<K, V>(m: Map<K, V>, k: K, v: V): V {
  m.set(k, v);
  return v;
}

type Raw = { leg: number; start: number; end: number; from: Point; to: Point; areas: readonly AreaFeature[]; along: readonly LineFeature[] };

function priceEvent(items: TimelineItem[], model: CostModel, e: { leg: number; event: PathEvent }): void {
  items.push({ type: 'event', leg: e.leg, event: e.event, cost: model.eventCost?.(e.event) ?? 0 });
}

function priceStretch(items: TimelineItem[], r: Raw, start: number, end: number, multiplier: number): void {
  const span = r.end - r.start;
  const len = end - start;
  items.push({
    type: 'stretch', leg: r.leg, from: lerp(r.from, r.to, span <= 0 ? 0 : (start - r.start) / span), to: end >= r.end ? r.to : lerp(r.from, r.to, span <= 0 ? 0 : (end - r.start) / span),
    distance: start, length: len, multiplier, cost: len <= 0 || multiplier === 0 ? 0 : multiplier * len, areas: r.areas, along: r.along,
  });
}

/** A path's priced timeline (costTimeline) and its length, inches. */
export interface CostTimeline {
  readonly items: TimelineItem[];
  readonly length: number;
}

/** The priced timeline of a path: stretches and events in order, split so no event falls inside a stretch. */
export function costTimeline(
  path: readonly Point[], terrain: readonly TerrainFeature[], model: CostModel, opts: TerrainOptions = {},
): CostTimeline {
  const raws: Raw[] = [];
  const crossings: PathEvent[] = [];
  let offset = 0;
  for (let leg = 0; leg + 1 < path.length; leg++) {
    const p = profileOf(path[leg] as Point, path[leg + 1] as Point, terrain, opts);
    for (const s of p.stretches) raws.push({ leg, start: offset + s.start, end: offset + s.end, from: s.from, to: s.to, areas: s.areas, along: s.along });
    for (const c of p.crossings) crossings.push({ type: 'cross', ...c, distance: offset + c.distance });
    offset += p.length;
  }
  const length = offset;

  const events: Array<{ leg: number; event: PathEvent }> = [];
  for (const c of crossings) {
    // Strictly inside the path; a vertex on a river is met by both legs: charge it once.
    if (c.distance <= EPS || c.distance >= length - EPS) continue;
    if (events.some((e) => e.event.type === 'cross' && c.type === 'cross' && e.event.feature === c.feature && Math.abs(e.event.distance - c.distance) <= EPS)) continue;
    events.push({ leg: raws.find((r) => r.end > c.distance + EPS)?.leg ?? Math.max(0, path.length - 2), event: c });
  }
  for (let i = 1; i < raws.length; i++) {
    const before = raws[i - 1] as Raw;
    const after = raws[i] as Raw;
    for (const f of before.areas) if (!after.areas.includes(f)) events.push({ leg: after.leg, event: { type: 'leave', feature: f, at: after.from, distance: after.start } });
    for (const f of after.areas) if (!before.areas.includes(f)) events.push({ leg: after.leg, event: { type: 'enter', feature: f, at: after.from, distance: after.start } });
  }
  sortSmall(events, byEventDistance);

  const items: TimelineItem[] = [];
  // Plain helpers and an index rather than closures: this runs for every leg of every move.
  let k = 0;
  for (const r of raws) {
    const multiplier = model.perInch({ areas: r.areas, along: r.along, leg: r.leg });
    for (let e = events[k]; e && e.event.distance <= r.start + EPS; e = events[++k]) priceEvent(items, model, e);
    let cursor = r.start;
    for (let e = events[k]; e && e.event.distance < r.end - EPS; e = events[++k]) {
      priceStretch(items, r, cursor, e.event.distance, multiplier);
      priceEvent(items, model, e);
      cursor = e.event.distance;
    }
    priceStretch(items, r, cursor, r.end, multiplier);
  }
  return { items, length };
}

/** Price a path over the terrain with a ruleset's cost model: total and per-leg breakdown. */
export function pathCost(path: readonly Point[], terrain: readonly TerrainFeature[], model: CostModel, opts: TerrainOptions = {}): PathCost {
  const { items, length } = costTimeline(path, terrain, model, opts);
  // Items grouped by leg in one pass (issue 12), each leg's in timeline order as before.
  const byLeg: TimelineItem[][] = [];
  for (let leg = 0; leg + 1 < path.length; leg++) byLeg.push([]);
  for (const i of items) byLeg[i.leg]?.push(i);
  const legs: LegCost[] = [];
  for (let leg = 0; leg + 1 < path.length; leg++) {
    const mine = byLeg[leg] as TimelineItem[];
    const from = path[leg] as Point;
    const to = path[leg + 1] as Point;
    let cost = 0;
    const stretches: StretchCost[] = [];
    const events: EventCost[] = [];
    for (const i of mine) {
      cost += i.cost;
      if (i.type === 'stretch') {
        const { type: _t, ...st } = i;
        stretches.push(st);
      } else {
        const { type: _t, ...e } = i;
        events.push(e);
      }
    }
    legs.push({ from, to, length: hypot(to.x - from.x, to.y - from.y), cost, stretches, events });
  }
  return { total: legs.reduce((sum, l) => sum + l.cost, 0), length, legs };
}

/**
 * pathCost(path).total from the path's timeline, without building its legs (issue 12: a preview
 * wants only the total): the same sums in the same order (each leg's items in timeline order,
 * then the legs in order), so the same number to the bit.
 */
export function timelineTotal(path: readonly Point[], timeline: CostTimeline): number {
  const legs = Math.max(0, path.length - 1);
  if (legs === 1) {
    let cost = 0;
    for (const i of timeline.items) if (i.leg === 0) cost += i.cost;
    return 0 + cost;
  }
  const costs = new Array<number>(legs).fill(0);
  for (const i of timeline.items) if (i.leg >= 0 && i.leg < legs) costs[i.leg]! += i.cost;
  let total = 0;
  for (const c of costs) total += c;
  return total;
}

/** Plain parameters for the common "difficult terrain and roads" model (DRAM §1(d), HR D-17). */
export interface SimpleCostParams {
  /** Budget per inch in difficult terrain (DRAM: 2, i.e. movement halved). */
  readonly difficultMultiplier: number;
  /** Budget per inch along a road (DRAM under M orders: 1 / 1.5; otherwise 1). */
  readonly roadMultiplier: number;
  /** Does a road through difficult terrain keep the road rate (DRAM HR D-17: yes)? If not, difficult wins. */
  readonly roadOverridesDifficult: boolean;
  /** Area kinds that are difficult even without the feature's `difficult` flag. */
  readonly difficultKinds?: readonly TerrainKind[];
  /** Line kinds that count as roads (default: road). */
  readonly roadKinds?: readonly LineKind[];
  /** Fixed cost of each event (default 0). */
  readonly eventCost?: (event: PathEvent) => number;
}

/** A cost model from plain parameters: clear 1, difficult, road, and which wins where they meet. */
export function simpleCostModel(params: SimpleCostParams): CostModel {
  const roadKinds: readonly TerrainKind[] = params.roadKinds ?? ['road'];
  const difficultKinds = params.difficultKinds ?? [];
  return {
    perInch({ areas, along }) {
      const difficult = areas.some((f) => f.difficult === true || difficultKinds.includes(f.kind));
      const road = along.some((f) => roadKinds.includes(f.kind));
      if (road && (params.roadOverridesDifficult || !difficult)) return params.roadMultiplier;
      return difficult ? params.difficultMultiplier : 1;
    },
    ...(params.eventCost ? { eventCost: params.eventCost } : {}),
  };
}

const byEventDistance = (x: { readonly event: { readonly distance: number } }, y: { readonly event: { readonly distance: number } }): number => x.event.distance - y.event.distance;
