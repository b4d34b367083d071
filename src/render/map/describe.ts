/**
 * The pure "map description" step, ruleset-agnostic: a ruleset adapter says which units,
 * trails, fights and ghosts there are and what their chips say (MapInput); this decides what
 * is drawn, in which layer and order, for which part of the table and for which viewer.
 */
import { err, ok, type Problem, type Result } from '../../lib/result';
import type { GameEvent } from '../../rules/events';
import { basePolygon, frontCentre } from '../../rules/geometry/base';
import type { BaseSize, Landmark, Point, Pose, TableSize, TerrainFeature } from '../../rules/geometry/types';
import { distance } from '../../rules/geometry/vector';
import { areaFrame, aroundFrame, boundsOf, rectsMeet, tableRect, type MapView } from './frame';
import { gridItem, legendFor, scaleBar } from './furniture';
import {
  LAYERS, type Chip, type GhostItem, type LayerName, type LegendEntry, type MapDescription, type MapItem, type PaletteName,
  type PuffItem, type Rect, type SmokeItem, type TitleBlock, type TrailItem, type UnitItem, type UnitLabelItem, type UnitSymbol,
} from './model';
import { sideColours } from './palette';
import { hash } from './seed';
import { terrainItems } from './terrain-items';

/** A unit (or general) as the ruleset wants it drawn. */
export interface MapUnit {
  readonly id: string;
  readonly side: string;
  readonly pose: Pose;
  readonly base: BaseSize;
  readonly symbol: UnitSymbol;
  /** Short: "Friant", "3/1". */
  readonly label: string;
  readonly chips: readonly Chip[];
  readonly role?: 'unit' | 'general';
}

/** A fight of the last phase: the units of each side, and whether it was fire at range. */
export interface MapEngagement {
  readonly id: string;
  readonly sides: readonly (readonly string[])[];
  readonly bombardment?: { readonly firer: string; readonly target: string };
}

/** Everything a ruleset adapter gives the describer. */
export interface MapInput {
  readonly table: TableSize;
  readonly gridCell: number;
  readonly scale: { readonly inchesPerMile?: number; readonly yardsPerInch?: number; readonly tableUnit?: 'in' | 'mm' };
  readonly terrain: readonly TerrainFeature[];
  readonly landmarks: readonly Landmark[];
  readonly sides: readonly { readonly id: string; readonly name: string; readonly colour: string }[];
  readonly units: readonly MapUnit[];
  /** Movement this phase: old position → path → new position, per unit. */
  readonly trails?: readonly { readonly unit: string; readonly points: readonly Point[] }[];
  readonly engagements?: readonly MapEngagement[];
  /** Units removed in the last resolution, at their last pose. */
  readonly ghosts?: readonly MapUnit[];
  readonly title: TitleBlock;
  /** What the ruleset's chips mean; shown when a chip of that tone is on the map. */
  readonly chipNotes?: readonly LegendEntry[];
  readonly view?: MapView;
  readonly palette?: PaletteName;
  /** May this viewer see the unit? (hidden information; default: everything is seen). */
  readonly visible?: (unitId: string) => boolean;
}

/** Every move of the last resolution as a trail: where the unit was, its path, where it ended. */
export const moveTrails = (events: readonly GameEvent[]): MapInput['trails'] =>
  events.flatMap((e) => (e.kind === 'move' ? [{ unit: e.unit, points: [e.from, ...e.path, e.to] }] : []));

/** Build the description, or say why the requested view cannot be drawn. */
export function describeMap(input: MapInput): Result<MapDescription, Problem> {
  const paletteName = input.palette ?? 'default';
  const colours = sideColours(input.sides, paletteName);
  const sides = input.sides.map((s, i) => ({ id: s.id, name: s.name, colour: colours[i] ?? s.colour }));
  const colourOf = (side: string) => sides.find((s) => s.id === side)?.colour ?? '#777777';
  const visible = input.visible ?? (() => true);
  const units = input.units.filter((u) => visible(u.id));
  const ghosts = (input.ghosts ?? []).filter((u) => visible(u.id));

  const frame = frameFor(input, units);
  if (!frame.ok) return frame;
  const f = frame.value;
  const inFrame = (u: MapUnit) => rectsMeet(f, boundsOf(ring(u)));
  const layer: Record<LayerName, MapItem[]> = Object.fromEntries(LAYERS.map((n) => [n, []])) as unknown as Record<LayerName, MapItem[]>;

  const t = terrainItems(input.terrain, input.landmarks, f);
  layer.terrain.push(...t.areas);
  layer.water.push(...t.water);
  layer.roads.push(...t.roads);
  layer.crossings.push(...t.crossings);
  layer.grid.push(gridItem(input.table, input.gridCell, f));

  const byId = new Map([...ghosts, ...units].map((u) => [u.id, u]));
  for (const tr of input.trails ?? []) {
    const u = byId.get(tr.unit);
    const points = dedupe(tr.points);
    if (!u || points.length < 2 || !rectsMeet(f, boundsOf(points, 1))) continue;
    // A trail ending where the unit now stands stops at its base's edge; one ending elsewhere (a ghost) does not.
    const end = points[points.length - 1]!;
    const gap = distance(end, u.pose.at) < 0.05 ? Math.min(u.base.width, u.base.depth) / 2 : 0;
    layer.trails.push({ kind: 'trail', unit: u.id, colour: colourOf(u.side), points, gap } satisfies TrailItem);
  }
  for (const g of ghosts.filter(inFrame)) {
    layer.ghosts.push({ kind: 'ghost', unit: g.id, colour: colourOf(g.side), corners: ring(g), centre: g.pose.at, symbol: g.symbol, label: g.label } satisfies GhostItem);
  }
  // Stands first, generals over them: a general's small base must not vanish under a division.
  const drawn = [...units.filter((u) => u.role !== 'general'), ...units.filter((u) => u.role === 'general')].filter(inFrame);
  for (const u of drawn) {
    layer.units.push({ kind: 'unit', unit: u.id, side: u.side, colour: colourOf(u.side), corners: ring(u), centre: u.pose.at, facing: u.pose.facing, symbol: u.symbol, role: u.role ?? 'unit' } satisfies UnitItem);
  }
  for (const e of input.engagements ?? []) {
    layer.effects.push(...effectItems(e, byId).filter((i) => rectsMeet(f, boundsOf(i.kind === 'smoke' ? i.along : [i.from, i.to].filter((p): p is Point => p !== null), 1))));
  }

  layer.labels.push(...t.places);
  // A unit drawn stand by stand (B&P) labels one stand; the others carry no text to place.
  for (const u of drawn.filter((x) => x.label !== '' || x.chips.length > 0)) {
    layer.labels.push({ kind: 'unit-label', unit: u.id, at: u.pose.at, base: { width: u.base.width, depth: u.base.depth }, facing: u.pose.facing, text: u.label, chips: u.chips } satisfies UnitLabelItem);
  }

  const layers = LAYERS.map((name) => ({ name, items: layer[name] }));
  const zoomed = f.x0 > 0 || f.y0 > 0 || f.x1 < input.table.width || f.y1 < input.table.height;
  return ok({
    v: 1,
    table: input.table,
    frame: f,
    palette: paletteName,
    sides,
    layers,
    title: input.title,
    legend: legendFor(layers, sides, input.chipNotes ?? []),
    scaleBar: scaleBar(input.scale, f.x1 - f.x0),
    compass: { north: 0 },
    overview: zoomed ? {
      table: input.table,
      items: [...terrainItems(input.terrain, [], tableRect(input.table)).areas, ...terrainItems(input.terrain, [], tableRect(input.table)).water],
      dots: units.filter((u) => u.role !== 'general').map((u) => ({ at: u.pose.at, colour: colourOf(u.side) })),
    } : null,
  });
}

/** The corners of a unit's base, front-left first (basePolygon order). */
export const ring = (u: Pick<MapUnit, 'pose' | 'base'>): Point[] => basePolygon({ pose: u.pose, size: u.base });

function frameFor(input: MapInput, visibleUnits: readonly MapUnit[]): Result<Rect, Problem> {
  const ctx = { table: input.table, grid: { cell: input.gridCell } };
  if (input.view?.area) return areaFrame(input.view.area, ctx);
  if (input.view?.around) {
    // A unit the viewer may not see is "unknown": the map must not confirm it exists.
    const u = visibleUnits.find((x) => x.id === input.view!.around);
    if (!u) return err({ code: 'map/unknown-unit', message: `No unit "${input.view.around}" on your map.` });
    return ok(aroundFrame(u.pose.at, input.view.radius ?? 1.5 * input.gridCell, input.table));
  }
  return ok(tableRect(input.table));
}

function dedupe(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const p of points) if (!out.length || distance(out[out.length - 1]!, p) > 0.05) out.push(p);
  return out;
}

/**
 * Smoke for a fight: one cotton-wool bank per engaged unit of the first side, laid across the
 * line to its nearest enemy, half-way between them (the contact line for bases in contact).
 * Fire at range: a puff at the gun's front and a burst on the target.
 */
function effectItems(e: MapEngagement, byId: ReadonlyMap<string, MapUnit>): (SmokeItem | PuffItem)[] {
  if (e.bombardment) {
    const gun = byId.get(e.bombardment.firer), target = byId.get(e.bombardment.target);
    if (!gun && !target) return [];
    return [{ kind: 'puff', id: e.id, from: gun ? frontCentre({ pose: gun.pose, size: gun.base }) : null, to: target?.pose.at ?? null, seed: hash(e.id) }];
  }
  const [mine = [], theirs = []] = e.sides.map((ids) => ids.map((id) => byId.get(id)).filter((u): u is MapUnit => !!u));
  const out: SmokeItem[] = [];
  const pairs = new Set<string>();
  for (const a of mine.length <= theirs.length ? mine : theirs) {
    const others = mine.length <= theirs.length ? theirs : mine;
    const b = [...others].sort((x, y) => distance(a.pose.at, x.pose.at) - distance(a.pose.at, y.pose.at))[0];
    if (!b || pairs.has(`${a.id}|${b.id}`)) continue;
    pairs.add(`${a.id}|${b.id}`);
    const mid = { x: (a.pose.at.x + b.pose.at.x) / 2, y: (a.pose.at.y + b.pose.at.y) / 2 };
    const d = distance(a.pose.at, b.pose.at) || 1;
    const across = { x: -(b.pose.at.y - a.pose.at.y) / d, y: (b.pose.at.x - a.pose.at.x) / d };
    const half = 0.45 * Math.min(a.base.width, b.base.width);
    out.push({
      kind: 'smoke', id: `${e.id}:${a.id}`, seed: hash(`${e.id}:${a.id}:${b.id}`), radius: 0.3 * Math.min(a.base.width, b.base.width, a.base.depth + b.base.depth),
      along: [{ x: mid.x - across.x * half, y: mid.y - across.y * half }, { x: mid.x + across.x * half, y: mid.y + across.y * half }],
    });
  }
  return out;
}
