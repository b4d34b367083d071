import {
  baseDistance, baseDistanceLowerBound, baseEdge, baseRadius, baseWithin, CONTACT_TOLERANCE, inContact, pointToBaseDistance, type Base, type Side,
} from '../geometry/base';
import { EPS } from '../geometry/epsilon';
import { isArea } from '../geometry/features';
import { basePolygon } from '../geometry/base';
import { pointSegmentDistance, ringContains, ringStrictlyContains, segmentRingIntersections } from '../geometry/primitives';
import type { BaseSize, Point, Pose, TerrainFeature } from '../geometry/types';
import { add, angleDifference, distance, headingVector, lerp, normalizeFacing, scale, sub } from '../geometry/vector';
import { inHardCover } from './cover';
import { isTownArea } from './movement';

/**
 * The geometry of NW's movement rules: sweeping a base along a path (contact §9.91,
 * interpenetration §9.3, officers passed §9.3.2), squaring up (§9.93), the 6" proximity rule
 * (§9.9 L327-333), towns (§9.5 note 7, §9.8 L325) and the road bonus's 6" condition (note 6 L300).
 */

/** Anything with a base on the table. */
export interface Body {
  readonly id: string;
  readonly side: string;
  readonly pose: Pose;
  readonly base: BaseSize;
}

const asBase = (b: { pose: Pose; base: BaseSize }): Base => ({ pose: b.pose, size: b.base });

/** MV-15: "overlapping" means the interiors meet: bases touching edge to edge do not overlap. */
export const OVERLAP_SLACK = 0.05;
const shrunk = (size: BaseSize): BaseSize => ({ width: Math.max(0.05, size.width - 2 * OVERLAP_SLACK), depth: Math.max(0.05, size.depth - 2 * OVERLAP_SLACK) });

/** Do these bases overlap (interiors meet)? */
export const overlaps = (a: Base, b: Base): boolean => baseWithin({ pose: a.pose, size: shrunk(a.size) }, b, 0);

/** Largest step of the sweep, inches: small enough to notice every base on the way. */
const MAX_STEP = 0.25;

/** What a base meets as it follows a path. */
export interface Sweep {
  /** First enemy body touched (not touching at the start), where, and the path walked up to it. */
  readonly contact: { readonly id: string; readonly leg: number; readonly pose: Pose; readonly path: readonly Point[] } | null;
  /** Friendly bodies overlapped on the way (before any contact). */
  readonly passed: readonly string[];
  /** Enemy officer stands overlapped on the way (§9.3.2 L267). */
  readonly officersPassed: readonly string[];
  /** Poses sampled along the walk, for later tests (road bonus, towns). */
  readonly samples: readonly { readonly leg: number; readonly pose: Pose }[];
}

/**
 * Walk a base along `path` (`facings[i]` is the facing at path[i]; a wheel's facing turns
 * between its points) and note what it meets. Conservative advancement: a base d inches from
 * every enemy can move d without touching any, so the walk steps by that clearance (at most
 * MAX_STEP, so friends and officers on the way are seen).
 */
export function sweep(
  path: readonly Point[], facings: readonly number[], size: BaseSize,
  world: { readonly enemies: readonly Body[]; readonly friends: readonly Body[]; readonly officers: readonly Body[] },
  stopAtContact = true,
): Sweep {
  const start: Base = { pose: { at: path[0]!, facing: facings[0]! }, size };
  // Broad phase: every sampled pose is centred on the path, so a body whose bounding circle stays
  // farther from the path than NEAR can never touch, overlap or shorten a step (the exact tests
  // and the step below only care about distances up to MAX_STEP + CONTACT_TOLERANCE / 2).
  const r = baseRadius(size);
  const pathGap = (b: Body): number => pathDistance(path, b.pose.at) - r - baseRadius(b.base);
  const enemies = world.enemies.filter((e) => pathGap(e) <= NEAR && !inContact(start, asBase(e)));
  const friends = world.friends.filter((fr) => pathGap(fr) <= NEAR);
  const officers = world.officers.filter((o) => pathDistance(path, o.pose.at) - r <= o.base.width / 2 + NEAR);
  const enemyBases = enemies.map(asBase);
  const friendBases = friends.map(asBase);
  const passed = new Set<string>();
  const officersPassed = new Set<string>();
  const samples: { leg: number; pose: Pose }[] = [];
  const walked: Point[] = [path[0]!];
  for (let leg = 0; leg + 1 < path.length; leg++) {
    const a = path[leg]!;
    const b = path[leg + 1]!;
    const len = distance(a, b);
    const turn = angleDifference(facings[leg]!, facings[leg + 1]!);
    let t = 0;
    for (;;) {
      const f = len <= EPS ? 1 : Math.min(1, t / len);
      const pose: Pose = { at: lerp(a, b, f), facing: normalizeFacing(facings[leg]! + turn * f) };
      const here: Base = { pose, size };
      samples.push({ leg, pose });
      let clearance = Infinity;
      for (let i = 0; i < enemies.length; i++) {
        const eb = enemyBases[i]!;
        // Farther than NEAR by the bounding circles: neither contact nor the step can depend on it.
        if (baseDistanceLowerBound(here, eb) > NEAR) continue;
        const d = baseDistance(here, eb);
        if (d <= CONTACT_TOLERANCE && stopAtContact) return { contact: { id: enemies[i]!.id, leg, pose, path: [...walked, pose.at] }, passed: [...passed], officersPassed: [...officersPassed], samples };
        clearance = Math.min(clearance, d);
      }
      for (let i = 0; i < friends.length; i++) if (overlaps(here, friendBases[i]!)) passed.add(friends[i]!.id);
      for (const o of officers) if (pointToBaseDistance(o.pose.at, here) <= o.base.width / 2) officersPassed.add(o.id);
      if (f >= 1) break;
      const step = Math.min(MAX_STEP, Math.max(clearance - CONTACT_TOLERANCE / 2, 0.02));
      // A turning base sweeps farther at its corners than its centre moves: keep wheel steps small.
      t += Math.abs(turn) > EPS ? Math.min(step, 0.1) : step;
    }
    walked.push(b);
  }
  return { contact: null, passed: [...passed], officersPassed: [...officersPassed], samples };
}

/**
 * Bodies whose bounding circles are farther apart than this matter to no test of the sweep:
 * contact is within CONTACT_TOLERANCE, an overlap within 0, and the clearance only changes the
 * step below MAX_STEP + CONTACT_TOLERANCE / 2. The extra 0.1" is slack for rounding.
 */
const NEAR = MAX_STEP + CONTACT_TOLERANCE + 0.1;
/** NEAR for callers that pick the sweep's world from a spatial index: bodies beyond it are never read. */
export const SWEEP_NEAR = NEAR;

/** Distance from a point to a polyline (its nearest leg); a one-point path is that point. */
function pathDistance(path: readonly Point[], p: Point): number {
  if (path.length === 1) return distance(path[0]!, p);
  let d = Infinity;
  for (let i = 0; i + 1 < path.length; i++) d = Math.min(d, pointSegmentDistance(p, path[i]!, path[i + 1]!));
  return d;
}

/** Outward facing of a side of a base. */
const OUTWARD: Record<Side, number> = { front: 0, rear: 180, 'left-flank': -90, 'right-flank': 90 };

/**
 * §9.93 L341: the attacker squared up on one side of the defender: its front edge flush and
 * centred on that side, facing it.
 */
export function squaredPose(attacker: BaseSize, defender: Base, side: Side): Pose {
  const [p, q] = baseEdge(defender, side);
  const out = normalizeFacing(defender.pose.facing + OUTWARD[side]);
  return { at: add(lerp(p, q, 0.5), scale(headingVector(out), attacker.depth / 2)), facing: normalizeFacing(out + 180) };
}

/** The defender turned about its centre to face the attacker (§9.93 L341). */
export const facingToward = (attacker: Pose): number => normalizeFacing(attacker.facing + 180);

/** Does a ray from `from` along `dir` (a facing) pass through the base? */
export function rayHits(from: Point, facing: number, target: Base): boolean {
  const ring = basePolygon(target);
  if (ringContains(ring, from)) return true;
  return segmentRingIntersections(from, add(from, scale(headingVector(facing), 1000)), ring).length > 0;
}

/** MV-14: a base is in a town when its centre or any corner is inside a town or built-up area. */
export function inTown(base: Base, terrain: readonly TerrainFeature[]): boolean {
  // No town's box within reach of the base's centre: no corner can be in a town, and the ring is
  // not made (issue 12: every sample of a flank, oblique or wheel leg made one, 5 MB a turn at 600
  // brigades). Each corner lies within half the sum of the sides of the centre (more than half the
  // diagonal, so above any rounding of the corners' sums).
  const { x, y } = base.pose.at;
  const reach = (base.size.width + base.size.depth) / 2;
  if (!townsOf(terrain).some((t) => x + reach >= t.minX && x - reach <= t.maxX && y + reach >= t.minY && y - reach <= t.maxY)) return false;
  return pointsInTown([base.pose.at, ...basePolygon(base)], terrain);
}

/** A town's ring and its bounding box (a point outside the box is not strictly inside the ring). */
interface TownBox { readonly ring: readonly Point[]; readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number }
// The map's terrain is fixed for a game: its towns are picked and boxed once per terrain list.
const townsCache = new WeakMap<readonly TerrainFeature[], readonly TownBox[]>();

/** The town areas of `terrain`, in its order, with their boxes. */
function townsOf(terrain: readonly TerrainFeature[]): readonly TownBox[] {
  let towns = townsCache.get(terrain);
  if (!towns) {
    towns = terrain.filter((f) => isArea(f) && isTownArea(f)).map((f) => {
      const ring = (f as Extract<TerrainFeature, { polygon: readonly Point[] }>).polygon;
      return { ring, minX: Math.min(...ring.map((q) => q.x)), minY: Math.min(...ring.map((q) => q.y)), maxX: Math.max(...ring.map((q) => q.x)), maxY: Math.max(...ring.map((q) => q.y)) };
    });
    townsCache.set(terrain, towns);
  }
  return towns;
}

/**
 * Whether any of `pts` is strictly inside a town area of `terrain` (inTown's test on given points).
 * A box test first (issue 12: every sample of every move tested every town's ring): outside a
 * ring's bounding box no crossing is counted, so the box changes no answer.
 */
export function pointsInTown(pts: readonly Point[], terrain: readonly TerrainFeature[]): boolean {
  for (const t of townsOf(terrain)) {
    for (const p of pts) {
      if (p.x < t.minX || p.x > t.maxX || p.y < t.minY || p.y > t.maxY) continue;
      if (ringStrictlyContains(t.ring, p)) return true;
    }
  }
  return false;
}

/** In a town or behind works (L333): the hard-cover test of cover.ts — a village is not a town here (BU-1). */
export const inTownOrWorks = (base: Base, terrain: readonly TerrainFeature[]): boolean => inHardCover(base, terrain);

/** Nearest of `bodies` to `me` (base to base), ties by id. */
export function nearest<T extends Body>(me: Base, bodies: readonly T[]): { readonly body: T; readonly distance: number } | null {
  let best: { body: T; distance: number } | null = null;
  for (const b of bodies) {
    const bb = asBase(b);
    // Farther than best by more than EPS for sure (bounding circles): it could not win nor tie.
    if (best && baseDistanceLowerBound(me, bb) > best.distance + 2 * EPS) continue;
    const d = baseDistance(me, bb);
    if (!best || d < best.distance - EPS || (Math.abs(d - best.distance) <= EPS && b.id < best.body.id)) best = { body: b, distance: d };
  }
  return best;
}

/** Direction (facing) straight away from `from` through `to`. */
export function awayFacing(from: Point, to: Point, fallback: number): number {
  const v = sub(to, from);
  if (Math.hypot(v.x, v.y) <= EPS) return normalizeFacing(fallback + 180);
  return normalizeFacing((Math.atan2(v.x, v.y) * 180) / Math.PI);
}
