/**
 * Table geometry shared by every ruleset. Units are table inches; a scenario's scale says how
 * many inches make a mile (DRAM §1: 6 in = 1 mile) or how many yards an inch is (NW: 100 yd).
 * x grows to the east (right on the map), y grows to the north (up on the map).
 * Angles (facing) are compass degrees: 0 = north, 90 = east, clockwise, in [0, 360).
 */

/** A point on the table, in inches. */
export interface Point {
  readonly x: number;
  readonly y: number;
}

/** Where a base stands and which way its front faces. */
export interface Pose {
  /** Centre of the base. */
  readonly at: Point;
  /** Compass degrees the front faces (0 = north, clockwise). */
  readonly facing: number;
}

/** A base's footprint: frontage (width, across the facing) by depth (along it), in inches. */
export interface BaseSize {
  readonly width: number;
  readonly depth: number;
}

/** Every kind of terrain a scenario may draw. Rulesets map kinds to their own effects. */
export const TERRAIN_KINDS = [
  'woods', 'forest', 'orchard', 'built-up', 'town', 'hill', 'marsh', 'field', 'fortification',
  'river', 'stream', 'road', 'track', 'bridge', 'ford', 'obstacle',
] as const;
export type TerrainKind = (typeof TERRAIN_KINDS)[number];

/** Kinds drawn as areas (polygons) and kinds drawn as lines (polylines with a width). */
export const AREA_KINDS = ['woods', 'forest', 'orchard', 'built-up', 'town', 'hill', 'marsh', 'field', 'fortification'] as const satisfies readonly TerrainKind[];
export const LINE_KINDS = ['river', 'stream', 'road', 'track', 'obstacle'] as const satisfies readonly TerrainKind[];
export const POINT_KINDS = ['bridge', 'ford'] as const satisfies readonly TerrainKind[];

/**
 * What a `built-up` area is (a shared attribute, read by each ruleset as it will): NW draws towns
 * "of whatever type" as blocks (§2.9 L531) but gives a village soft cover (§8.4 L191) and a town
 * hard cover (L194). Absent, a ruleset applies its own default (NW BU-1: town).
 */
export const SETTLEMENTS = ['village', 'town'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/** One terrain feature as the rules see it. */
export type TerrainFeature =
  | { readonly id: string; readonly kind: (typeof AREA_KINDS)[number]; readonly name?: string; readonly polygon: readonly Point[]; readonly level?: number; readonly blocksLos?: boolean; readonly difficult?: boolean; readonly settlement?: Settlement }
  | { readonly id: string; readonly kind: (typeof LINE_KINDS)[number]; readonly name?: string; readonly line: readonly Point[]; readonly width?: number; readonly blocksLos?: boolean; readonly difficult?: boolean }
  | { readonly id: string; readonly kind: (typeof POINT_KINDS)[number]; readonly name?: string; readonly at: Point; readonly crosses?: string; readonly width?: number };

/** A named place players may type ("Ligny"). */
export interface Landmark {
  readonly name: string;
  readonly at: Point;
  readonly aliases?: readonly string[];
}

/** The playing area: [0, width] × [0, height] inches. */
export interface TableSize {
  readonly width: number;
  readonly height: number;
}
