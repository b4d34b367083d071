import type { Position } from './vocabulary';

/**
 * B&P Fire Combat (L71-103): ranges, "to hit" modifiers, volley arithmetic, artillery thresholds.
 */

/** B&P L79-82 (and L93, L99): ranges in inches. Round shot is "from 6"-18"" (L93); canister ≤ 6". */
export const RANGES_INCHES = {
  musket: { min: 0, max: 6, ref: 'B&P L80' },
  roundShot: { min: 6, max: 18, ref: 'B&P L81, L93' },
  canister: { min: 0, max: 6, ref: 'B&P L82, L99' },
} as const;

/** B&P L82: the canister blast is a triangle 60° wide from the muzzle. */
export const CANISTER_ARC_DEGREES = 60;
/** B&P L75: with nothing directly in front, a volley may go out at 30°. */
export const VOLLEY_ANGLE_DEGREES = 30;
/** B&P L93: the artillery stick penetrates up to four ranks. */
export const ROUND_SHOT_MAX_RANKS = 4;

/** The kinds of artillery fire. */
export type ArtilleryFire = 'roundShot' | 'canister';

/**
 * Which artillery fire reaches `inches`. At exactly 6" both do (canister's maximum L99, round
 * shot "from 6"" L93): the firer chooses. Beyond 18": none.
 */
export function artilleryFireAt(inches: number): ArtilleryFire[] {
  if (!(inches >= 0)) throw new RangeError(`B&P ranges: bad distance ${inches}"`);
  const out: ArtilleryFire[] = [];
  if (inches <= RANGES_INCHES.canister.max) out.push('canister');
  if (inches >= RANGES_INCHES.roundShot.min && inches <= RANGES_INCHES.roundShot.max) out.push('roundShot');
  return out;
}

/** Whether muskets reach `inches` (L80). */
export const musketReaches = (inches: number): boolean => inches >= 0 && inches <= RANGES_INCHES.musket.max;

/** Conditions on a musket "to hit" die (volley and skirmish fire). */
export const FIRE_CONDITIONS = ['target-defended', 'target-strong', 'skirmish-fire', 'firer-disrupted', 'firer-green'] as const;
/** A condition on a musket fire die. */
export type FireCondition = (typeof FIRE_CONDITIONS)[number];

/**
 * B&P fire modifiers, on the die. 'target-strong' REPLACES 'target-defended' (the −2 row is the
 * stronger case of the −1 row, L86-87). 'firer-green' applies only with the optional rule on.
 */
export const FIRE_MODIFIERS = [
  { condition: 'target-defended', value: -1, label: 'target uphill or in wood', ref: 'B&P L86' },
  { condition: 'target-strong', value: -2, label: 'target uphill more than 1 contour or in breastwork', ref: 'B&P L87' },
  { condition: 'skirmish-fire', value: -2, label: 'skirmish fire', ref: 'B&P L91' },
  { condition: 'firer-disrupted', value: -1, label: 'firer disrupted', ref: 'B&P L167' },
  { condition: 'firer-green', value: -1, label: 'green troops', ref: 'B&P L208' },
] as const satisfies readonly { condition: FireCondition; value: number; label: string; ref: string }[];

/** The cover condition of a target position, or none in the open. */
export const coverCondition = (p: Position): FireCondition | null => (p === 'defended' ? 'target-defended' : p === 'strong' ? 'target-strong' : null);

/**
 * B&P L77 (HR B-9): hits = floor(max(0, modified die) × figures firing / 10). Integer arithmetic:
 * the product is whole, so the division is exact before the floor.
 */
export function volleyHits(modifiedDie: number, figuresFiring: number): number {
  if (!Number.isInteger(modifiedDie)) throw new RangeError(`B&P L77: the die is whole, not ${modifiedDie}`);
  if (!Number.isInteger(figuresFiring) || figuresFiring < 0) throw new RangeError(`B&P L77: figures firing must be a whole number ≥ 0, not ${figuresFiring}`);
  return Math.floor((Math.max(0, modifiedDie) * figuresFiring) / 10);
}

/**
 * B&P L93, L99, L101: the highest D6 face that hits, by the target's position. Canister always
 * reads it; round shot reads the cover only with HR B-8 (`art.coverAppliesRoundshot`).
 */
export const ARTILLERY_HIT_ON = {
  open: { max: 3, ref: 'B&P L93, L99: 1-3 is a hit' },
  defended: { max: 2, ref: 'B&P L101: defended position (wood, higher elevation) 1 or 2' },
  strong: { max: 1, ref: 'B&P L101: elevation 2" or more, breastworks, very strong position 1' },
} as const satisfies Record<Position, { max: number; ref: string }>;

/** Whether a D6 face hits a target in this position. */
export function artilleryHits(face: number, position: Position): boolean {
  return face <= ARTILLERY_HIT_ON[position].max;
}

/** B&P L93: four artillery hits set a building on fire; its occupants must evacuate. */
export const BUILDING_BURNS_AT_HITS = 4;
export const buildingBurns = (artilleryHitsOnBuilding: number): boolean => artilleryHitsOnBuilding >= BUILDING_BURNS_AT_HITS;

/** B&P L97: a gun needs at least three crew figures to move or fire. */
export const MIN_GUN_CREW = 3;
export const crewCanServe = (crew: number): boolean => crew >= MIN_GUN_CREW;
