/**
 * The map description: WHAT to draw and in which order, in table inches, with no pixels and
 * no ruleset in it. A ruleset adapter (dram.ts) builds one from its state; draw.ts paints it.
 * It is plain JSON, so it crosses a process boundary (the render pool) unchanged and golden
 * cases store it as their input.
 */
import type { Point, TableSize } from '../../rules/geometry/types';
import type { AreaKind, LineKind, PointKind } from '../../rules/geometry/features';

/** A rectangle of the table in inches: x east, y NORTH (x0 < x1, y0 < y1). */
export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Layers, bottom to top: ground, water, roads, crossings, grid, then what moves and what reads. */
export const LAYERS = ['terrain', 'water', 'roads', 'crossings', 'grid', 'trails', 'ghosts', 'units', 'effects', 'labels'] as const;
export type LayerName = (typeof LAYERS)[number];

/** Arm symbols, NATO-ish: infantry cross, cavalry diagonal, artillery dot, general star, wagon wheels. */
export const UNIT_SYMBOLS = ['infantry', 'light-cavalry', 'heavy-cavalry', 'artillery', 'general', 'wagon'] as const;
export type UnitSymbol = (typeof UNIT_SYMBOLS)[number];

/**
 * Tones of status chips. Rulesets say what a chip means ('order', 'weak'…); the palette says
 * how it looks, so the same meaning looks the same in every ruleset.
 */
export const CHIP_TONES = ['order', 'pending', 'strength', 'weak', 'status', 'bad', 'rating', 'general'] as const;
export type ChipTone = (typeof CHIP_TONES)[number];

/** A small text chip shown with a unit: 'A', '5/6', 'DIS', '★ Ney', 'CR 2'. */
export interface Chip {
  readonly text: string;
  readonly tone: ChipTone;
}

export const PALETTES = ['default', 'colour-blind'] as const;
export type PaletteName = (typeof PALETTES)[number];

/** A terrain area (woods, town, hill with its contour level…). */
export interface AreaItem {
  readonly kind: 'area';
  readonly id: string;
  readonly terrain: AreaKind;
  readonly polygon: readonly Point[];
  readonly level?: number;
}

/** A terrain line (river, road…); width in inches. */
export interface LineItem {
  readonly kind: 'line';
  readonly id: string;
  readonly terrain: LineKind;
  readonly line: readonly Point[];
  readonly width: number;
}

/** A bridge or ford; `angle` is the compass bearing of the line it crosses there. */
export interface CrossingItem {
  readonly kind: 'crossing';
  readonly id: string;
  readonly terrain: PointKind;
  readonly at: Point;
  readonly angle: number;
  readonly width: number;
}

/** The reference grid: the same cells and labels as src/rules/location/grid.ts. */
export interface GridItem {
  readonly kind: 'grid';
  readonly cell: number;
  /** Columns and rows that meet the frame, with their table extent. */
  readonly columns: readonly { readonly label: string; readonly x0: number; readonly x1: number }[];
  readonly rows: readonly { readonly label: string; readonly y0: number; readonly y1: number }[];
  /** One faint reference per cell, at the cell's north-west corner area. */
  readonly cells: readonly { readonly ref: string; readonly centre: Point; readonly x0: number; readonly y1: number }[];
}

/** Where a unit came from this phase: old position → path → new position. */
export interface TrailItem {
  readonly kind: 'trail';
  readonly unit: string;
  readonly colour: string;
  readonly points: readonly Point[];
  /** Inches short of the last point the arrow stops, so its head shows at the base's edge. */
  readonly gap: number;
}

/** A base: its four corners front-left, front-right, rear-right, rear-left (basePolygon order). */
export interface UnitItem {
  readonly kind: 'unit';
  readonly unit: string;
  readonly side: string;
  readonly colour: string;
  readonly corners: readonly Point[];
  readonly centre: Point;
  readonly facing: number;
  readonly symbol: UnitSymbol;
  readonly role: 'unit' | 'general';
}

/** A stand removed in the last resolution, drawn faded where it fell. */
export interface GhostItem {
  readonly kind: 'ghost';
  readonly unit: string;
  readonly colour: string;
  readonly corners: readonly Point[];
  readonly centre: Point;
  readonly symbol: UnitSymbol;
  readonly label: string;
}

/** Cotton-wool smoke between engaged bases: blobs strung along `along`. */
export interface SmokeItem {
  readonly kind: 'smoke';
  readonly id: string;
  readonly along: readonly [Point, Point];
  readonly radius: number;
  readonly seed: number;
}

/**
 * Artillery fire at range: a muzzle puff at `from`, a line of fire and a burst at `to`. Either
 * end is null when the viewer cannot see that unit (the gun's smoke is seen, not its target).
 */
export interface PuffItem {
  readonly kind: 'puff';
  readonly id: string;
  readonly from: Point | null;
  readonly to: Point | null;
  readonly seed: number;
}

/** A unit's short name and chips, drawn above everything so no base hides them. */
export interface UnitLabelItem {
  readonly kind: 'unit-label';
  readonly unit: string;
  readonly at: Point;
  /** The base's frontage and depth in inches, and its facing: is there room for the text inside? */
  readonly base: { readonly width: number; readonly depth: number };
  readonly facing: number;
  readonly text: string;
  readonly chips: readonly Chip[];
}

export const PLACE_STYLES = ['landmark', 'wood', 'hill', 'water', 'town', 'marsh'] as const;
export type PlaceStyle = (typeof PLACE_STYLES)[number];

/** A place name: a landmark (with a marker) or a named terrain feature. */
export interface PlaceLabelItem {
  readonly kind: 'place-label';
  readonly text: string;
  readonly at: Point;
  readonly style: PlaceStyle;
  readonly marker: boolean;
  /** Other anchors to try, in order, when the label would hide another one at `at`. */
  readonly candidates?: readonly Point[];
}

export type MapItem =
  | AreaItem | LineItem | CrossingItem | GridItem | TrailItem | UnitItem | GhostItem
  | SmokeItem | PuffItem | UnitLabelItem | PlaceLabelItem;

export interface Layer {
  readonly name: LayerName;
  readonly items: readonly MapItem[];
}

/** What a legend swatch shows. */
export type Swatch =
  | { readonly kind: 'side'; readonly colour: string }
  | { readonly kind: 'terrain'; readonly terrain: AreaKind | LineKind | PointKind; readonly level?: number }
  | { readonly kind: 'symbol'; readonly symbol: UnitSymbol }
  | { readonly kind: 'effect'; readonly effect: 'trail' | 'smoke' | 'puff' | 'ghost' }
  | { readonly kind: 'chip'; readonly chip: Chip };

export interface LegendEntry {
  readonly key: string;
  readonly label: string;
  readonly swatch: Swatch;
}

/** A scale bar `length` units long (miles or yards), cut into `divisions`. */
export interface ScaleBar {
  readonly unit: 'mile' | 'yard' | 'inch';
  readonly inchesPerUnit: number;
  readonly length: number;
  readonly divisions: number;
  readonly label: string;
  /** What one table unit is, beside the bar: "6 in = 1 mile", "1 in = 100 yards", "1 mm = 1 yard". */
  readonly per: string;
}

export interface TitleBlock {
  /** "The Bridge at Saint-Rémy". */
  readonly title: string;
  /** "Turn 2 of 6 · 10:00 · 7. Issue new orders". */
  readonly subtitle: string;
  /** Right-hand side: whose view, and the game. */
  readonly view: string;
  readonly game?: string;
}

/** The small map of the whole table shown when zoomed in. */
export interface Overview {
  readonly table: TableSize;
  readonly items: readonly (AreaItem | LineItem)[];
  readonly dots: readonly { readonly at: Point; readonly colour: string }[];
}

/**
 * A plotted move shown on its private preview map (issue 11; src/render/map/move-plan.ts):
 * the whole path as plotted, the part the unit would cover, where it stops, and a ring of its
 * allowance around where it starts (as the crow flies: terrain may stop it sooner).
 */
export interface MovePlanItem {
  readonly unit: string;
  readonly colour: string;
  readonly start: Point;
  readonly planned: readonly Point[];
  readonly reached: readonly Point[];
  readonly stop: Point;
  /** Inches. */
  readonly allowance: number;
  /** Whether the move stops before the end of the plotted path. */
  readonly cut: boolean;
}

/** Everything the canvas step needs. */
export interface MapDescription {
  readonly v: 1;
  readonly table: TableSize;
  /** The part of the table drawn; the whole table unless zoomed. */
  readonly frame: Rect;
  readonly palette: PaletteName;
  readonly sides: readonly { readonly id: string; readonly name: string; readonly colour: string }[];
  readonly layers: readonly Layer[];
  readonly title: TitleBlock;
  readonly legend: readonly LegendEntry[];
  readonly scaleBar: ScaleBar;
  /** The map is always drawn north-up; the compass says so. */
  readonly compass: { readonly north: 0 };
  readonly overview: Overview | null;
  /** A plotted move's preview, drawn over everything (absent on every other map). */
  readonly plan?: MovePlanItem;
}
