/**
 * Line of sight and lines of fire.
 *
 * lineOfSight rules (DRAM HR D-9, NW §9.51), for the straight line from a to b:
 * - An area flagged `blocksLos` blocks where the line passes through it for more than EPS.
 *   Sight may reach `seeInto[kind]` inches into such an area (NW: 1" into woods, 2" into
 *   orchards; default 0), but only at the ends of the line: a viewer or target standing within
 *   that depth of the edge sees and is seen out of it; a line passing right through it is blocked
 *   however thin the area. Running exactly along an edge, or touching a corner, does not block.
 * - A line feature flagged `blocksLos` blocks when crossed strictly between a and b.
 * - Hills (areas with a `level`) use the hill rule instead, unless `hills: false`: a hill
 *   blocks sight between two points that are both lower than it (elevationAt < level, so
 *   both off it) when the line passes through it. Anyone on the hill, or on higher ground,
 *   sees over it. This is deliberately simple: no slopes, crests or dead ground.
 */
import { EPS } from './epsilon';
import { isArea, isLine, type AreaKind } from './features';
import { ringsIntersect, ringStrictlyContains, segmentIntersections, segmentRingIntersections } from './primitives';
import { elevationAt, featureBox } from './terrain';
import type { LineFeature } from './features';
import type { Point, TerrainFeature } from './types';
import { add, distance, dot, headingVector, lerp, rightVector, scale, sub, bearing } from './vector';

/** Options for line of sight. */
export interface SightOptions {
  /** How far sight reaches into a blocking area of each kind, in inches (default 0). */
  readonly seeInto?: Partial<Record<AreaKind, number>>;
  /** Apply the hill rule to areas with a level (default true). */
  readonly hills?: boolean;
}

/** The answer to "can a see b?": when blocked, the first blocking feature from a and where. */
export interface SightLine {
  readonly clear: boolean;
  readonly blockedBy?: string;
  readonly at?: Point;
}

/** The s-intervals (inches from a) of segment a→b strictly inside a ring. */
function insideIntervals(a: Point, b: Point, ring: readonly Point[]): Array<readonly [number, number]> {
  const length = distance(a, b);
  if (length <= EPS) return ringStrictlyContains(ring, a) ? [[0, 0]] : [];
  const u = scale(sub(b, a), 1 / length);
  const cuts = [0, length, ...segmentRingIntersections(a, b, ring).map((p) => Math.min(length, Math.max(0, dot(sub(p, a), u))))].sort((x, y) => x - y);
  const out: Array<[number, number]> = [];
  for (let i = 1; i < cuts.length; i++) {
    const s0 = cuts[i - 1] as number;
    const s1 = cuts[i] as number;
    if (s1 - s0 <= EPS || !ringStrictlyContains(ring, lerp(a, b, (s0 + s1) / 2 / length))) continue;
    const prev = out[out.length - 1];
    if (prev && s0 - prev[1] <= EPS) prev[1] = s1;
    else out.push([s0, s1]);
  }
  return out;
}

/**
 * Broad phase margin: a feature whose bounding box stays farther than this from the segment's
 * cannot contain either end (ringContains' tolerance is EPS), have the segment pass inside it, nor
 * be crossed by it (segmentIntersections' tolerance is EPS), so it cannot change the answer.
 */
const SIGHT_BOX_MARGIN = 1e-3;

/**
 * The line crossings of a→b (length > EPS) as segmentProfile reports them (same distances, same
 * order, the same de-duplication of a polyline vertex on the segment), without its stretches.
 */
function lineCrossings(a: Point, b: Point, length: number, lines: readonly LineFeature[]): Array<{ id: string; distance: number }> {
  const u = scale(sub(b, a), 1 / length);
  const project = (p: Point) => Math.min(length, Math.max(0, dot(sub(p, a), u)));
  const out: Array<{ feature: LineFeature; id: string; distance: number }> = [];
  for (const f of lines) {
    for (let i = 1; i < f.line.length; i++) {
      for (const x of segmentIntersections(a, b, f.line[i - 1] as Point, f.line[i] as Point)) {
        const s = project(x);
        if (out.some((c) => c.feature === f && Math.abs(c.distance - s) <= EPS)) continue;
        out.push({ feature: f, id: f.id, distance: s });
      }
    }
  }
  return out;
}

/** Can a see b over the terrain? See the module comment for the rules. */
export function lineOfSight(a: Point, b: Point, allFeatures: readonly TerrainFeature[], opts: SightOptions = {}): SightLine {
  const length = distance(a, b);
  const hills = opts.hills ?? true;
  // Only features whose bounding box comes near the segment's can matter (order kept).
  const x0 = Math.min(a.x, b.x) - SIGHT_BOX_MARGIN, x1 = Math.max(a.x, b.x) + SIGHT_BOX_MARGIN;
  const y0 = Math.min(a.y, b.y) - SIGHT_BOX_MARGIN, y1 = Math.max(a.y, b.y) + SIGHT_BOX_MARGIN;
  const features = allFeatures.filter((f) => { const bx = featureBox(f); return bx.x0 <= x1 && x0 <= bx.x1 && bx.y0 <= y1 && y0 <= bx.y1; });
  let first: { id: string; s: number } | undefined;
  const block = (id: string, s: number) => {
    if (!first || s < first.s) first = { id, s };
  };
  const levelA = elevationAt(a, features);
  const levelB = elevationAt(b, features);
  for (const f of features) {
    if (!isArea(f)) continue;
    if (hills && f.level !== undefined) {
      if (levelA < f.level && levelB < f.level) {
        const hit = insideIntervals(a, b, f.polygon).find(([s0, s1]) => s1 - s0 > EPS);
        if (hit) block(f.id, hit[0]);
      }
      continue;
    }
    if (f.blocksLos !== true) continue;
    const depth = opts.seeInto?.[f.kind] ?? 0;
    for (const [s0, s1] of insideIntervals(a, b, f.polygon)) {
      const atEnd = s0 <= EPS || s1 >= length - EPS;
      if (s1 - s0 > (atEnd ? depth : 0) + EPS) block(f.id, atEnd && s0 <= EPS ? s0 + depth : s0);
    }
  }
  if (length > EPS) {
    const crossings = lineCrossings(a, b, length, features.filter(isLine).filter((f) => f.blocksLos === true));
    for (const c of crossings) if (c.distance > EPS && c.distance < length - EPS) block(c.id, c.distance);
  }
  if (!first) return { clear: true };
  return { clear: false, blockedBy: first.id, at: length > EPS ? lerp(a, b, Math.min(1, first.s / length)) : a };
}

/** Is a line of fire clear? When not, the index of the first obstacle (in input order) that blocks it. */
export interface CorridorCheck {
  readonly clear: boolean;
  readonly blockedBy?: number;
}

/** The rectangle `width` wide centred on from→to (NW §8: the 1.5"-wide line of fire). */
export function corridorPolygon(from: Point, to: Point, width: number): Point[] {
  const facing = bearing(from, to);
  const r = scale(rightVector(facing), width / 2);
  const f = scale(headingVector(facing), distance(from, to));
  return [sub(from, r), add(from, r), add(add(from, f), r), add(sub(from, r), f)];
}

/**
 * Is the alley `width` inches wide from `from` to `to` free of every obstacle polygon (units,
 * towns…)? The alley ends at from and to; an obstacle merely touching its sides (within EPS)
 * does not block. Leave the firer and the target out of `obstacles`.
 */
export function corridorClear(from: Point, to: Point, width: number, obstacles: readonly (readonly Point[])[]): CorridorCheck {
  const length = distance(from, to);
  if (length <= 2 * EPS || width <= 2 * EPS) {
    const i = obstacles.findIndex((o) => o.length >= 3 && ringStrictlyContains(o, from));
    return i < 0 ? { clear: true } : { clear: false, blockedBy: i };
  }
  // Shrink the alley by EPS all round so touching is not overlapping.
  const u = scale(sub(to, from), 1 / length);
  const alley = corridorPolygon(add(from, scale(u, EPS)), sub(to, scale(u, EPS)), width - 2 * EPS);
  const i = obstacles.findIndex((o) => o.length >= 3 && ringsIntersect(alley, o));
  return i < 0 ? { clear: true } : { clear: false, blockedBy: i };
}
