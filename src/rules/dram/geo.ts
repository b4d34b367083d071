import { baseCorners, baseDistance, baseDistanceLowerBound, baseDistanceLowerBoundBeyond, basePolygon, baseRadius, baseWithin, CONTACT_TOLERANCE, inContact, type Base } from '../geometry/base';
import { EPS } from '../geometry/epsilon';
import { pointSegmentDistance, rectanglesApart, ringDistance } from '../geometry/primitives';
import { isArea, type AreaFeature } from '../geometry/features';
import { costTimeline, pathCost, timelineTotal, type CostModel, type CostTimeline, type PathCost, type PathEvent } from '../geometry/cost';
import { reachAlong } from '../geometry/reach';
import { lineOfSight } from '../geometry/sight';
import { terrainAt } from '../geometry/terrain';
import type { BaseSize, Point, Pose } from '../geometry/types';
import { bearing, distance, lerp } from '../geometry/vector';
import { standGrid } from './neighbours';
import type { DramState, Stand } from './state';
import { costPerInch, type Order } from './tables';

/**
 * DRAM's use of the table geometry (DIGEST §1(d)): 6 in = 1 mile; distances between the
 * nearest points of bases (HR D-8); difficult terrain and good roads as a movement budget
 * (HR D-17). Terrain rulings (src/rules/dram/README.md): woods, forest, built-up areas,
 * towns and marsh are difficult unless the scenario says otherwise; roads are good roads,
 * tracks are not; a river can be crossed only at a bridge or a ford; a stream anywhere, at
 * the cost of difficult ground for its width.
 */
export interface Locatable {
  readonly pose: Pose;
  readonly base?: BaseSize;
}

/** A point-sized general is measured from a 1½ × 3 in HQ base (DRAM §10). */
const POINTLIKE: BaseSize = { width: 3, depth: 1.5 };
const asBase = (x: Locatable): Base => ({ pose: x.pose, size: x.base ?? POINTLIKE });

export function milesBetween(s: DramState, a: Locatable, b: Locatable): number {
  return baseDistance(asBase(a), asBase(b)) / s.map.inchesPerMile;
}

/**
 * The nearest enemy stand on the table and its distance (nearest points; ties to the lower id).
 * With `withinMiles`, the caller wants only an enemy that near: the search may stop (null) once
 * the nearest is known to be farther, instead of widening across the table (issue 12). A result
 * may still be farther than the bound; the caller keeps its own test.
 */
export function nearestEnemy(s: DramState, stand: Pick<Stand, 'side' | 'pose' | 'base'>, withinMiles?: number): { stand: Stand; miles: number } | null {
  const bound = withinMiles === undefined ? Infinity : withinMiles * s.map.inchesPerMile;
  const me = asBase(stand);
  const grid = standGrid(s);
  const r = baseRadius(me.size);
  // The grid's stands within `within` of the base (bounding circles), widened until the best
  // exact distance is inside it: no stand beyond can beat or tie it (its lower bound is greater).
  for (let within = NEAREST_FIRST_INCHES; ; within *= 2) {
    const filed = grid.near(me.pose.at, within + r);
    const everything = filed.length === grid.size;
    // Nearest bounding circles first; stop once no remaining circle can beat the best exact distance.
    const candidates = filed.filter((e) => e.side !== stand.side && e.onTable && !e.removed)
      .map((e) => ({ e, lb: baseDistanceLowerBound(me, asBase(e)) })).sort((a, b) => a.lb - b.lb);
    let best: { stand: Stand; inches: number } | null = null;
    for (const { e, lb } of candidates) {
      if (best && lb > best.inches) break;
      const d = baseDistance(me, asBase(e));
      if (!best || d < best.inches || (d === best.inches && e.id < best.stand.id)) best = { stand: e, inches: d };
    }
    if (everything || (best && best.inches <= within)) return best ? { stand: best.stand, miles: best.inches / s.map.inchesPerMile } : null;
    // Every enemy within `within` was read and none is that near: the nearest is beyond the bound.
    if (bound < within) return null;
  }
}

/** The first radius nearestEnemy searches, inches (2 miles at 6 in a mile): it doubles until it holds the nearest. */
const NEAREST_FIRST_INCHES = 12;

/** Are two units within `miles` of each other (nearest points)? Cheap when they are far apart. */
export function withinMiles(s: DramState, a: Locatable, b: Locatable, miles: number): boolean {
  return baseWithin(asBase(a), asBase(b), miles * s.map.inchesPerMile);
}

/** Opposing pairs in base contact. A sweep along x compares only stands whose circles can meet. */
export function contacts(s: DramState, stands: readonly Stand[]): [Stand, Stand][] {
  const out: [Stand, Stand][] = [];
  const byX = [...stands].sort((a, b) => a.pose.at.x - b.pose.at.x);
  const maxR = Math.max(0, ...byX.map((x) => baseRadius(x.base)));
  for (let i = 0; i < byX.length; i++) {
    const a = byX[i]!;
    for (let j = i + 1; j < byX.length; j++) {
      const b = byX[j]!;
      if (b.pose.at.x - a.pose.at.x > baseRadius(a.base) + maxR + CONTACT_TOLERANCE) break;
      if (a.side !== b.side && inContact(asBase(a), asBase(b))) out.push(a.id < b.id ? [a, b] : [b, a]);
    }
  }
  // The order pairs were found in must not depend on positions' sort: engagements are built by id.
  return out.sort(([a1, b1], [a2, b2]) => (a1.id < a2.id ? -1 : a1.id > a2.id ? 1 : b1.id < b2.id ? -1 : b1.id > b2.id ? 1 : 0));
}

const DIFFICULT_KINDS = new Set(['woods', 'forest', 'built-up', 'town', 'marsh']);
const isDifficult = (f: AreaFeature) => f.difficult ?? DIFFICULT_KINDS.has(f.kind);

/** Is the stand's centre in difficult terrain ("BUA or woods", DRAM §8)? */
export function inDifficultTerrain(s: DramState, x: Locatable): boolean {
  return terrainAt(x.pose.at, s.map.terrain).some((f) => isArea(f) && isDifficult(f));
}

/** The result of walking a plotted path with a movement allowance. */
export interface Advance {
  readonly end: Pose;
  /** The path actually followed: start, waypoints reached, end. */
  readonly path: readonly Point[];
  /** Allowance used, in open-ground inches. */
  readonly cost: number;
  /** What the whole plotted path would cost. */
  readonly plannedCost: number;
  /** Plotted path length, inches. */
  readonly length: number;
  /** Length of `path`, inches: how far it actually moves. */
  readonly travelled: number;
  readonly contact: string | null;
  readonly crossedBridgeOrFord: boolean;
  readonly stopped?: string;
}

export interface Mover {
  readonly id: string;
  readonly side: string;
  readonly pose: Pose;
  readonly base: BaseSize;
  readonly order?: Order;
}

/** DRAM's price of ground for a stand on `order` (DRAM §7, HR D-17 and the terrain rulings above). */
export function dramCostModel(s: DramState, order: Order): CostModel {
  // One model per settings record and order (issue 12: every move asks for one).
  let byOrder = costModels.get(s.settings);
  if (!byOrder) costModels.set(s.settings, (byOrder = new Map()));
  let model = byOrder.get(order);
  if (!model) byOrder.set(order, (model = makeCostModel(s.settings, order)));
  return model;
}
const costModels = new WeakMap<DramState['settings'], Map<Order, CostModel>>();

function makeCostModel(settings: DramState['settings'], order: Order): CostModel {
  const rate = (going: { difficult?: boolean; goodRoad?: boolean }) => {
    const r = costPerInch(order, going, settings);
    return r.num / r.den;
  };
  return {
    perInch: ({ areas, along }) => rate({ difficult: areas.some(isDifficult), goodRoad: along.some((l) => l.kind === 'road') }),
    eventCost(e: PathEvent) {
      if (e.type !== 'cross' || e.bridge || e.ford) return 0;
      if (e.feature.kind === 'river') return Infinity;
      if (e.feature.kind === 'stream') return (e.feature.width ?? 1) * (rate({ difficult: true }) - 1);
      return 0;
    },
  };
}

/**
 * Follow `path` (starting at the mover) as far as `allowance` goes under DRAM's costs,
 * then, unless `ignoreContact`, stop where the base first touches an enemy base. Bases
 * face the way they move. Enemies already touching at the start are ignored, so a stand
 * can move out of contact (HR D-20).
 */
export function advanceAlong(s: DramState, mover: Mover, path: readonly Point[], allowance: number, opts: { ignoreContact?: boolean; preview?: boolean } = {}): Advance {
  const order: Order = mover.order ?? 'D';
  const pts: Point[] = [mover.pose.at];
  for (let i = 0; i < path.length; i++) if (i > 0 || distance(path[i]!, mover.pose.at) > 1e-9) pts.push(path[i]!);
  const model = dramCostModel(s, order);
  // The plotted path is priced once (issue 12: it was priced twice, for the reach and for the
  // preview): the reach walks its timeline, and a player's preview sums it. Resolution needs only the reach.
  const timeline = costTimeline(pts, s.map.terrain, model);
  const reach = reachAlong(pts, allowance, timeline);
  const planned = opts.preview === false ? null : { total: timelineTotal(pts, timeline), length: timeline.length };
  // An uncrossable line stops the base on the near bank, not astride it.
  const reached = reach.stoppedBy?.reason === 'event' ? backOff(reach.path, mover.base.depth / 2) : reach.path;
  // Only enemies near the path can be touched (firstContact's own test, read from the grid).
  const enemies = opts.ignoreContact ? [] : standGrid(s).nearPath(reached, baseRadius(mover.base) + CONTACT_TOLERANCE)
    .filter((e) => e.side !== mover.side && e.onTable && !e.removed);
  const hit = firstContact(mover, reached, enemies);
  const headed = hit ? hit.path : reached;
  const clear = opts.ignoreContact ? { path: headed, blocker: null } : clearOfFriends(s, mover, headed);
  const walked = clear.path;
  // A friend in the way stops it short of the contact it was heading for (issue 11: say so, and no contact).
  const blocked = clear.blocker !== null && polylineLength(walked) < polylineLength(headed) - 1e-6;
  const travelled = polylineLength(walked);
  // The walked path is priced once, for its cost (when short of the reach) and its crossings.
  const walkedCost = walked !== reach.path || planned === null ? pathCost(walked, s.map.terrain, model) : null;
  const cost = walked !== reach.path ? walkedCost!.total : reach.cost;
  // DE-7: contact stops the base short of the water when the enemy holds the far bank, so the
  // crossing is also looked for between the stand's centre and the centre of the enemy it touches.
  const foe = hit ? s.stands[hit.id] : undefined;
  const end = walked[walked.length - 1]!;
  const acrossToFoe = foe !== undefined && crossesAtBridgeOrFord(costTimeline([end, foe.pose.at], s.map.terrain, model), 1);
  const crossed = (planned ? crossesAtBridgeOrFord(timeline, pts.length - 1, travelled) : pathCrossesAtBridgeOrFord(walkedCost!, travelled)) || acrossToFoe;
  const last = walked.length > 1 ? bearing(walked[walked.length - 2]!, walked[walked.length - 1]!) : mover.pose.facing;
  const stopped = blocked ? `${s.stands[clear.blocker!]?.name ?? clear.blocker} is in the way`
    : hit ? `contact with ${s.stands[hit.id]?.name ?? hit.id}`
    : reach.stoppedBy?.reason === 'event' ? `${reach.stoppedBy.event.type === 'cross' ? (reach.stoppedBy.event.feature.name ?? `the ${reach.stoppedBy.event.feature.kind}`) : 'the terrain'} cannot be crossed here`
    : reach.stoppedBy ? 'allowance spent' : undefined;
  return {
    end: { at: walked[walked.length - 1]!, facing: walked.length > 1 ? last : mover.pose.facing },
    path: walked, travelled, cost: Math.min(cost, allowance), plannedCost: planned?.total ?? cost, length: planned?.length ?? polylineLength(pts),
    contact: blocked ? null : hit?.id ?? null, crossedBridgeOrFord: crossed, ...(stopped ? { stopped } : {}),
  };
}

/** Does the priced path cross a line at a bridge or ford within `travelled` inches of its start? */
function pathCrossesAtBridgeOrFord(c: PathCost, travelled: number): boolean {
  return c.legs.some((leg) => leg.events.some((e) => e.event.type === 'cross' && (e.event.bridge || e.event.ford) && e.event.distance <= travelled + 1e-9));
}

/**
 * The same question asked of the path's timeline (of `legs` legs: pathCost files only the items of
 * those), without building its legs; with no `travelled`, anywhere along it.
 */
function crossesAtBridgeOrFord(t: CostTimeline, legs: number, travelled?: number): boolean {
  for (const i of t.items) {
    if (i.type !== 'event' || i.leg < 0 || i.leg >= legs) continue;
    const e = i.event;
    if (e.type === 'cross' && (e.bridge || e.ford) && (travelled === undefined || e.distance <= travelled + 1e-9)) return true;
  }
  return false;
}

function nearPolyline(path: readonly Point[], p: Point, within: number): boolean {
  if (path.length === 1) return distance(path[0]!, p) <= within;
  for (let i = 1; i < path.length; i++) if (pointSegmentDistance(p, path[i - 1]!, path[i]!) <= within) return true;
  return false;
}

function polylineLength(path: readonly Point[]): number {
  let n = 0;
  for (let i = 1; i < path.length; i++) n += distance(path[i - 1]!, path[i]!);
  return n;
}

/**
 * Friendly stands may be passed through but not stopped on: a move that would end overlapping
 * a friend (touching edge to edge is fine) is shortened, a quarter inch at a time, until clear.
 */
function clearOfFriends(s: DramState, mover: Mover, path: readonly Point[]): { path: readonly Point[]; blocker: string | null } {
  if (path.length < 2) return { path, blocker: null };
  const inner = { width: Math.max(0.1, mover.base.width - 0.1), depth: Math.max(0.1, mover.base.depth - 0.1) };
  // Only friends whose bounding circle reaches the end can be stopped on: a squared-distance
  // test first (this runs for every move), the exact one only for those.
  const end = path[path.length - 1]!;
  const reach = baseRadius(inner);
  const near: Stand[] = [];
  let startRing: Point[] | undefined;
  for (const f of standGrid(s).near(end, reach)) {
    if (f.side !== mover.side || f.id === mover.id || !f.onTable || f.removed) continue;
    const dx = f.pose.at.x - end.x, dy = f.pose.at.y - end.y, r = reach + baseRadius(f.base);
    if (dx * dx + dy * dy > r * r) continue;
    // baseDistance from the inner base at the start; its ring is not filed in the ring cache, where
    // it would displace the ring of the mover's own base at the same pose.
    // Shadows clearly apart (friends side by side in a line: most of them) need no exact distance.
    startRing ??= transientRing({ pose: mover.pose, size: inner });
    const fr = basePolygon(asBase(f));
    if (rectanglesApart(startRing, fr, APART) || ringDistance(startRing, fr) > 0) near.push(f);
  }
  if (near.length === 0) return { path, blocker: null };
  let pts = path;
  let blocker: string | null = null;
  for (let f = overlappingFriend(pts, inner, near); pts.length > 1 && f; f = overlappingFriend(pts, inner, near)) {
    blocker = f.id;
    pts = backOff(pts, 0.25);
  }
  return { path: pts, blocker };
}

/**
 * The first of `near` that a base of size `inner` at the end of `p` (facing along its last leg)
 * overlaps. A module function, not a closure made per move (bundles keep names: each closure made
 * costs a `__name` call too, issue 12).
 */
function overlappingFriend(p: readonly Point[], inner: BaseSize, near: readonly Stand[]): Stand | undefined {
  if (p.length < 2) return undefined;
  const here: Base = { pose: { at: p[p.length - 1]!, facing: bearing(p[p.length - 2]!, p[p.length - 1]!) }, size: inner };
  // baseWithin(here, f, 0), with the trial pose's ring made once and not filed in the ring cache
  // (each trial is a new pose, never asked for again).
  // A friend whose base's inscribed circle overlaps the trial base's overlaps it for certain (the
  // same answer, without the rings): most trials of a long back-off sit well inside a friend.
  let ring: Point[] | undefined;
  for (const f of near) {
    const fb = asBase(f);
    const dx = here.pose.at.x - f.pose.at.x, dy = here.pose.at.y - f.pose.at.y;
    const inscribed = (Math.min(inner.width, inner.depth) + Math.min(f.base.width, f.base.depth)) / 2 * (1 - 1e-9);
    if (dx * dx + dy * dy < inscribed * inscribed) return f;
    if (baseDistanceLowerBoundBeyond(here, fb, EPS)) continue;
    ring ??= transientRing(here);
    const fr = basePolygon(fb);
    if (!rectanglesApart(ring, fr, APART) && ringDistance(ring, fr) <= EPS) return f;
  }
  return undefined;
}

/**
 * A separating-axis gap beyond this (a thousand times EPS, far above rounding) shows two bases
 * apart for certain: distance > 0 and not within EPS of touching.
 */
const APART = 1e-3;

/**
 * basePolygon's ring (same corners, same order) for a pose made for one trial: basePolygon would
 * file it in its per-pose cache, which costs more than the ring when the pose is never seen again.
 */
function transientRing(b: Base): Point[] {
  const c = baseCorners(b);
  return [c.frontLeft, c.frontRight, c.rearRight, c.rearLeft];
}

/** The polyline shortened by `by` inches from its end (never past its start). */
function backOff(path: readonly Point[], by: number): Point[] {
  const pts = [...path];
  let left = by;
  while (pts.length > 1 && left > 0) {
    const b = pts[pts.length - 1]!, a = pts[pts.length - 2]!;
    const seg = distance(a, b);
    if (seg > left) {
      pts[pts.length - 1] = lerp(b, a, left / seg);
      return pts;
    }
    left -= seg;
    pts.pop();
  }
  return pts;
}

/**
 * The first point along a polyline where the moving base touches an enemy. Conservative
 * advancement: a base d inches from every enemy can move d without touching, so it steps
 * by the current clearance instead of sampling.
 */
function firstContact(mover: Mover, path: readonly Point[], enemies: readonly Stand[]): { id: string; path: Point[]; distance: number } | null {
  const start: Base = { pose: mover.pose, size: mover.base };
  // Only enemies the moving base could reach along this path can stop it.
  const reach = polylineLength(path) + baseRadius(mover.base) + CONTACT_TOLERANCE;
  const others = enemies.filter((e) => !inContact(start, asBase(e)) && nearPolyline(path, e.pose.at, reach - polylineLength(path) + baseRadius(e.base)));
  if (others.length === 0) return null;
  let along = 0;
  const walked: Point[] = [path[0]!];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!;
    const seg = distance(a, b);
    if (seg < 1e-9) continue;
    const facing = bearing(a, b);
    let t = 0;
    for (;;) {
      const here: Base = { pose: { at: lerp(a, b, t / seg), facing }, size: mover.base };
      // baseDistance(here, e), the step's ring made once and kept out of the ring cache.
      const ring = transientRing(here);
      let d = Infinity, who = '';
      for (const e of others) {
        const eb = asBase(e);
        if (baseDistanceLowerBound(here, eb) >= d) continue;
        const de = ringDistance(ring, basePolygon(eb));
        if (de < d) { d = de; who = e.id; }
      }
      if (d <= CONTACT_TOLERANCE) return { id: who, path: [...walked, here.pose.at], distance: along + t };
      if (t >= seg) break;
      t = Math.min(seg, t + Math.max(d - CONTACT_TOLERANCE / 2, 0.01));
    }
    along += seg;
    walked.push(b);
  }
  return null;
}

/** HR D-11: one full move straight away from the nearest enemy stand, kept on the table. */
export function fallBackPath(s: DramState, stand: Stand, allowance: number): Point[] | null {
  const near = nearestEnemy(s, stand);
  if (!near) return null;
  const dx = stand.pose.at.x - near.stand.pose.at.x, dy = stand.pose.at.y - near.stand.pose.at.y;
  const len = Math.hypot(dx, dy) || 1;
  const margin = 0.5;
  let k = allowance;
  const end = () => ({ x: stand.pose.at.x + (dx / len) * k, y: stand.pose.at.y + (dy / len) * k });
  while (k > 0 && !onTable(s, end(), margin)) k -= 0.25;
  return k > 0 ? [stand.pose.at, end()] : null;
}

export function onTable(s: DramState, p: Point, margin = 0): boolean {
  return p.x >= margin && p.y >= margin && p.x <= s.map.table.width - margin && p.y <= s.map.table.height - margin;
}

/** "Direct line of sight" for order costs (DRAM §5, HR D-9): scenario terrain flagged blocksLos, and hills. */
export function hasLineOfSight(s: DramState, from: Point, to: Point): boolean {
  if (s.settings.los.model === 'always-clear') return true;
  return lineOfSight(from, to, s.map.terrain).clear;
}

/** What a player typed, as a path from the mover (moved to paths.ts; kept here for its callers). */
export { resolvePath } from './paths';
