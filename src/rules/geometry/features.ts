/**
 * Narrowed views of TerrainFeature (types.ts) and the defaults the geometry assumes when a
 * scenario leaves a width out.
 */
import type { AREA_KINDS, LINE_KINDS, POINT_KINDS, TerrainFeature } from './types';

/** A terrain feature drawn as a polygon (woods, town, hill…). */
export type AreaFeature = Extract<TerrainFeature, { readonly polygon: unknown }>;
/** A terrain feature drawn as a polyline (road, river, obstacle…). */
export type LineFeature = Extract<TerrainFeature, { readonly line: unknown }>;
/** A terrain feature drawn as a point (bridge, ford). */
export type PointFeature = Extract<TerrainFeature, { readonly at: unknown }>;
/** Kinds drawn as areas. */
export type AreaKind = (typeof AREA_KINDS)[number];
/** Kinds drawn as lines. */
export type LineKind = (typeof LINE_KINDS)[number];
/** Kinds drawn as points. */
export type PointKind = (typeof POINT_KINDS)[number];

/** Width of a line feature (road, river) when the scenario gives none, in inches. */
export const DEFAULT_LINE_WIDTH = 1;
/** Width of a bridge or ford (how far along the river it spans) when none is given, in inches. */
export const DEFAULT_CROSSING_WIDTH = 1;

/** Is the feature an area? */
export const isArea = (f: TerrainFeature): f is AreaFeature => 'polygon' in f;
/** Is the feature a line? */
export const isLine = (f: TerrainFeature): f is LineFeature => 'line' in f;
/** Is the feature a point (bridge, ford)? */
export const isPointFeature = (f: TerrainFeature): f is PointFeature => 'at' in f;

/** The width of a line feature, with the default applied. */
export const lineWidth = (f: LineFeature): number => f.width ?? DEFAULT_LINE_WIDTH;
