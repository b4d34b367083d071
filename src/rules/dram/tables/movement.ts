import type { DramSettings } from '../settings';
import { halfMilesToInches, type HalfMiles } from './scale';
import type { Mover, Order } from './vocabulary';

/**
 * DRAM §7 L92-102, movement rates in miles per turn, kept as whole HALF-MILES so that ½, 1½
 * and 2½ are exact (scale.ts). `null` is the blank wagons 'A' cell (HR D-4, `move.wagonsA`).
 * [OCR] "21/2" = 2½, "11/2" = 1½ (DIGEST B-table).
 *
 *   Troop type      D   R   A   M            (miles)
 *   Infantry        1   0   ½   2
 *   Heavy Cavalry   2   0   1   2½
 *   Light Cavalry   2   0   1½  3
 *   Artillery       1   0   0   1½
 *   Generals        2   2   2   3
 *   Wagons          1   1   –   1½
 */
export const MOVEMENT_TABLE = {
  'infantry': { D: 2, R: 0, A: 1, M: 4 },
  'heavy-cavalry': { D: 4, R: 0, A: 2, M: 5 },
  'light-cavalry': { D: 4, R: 0, A: 3, M: 6 },
  'artillery': { D: 2, R: 0, A: 0, M: 3 },
  'general': { D: 4, R: 4, A: 4, M: 6 },
  'wagons': { D: 2, R: 2, A: null, M: 3 },
} as const satisfies Record<Mover, Record<Order, HalfMiles | null>>;

/** An exact ratio; the terrain factors below are 3/2 and 1/2. */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

/** DRAM §7 L94: "'M' rates x1.5 on good roads" (only under 'M' orders). */
export const GOOD_ROAD_M_FACTOR: Ratio = { num: 3, den: 2 };
/** DRAM §7 L94: "Difficult terrain will halve movement" (every order). */
export const DIFFICULT_FACTOR: Ratio = { num: 1, den: 2 };

/** The ground a move is made over. A road through difficult terrain sets both. */
export interface Going {
  readonly goodRoad?: boolean;
  readonly difficult?: boolean;
}

/**
 * The rate in half-miles for a mover on an order. The blank wagons 'A' cell takes
 * `move.wagonsA` (HR D-4); under 'forbidden' there is no rate: `null` (checkOrderChange
 * refuses such an order with a message).
 */
export function movementRateHalfMiles(mover: Mover, order: Order, settings: DramSettings): HalfMiles | null {
  const rate = MOVEMENT_TABLE[mover][order];
  if (rate !== null) return rate;
  const rule = settings.move.wagonsA;
  return rule === 'forbidden' ? null : rule * 2;
}

/**
 * The overall factor for moving entirely over `going` (DRAM §7 L94, HR D-17): ×1.5 on a good
 * road under 'M', ×½ in difficult terrain; with `move.roadOverridesDifficult` a road cancels
 * the difficult halving for every order (a stand on the road is not in the woods).
 */
export function goingFactor(order: Order, going: Going, settings: DramSettings): Ratio {
  const road = going.goodRoad === true;
  const difficult = going.difficult === true && !(road && settings.move.roadOverridesDifficult);
  const roadFactor = road && order === 'M' ? GOOD_ROAD_M_FACTOR : { num: 1, den: 1 };
  const terrain = difficult ? DIFFICULT_FACTOR : { num: 1, den: 1 };
  return { num: roadFactor.num * terrain.num, den: roadFactor.den * terrain.den };
}

/**
 * HR D-17 budget form: what one inch of `going` costs out of a move's open-ground allowance
 * (the inverse of goingFactor: difficult 2, good road under 'M' 2/3).
 */
export function costPerInch(order: Order, going: Going, settings: DramSettings): Ratio {
  const f = goingFactor(order, going, settings);
  return { num: f.den, den: f.num };
}

/**
 * DRAM §7 × §1: a mover's allowance this turn in table inches (6 in = 1 mile), over `going`
 * (default open ground); `null` when the mover has no rate for the order (HR D-4 'forbidden').
 * Exact: (half-miles × 3 × num) / den with den ∈ {1, 2, 4} is a multiple of ¼ inch.
 */
export function movementAllowanceInches(mover: Mover, order: Order, settings: DramSettings, going: Going = {}): number | null {
  const rate = movementRateHalfMiles(mover, order, settings);
  if (rate === null) return null;
  const f = goingFactor(order, going, settings);
  return (halfMilesToInches(rate) * f.num) / f.den;
}
