import { pointToBaseDistance } from '../geometry/base';
import { simpleCostModel, type CostModel, type PathEvent } from '../geometry/cost';
import { isLine, lineWidth, type LineFeature } from '../geometry/features';
import { segmentProfile } from '../geometry/terrain';
import { elevationAt, terrainAt } from '../geometry/terrain';
import type { Point, TerrainFeature, TerrainKind } from '../geometry/types';
import { envelopeOf, standBases, type BpState, type BpUnit } from './state';
import { COMMAND_FIGURE } from './tables/command-control';
import { DIFFICULT_TERRAIN_COST_PER_INCH } from './tables/movement';
import type { Position } from './tables/vocabulary';

/**
 * What the ground does in B&P, read from the scenario's terrain: movement costs (L43-46), the
 * target's or defender's position for fire, morale and melee (L86-87, L101, L150-155) and the
 * command figure's 4" (L202). Every modifier the procedures take comes from here.
 */

/** Woods, streams and hills count 2" for each 1" (L43-46); engine ruling BP-G1: forest, orchard and marsh too. */
export const DIFFICULT_KINDS: readonly TerrainKind[] = ['woods', 'forest', 'orchard', 'hill', 'marsh'];
/** Cover that makes a target "in a wood" (L86, L101). */
const WOOD_KINDS: readonly TerrainKind[] = ['woods', 'forest', 'orchard'];
/** A stream at least this wide (inches) is a "wide stream" (L154; engine ruling BP-G2). */
export const WIDE_STREAM_INCHES = 2;

/**
 * B&P's movement cost: 2" per 1" in difficult terrain; a stream is crossed at 2" per 1" of its
 * width (L44), except at a bridge or ford; rivers cannot be crossed but at a bridge or ford
 * (engine ruling BP-G3: the text has no rivers).
 */
export const BP_COST: CostModel = simpleCostModel({
  difficultMultiplier: DIFFICULT_TERRAIN_COST_PER_INCH,
  roadMultiplier: 1,
  roadOverridesDifficult: true,
  difficultKinds: DIFFICULT_KINDS,
  eventCost: (e: PathEvent) => {
    if (e.type !== 'cross' || e.bridge || e.ford) return 0;
    if (e.feature.kind === 'stream') return lineWidth(e.feature) * (DIFFICULT_TERRAIN_COST_PER_INCH - 1) + lineWidth(e.feature);
    if (e.feature.kind === 'river') return Infinity;
    return 0;
  },
});

/** Does a path run along a road all the way (L42: +3")? */
export function wholePathOnRoad(path: readonly Point[], terrain: readonly TerrainFeature[]): boolean {
  if (path.length < 2) return false;
  for (let i = 0; i + 1 < path.length; i++) {
    const prof = segmentProfile(path[i]!, path[i + 1]!, terrain);
    if (prof.length === 0) continue;
    if (!prof.stretches.every((st) => st.along.some((f) => f.kind === 'road'))) return false;
  }
  return true;
}

/** The ground level under a unit: the highest point under its stands' centres. */
export function levelOf(s: BpState, u: BpUnit): number {
  return Math.max(...standBases(u).map((b) => elevationAt(b.pose.at, s.map.terrain)));
}

/** The unit's centre (its envelope's). */
export const centreOf = (u: BpUnit): Point => envelopeOf(u).pose.at;

/** Streams between two points, with their widths. */
function streamsBetween(a: Point, b: Point, terrain: readonly TerrainFeature[]): LineFeature[] {
  return segmentProfile(a, b, terrain).crossings
    .filter((c) => c.feature.kind === 'stream' && !c.bridge && !c.ford && c.distance > 1e-6)
    .map((c) => c.feature);
}

/**
 * The position of a target or defender as seen from `from` (L86-87, L101, L150-155): 'strong'
 * when more than one contour above, in fortifications or behind a wide stream; 'defended' when
 * higher, in a wood or behind a stream; 'open' otherwise.
 */
export function positionOf(s: BpState, target: BpUnit, from: BpUnit): { position: Position; why: string } {
  const terrain = s.map.terrain;
  const up = levelOf(s, target) - levelOf(s, from);
  const c = centreOf(target);
  const areas = terrainAt(c, terrain).map((f) => f.kind);
  const streams = streamsBetween(centreOf(from), c, terrain);
  if (up > 1) return { position: 'strong', why: `${up} contours above` };
  if (areas.includes('fortification')) return { position: 'strong', why: 'behind works' };
  if (streams.some((f) => lineWidth(f) >= WIDE_STREAM_INCHES)) return { position: 'strong', why: 'behind a wide stream' };
  if (up >= 1) return { position: 'defended', why: 'uphill' };
  if (areas.some((k) => WOOD_KINDS.includes(k))) return { position: 'defended', why: 'in a wood' };
  if (streams.length > 0) return { position: 'defended', why: 'behind a stream' };
  return { position: 'open', why: 'in the open' };
}

/** A live command figure of the unit's side within 4" of any of its stands (L202). */
export function commandWithin4(s: BpState, u: BpUnit): string | null {
  const bases = standBases(u);
  for (const c of Object.values(s.commanders)) {
    if (!c.alive || c.side !== u.side) continue;
    if (bases.some((b) => pointToBaseDistance(c.at, b) <= COMMAND_FIGURE.radiusInches + 1e-9)) return c.id;
  }
  return null;
}

/** Is the point on a line feature of this kind (roads for the map; streams for positions)? */
export const lineFeatures = (terrain: readonly TerrainFeature[]): LineFeature[] => terrain.filter(isLine);
