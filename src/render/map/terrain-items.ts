/**
 * Scenario terrain as draw items, in drawing order: open ground first (fields, hills by
 * level), then what stands on it (marsh, orchards, woods, towns, works); water under roads so
 * a road visibly crosses a river on its bridge; names as place labels.
 */
import { DEFAULT_CROSSING_WIDTH, isArea, isLine, lineWidth, type AreaFeature, type LineFeature, type PointFeature } from '../../rules/geometry/features';
import { pointSegmentDistance, ringContains } from '../../rules/geometry/primitives';
import type { Landmark, TerrainFeature } from '../../rules/geometry/types';
import { bearing } from '../../rules/geometry/vector';
import { boundsOf, rectsMeet } from './frame';
import type { AreaItem, CrossingItem, LineItem, PlaceLabelItem, PlaceStyle, Rect } from './model';

const AREA_ORDER: Readonly<Record<AreaFeature['kind'], number>> = {
  field: 0, hill: 1, marsh: 2, orchard: 3, woods: 4, forest: 4, 'built-up': 5, town: 5, fortification: 6,
};
const WATER = new Set<string>(['river', 'stream']);

export interface TerrainItems {
  readonly areas: AreaItem[];
  readonly water: LineItem[];
  readonly roads: LineItem[];
  readonly crossings: CrossingItem[];
  readonly places: PlaceLabelItem[];
}

const meets = (frame: Rect, pts: readonly { x: number; y: number }[], pad: number) => rectsMeet(frame, boundsOf(pts, pad));

/** Terrain and landmarks meeting `frame`, split by layer. */
export function terrainItems(terrain: readonly TerrainFeature[], landmarks: readonly Landmark[], frame: Rect): TerrainItems {
  const areas = terrain.filter(isArea)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => AREA_ORDER[a.f.kind] - AREA_ORDER[b.f.kind] || (a.f.level ?? 0) - (b.f.level ?? 0) || a.i - b.i)
    .map(({ f }) => f)
    .filter((f) => meets(frame, f.polygon, 0))
    .map((f): AreaItem => ({ kind: 'area', id: f.id, terrain: f.kind, polygon: f.polygon, ...(f.level !== undefined ? { level: f.level } : {}) }));
  const lines = terrain.filter(isLine).filter((f) => meets(frame, f.line, lineWidth(f)));
  const lineItem = (f: LineFeature): LineItem => ({ kind: 'line', id: f.id, terrain: f.kind, line: f.line, width: lineWidth(f) });
  const water = lines.filter((f) => WATER.has(f.kind)).map(lineItem);
  // Tracks under roads, so a road running over a track keeps its casing.
  const roads = lines.filter((f) => !WATER.has(f.kind)).sort((a, b) => rank(a) - rank(b)).map(lineItem);
  const crossings = terrain.filter((f): f is PointFeature => 'at' in f)
    .filter((f) => meets(frame, [f.at], f.width ?? DEFAULT_CROSSING_WIDTH))
    .map((f): CrossingItem => ({ kind: 'crossing', id: f.id, terrain: f.kind, at: f.at, angle: crossedBearing(f, terrain), width: f.width ?? DEFAULT_CROSSING_WIDTH }));
  return { areas, water, roads, crossings, places: placeLabels(terrain, landmarks, frame) };
}

const rank = (f: LineFeature) => (f.kind === 'obstacle' ? 0 : f.kind === 'track' ? 1 : 2);

/** Bearing of the line a bridge or ford crosses, at the piece nearest to it (0 if none). */
function crossedBearing(f: PointFeature, terrain: readonly TerrainFeature[]): number {
  const candidates = terrain.filter(isLine).filter((l) => (f.crosses ? l.id === f.crosses : WATER.has(l.kind)));
  let best: { d: number; angle: number } | undefined;
  for (const l of candidates) {
    for (let i = 1; i < l.line.length; i++) {
      const a = l.line[i - 1]!, b = l.line[i]!;
      const d = pointSegmentDistance(f.at, a, b);
      if (!best || d < best.d) best = { d, angle: bearing(a, b) };
    }
  }
  return best?.angle ?? 0;
}

const STYLE_OF: Partial<Record<TerrainFeature['kind'], PlaceStyle>> = {
  woods: 'wood', forest: 'wood', orchard: 'wood', hill: 'hill', 'built-up': 'town', town: 'town', marsh: 'marsh', river: 'water', stream: 'water',
};

/**
 * A terrain name is offered only at points this far (inches) inside the frame: a hill of which a
 * zoomed frame shows a sliver along its edge is not named (there is no room to, and its name
 * would read as the name of whatever is beside it), nor counted as a label left out.
 */
const NAME_MARGIN = 0.75;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * Names to print. A landmark named like a terrain area takes that area's style and no marker
 * (the village IS the place); other landmarks get a marker. Named areas and rivers without a
 * landmark of the same name are labelled at their middle.
 */
function placeLabels(terrain: readonly TerrainFeature[], landmarks: readonly Landmark[], frame: Rect): PlaceLabelItem[] {
  const out: PlaceLabelItem[] = [];
  const areaByName = new Map(terrain.filter(isArea).filter((f) => f.name).map((f) => [fold(f.name!), f]));
  const landmarkNames = new Set(landmarks.map((l) => fold(l.name)));
  for (const f of terrain) {
    const style = STYLE_OF[f.kind];
    if (!f.name || !style || landmarkNames.has(fold(f.name))) continue;
    const anchors = isArea(f) ? areaAnchors(f.polygon, frame) : isLine(f) ? LINE_FRACTIONS.map((t) => along(f.line, t)) : [];
    const inFrame = anchors.filter((p) => p.x >= frame.x0 + NAME_MARGIN && p.x <= frame.x1 - NAME_MARGIN && p.y >= frame.y0 + NAME_MARGIN && p.y <= frame.y1 - NAME_MARGIN);
    const [at, ...candidates] = inFrame;
    if (at) out.push({ kind: 'place-label', text: f.name, at, style, marker: false, ...(candidates.length ? { candidates } : {}) });
  }
  for (const l of landmarks) {
    if (!meets(frame, [l.at], 0)) continue;
    const area = areaByName.get(fold(l.name));
    const style = area ? STYLE_OF[area.kind] ?? 'landmark' : 'landmark';
    const candidates = area ? areaAnchors(area.polygon, frame).slice(1) : [];
    out.push({ kind: 'place-label', text: l.name, at: l.at, style, marker: !area, ...(candidates.length ? { candidates } : {}) });
  }
  return out;
}

/** Area centroid of a simple polygon (vertex mean if degenerate). */
export function centroid(ring: readonly { x: number; y: number }[]): { x: number; y: number } {
  let a = 0, cx = 0, cy = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!, q = ring[(i + 1) % ring.length]!;
    const k = p.x * q.y - q.x * p.y;
    a += k; cx += (p.x + q.x) * k; cy += (p.y + q.y) * k;
  }
  if (Math.abs(a) < 1e-9) return { x: ring.reduce((s, p) => s + p.x, 0) / ring.length, y: ring.reduce((s, p) => s + p.y, 0) / ring.length };
  return { x: cx / (3 * a), y: cy / (3 * a) };
}

/**
 * Where to try a river's or road's name, as fractions of its length: the middle first, then
 * out towards both ends, so a name crowded off the middle finds another reach of the water.
 */
const LINE_FRACTIONS = [0.5, 0.3, 0.7, 0.15, 0.85, 0.4, 0.6, 0.22, 0.78, 0.08, 0.92];
/** Lattice of points tried inside an area (columns × rows over the part of it in the frame). */
const LATTICE = { columns: 7, rows: 5 } as const;

/**
 * Where to try an area's name: its centroid, then just north and just south of it, then points
 * spread over the part of the area in the frame, nearest the centroid first. A long hill or
 * marsh with troops on its middle still gets its name on a clear stretch of it (issue 11:
 * "Broken valley of the Ligne" was left out while half the valley was empty).
 */
function areaAnchors(ring: readonly { x: number; y: number }[], frame: Rect): { x: number; y: number }[] {
  const c = centroid(ring);
  const b = boundsOf(ring);
  const x0 = Math.max(b.x0, frame.x0), x1 = Math.min(b.x1, frame.x1), y0 = Math.max(b.y0, frame.y0), y1 = Math.min(b.y1, frame.y1);
  const inside: { x: number; y: number }[] = [];
  if (x0 < x1 && y0 < y1) {
    for (let i = 0; i < LATTICE.columns; i++) {
      for (let j = 0; j < LATTICE.rows; j++) {
        const p = { x: x0 + ((i + 0.5) * (x1 - x0)) / LATTICE.columns, y: y0 + ((j + 0.5) * (y1 - y0)) / LATTICE.rows };
        if (ringContains(ring, p)) inside.push(p);
      }
    }
  }
  const near = (p: { x: number; y: number }) => Math.hypot(p.x - c.x, p.y - c.y);
  return [c, { x: c.x, y: b.y1 }, { x: c.x, y: b.y0 }, ...inside.sort((p, q) => near(p) - near(q))];
}

/** The point a fraction t of the way along a polyline. */
function along(line: readonly { x: number; y: number }[], t: number): { x: number; y: number } {
  const lens = line.slice(1).map((p, i) => Math.hypot(p.x - line[i]!.x, p.y - line[i]!.y));
  let rest = lens.reduce((s, x) => s + x, 0) * t;
  for (let i = 0; i < lens.length; i++) {
    const len = lens[i]!;
    if (rest <= len && len > 0) {
      const a = line[i]!, b = line[i + 1]!;
      return { x: a.x + ((b.x - a.x) * rest) / len, y: a.y + ((b.y - a.y) * rest) / len };
    }
    rest -= len;
  }
  return line[0]!;
}
