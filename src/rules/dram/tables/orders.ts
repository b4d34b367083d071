import { err, ok, type Problem, type Result } from '../../../lib/result';
import { DRAM_FIXED_RULINGS, type DramSettings } from '../settings';
import { ORDER_NAMES, type Arm, type GeneralLevel, type Order } from './vocabulary';

/** One row of the orders table. */
export interface OrdersTableRow {
  readonly name: (typeof ORDER_NAMES)[Order];
  readonly use: string;
  readonly mayChangeTo: readonly Order[];
}

/**
 * DRAM §5 L69-75, the orders table: use and "May Change to".
 * "Any" (Deploy) is spelt out as all four chits.
 */
export const ORDERS_TABLE = {
  D: { name: 'Deploy', use: 'Changing between other orders', mayChangeTo: ['D', 'R', 'A', 'M'] },
  R: { name: 'Reserve', use: 'Resting, not possible within 1 mile of enemy', mayChangeTo: ['D', 'R', 'M'] },
  A: { name: 'Attack', use: 'Engaging enemy', mayChangeTo: ['D', 'A'] },
  M: { name: 'Manoeuvre', use: 'March Column', mayChangeTo: ['D', 'R', 'M'] },
} as const satisfies Record<Order, OrdersTableRow>;

/** DRAM §5 L73: Reserve is "not possible within 1 mile of enemy" (within = at 1 mile or nearer). */
export const RESERVE_MIN_ENEMY_DISTANCE_MILES = 1;

/** DRAM §5 L71-75: may a stand on `from` orders be given `to`? */
export function canChangeOrder(from: Order, to: Order): boolean {
  return (ORDERS_TABLE[from].mayChangeTo as readonly Order[]).includes(to);
}

/** DRAM §5 L73 + RESERVE_MIN_ENEMY_DISTANCE_MILES: Reserve is barred when the nearest enemy is 1 mile away or nearer. */
export const reserveAllowed = (nearestEnemyMiles: number): boolean => nearestEnemyMiles > RESERVE_MIN_ENEMY_DISTANCE_MILES;

/** What an order change is checked against. `nearestEnemyMiles` absent = no enemy on the table. */
export interface OrderChange {
  readonly from: Order;
  readonly to: Order;
  readonly arm: Arm;
  readonly nearestEnemyMiles?: number;
}

/**
 * Validates a new order for a stand: the orders table (§5 L71-75), Reserve near the enemy
 * (§5 L73) and the blank wagons 'A' cell (§7 L102, HR D-4 `move.wagonsA`).
 */
export function checkOrderChange(change: OrderChange, settings: DramSettings): Result<Order, Problem> {
  const { from, to, arm, nearestEnemyMiles } = change;
  if (!canChangeOrder(from, to)) {
    return err({
      code: 'order/illegal-change',
      message: `A stand on ${ORDER_NAMES[from]} (${from}) orders may change only to ${ORDERS_TABLE[from].mayChangeTo.join(', ')}, not ${to} (DRAM §5).`,
      hint: from === 'A' ? "Give it 'D' first: Deploy may change to any order." : "Give it 'D' first, then the order you want.",
    });
  }
  if (to === 'R' && nearestEnemyMiles !== undefined && !reserveAllowed(nearestEnemyMiles)) {
    return err({
      code: 'order/reserve-near-enemy',
      message: `Reserve is not possible within ${RESERVE_MIN_ENEMY_DISTANCE_MILES} mile of the enemy (DRAM §5); the nearest enemy is ${nearestEnemyMiles} miles away.`,
    });
  }
  if (arm === 'wagons' && to === 'A' && settings.move.wagonsA === 'forbidden') {
    return err({
      code: 'order/not-for-arm',
      message: "Wagons have no 'A' movement rate (DRAM §7) and this game rules that they cannot take Attack orders (HR D-4).",
    });
  }
  return ok(to);
}

/**
 * DRAM §5 L64-67, order costs, with the distance bands of HR D-8: 1 AP within 2 miles,
 * +1 AP if not in direct line of sight, +1 AP if between 2 and 4 miles; a chit cannot reach
 * beyond 4 miles. HR D-7: a written order from a higher-level general reaches AP miles.
 */
export const ORDER_COST = {
  baseAp: 1,
  noLineOfSightAp: 1,
  bands: DRAM_FIXED_RULINGS.orderBands,
} as const;

/** The facts an order's cost depends on. */
export interface OrderCostInput {
  /** General's stand to the nearest point of the target stand (HR D-8), in miles. */
  readonly distanceMiles: number;
  /** "Direct line of sight" (§5 L66), as judged under `los.model` (HR D-9). */
  readonly lineOfSight: boolean;
  /** A written order (§5 L77, HR D-7) rather than a chit. */
  readonly written: boolean;
  /** The issuing general's AP rating: a written order reaches AP miles (§5 L77). */
  readonly generalAp: number;
  /** The issuing general's level; when given, a corps general may not write orders (§5 L77 "Higher level generals"). */
  readonly generalLevel?: GeneralLevel;
}

/** The AP an order costs, or why it cannot be sent (DRAM §5 L64-67, L77; HR D-7, D-8). */
export function orderCost(input: OrderCostInput, settings: DramSettings): Result<number, Problem> {
  const { distanceMiles: d, lineOfSight, written, generalAp, generalLevel } = input;
  if (!Number.isFinite(d) || d < 0) {
    return err({ code: 'order/bad-distance', message: `An order's distance must be a number of miles ≥ 0, not ${d}.` });
  }
  const { baseMaxMiles, surchargeMaxMiles, surchargeAp } = ORDER_COST.bands;
  const sightAp = lineOfSight ? 0 : ORDER_COST.noLineOfSightAp;
  const farAp = d > baseMaxMiles ? surchargeAp : 0;
  if (!written) {
    if (d > surchargeMaxMiles) {
      return err({
        code: 'order/out-of-range',
        message: `An order chit reaches at most ${surchargeMaxMiles} miles (DRAM §5, HR D-8); the stand is ${d} miles away.`,
        hint: 'A wing or army general may send a written order up to his AP in miles.',
      });
    }
    return ok(ORDER_COST.baseAp + sightAp + farAp);
  }
  if (generalLevel === 'corps') {
    return err({ code: 'order/written-needs-higher-general', message: 'Only higher level generals (wing or army) may issue written orders (DRAM §5).' });
  }
  if (d > generalAp) {
    return err({
      code: 'order/out-of-range',
      message: `A written order reaches up to AP miles (DRAM §5, HR D-7): ${generalAp} miles for this general; the subordinate is ${d} miles away.`,
    });
  }
  return ok(settings.orders.writtenCost === 'flat-1' ? ORDER_COST.baseAp : ORDER_COST.baseAp + sightAp + farAp);
}
