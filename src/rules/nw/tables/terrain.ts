import { assertInteger, type Arm, type ArtilleryKind, type CavalryWeight } from './vocabulary';

/**
 * Terrain Effects Table (NW §9.5 L279-301; chart L663-672; DIGEST 3(d)) and the movement costs
 * of §9.3-9.9. Ratios are inches of allowance per inch moved, kept as exact fractions.
 */

/** The rows of the Terrain Effects Table. */
export const TERRAIN_CLASSES = ['infantry', 'foot-artillery', 'heavy-cavalry-horse-artillery', 'other-cavalry-officers'] as const;
/** A row of the Terrain Effects Table. */
export type TerrainClass = (typeof TERRAIN_CLASSES)[number];

/** A cost ratio: `num` inches of allowance per `den` inches moved. */
export interface CostRatio {
  readonly num: number;
  readonly den: number;
}

/** One row of the Terrain Effects Table. */
export interface TerrainEffects {
  readonly obstacleInches: number;
  readonly hindering: CostRatio;
  readonly rough: CostRatio;
  /** Per inch of ford width (§9.5 L285 only; the chart L665 omits the column). */
  readonly fording: CostRatio;
  readonly elevationInches: number;
}

/** Terrain Effects Table, §9.5 L285-291 (chart L665-672 agrees, without fording). */
export const TERRAIN_EFFECTS = {
  infantry: { obstacleInches: 1, hindering: { num: 3, den: 2 }, rough: { num: 2, den: 1 }, fording: { num: 2, den: 1 }, elevationInches: 1 }, // L286 / L667
  'foot-artillery': { obstacleInches: 4, hindering: { num: 2, den: 1 }, rough: { num: 4, den: 1 }, fording: { num: 4, den: 1 }, elevationInches: 2 }, // L287 / L668
  'heavy-cavalry-horse-artillery': { obstacleInches: 3, hindering: { num: 2, den: 1 }, rough: { num: 3, den: 1 }, fording: { num: 3, den: 1 }, elevationInches: 2 }, // L288-289 / L669-670
  'other-cavalry-officers': { obstacleInches: 2, hindering: { num: 2, den: 1 }, rough: { num: 3, den: 1 }, fording: { num: 2, den: 1 }, elevationInches: 2 }, // L290-291 / L671-672
} as const satisfies Record<TerrainClass, TerrainEffects>;

/** Who is moving: a unit of an arm, or an officer (commanders and CinC pay terrain "for their unit type", L241). */
export type Mover =
  | { readonly arm: 'infantry' }
  | { readonly arm: 'cavalry'; readonly weight: CavalryWeight }
  | { readonly arm: 'artillery'; readonly kind: ArtilleryKind }
  | { readonly arm: 'officer' };

/** The Terrain Effects row for a mover (light and medium cavalry are "other cavalry"). */
export function terrainClass(m: Mover): TerrainClass {
  switch (m.arm) {
    case 'infantry':
      return 'infantry';
    case 'cavalry':
      return m.weight === 'heavy' ? 'heavy-cavalry-horse-artillery' : 'other-cavalry-officers';
    case 'artillery':
      return m.kind === 'foot' ? 'foot-artillery' : 'heavy-cavalry-horse-artillery';
    case 'officer':
      return 'other-cavalry-officers';
  }
}

/** Going that costs per inch (clear and road 1/1; §9.5 notes 2-4 L296-298, note 6 L300). */
export const GOINGS = ['clear', 'road', 'hindering', 'rough', 'ford'] as const;
/** A kind of going. */
export type Going = (typeof GOINGS)[number];

/** NW §9.5 notes 2-3 L296-297: what terrain is hindering or rough. */
export const TERRAIN_KINDS = {
  hindering: ['light or open woods', 'olive or orchard groves', 'plowed fields', 'dry river beds'],
  rough: ['forests', 'ravines', 'steep hill sides', 'badly broken or rocky ground'],
} as const;

/** NW §9.4 L277: mud doubles costs, once; obstacle costs are not doubled by mud. */
export const MUD_FACTOR = 2;
/** NW §9.8 L321: retrograde and flank moves cost double for infantry and cavalry (artillery free). */
export const RETROGRADE_FACTOR = 2;

/**
 * The allowance (exact ratio, inches) spent moving `inches` (whole eighths are fine: pass num/den)
 * through one going. Mud and retrograde/flank double ONCE between them (§9.4 L277).
 */
export function goingCost(cls: TerrainClass, going: Going, inches: CostRatio, opts: { mud?: boolean; retrogradeOrFlank?: boolean } = {}): CostRatio {
  assertInteger(inches.num, 'distance numerator');
  assertInteger(inches.den, 'distance denominator');
  const row = TERRAIN_EFFECTS[cls];
  const rate: CostRatio = going === 'hindering' ? row.hindering : going === 'rough' ? row.rough : going === 'ford' ? row.fording : { num: 1, den: 1 };
  const doubled = opts.mud || opts.retrogradeOrFlank ? 2 : 1;
  return reduce({ num: inches.num * rate.num * doubled, den: inches.den * rate.den });
}

/** Flat costs of crossing an obstacle and changing elevation (never doubled by mud for obstacles). */
export const obstacleCost = (cls: TerrainClass): number => TERRAIN_EFFECTS[cls].obstacleInches;
/** §9.5 note 5 L299: paid for ascending and/or descending a hill level. Mud doubles it (HR NT-2). */
export const elevationCost = (cls: TerrainClass, mud = false): number => TERRAIN_EFFECTS[cls].elevationInches * (mud ? MUD_FACTOR : 1);

function gcd(a: number, b: number): number {
  return b === 0 ? Math.abs(a) : gcd(b, a % b);
}
const reduce = (r: CostRatio): CostRatio => {
  const g = gcd(r.num, r.den) || 1;
  return { num: r.num / g, den: r.den / g };
};

/** Maneuver costs that are fractions of the allowance or flat inches (NW §9.3-9.9; DIGEST 3(d)). */
export const MANEUVER_COSTS = {
  /** §9.6 L313: ¼ of the allowance per 45° of wheel. */
  wheelPer45Degrees: { num: 1, den: 4 },
  /** §9.7 L317: cavalry and artillery change face once free at the start; ¼ in mud. */
  changeFaceMounted: { normal: { num: 0, den: 1 }, mud: { num: 1, den: 4 } },
  /** §9.7 L317: infantry change face ¼ for 90°, ½ for 180°, doubled in mud. */
  changeFaceInfantry: { deg90: { num: 1, den: 4 }, deg180: { num: 1, den: 2 }, mudFactor: 2 },
  /** §9.8 L323: oblique (≤45°) costs 1" up front. */
  obliqueInches: 1,
  /** §9.3.3 L268, §9.5 note 8 L302: infantry/cavalry through friendly infantry/cavalry −2". */
  interpenetrationInches: 2,
  /** §9.3.1 L266, note 9 L303: officers and artillery pass and are passed free. */
  interpenetrationFree: ['artillery', 'officer'],
} as const;

/** Distances of retreats, routs and advances (NW §11.4-11.7, §12.0; DIGEST 3(d)). */
export const MOVE_DISTANCES = {
  /** §11.5.1 L407: rout move. */
  routInches: { infantry: 12, cavalry: 24 },
  /** §12.0.1 L431: a unit that fails to rally moves another 3". */
  rallyFailureInches: 3,
  /** §9.3.2 L267: an officer passed through (and not killed) moves 3". */
  officerDisplacedInches: 3,
  /** §9.9 L327: the proximity rule applies within 6". */
  proximityInches: 6,
  /** §11.7 L417: an advance stops 1" short of another enemy unit. */
  advanceStopShortInches: 1,
  /** §10.2 L359: on a countercharge the phasing player's (charging) unit is moved back 1" and the reacting cavalry pushed into contact. */
  counterchargePushBackInches: 1,
  /** §9.0 A L225: a general re-attaches to a unit within 6" of his old one. */
  generalReattachInches: 6,
  /** §9.51 L309: base visibility, −6" per hindrance; command ranges −3" in hindered visibility. */
  visibilityInches: 24,
  visibilityPerHindranceInches: 6,
  hinderedCommandRangeInches: 3,
  /** §9.51 L309: units are seen 1" into woods and 2" into orchards. */
  seeIntoWoodsInches: 1,
  seeIntoOrchardsInches: 2,
} as const satisfies Record<string, unknown>;

/** Which arms may end a move in a town (§9.5 note 7 L301: only infantry). */
export const MAY_END_IN_TOWN = ['infantry'] as const satisfies readonly Arm[];
/** Town blocks are 4"×4" (Ch.II §2.9 L531). */
export const TOWN_BLOCK_INCHES = 4;
