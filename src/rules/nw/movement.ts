import type { CostModel, PathEvent } from '../geometry/cost';
import { pathCost, type PathCost } from '../geometry/cost';
import type { AreaFeature, LineFeature } from '../geometry/features';
import { DEFAULT_LINE_WIDTH } from '../geometry/features';
import { angleDifference, bearing } from '../geometry/vector';
import type { Point, TerrainFeature } from '../geometry/types';
import { isBuiltUp } from './cover';
import { MANEUVER_COSTS, MUD_FACTOR, TERRAIN_EFFECTS, elevationCost, goingCost, obstacleCost, type Going, type TerrainClass } from './tables/terrain';

/**
 * NW movement costs (NW §9.3-9.8 L262-325, Terrain Effects Table §9.5 L279-301 / chart L663-672):
 * the NW cost model for the shared path pricing (geometry/cost.ts, reach.ts) and the flat costs of
 * wheels, changes of face, oblique moves and interpenetration. Pure; every cost is in inches of
 * allowance. Rulings MV-n are listed in the maneuver phase (phases/maneuver.ts) and README.
 */

/** How a leg of a move is made, relative to the facing the unit keeps on it (§9.6-9.8). */
export const LEG_MODES = ['forward', 'oblique', 'flank', 'retrograde', 'wheel'] as const;
export type LegMode = (typeof LEG_MODES)[number];

/** Degrees within which a leg counts as straight ahead or straight back (geometry noise, not a rule). */
export const STRAIGHT_TOLERANCE_DEG = 0.5;
/** §9.8 L323: oblique is "up to 45 degrees off its frontal perspective". */
export const OBLIQUE_MAX_DEG = 45;

/**
 * MV-4: a leg's mode from the angle between the unit's facing and the leg's bearing: straight
 * ahead = forward; up to 45° = oblique (§9.8 L323); 135° or more = retrograde (moving backward,
 * §9.8 L319); anything between = flank (moving to the side). The facing is kept on the leg.
 */
export function legMode(facing: number, from: Point, to: Point): Exclude<LegMode, 'wheel'> {
  const off = Math.abs(angleDifference(facing, bearing(from, to)));
  if (off <= STRAIGHT_TOLERANCE_DEG) return 'forward';
  if (off <= OBLIQUE_MAX_DEG + STRAIGHT_TOLERANCE_DEG) return 'oblique';
  if (off >= 135 - STRAIGHT_TOLERANCE_DEG) return 'retrograde';
  return 'flank';
}

/**
 * MV-1: how the scenario's area kinds read on the Terrain Effects Table (§9.5 notes 2-3,
 * L296-297): woods ("light or open woods"), orchards and fields ("plowed fields") are hindering;
 * forest and marsh are rough; a hill (or any other area) flagged `difficult` is rough ("steep hill
 * sides"), `difficult: false` makes any area clear; towns and built-up areas are road (note 7
 * L301); fortifications are clear inside, their works an obstacle to enter or leave (MV-2).
 */
export const AREA_GOING = {
  woods: 'hindering', orchard: 'hindering', field: 'hindering', forest: 'rough', marsh: 'rough',
  town: 'road', 'built-up': 'road', hill: 'clear', fortification: 'clear',
} as const satisfies Record<AreaFeature['kind'], Going>;

const GOING_RANK: Record<Going, number> = { clear: 0, road: 0, ford: 1, hindering: 2, rough: 3 };

/** Is this area a town for movement (§9.5 note 7 L301; §9.8 L325)? Villages too (BU-1, cover.ts). */
export const isTownArea = (f: TerrainFeature): boolean => isBuiltUp(f);
/** Line kinds a unit can march along as road (§9.5 note 6 L300); MV-1: tracks are roads. */
export const ROAD_LINE_KINDS: readonly string[] = ['road', 'track'];

/** The going of one area. */
export function areaGoing(f: AreaFeature): Going {
  if (f.difficult === false) return 'clear';
  const g: Going = AREA_GOING[f.kind];
  return f.difficult === true && g === 'clear' ? 'rough' : g;
}

/**
 * The going of a stretch: along a road or in a town it is road, whatever surrounds it (§9.5
 * notes 6-7 L300-301); otherwise the worst going of the areas it is in.
 */
export function stretchGoing(areas: readonly AreaFeature[], along: readonly LineFeature[]): Going {
  if (along.some((l) => ROAD_LINE_KINDS.includes(l.kind)) || areas.some(isTownArea)) return 'road';
  return areas.map(areaGoing).reduce<Going>((w, g) => (GOING_RANK[g] > GOING_RANK[w] ? g : w), 'clear');
}

/** Inches of allowance per inch of a going (exact ratio read from terrain.ts, as a number). */
export function goingRate(cls: TerrainClass, going: Going, opts: { mud?: boolean; retrogradeOrFlank?: boolean } = {}): number {
  const r = goingCost(cls, going, { num: 1, den: 1 }, opts);
  return r.num / r.den;
}

/** What an NW cost model needs to know about the mover and the move. */
export interface NwCostOptions {
  /** Ground is mud (§9.4 L277): costs double, once; obstacles do not. */
  readonly mud?: boolean;
  /** Mode of each leg of the path (missing = forward). Wheel legs are priced by `wheelCost`. */
  readonly legModes?: readonly LegMode[];
  /** §9.8 L321: infantry and cavalry pay double for retrograde and flank legs; artillery (and officers, MV-5) do not. */
  readonly doublesRetrograde: boolean;
}

/**
 * MV-3: rivers can be crossed only at a bridge or ford; a stream anywhere, as a ford its own
 * width wide. A bridge costs nothing (it carries the road). Fording pays the Fording ratio (§9.5
 * L285, note 4 L298) for every inch of the crossing's width: the event adds what the clear-rate
 * stretch under it did not pay, so the crossing totals width × ratio (doubled in mud).
 */
export function fordExtra(cls: TerrainClass, width: number, mud = false): number {
  const r = TERRAIN_EFFECTS[cls].fording;
  return width * (r.num / r.den - 1) * (mud ? MUD_FACTOR : 1);
}

/** The NW cost model for one mover (Terrain Effects Table row `cls`). */
export function nwCostModel(cls: TerrainClass, opts: NwCostOptions): CostModel {
  const mud = opts.mud === true;
  return {
    perInch({ areas, along, leg }) {
      const mode = opts.legModes?.[leg] ?? 'forward';
      if (mode === 'wheel') return 0;
      const retrogradeOrFlank = opts.doublesRetrograde && (mode === 'flank' || mode === 'retrograde');
      return goingRate(cls, stretchGoing(areas, along), { mud, retrogradeOrFlank });
    },
    eventCost(e: PathEvent) {
      if (e.type === 'cross') {
        const kind = e.feature.kind;
        if (kind === 'obstacle') return obstacleCost(cls); // §9.5 note 1 L295; not doubled by mud (§9.4 L277)
        if (kind !== 'river' && kind !== 'stream') return 0;
        if (e.bridge) return 0;
        if (kind === 'river' && !e.ford) return Infinity;
        return fordExtra(cls, e.feature.width ?? DEFAULT_LINE_WIDTH, mud);
      }
      // MV-2: the works of a fortification are an obstacle, paid entering and leaving.
      if (e.feature.kind === 'fortification') return obstacleCost(cls);
      // §9.5 note 5 L299: each hill level climbed or descended (NT-2: doubled in mud).
      if ((e.feature.level ?? 0) > 0) return elevationCost(cls, mud);
      return 0;
    },
  };
}

/** Price a path with the NW model. */
export const nwPathCost = (path: readonly Point[], terrain: readonly TerrainFeature[], cls: TerrainClass, opts: NwCostOptions): PathCost =>
  pathCost(path, terrain, nwCostModel(cls, opts));

/**
 * §9.6 L313: ¼ of the move per 45° of wheel. MV-6: pro rata for other angles (30° = ⅙); "a
 * unit's move" is its movement allowance (after §9.2 halving), not the rolled fraction of it;
 * mud doubles it (§9.4: all movement costs, once); `terrainFactor` is the worst going ratio the
 * wheeling base passes over (§9.6 L313 "may require more movement").
 */
export function wheelCost(allowance: number, degrees: number, opts: { mud?: boolean; terrainFactor?: number } = {}): number {
  const q = MANEUVER_COSTS.wheelPer45Degrees;
  return allowance * (q.num / q.den) * (Math.abs(degrees) / 45) * (opts.mud ? MUD_FACTOR : 1) * Math.max(1, opts.terrainFactor ?? 1);
}

/** An arm as the change-of-face rule sees it. */
export type FacingArm = 'infantry' | 'cavalry' | 'artillery' | 'officer';

/**
 * §9.7 L317: one change of face (90° or 180°), before any other movement. Cavalry and
 * artillery: free, ¼ of the allowance in mud. Infantry: ¼ for 90°, ½ for 180°, doubled in mud.
 * MV-7: "increased if the unit is in rough terrain" = multiplied by the going ratio under the
 * unit's centre (hindering or rough). Officers face freely (MV-5).
 */
export function changeFaceCost(arm: FacingArm, degrees: 90 | 180, allowance: number, opts: { mud?: boolean; terrainFactor?: number } = {}): number {
  const t = Math.max(1, opts.terrainFactor ?? 1);
  if (arm === 'officer') return 0;
  if (arm === 'cavalry' || arm === 'artillery') {
    const c = opts.mud ? MANEUVER_COSTS.changeFaceMounted.mud : MANEUVER_COSTS.changeFaceMounted.normal;
    return allowance * (c.num / c.den) * t;
  }
  const c = degrees === 90 ? MANEUVER_COSTS.changeFaceInfantry.deg90 : MANEUVER_COSTS.changeFaceInfantry.deg180;
  return allowance * (c.num / c.den) * (opts.mud ? MANEUVER_COSTS.changeFaceInfantry.mudFactor : 1) * t;
}

/**
 * §9.8 L323: an oblique move costs 1" "up front", once per move. MV-8: a flat penalty like an
 * obstacle, so mud does not double it.
 */
export const OBLIQUE_COST_INCHES = MANEUVER_COSTS.obliqueInches;

/** §9.3.3 L268, note 8 L302: −2" for each friendly infantry/cavalry unit passed through (MV-9: per unit). */
export function interpenetrationCost(mover: FacingArm, passed: readonly ('infantry' | 'cavalry' | 'artillery' | 'officer')[]): number {
  if (mover !== 'infantry' && mover !== 'cavalry') return 0;
  return passed.filter((a) => a === 'infantry' || a === 'cavalry').length * MANEUVER_COSTS.interpenetrationInches;
}

/** Worst going ratio along the given legs of a path (for wheels), at least 1. */
export function worstRate(path: readonly Point[], legs: readonly number[], terrain: readonly TerrainFeature[], cls: TerrainClass): number {
  const priced = nwPathCost(path, terrain, cls, { doublesRetrograde: false });
  let worst = 1;
  for (const i of legs) for (const s of priced.legs[i]?.stretches ?? []) worst = Math.max(worst, s.multiplier);
  return worst;
}

/** The going ratio at a point (for a change of face in place, MV-7): hindering/rough areas only. */
export function rateAt(areas: readonly AreaFeature[], cls: TerrainClass): number {
  return goingRate(cls, stretchGoing(areas, []));
}
