import { relativeSector } from '../geometry/arcs';
import { basePolygon, pointToBaseDistance, type Base } from '../geometry/base';
import { EPS } from '../geometry/epsilon';
import { isArea, isLine, type AreaFeature } from '../geometry/features';
import { ringContains, segmentIntersections } from '../geometry/primitives';
import { elevationAt, featureBox, terrainAt } from '../geometry/terrain';
import type { Point, Settlement, TerrainFeature } from '../geometry/types';

/**
 * What the ground gives a unit where it stands — one reading for movement, skirmish, artillery
 * fire and combat (issue 17). Rulings (README "Cover and built-up areas", CV-n, BU-1):
 *
 * - BU-1 A `built-up` area says what it is (`settlement: village | town`); absent, it is a town:
 *   the text draws towns "of whatever type" as 4" blocks (Ch.II §2.9 L531). A `town` area is a
 *   town. For MOVEMENT both are towns (roads through them, only infantry ends in them, no flank,
 *   oblique or wheel: §9.5 n7 L301, §9.8 L325), which `isBuiltUp` answers. Everywhere else a
 *   village is soft cover ("deployed in a village", §8.4 L191) and a town hard cover ("deployed
 *   in a town", L194): the town rules of §7.3 L105, §11.1 L379, §11.2.2 L384, §11.2.5 L387 and
 *   §11.3 L395-397 (and L333's "cavalry may ignore infantry in towns") are for towns only.
 * - CV-1 "In" cover = every corner of the base inside the area (§7.3 L105 "completely within",
 *   §7.7 L131 "fully"): a base half in a wood has no cover from it.
 * - CV-2 Soft-cover areas: woods and forest (L191) and villages. Orchards and fields are not
 *   listed (hindering ground, §9.5 n2 L296) and give none. Hard cover: towns and fortifications
 *   ("redoubt … field works", L194).
 * - CV-3 "Behind" an obstacle (walls, L191; §9.93 L331-333): an `obstacle` line crosses the line
 *   from the shooter's or attacker's centre to the target's centre within 1" of the target's base.
 * - CV-4 Elevation: the level under a base's centre (the highest hill `level` there, 0 off hills).
 * - CV-5 Fording or on a bridge (§8.4 L189, §7.7 L136, chart L789): the centre of the base is on a
 *   river, stream, ford or bridge.
 */

/** BU-1: an unmarked built-up area is a town (Ch.II §2.9 L531). */
export const DEFAULT_SETTLEMENT: Settlement = 'town';

/** The settlement an area is (BU-1), or null for ground that is not built up. */
export function settlementOf(f: TerrainFeature): Settlement | null {
  if (f.kind === 'town') return 'town';
  if (f.kind === 'built-up') return f.settlement ?? DEFAULT_SETTLEMENT;
  return null;
}

/** BU-1 for movement: any built-up area, village or town, moves as a town (§9.5 n7 L301). */
export const isBuiltUp = (f: TerrainFeature): boolean => settlementOf(f) !== null;

const SOFT_AREA_KINDS: ReadonlySet<string> = new Set(['woods', 'forest']);

/** CV-1: every corner of the base inside the area. */
/** Room past an area's box (far above the EPS within which ringContains counts a boundary point in). */
const BOX_MARGIN = 1e-3;

export const whollyIn = (b: Base, f: AreaFeature): boolean => {
  // A base whose centre lies outside the area's box has a corner outside it (the corners average
  // to the centre), and a point outside the box by more than EPS is not contained: not wholly in,
  // with no polygon made or tested (issue 12: each skirmisher, defender and target tested every
  // area of the table, and a wider battle has more of them).
  const box = featureBox(f), { x, y } = b.pose.at;
  if (x < box.x0 - BOX_MARGIN || x > box.x1 + BOX_MARGIN || y < box.y0 - BOX_MARGIN || y > box.y1 + BOX_MARGIN) return false;
  return basePolygon(b).every((p) => ringContains(f.polygon, p));
};

/** The cover of a base deployed in an area (CV-1, CV-2), hard before soft; null in the open. */
export interface AreaCover {
  readonly cover: 'hard' | 'soft';
  readonly area: AreaFeature;
  /** What the area is, as the rules name it. */
  readonly what: 'town' | 'works' | 'village' | 'woods' | 'forest';
}

export function areaCoverOf(b: Base, terrain: readonly TerrainFeature[]): AreaCover | null {
  let soft: AreaCover | null = null;
  for (const f of terrain) {
    if (!isArea(f)) continue;
    const settlement = settlementOf(f);
    const hard = settlement === 'town' || f.kind === 'fortification';
    const isSoft = settlement === 'village' || SOFT_AREA_KINDS.has(f.kind);
    if (!hard && (!isSoft || soft)) continue;
    if (!whollyIn(b, f)) continue;
    if (hard) return { cover: 'hard', area: f, what: settlement === 'town' ? 'town' : 'works' };
    soft = { cover: 'soft', area: f, what: settlement === 'village' ? 'village' : f.kind as 'woods' | 'forest' };
  }
  return soft;
}

/** The town a base is deployed in (§11.3 L397, §11.2.2 L384; BU-1), or null. */
export function townOf(b: Base, terrain: readonly TerrainFeature[]): AreaFeature | null {
  const c = areaCoverOf(b, terrain);
  return c?.what === 'town' ? c.area : null;
}

/** In a town or wholly behind/in works: the hard-cover test of §7.3 L105, §11.2 and §11.3. */
export const inHardCover = (b: Base, terrain: readonly TerrainFeature[]): boolean => areaCoverOf(b, terrain)?.cover === 'hard';

/** How far from the target's base an obstacle still covers it (CV-3). */
export const BEHIND_OBSTACLE_INCHES = 1;

/** CV-3: is `target` behind an obstacle line as seen from `from`? */
export function behindObstacle(from: Point, target: Base, terrain: readonly TerrainFeature[]): boolean {
  for (const f of terrain) {
    if (!isLine(f) || f.kind !== 'obstacle') continue;
    for (let i = 1; i < f.line.length; i++) {
      const hits = segmentIntersections(from, target.pose.at, f.line[i - 1]!, f.line[i]!);
      if (hits.some((p) => pointToBaseDistance(p, target) <= BEHIND_OBSTACLE_INCHES + EPS)) return true;
    }
  }
  return false;
}

/** CV-4: the level a base stands on. */
export const levelOf = (b: Base, terrain: readonly TerrainFeature[]): number => elevationAt(b.pose.at, terrain);

const WATER_KINDS: ReadonlySet<string> = new Set(['river', 'stream', 'ford', 'bridge']);

/** CV-5: fording or on a bridge. */
export const fordingOrOnBridge = (b: Base, terrain: readonly TerrainFeature[]): boolean =>
  terrainAt(b.pose.at, terrain).some((f) => WATER_KINDS.has(f.kind));

/** §8.4 L189: fire from a point outside the target's frontal perspective comes through its flank or rear. */
export const fromFlankOrRear = (from: Point, target: Base): boolean => relativeSector(target, from) !== 'front';
