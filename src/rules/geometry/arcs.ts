/**
 * Arcs and sectors around a base, in Napoleon's Wars' sense (NW §1.1): the frontal perspective
 * is bounded by lines drawn at 45° outward from the FRONT CORNERS — not from the centre — so
 * it is as wide as the base at the front edge and widens by 1" per inch ahead. The rear is the
 * mirror image behind the rear edge; what is neither is a flank.
 */
import { basePolygon, localOffset, pointToBaseDistance, baseEdge, SIDES, type Base, type Side } from './base';
import { EPS } from './epsilon';
import { pointSegmentDistance, ringsIntersect } from './primitives';
import type { Point } from './types';
import { add, distance, headingVector, hypot, rightVector, scale, sub } from './vector';

/** NW's frontal perspective: 45° each side of straight ahead. */
export const FRONTAL_HALF_ANGLE = 45;

function tanDeg(deg: number): number {
  return deg === 45 ? 1 : Math.tan((deg * Math.PI) / 180);
}

/** The same base turned about, so its "front" is our rear edge. */
function reversed(base: Base): Base {
  return { pose: { at: base.pose.at, facing: base.pose.facing + 180 }, size: base.size };
}

function pointInFrontalArc(viewer: Base, p: Point, halfAngle: number): boolean {
  const { ahead, lateral } = localOffset(viewer, p);
  // Boundaries count as inside (DIGEST §0.1: within EPS is on the line, and on the line is in).
  return ahead >= -EPS && Math.abs(lateral) <= viewer.size.width / 2 + ahead * tanDeg(halfAngle) + EPS;
}

/**
 * How a set of points stands to the viewer's frontal arc: 'in' when one of them is in it
 * (pointInFrontalArc, the same arithmetic as localOffset); 'apart' when all of them are beyond
 * one of the arc's bounding lines (behind the front edge, or outside one 45° line) by more than
 * ARC_APART, so their convex hull cannot meet the arc; 'unknown' otherwise.
 */
function pointsAgainstFrontalArc(viewer: Base, pts: readonly Point[], halfAngle: number): 'in' | 'apart' | 'unknown' {
  const { at, facing } = viewer.pose;
  // One viewer is usually tested against many targets in a row: its axes are kept for its facing.
  if (facing !== axesFacing) { axesFacing = facing; axesH = headingVector(facing); axesR = rightVector(facing); }
  const h = axesH;
  const r = axesR;
  const halfDepth = viewer.size.depth / 2;
  const halfWidth = viewer.size.width / 2;
  const tan = tanDeg(halfAngle);
  // The 45° lines' normals are not unit vectors: scale the margin so it is ARC_APART inches across.
  const sideSlack = ARC_APART * hypot(1, tan);
  let behind = true, outLeft = true, outRight = true;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const vx = p.x - at.x, vy = p.y - at.y;
    const ahead = vx * h.x + vy * h.y - halfDepth;
    const lateral = vx * r.x + vy * r.y;
    if (ahead >= -EPS && Math.abs(lateral) <= halfWidth + ahead * tan + EPS) return 'in';
    if (!(ahead < -ARC_APART)) behind = false;
    if (!(-lateral - ahead * tan > halfWidth + sideSlack)) outLeft = false;
    if (!(lateral - ahead * tan > halfWidth + sideSlack)) outRight = false;
  }
  return behind || outLeft || outRight ? 'apart' : 'unknown';
}

// pointsAgainstFrontalArc's last facing and its heading and right vectors (plain functions of it).
let axesFacing = NaN;
let axesH: Point = { x: 0, y: 1 };
let axesR: Point = { x: 1, y: 0 };

/**
 * Margin, inches, beyond an arc line for pointsAgainstFrontalArc's 'apart': far above EPS (and
 * rounding), so a base found apart is one the exact ring test would not touch either.
 */
const ARC_APART = 1e-4;

/**
 * The frontal arc as a ring, cut off `range` inches ahead of the front edge (for maps, and for
 * testing a whole base against the arc). `halfAngle` must be in [0, 90).
 */
export function frontalArcPolygon(viewer: Base, range: number, halfAngle: number = FRONTAL_HALF_ANGLE): Point[] {
  const ring = basePolygon(viewer);
  const [frontLeft, frontRight] = [ring[0] as Point, ring[1] as Point];
  const ahead = scale(headingVector(viewer.pose.facing), range);
  const spread = scale(sub(frontRight, frontLeft), (range * tanDeg(halfAngle)) / viewer.size.width);
  return [frontLeft, frontRight, add(add(frontRight, ahead), spread), sub(add(frontLeft, ahead), spread)];
}

/**
 * Is the target inside the viewer's frontal arc? A point is in when it is on or ahead of the
 * front edge and within the 45° lines from the front corners. A base is in when ANY part of it
 * is (touching the line counts).
 */
export function inFrontalArc(viewer: Base, target: Point | Base, halfAngle: number = FRONTAL_HALF_ANGLE): boolean {
  if (!('pose' in target)) return pointInFrontalArc(viewer, target, halfAngle);
  const targetRing = basePolygon(target);
  const where = pointsAgainstFrontalArc(viewer, targetRing, halfAngle);
  if (where === 'in') return true;
  if (where === 'apart') return false;
  // No corner inside: the target can still straddle the arc. Cut the arc off beyond the target.
  const range = distance(viewer.pose.at, target.pose.at) + target.size.width + target.size.depth + 1;
  return ringsIntersect(frontalArcPolygon(viewer, range, halfAngle), targetRing);
}

/** Is the point behind the viewer's rear edge, within the 45° lines from the rear corners? */
export function inRearArc(viewer: Base, p: Point, halfAngle: number = FRONTAL_HALF_ANGLE): boolean {
  return pointInFrontalArc(reversed(viewer), p, halfAngle);
}

/**
 * Which sector of the viewer a point lies in: front and rear arcs as above, otherwise the flank
 * on that side. A point inside the base takes the side whose edge is nearest (front first on ties).
 */
export function relativeSector(viewer: Base, p: Point, halfAngle: number = FRONTAL_HALF_ANGLE): Side {
  if (pointToBaseDistance(p, viewer) > 0) {
    if (pointInFrontalArc(viewer, p, halfAngle)) return 'front';
    if (inRearArc(viewer, p, halfAngle)) return 'rear';
    return localOffset(viewer, p).lateral < 0 ? 'left-flank' : 'right-flank';
  }
  let best: { side: Side; d: number } = { side: 'front', d: Infinity };
  for (const side of SIDES) {
    const [a, b] = baseEdge(viewer, side);
    const d = pointSegmentDistance(p, a, b);
    if (d < best.d - EPS) best = { side, d };
  }
  return best.side;
}
