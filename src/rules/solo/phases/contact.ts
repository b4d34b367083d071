import { baseEdge, basePolygon, baseWithin, localOffset, type Base, type Side } from '../../geometry/base';
import type { Aspect } from '../../battalion/formations';
import { inFrontalArc } from '../../geometry/arcs';
import { corridorClear } from '../../geometry/sight';
import { pointSegmentDistance, ringsIntersect } from '../../geometry/primitives';
import type { Point } from '../../geometry/types';
import { rightVector, turn } from '../../geometry/vector';
import type { SoloState, SoloUnit } from '../state';
import { footprint, footprintSize, reachOf } from './footprint';
import { slideAgainst } from './slide';

/**
 * Where bases meet and what a unit can see to shoot (KUR L9, L11, L12, L14, L27; KS-3, KS-37…
 * KS-40). Bases are the ones the map draws (footprint.ts); touching counts as meeting, and a unit
 * already touching another when it sets off may slide along it (only fresh meetings stop it).
 */

/** Convex hull (Andrew's monotone chain), clockwise or not: ringsIntersect does not mind. */
function hull(pts: readonly Point[]): Point[] {
  const p = [...pts].sort((a, b) => a.x - b.x || a.y - b.y);
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [];
  for (const x of p) { while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, x) <= 0) lower.pop(); lower.push(x); }
  const upper: Point[] = [];
  for (const x of [...p].reverse()) { while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, x) <= 0) upper.pop(); upper.push(x); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Where a straight slide of a unit's base stops. */
export interface Sweep {
  /** How far it gets, mm (whole mm clear of the first base it meets), and where its point ends. */
  readonly mm: number;
  readonly to: Point;
  /** The units it stops against (empty: the path is clear). */
  readonly met: readonly SoloUnit[];
}

/**
 * Slide `u`'s base (keeping its facing) straight from `from` to `to`: the first base it would meet
 * that it did not touch at the start stops it, the last whole mm clear (KS-3, KS-37). `ignore`:
 * units that do not stop it (a charge's target).
 */
export function sweep(s: SoloState, u: SoloUnit, from: Point, to: Point, ignore: readonly string[] = []): Sweep {
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  if (len < 1e-9) return { mm: 0, to: from, met: [] };
  // Only bases within reach of the path can meet it (reachOf bounds each base around its point).
  const r = reachOf(u);
  const near = s.units.filter((x) => !x.gone && x.id !== u.id && !ignore.includes(x.id) && pointSegmentDistance(x.at, from, to) <= r + reachOf(x));
  if (near.length === 0) return { mm: len, to, met: [] };
  const start = footprint(u, from);
  const dir = { x: (to.x - from.x) / len, y: (to.y - from.y) / len };
  const at = (d: number): Point => ({ x: from.x + ((to.x - from.x) * d) / len, y: from.y + ((to.y - from.y) * d) / len });
  const baseAt = (d: number): Base => footprint(u, at(d));
  // Each candidate's slide answers "meets at d?" exactly, mostly without the polygon test (slide.ts).
  const slides = new Map(near.map((x) => [x.id, slideAgainst(start, footprint(x), dir, baseAt)]));
  let path: Point[] | null = null;
  const hits = near.filter((x) => {
    const sl = slides.get(x.id)!;
    // The hull test below can only pass when the slide's window reaches [0, len] (±1 mm for its tolerance).
    if (sl.meets(0) || !sl.mayMeetWithin(-1, len + 1)) return false;
    path ??= hull([...basePolygon(start), ...basePolygon(footprint(u, to))]);
    return ringsIntersect(path, basePolygon(footprint(x)));
  });
  if (hits.length === 0) return { mm: len, to, met: [] };
  let first = len;
  const touchAt = new Map<string, number>();
  for (const x of hits) {
    const meets = slides.get(x.id)!.meets;
    let lo = 0;
    let hi = len;
    if (!meets(hi)) {
      // The path's hull meets it but the end base does not: find a distance that does, sampling.
      let found = -1;
      // Every base is at least 15 mm across, so a 10 mm step cannot jump over one.
      for (let d = 0; d <= len + 10; d += 10) if (meets(Math.min(d, len))) { found = Math.min(d, len); break; }
      if (found < 0) continue;
      hi = found;
    }
    for (let i = 0; i < 20; i++) { const mid = (lo + hi) / 2; if (meets(mid)) hi = mid; else lo = mid; }
    touchAt.set(x.id, lo);
    first = Math.min(first, lo);
  }
  if (touchAt.size === 0) return { mm: len, to, met: [] };
  const mm = Math.max(0, Math.floor(first));
  const met = hits.filter((x) => touchAt.has(x.id) && touchAt.get(x.id)! <= first + 1);
  return { mm, to: at(mm), met };
}

/**
 * KS-38: a charge goes in a straight line (L27) from the charger's front to the target: a base
 * in the lane its frontage sweeps (other than the target's) bars it. The blocking unit, or null.
 */
export function chargeLaneBlocked(s: SoloState, c: SoloUnit, t: SoloUnit): SoloUnit | null {
  const width = footprintSize(c).width;
  const others = s.units.filter((x) => !x.gone && x.id !== c.id && x.id !== t.id && pointSegmentDistance(x.at, c.at, t.at) <= width / 2 + reachOf(x));
  const check = corridorClear(c.at, t.at, width, others.map((x) => basePolygon(footprint(x))));
  return check.clear ? null : others[check.blockedBy!]!;
}

/**
 * KS-39 (L12 "each volley has a firing arc of 45° and is calculated independently"; L14
 * skirmishers 180° to their front): how many of the firer's volleys bear on the target. The
 * front edge is split into its volleys of five figures, each with its own arc from its stretch
 * of the front (half the arc each side of straight ahead); a base is in when any part of it is.
 * Skirmishers and batteries fire as one (`volleys` 1 when the target is in the arc, else 0).
 */
export function volleysBearing(firer: SoloUnit, target: SoloUnit, frontRank: number, arcDeg: number, volleyFigures: number): { volleys: number; of: number } {
  const whole = footprint(firer);
  const of = Math.floor(frontRank / volleyFigures);
  if (of === 0) return { volleys: 0, of };
  const tb = footprint(target);
  const r = rightVector(firer.facing);
  const w = whole.size.width / of;
  let n = 0;
  for (let i = 0; i < of; i++) {
    const off = -whole.size.width / 2 + w * (i + 0.5);
    const centre = { x: whole.pose.at.x + r.x * off, y: whole.pose.at.y + r.y * off };
    const part: Base = { pose: { at: centre, facing: firer.facing }, size: { width: w, depth: whole.size.depth } };
    if (inArc(part, tb, arcDeg)) n++;
  }
  return { volleys: n, of };
}

/** Is any part of base `t` within `arcDeg` (total) of `viewer`'s front? 180°: anywhere ahead of the front edge. */
export function inArc(viewer: Base, t: Base, arcDeg: number): boolean {
  if (arcDeg >= 180) return basePolygon(t).some((p) => localOffset(viewer, p).ahead >= -1e-9);
  return inFrontalArc(viewer, t, arcDeg / 2);
}

/**
 * KS-40 (L14): "Skirmishers effectively screen other units and cannot be fired through by
 * infantry, although they can by artillery." The line of fire runs from the centre of the firer's
 * front to the centre of the target's front; a unit in skirmish order (of either side,
 * other than the firer and the target) whose base it crosses screens the target. The screening
 * unit, or null.
 */
export function screenedBy(s: SoloState, firer: SoloUnit, target: SoloUnit): SoloUnit | null {
  const screens = s.units.filter((x) => !x.gone && x.formation === 'skirmish' && x.id !== firer.id && x.id !== target.id && pointSegmentDistance(x.at, firer.at, target.at) <= reachOf(x));
  if (screens.length === 0) return null;
  const check = corridorClear(firer.at, target.at, 1, screens.map((x) => basePolygon(footprint(x))));
  return check.clear ? null : screens[check.blockedBy!]!;
}

/**
 * KS-43 (L27 "charge home", L19 "Flank/Rear attack"): where a charger stands in contact. Its front
 * is squared against the target's edge the charge strikes — the front, rear or the flank on the
 * charger's side, as `aspect` (attackAspect) says; a square (all front) the face turned to the
 * charger — the centre of its front edge on that edge's centre. The bases touch along the edge and
 * do not overlap, as figures would stand on the table.
 */
export function contactPose(charger: Pick<SoloUnit, 'at'>, target: SoloUnit, aspect: Aspect): { at: Point; facing: number } {
  const tb = footprint(target);
  const off = localOffset(tb, charger.at);
  const fromCentre = { ahead: off.ahead + tb.size.depth / 2, lateral: off.lateral };
  const flank: Side = fromCentre.lateral >= 0 ? 'right-flank' : 'left-flank';
  const side: Side = target.formation === 'square'
    ? (Math.abs(fromCentre.ahead) >= Math.abs(fromCentre.lateral) ? (fromCentre.ahead >= 0 ? 'front' : 'rear') : flank)
    : aspect === 'flank' ? flank : aspect;
  const [p, q] = baseEdge(tb, side);
  // The charger faces into the edge: opposite the edge's outward direction.
  const outward = side === 'front' ? 0 : side === 'right-flank' ? 90 : side === 'rear' ? 180 : 270;
  return { at: { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 }, facing: turn(target.facing, outward + 180) };
}
