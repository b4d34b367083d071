import { isArea, isLine } from '../../geometry/features';
import { elevationAt, segmentProfile, terrainAt } from '../../geometry/terrain';
import type { Point, TerrainFeature, TerrainKind } from '../../geometry/types';
import type { SoloSettings } from '../settings';
import type { SoloState } from '../state';
import type { Cover } from '../tables/vocabulary';

/**
 * The scenario's terrain as Kuryakin reads it (KS-34…KS-36). The text names the ground only in
 * its modifiers: soft and hard cover for volleys (L14) and artillery (L16), "Defending cover"
 * for morale (L23), "Charging uphill", "Charging over obstacle" and "Charging building or
 * fieldwork" for the charge home (L28). It prints no movement penalty: difficult ground is ours
 * (KS-35, `move.difficultCost`). A unit stands where the centre of its front edge stands (`at`).
 */

/** The scenario's terrain features (none on a bare state). */
export const terrainOf = (s: SoloState): readonly TerrainFeature[] => s.map?.terrain ?? [];

/** KS-34: the kinds that give soft and hard cover (L14, L16: the text names the two, not the ground). */
export const SOFT_COVER: readonly TerrainKind[] = ['woods', 'forest', 'orchard'];
export const HARD_COVER: readonly TerrainKind[] = ['built-up', 'town', 'fortification'];
/** KS-36 (L28): "building or fieldwork". */
export const BUILDING_OR_FIELDWORK: readonly TerrainKind[] = ['built-up', 'town', 'fortification'];
/** KS-36 (L28): line features a charge crosses "over obstacle" (a bridge or ford is no obstacle). */
export const OBSTACLE_LINES: readonly TerrainKind[] = ['obstacle', 'river', 'stream'];
/** KS-35: areas that are difficult going unless the scenario says otherwise (`difficult: false`). */
export const DIFFICULT_AREAS: readonly TerrainKind[] = ['woods', 'forest', 'marsh'];

/** KS-34: the cover at a point — hard beats soft; none outside. */
export function coverAt(s: SoloState, p: Point): Cover {
  const here = terrainAt(p, terrainOf(s)).filter(isArea);
  if (here.some((f) => HARD_COVER.includes(f.kind))) return 'hard';
  if (here.some((f) => SOFT_COVER.includes(f.kind))) return 'soft';
  return 'none';
}

/** The named feature giving cover at a point, for the narrative. */
export function coverName(s: SoloState, p: Point): string | null {
  const f = terrainAt(p, terrainOf(s)).filter(isArea).find((x) => HARD_COVER.includes(x.kind) || SOFT_COVER.includes(x.kind));
  return f ? f.name ?? f.kind : null;
}

/** KS-35: is this feature difficult going? Its own `difficult` flag, else its kind. */
export function isDifficult(f: TerrainFeature): boolean {
  if (isArea(f)) return f.difficult ?? DIFFICULT_AREAS.includes(f.kind);
  return isLine(f) ? !!f.difficult : false;
}

/** KS-35: how much of the straight path from → to lies in difficult areas, mm. */
export function difficultLengthMm(s: SoloState, from: Point, to: Point): number {
  const hard = terrainOf(s).filter((f) => isArea(f) && isDifficult(f));
  if (hard.length === 0) return 0;
  return segmentProfile(from, to, hard).stretches.filter((x) => x.areas.length > 0).reduce((n, x) => n + (x.end - x.start), 0);
}

/** KS-35: the cost of going from → to straight: each mm in difficult ground costs `move.difficultCost` mm. */
export function moveCostMm(s: SoloState, from: Point, to: Point, settings: SoloSettings): number {
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  return len + (settings.move.difficultCost - 1) * difficultLengthMm(s, from, to);
}

/**
 * KS-35: how far along `heading` (a unit vector) a unit gets from `from`, wanting `wantMm`, with
 * `budgetMm` of allowance: the largest distance whose cost fits (the cost only grows with distance).
 */
export function reachWithin(s: SoloState, from: Point, v: Point, wantMm: number, budgetMm: number, settings: SoloSettings): { mm: number; cost: number } {
  const at = (d: number): Point => ({ x: from.x + v.x * d, y: from.y + v.y * d });
  if (settings.move.difficultCost === 1 || difficultLengthMm(s, from, at(wantMm)) === 0) { const mm = Math.min(wantMm, budgetMm); return { mm, cost: mm }; }
  const full = moveCostMm(s, from, at(wantMm), settings);
  if (full <= budgetMm + 1e-9) return { mm: wantMm, cost: full };
  let lo = 0;
  let hi = wantMm;
  for (let i = 0; i < 40; i++) { const mid = (lo + hi) / 2; if (moveCostMm(s, from, at(mid), settings) <= budgetMm) lo = mid; else hi = mid; }
  const mm = Math.floor(lo + 1e-6);
  return { mm, cost: moveCostMm(s, from, at(mm), settings) };
}

/** L28 "Charging uphill": the target's ground stands higher than the charger's (areas' `level`). */
export const chargesUphill = (s: SoloState, from: Point, to: Point): boolean => elevationAt(to, terrainOf(s)) > elevationAt(from, terrainOf(s));

/** L28 "Charging over obstacle": the first obstacle line the charge crosses without a bridge or ford, or null. */
export function obstacleCrossed(s: SoloState, from: Point, to: Point): string | null {
  const lines = terrainOf(s).filter((f) => (isLine(f) && OBSTACLE_LINES.includes(f.kind)) || (!isArea(f) && !isLine(f)));
  if (!lines.some(isLine)) return null;
  const c = segmentProfile(from, to, lines).crossings.find((x) => !x.bridge && !x.ford && x.distance > 0);
  return c ? c.feature.name ?? c.feature.kind : null;
}

/** L28 "Charging building or fieldwork": the target stands in one. */
export const inBuildingOrFieldwork = (s: SoloState, p: Point): boolean => terrainAt(p, terrainOf(s)).some((f) => isArea(f) && BUILDING_OR_FIELDWORK.includes(f.kind));
