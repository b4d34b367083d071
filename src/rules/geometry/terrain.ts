/**
 * Terrain queries: what is at a point, and how a straight segment meets the terrain: the
 * stretches over which its terrain is constant, and where it crosses line features.
 *
 * Conventions (documented once, relied on by costs and sight):
 * - A point on an area's boundary is IN the area (terrainAt), but a stretch that runs exactly
 *   along a boundary is not inside it: only stretches whose midpoint is more than EPS inside count.
 * - "Along a line feature" (road-following): a stretch is along a road where it is within half
 *   the road's width of the centreline AND the segment runs within `alignmentDeg` (default 20°)
 *   of that piece of road. Crossing a road at right angles is therefore never "on the road".
 * - A crossing is where the segment meets a line feature's centreline; a bridge or ford counts
 *   when its point is within half its width of that crossing (and it names that line, if it names any).
 */
import { ascending, sortSmall } from './sort';
import { EPS } from './epsilon';
import {
  DEFAULT_LINE_WIDTH,
  DEFAULT_CROSSING_WIDTH, isArea, isLine, isPointFeature, lineWidth,
  type AreaFeature, type LineFeature, type PointFeature,
} from './features';
import { pointSegmentDistance, ringContains, ringStrictlyContains, segmentIntersections, segmentRingIntersections } from './primitives';
import type { Point, TerrainFeature, TerrainKind } from './types';
import { cross, distance, dot, lerp, norm, scale, sub } from './vector';

/** How closely a move must follow a road's direction to count as on it, in degrees. */
export const ROAD_ALIGNMENT_DEG = 20;

/** Options for how segments meet terrain. */
export interface TerrainOptions {
  /** Maximum angle between a segment and a line feature for the segment to run "along" it. */
  readonly alignmentDeg?: number;
}

/** A piece of a straight segment over which the terrain does not change. */
export interface Stretch {
  /** Inches from the segment's start to where the stretch begins and ends. */
  readonly start: number;
  readonly end: number;
  readonly from: Point;
  readonly to: Point;
  /** Areas the stretch is inside. */
  readonly areas: readonly AreaFeature[];
  /** Line features (roads…) the stretch runs along. */
  readonly along: readonly LineFeature[];
}

/** Where a segment crosses a line feature's centreline. */
export interface LineCrossing {
  readonly feature: LineFeature;
  readonly at: Point;
  /** Inches from the segment's start. */
  readonly distance: number;
  readonly bridge?: PointFeature;
  readonly ford?: PointFeature;
}

/** How a straight segment meets the terrain. */
export interface SegmentProfile {
  readonly from: Point;
  readonly to: Point;
  readonly length: number;
  readonly stretches: readonly Stretch[];
  /** Every meeting with a line feature, endpoints included, in order along the segment. */
  readonly crossings: readonly LineCrossing[];
}

/** The length of a segment inside one area or along one line feature. */
export interface FeatureLength {
  readonly id: string;
  readonly kind: TerrainKind;
  readonly length: number;
}

/** Every feature at a point: areas containing it (edges included), lines within half their width, bridges/fords within half theirs. */
export function terrainAt(p: Point, features: readonly TerrainFeature[]): TerrainFeature[] {
  return features.filter((f) => {
    if (isArea(f)) return ringContains(f.polygon, p);
    if (isLine(f)) return pieces(f.line).some(([a, b]) => pointSegmentDistance(p, a, b) <= lineWidth(f) / 2 + EPS);
    return distance(p, f.at) <= (f.width ?? DEFAULT_CROSSING_WIDTH) / 2 + EPS;
  });
}

/** Height of the ground at a point: the highest `level` of the areas containing it, 0 if none. */
export function elevationAt(p: Point, features: readonly TerrainFeature[]): number {
  let level = 0;
  for (const f of features) if (isArea(f) && f.level !== undefined && f.level > level && ringContains(f.polygon, p)) level = f.level;
  return level;
}

function pieces(line: readonly Point[]): Array<readonly [Point, Point]> {
  const out: Array<readonly [Point, Point]> = [];
  for (let i = 1; i < line.length; i++) out.push([line[i - 1] as Point, line[i] as Point]);
  return out;
}

type Interval = readonly [number, number];

/** s-range where f0 + s·k lies in [lo, hi]; all of ℝ or nothing when k ≈ 0. */
function slab(f0: number, k: number, lo: number, hi: number): Interval | undefined {
  if (Math.abs(k) < 1e-12) return f0 >= lo && f0 <= hi ? [-Infinity, Infinity] : undefined;
  const s1 = (lo - f0) / k;
  const s2 = (hi - f0) / k;
  return [Math.min(s1, s2), Math.max(s1, s2)];
}

/** s-range where a + s·u (u a unit vector) is within r of centre c. */
function disc(a: Point, u: Point, c: Point, r: number): Interval | undefined {
  const w = sub(a, c);
  const b = dot(u, w);
  const disc2 = b * b - (dot(w, w) - r * r);
  if (disc2 < 0) return undefined;
  const root = Math.sqrt(disc2);
  return [-b - root, -b + root];
}

/**
 * The part of a + s·u (0 ≤ s ≤ length) within r of segment p→q: the line meets the capsule
 * around the segment (a convex shape) in one interval, the union of the rectangle and end discs.
 */
function capsuleInterval(a: Point, u: Point, length: number, p: Point, q: Point, r: number): Interval | undefined {
  const pq = sub(q, p);
  const len = norm(pq);
  const v = scale(pq, 1 / len);
  const ap = sub(a, p);
  const alongSlab = slab(dot(ap, v), dot(u, v), 0, len);
  const sideSlab = slab(cross(v, ap), cross(v, u), -r, r);
  const parts: Interval[] = [];
  if (alongSlab && sideSlab) {
    const lo = Math.max(alongSlab[0], sideSlab[0]);
    const hi = Math.min(alongSlab[1], sideSlab[1]);
    if (lo <= hi) parts.push([lo, hi]);
  }
  for (const c of [p, q]) {
    const d = disc(a, u, c, r);
    if (d) parts.push(d);
  }
  if (parts.length === 0) return undefined;
  const lo = Math.max(0, Math.min(...parts.map((i) => i[0])));
  const hi = Math.min(length, Math.max(...parts.map((i) => i[1])));
  return hi - lo > EPS ? [lo, hi] : undefined;
}

/** Where a segment runs along a line feature, as s-intervals. */
function alongIntervals(a: Point, u: Point, length: number, f: LineFeature, linePieces: ReadonlyArray<readonly [Point, Point]>, alignmentDeg: number): Interval[] {
  const maxSin = Math.sin((alignmentDeg * Math.PI) / 180) + 1e-12;
  const out: Interval[] = [];
  for (const [p, q] of linePieces) {
    const pq = sub(q, p);
    const len = norm(pq);
    if (len <= EPS || Math.abs(cross(u, scale(pq, 1 / len))) > maxSin) continue;
    const i = capsuleInterval(a, u, length, p, q, lineWidth(f) / 2 + EPS);
    if (i) out.push(i);
  }
  return out;
}

function bridgeOrFordAt(f: LineFeature, at: Point, features: readonly TerrainFeature[]): Pick<LineCrossing, 'bridge' | 'ford'> {
  let best: { feature: PointFeature; d: number } | undefined;
  for (const g of features) {
    if (!isPointFeature(g) || (g.crosses !== undefined && g.crosses !== f.id)) continue;
    const d = distance(g.at, at);
    if (d <= (g.width ?? DEFAULT_CROSSING_WIDTH) / 2 + EPS && (!best || d < best.d)) best = { feature: g, d };
  }
  if (!best) return {};
  return best.feature.kind === 'bridge' ? { bridge: best.feature } : { ford: best.feature };
}

// Bounding boxes of features, cached per feature object (scenario terrain never changes).
const boxCache = new WeakMap<TerrainFeature, { x0: number; y0: number; x1: number; y1: number }>();
export function featureBox(f: TerrainFeature): { x0: number; y0: number; x1: number; y1: number } {
  let box = boxCache.get(f);
  if (!box) {
    const pts = isArea(f) ? f.polygon : isLine(f) ? f.line : [f.at];
    const pad = isArea(f) ? 0 : ((f as { width?: number }).width ?? DEFAULT_LINE_WIDTH) / 2;
    box = { x0: Math.min(...pts.map((p) => p.x)) - pad, y0: Math.min(...pts.map((p) => p.y)) - pad, x1: Math.max(...pts.map((p) => p.x)) + pad, y1: Math.max(...pts.map((p) => p.y)) + pad };
    boxCache.set(f, box);
  }
  return box;
}

/**
 * A terrain record's features with their boxes and line pieces made once (issue 12: every
 * segment of every move is profiled, and a move's segments are new each window). Scenario
 * terrain is never changed in place, so the index is kept per record.
 */
interface TerrainIndex {
  readonly features: readonly TerrainFeature[];
  /** x0, y0, x1, y1 of each feature's box (featureBox), in the record's order. */
  readonly boxes: Float64Array;
  /** Each line feature's pieces (undefined for the others). */
  readonly pieces: ReadonlyArray<ReadonlyArray<readonly [Point, Point]> | undefined>;
}
const indexes = new WeakMap<readonly TerrainFeature[], TerrainIndex>();
function terrainIndex(features: readonly TerrainFeature[]): TerrainIndex {
  let ix = indexes.get(features);
  if (!ix) {
    const boxes = new Float64Array(4 * features.length);
    features.forEach((f, i) => { const b = featureBox(f); boxes.set([b.x0, b.y0, b.x1, b.y1], 4 * i); });
    ix = { features, boxes, pieces: features.map((f) => (isLine(f) ? pieces(f.line) : undefined)) };
    indexes.set(features, ix);
  }
  return ix;
}

/**
 * Can segment a→b meet the box grown by `pad`? The segment clipped to the box's slabs (Liang–Barsky).
 * A broad phase: the pad is far beyond rounding, so a feature the exact tests would find is never
 * dropped, and a feature kept that the segment misses changes nothing (its exact tests find nothing).
 */
function segmentMeetsBox(a: Point, b: Point, x0: number, y0: number, x1: number, y1: number, pad: number): boolean {
  const x = slabRange(a.x, b.x - a.x, x0 - pad, x1 + pad);
  if (!x) return false;
  const y = slabRange(a.y, b.y - a.y, y0 - pad, y1 + pad);
  return y !== null && Math.max(x.lo, y.lo) <= Math.min(x.hi, y.hi);
}

/** The t in [0, 1] where p + t·d lies in [min, max], or null. */
function slabRange(p: number, d: number, min: number, max: number): { lo: number; hi: number } | null {
  if (d === 0) return p < min || p > max ? null : { lo: 0, hi: 1 };
  const t1 = (min - p) / d, t2 = (max - p) / d;
  const lo = Math.max(0, Math.min(t1, t2)), hi = Math.min(1, Math.max(t1, t2));
  return lo <= hi ? { lo, hi } : null;
}

/** Room for rounding in the broad phase of segmentProfile, inches (EPS is 1e-6). */
const BROAD_PAD = 1e-3;

/** How segment a→b meets the terrain: constant-terrain stretches and line crossings. */
export function segmentProfile(a: Point, b: Point, allFeatures: readonly TerrainFeature[], opts: TerrainOptions = {}): SegmentProfile {
  const length = distance(a, b);
  if (length <= EPS) return { from: a, to: b, length, stretches: [], crossings: [] };
  // Only features whose box the segment meets can matter to it (a long diagonal move's own box
  // holds much of the table), in the record's order.
  const ix = terrainIndex(allFeatures);
  const sx0 = Math.min(a.x, b.x) - BROAD_PAD, sx1 = Math.max(a.x, b.x) + BROAD_PAD, sy0 = Math.min(a.y, b.y) - BROAD_PAD, sy1 = Math.max(a.y, b.y) + BROAD_PAD;
  const features: TerrainFeature[] = [];
  const featurePieces: Array<ReadonlyArray<readonly [Point, Point]> | undefined> = [];
  const areas: AreaFeature[] = [];
  const areaBoxes: number[] = [];
  for (let i = 0; i < ix.features.length; i++) {
    const k = 4 * i;
    // The boxes first (most features are far from the segment), then the segment itself.
    if (ix.boxes[k]! > sx1 || ix.boxes[k + 2]! < sx0 || ix.boxes[k + 1]! > sy1 || ix.boxes[k + 3]! < sy0) continue;
    if (!segmentMeetsBox(a, b, ix.boxes[k]!, ix.boxes[k + 1]!, ix.boxes[k + 2]!, ix.boxes[k + 3]!, BROAD_PAD)) continue;
    const f = ix.features[i]!;
    features.push(f);
    featurePieces.push(ix.pieces[i]);
    if (isArea(f)) { areas.push(f); areaBoxes.push(ix.boxes[k]!, ix.boxes[k + 1]!, ix.boxes[k + 2]!, ix.boxes[k + 3]!); }
  }
  const u = scale(sub(b, a), 1 / length);
  const alignment = opts.alignmentDeg ?? ROAD_ALIGNMENT_DEG;

  const cuts = [0, length];
  const along = new Map<LineFeature, Interval[]>();
  const crossings: LineCrossing[] = [];
  for (let fi = 0; fi < features.length; fi++) {
    const f = features[fi]!;
    if (isArea(f)) for (const p of segmentRingIntersections(a, b, f.polygon)) cuts.push(project(p, a, u, length));
    if (!isLine(f)) continue;
    const linePieces = featurePieces[fi]!;
    const intervals = alongIntervals(a, u, length, f, linePieces, alignment);
    if (intervals.length > 0) along.set(f, intervals);
    for (const i of intervals) cuts.push(i[0], i[1]);
    for (const [p, q] of linePieces) {
      for (const x of segmentIntersections(a, b, p, q)) {
        const s = project(x, a, u, length);
        // A polyline vertex on the segment is met by two pieces: keep one crossing.
        if (crossings.some((c) => c.feature === f && Math.abs(c.distance - s) <= EPS)) continue;
        crossings.push({ feature: f, at: x, distance: s, ...bridgeOrFordAt(f, x, features) });
      }
    }
  }

  sortSmall(cuts, ascending);
  const stops: number[] = [0];
  for (const s of cuts) if (s - (stops[stops.length - 1] as number) > EPS && length - s > EPS) stops.push(s);
  stops.push(length);

  const alongEntries = [...along];
  const stretches: Stretch[] = [];
  for (let i = 1; i < stops.length; i++) {
    const start = stops[i - 1] as number;
    const end = stops[i] as number;
    const mid = pointAt(a, b, length, (start + end) / 2);
    // Strictly inside an area means inside its box: the box is the cheap test, the ring the exact one.
    const inside: AreaFeature[] = [];
    for (let k = 0; k < areas.length; k++) {
      if (mid.x < areaBoxes[4 * k]! || mid.y < areaBoxes[4 * k + 1]! || mid.x > areaBoxes[4 * k + 2]! || mid.y > areaBoxes[4 * k + 3]!) continue;
      if (ringStrictlyContains(areas[k]!.polygon, mid)) inside.push(areas[k]!);
    }
    const half = (start + end) / 2;
    const lines: LineFeature[] = [];
    for (const [f, iv] of alongEntries) if (iv.some(([lo, hi]) => lo <= half && half <= hi)) lines.push(f);
    const prev = stretches[stretches.length - 1];
    if (prev && sameFeatures(prev.areas, inside) && sameFeatures(prev.along, lines)) {
      stretches[stretches.length - 1] = { ...prev, end, to: pointAt(a, b, length, end) };
    } else {
      stretches.push({ start, end, from: pointAt(a, b, length, start), to: pointAt(a, b, length, end), areas: inside, along: lines });
    }
  }
  sortSmall(crossings, byDistance);
  return { from: a, to: b, length, stretches, crossings };
}

// Plain functions, not closures made per call: segmentProfile runs for every leg of every move.
/** The point `s` inches along a→b (b itself at or past the end). */
function pointAt(a: Point, b: Point, length: number, s: number): Point {
  return s >= length ? b : lerp(a, b, s / length);
}

/** Where p projects on a→b (unit direction u), clamped to the segment, inches from a. */
function project(p: Point, a: Point, u: Point, length: number): number {
  return Math.min(length, Math.max(0, dot(sub(p, a), u)));
}

function sameFeatures<T>(x: readonly T[], y: readonly T[]): boolean {
  return x.length === y.length && x.every((f, i) => f === y[i]);
}

/**
 * Length of segment a→b inside each area and along each line feature, and the line features it
 * crosses strictly between its ends (a segment ending on a river has not crossed it).
 */
export function segmentTerrainLengths(
  a: Point, b: Point, features: readonly TerrainFeature[], opts: TerrainOptions = {},
): { readonly areas: FeatureLength[]; readonly along: FeatureLength[]; readonly crossings: LineCrossing[] } {
  const profile = segmentProfile(a, b, features, opts);
  const sum = (pick: (s: Stretch) => readonly (AreaFeature | LineFeature)[]): FeatureLength[] => {
    const totals = new Map<AreaFeature | LineFeature, number>();
    for (const s of profile.stretches) for (const f of pick(s)) totals.set(f, (totals.get(f) ?? 0) + (s.end - s.start));
    return [...totals].map(([f, length]) => ({ id: f.id, kind: f.kind, length }));
  };
  const crossings = profile.crossings.filter((c) => c.distance > EPS && c.distance < profile.length - EPS);
  return { areas: sum((s) => s.areas), along: sum((s) => s.along), crossings };
}

const byDistance = (x: { readonly distance: number }, y: { readonly distance: number }): number => x.distance - y.distance;
