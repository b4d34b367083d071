import { isArea, type AreaFeature } from '../geometry/features';
import { distanceToRingBoundary, ringContains } from '../geometry/primitives';
import { segmentProfile } from '../geometry/terrain';
import type { Point } from '../geometry/types';
import { footprint } from './footprint';
import { isArtillery, isLineFormation, type AnrtState, type AnrtUnit } from './state';

/**
 * Terrain as the text gives it (§VII "Terrain Restrictions" L357-363; buildings L48, L306, L361;
 * cover L204, L535, L632, L931), on the shared map's areas. Kinds (rulings in the README):
 * - woods (`woods`, `forest`): L359 — guns and formed cavalry enter only in march column (a
 *   battery's march column is limbered, ANRT-T9); formed infantry and skirmishing cavalry move
 *   at half (each inch in the wood counts two); skirmishing infantry as normal. Soft cover.
 * - buildings (`built-up`, `town`): L361 — infantry ending a move in them deploys into the
 *   buildings: only from next to them (its base within `NEXT_TO_INCHES`, ANRT-T10), a whole move priced by
 *   the QRS `enter-buildings` (L306), and it ends disordered. Moving through (or into, if not
 *   infantry) L363: infantry and cavalry only in skirmish, column or march column, guns only
 *   limbered. Infantry in them fires and is fired at and meleed as "buildings" (the QRS's own
 *   rows), which already price the cover.
 * - `orchard`: soft cover (ANRT-T11); `fortification`: hard cover. Neither restricts movement:
 *   the text names no rule for them, nor for hills, marshes, streams or roads (no effect).
 */
export const NEXT_TO_INCHES = 1;

const WOODS = new Set(['woods', 'forest']);
const BUILDINGS = new Set(['built-up', 'town']);
const SOFT = new Set(['woods', 'forest', 'orchard']);
const HARD = new Set(['fortification']);

const areas = (s: AnrtState): AreaFeature[] => s.map.terrain.filter(isArea);
/** How far a unit's base is from an area: its centre's distance less half its longer side (0 inside). */
const gapTo = (u: Pick<AnrtUnit, 'arm' | 'formation' | 'at'>, f: AreaFeature): number => {
  if (ringContains(f.polygon, u.at)) return 0;
  const b = footprint(u);
  return Math.max(0, distanceToRingBoundary(f.polygon, u.at) - Math.max(b.width, b.depth) / 2);
};
const areaAt = (s: AnrtState, p: Point, kinds: ReadonlySet<string>): AreaFeature | undefined => areas(s).find((f) => kinds.has(f.kind) && ringContains(f.polygon, p));

/**
 * Terrain a charger cannot enter (L359, L363), the gunners' other sanctuary (L406): woods for
 * formed cavalry (only in march column, in which no unit charges), towns for a unit in line (only
 * skirmish, column or march column move through them). Each with the battery's gap to it.
 */
export function barredTerrain(s: AnrtState, charger: Pick<AnrtUnit, 'arm' | 'formation'>, battery: Pick<AnrtUnit, 'arm' | 'formation' | 'at'>): { area: AreaFeature; inches: number }[] {
  const kinds = new Set<string>([...(charger.arm === 'cavalry' && charger.formation !== 'skirmish' ? WOODS : []), ...(isLineFormation(charger.formation) ? BUILDINGS : [])]);
  return areas(s).filter((f) => kinds.has(f.kind)).map((area) => ({ area, inches: gapTo(battery, area) }));
}

/** The buildings an infantry unit occupies (L48: a building complex holds a battalion), if any. */
export const buildingsOf = (s: AnrtState, u: Pick<AnrtUnit, 'arm' | 'at'>): AreaFeature | undefined => (u.arm === 'infantry' ? areaAt(s, u.at, BUILDINGS) : undefined);

/** The cover a unit stands in: buildings (infantry in them), hard or soft (L535, L632, L931), or none. */
export function coverOf(s: AnrtState, u: Pick<AnrtUnit, 'arm' | 'at'>): 'buildings' | 'hard' | 'soft' | null {
  if (buildingsOf(s, u)) return 'buildings';
  if (areaAt(s, u.at, HARD)) return 'hard';
  if (areaAt(s, u.at, SOFT)) return 'soft';
  return null;
}

/** What a move across the terrain costs and whether the text allows it. */
export interface TerrainMove {
  /** Inches charged against the normal move: each inch in a wood counts two for those L359 halves. */
  readonly inches: number;
  /** Inches of the path in woods. */
  readonly inWoods: number;
  /** The buildings an infantry unit deploys into with this move (L361), if it does. */
  readonly entersBuildings?: AreaFeature;
  /** Why the text forbids the move, with its line. */
  readonly refused?: { readonly code: string; readonly message: string; readonly hint: string };
}

const formedCavalry = (u: AnrtUnit) => u.arm === 'cavalry' && u.formation !== 'skirmish';
const inMarchColumn = (u: AnrtUnit) => (isArtillery(u) ? u.formation === 'limbered' : u.formation === 'march-column');

/** Moves already measured, by path object (planMove keeps one per state, unit and order) and unit: validating and pricing an order read it twice. */
const measured = new WeakMap<readonly Point[], WeakMap<AnrtUnit, { terrain: AnrtState['map']['terrain']; move: TerrainMove }>>();

export function terrainMove(s: AnrtState, u: AnrtUnit, path: readonly Point[]): TerrainMove {
  let byUnit = measured.get(path);
  if (!byUnit) { byUnit = new WeakMap(); measured.set(path, byUnit); }
  const hit = byUnit.get(u);
  if (hit && hit.terrain === s.map.terrain) return hit.move;
  const move = terrainMoveUncached(s, u, path);
  byUnit.set(u, { terrain: s.map.terrain, move });
  return move;
}

function terrainMoveUncached(s: AnrtState, u: AnrtUnit, path: readonly Point[]): TerrainMove {
  let length = 0, inWoods = 0;
  const touched = new Set<AreaFeature>();
  for (let i = 1; i < path.length; i++) {
    const p = segmentProfile(path[i - 1]!, path[i]!, s.map.terrain);
    length += p.length;
    for (const st of p.stretches) {
      if (st.areas.some((f) => WOODS.has(f.kind))) inWoods += st.end - st.start;
      for (const f of st.areas) if (BUILDINGS.has(f.kind)) touched.add(f);
    }
  }
  const name = (f: AreaFeature) => f.name ?? f.id;
  const base = { inches: length + (halvedInWoods(u) ? inWoods : 0), inWoods };
  if (inWoods > 1e-6 && (isArtillery(u) || formedCavalry(u)) && !inMarchColumn(u)) {
    const wood = areas(s).find((f) => WOODS.has(f.kind) && path.some((p, i) => i > 0 && segmentProfile(path[i - 1]!, p, [f]).stretches.some((x) => x.areas.length)));
    return { ...base, refused: { code: 'order/terrain-woods', message: `${u.name} cannot enter ${wood ? name(wood) : 'the wood'} in ${u.formation}: guns and formed cavalry enter woods only in march column (L359).`, hint: isArtillery(u) ? 'Limber the battery first (its march column, ANRT-T9), or go round.' : 'Form march column first, or go round the wood.' } };
  }
  const start = buildingsOf(s, u);
  const endAt = path[path.length - 1]!;
  for (const f of touched) {
    if (f === start) continue;
    const ends = ringContains(f.polygon, endAt);
    if (ends && u.arm === 'infantry') {
      if (gapTo(u, f) > NEXT_TO_INCHES + 1e-6) {
        return { ...base, refused: { code: 'order/terrain-buildings', message: `${u.name} must start next to ${name(f)} to deploy into its buildings: it takes a whole move (L361).`, hint: `Move to within ${NEXT_TO_INCHES}" of ${name(f)} this phase, and into it the next.` } };
      }
      return { ...base, entersBuildings: f };
    }
    const through = isArtillery(u) ? u.formation === 'limbered' : ['skirmish', 'column', 'march-column'].includes(u.formation);
    if (!through) {
      return { ...base, refused: { code: 'order/terrain-town', message: `${u.name} cannot move through ${name(f)} in ${u.formation}: ${isArtillery(u) ? 'guns pass through towns only in march column (limbered, ANRT-T9)' : 'infantry and cavalry pass through towns only in skirmish, column or march column'} (L363).`, hint: isArtillery(u) ? 'Limber first, or go round.' : 'Change formation first, or go round.' } };
    }
  }
  return base;
}

/** Whether some infantry unit of `side` stands next to buildings it is not in: the QRS's enter-buildings price may be needed this phase. */
export const mayEnterBuildings = (s: AnrtState, units: readonly AnrtUnit[]): boolean =>
  units.some((u) => u.arm === 'infantry' && !buildingsOf(s, u) && areas(s).some((f) => BUILDINGS.has(f.kind) && gapTo(u, f) <= NEXT_TO_INCHES + 1e-6));

/**
 * A charge's path over the ground (L359, L363): it may not take formed cavalry (or guns) into a wood
 * — they enter woods only in march column, in which nothing charges — nor a line into a town
 * (infantry and cavalry pass towns only in skirmish, column or march column). Woods halve formed
 * infantry and skirmishing cavalry as for any move. Charging infantry in buildings is an assault,
 * not deploying into them (L361 does not apply).
 */
export function chargeTerrain(s: AnrtState, u: AnrtUnit, path: readonly Point[]): TerrainMove {
  let length = 0, inWoods = 0;
  let wood: AreaFeature | undefined, town: AreaFeature | undefined;
  const start = areas(s).filter((f) => BUILDINGS.has(f.kind) && ringContains(f.polygon, u.at));
  for (let i = 1; i < path.length; i++) {
    const p = segmentProfile(path[i - 1]!, path[i]!, s.map.terrain);
    length += p.length;
    for (const st of p.stretches) {
      const w = st.areas.find((f) => WOODS.has(f.kind));
      if (w) { inWoods += st.end - st.start; wood ??= w; }
      town ??= st.areas.find((f) => BUILDINGS.has(f.kind) && !start.includes(f));
    }
  }
  const name = (f: AreaFeature) => f.name ?? f.id;
  const base = { inches: length + (halvedInWoods(u) ? inWoods : 0), inWoods };
  if (wood && inWoods > 1e-6 && (isArtillery(u) || formedCavalry(u))) {
    return { ...base, refused: { code: 'order/terrain-woods', message: `${u.name} cannot charge into ${name(wood)} in ${u.formation}: formed cavalry and guns enter woods only in march column, in which no unit charges (L359).`, hint: 'Charge with infantry or skirmishers, or wait for the enemy to leave the wood.' } };
  }
  if (town && !['skirmish', 'column', 'march-column'].includes(u.formation)) {
    return { ...base, refused: { code: 'order/terrain-town', message: `${u.name} cannot charge through ${name(town)} in ${u.formation}: infantry and cavalry pass towns only in skirmish, column or march column (L363).`, hint: 'Form column first (one move), then charge next phase; or charge a unit outside the town.' } };
  }
  return base;
}

/** The areas that give cover (L402 "into cover"; L535, L632): woods, orchards, works, buildings. */
export const coverAreas = (s: AnrtState): AreaFeature[] => areas(s).filter((f) => SOFT.has(f.kind) || HARD.has(f.kind) || BUILDINGS.has(f.kind));

/** Those whose moves in woods are halved (L359): formed infantry and skirmishing cavalry. */
const halvedInWoods = (u: Pick<AnrtUnit, 'arm' | 'formation'>): boolean => (u.arm === 'infantry' && u.formation !== 'skirmish') || (u.arm === 'cavalry' && u.formation === 'skirmish');

/**
 * How far along the straight path from → to a unit gets before its terrain-counted inches reach
 * `allowance` (each inch in a wood counts two for those L359 halves): one profile of the path.
 */
export function reachOver(s: AnrtState, u: Pick<AnrtUnit, 'arm' | 'formation'>, from: Point, to: Point, allowance: number): number {
  const p = segmentProfile(from, to, s.map.terrain);
  if (!halvedInWoods(u)) return Math.min(p.length, allowance);
  let used = 0, at = 0;
  for (const st of p.stretches) {
    used += st.start - at; // any gap between stretches is open ground
    if (used >= allowance) return st.start - (used - allowance);
    const r = st.areas.some((f) => WOODS.has(f.kind)) ? 2 : 1;
    const len = st.end - st.start;
    if (used + len * r >= allowance) return st.start + (allowance - used) / r;
    used += len * r; at = st.end;
  }
  return Math.min(p.length, at + Math.max(0, allowance - used));
}

