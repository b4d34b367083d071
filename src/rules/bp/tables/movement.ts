import type { Arm, Formation } from './vocabulary';

/**
 * B&P Movement (L26-53). Inches per move period; a "-" cell (no square for cavalry or artillery,
 * no road bonus for a square) is `null`.
 */

/** B&P L38-41: the movement table, arm × formation. */
export const MOVEMENT_TABLE = {
  infantry: { line: 4, column: 6, skirmish: 9, square: 2 },
  cavalry: { line: 12, column: 12, skirmish: 12, square: null },
  artillery: { line: 9, column: 9, skirmish: 9, square: null },
} as const satisfies Record<Arm, Record<Formation, number | null>>;

/** B&P L42: roads +3" for line, column and skirmish; "-" for squares. */
export const ROAD_BONUS_INCHES = { line: 3, column: 3, skirmish: 3, square: null } as const satisfies Record<Formation, number | null>;

/** B&P L43-46: woods, streams, hills count 2" for each 1" traversed. */
export const DIFFICULT_TERRAIN_COST_PER_INCH = 2;

/** B&P L47-49: moving through formed friends costs 2" "for all". */
export const THROUGH_FORMED_FRIENDS_INCHES = -2;

/** B&P L50-52, L63: through skirmishing friends (and skirmishers through anyone) costs nothing. */
export const THROUGH_SKIRMISHERS_INCHES = 0;

/** Printed halvings of a move: each is ×½ of the allowance. */
export const MOVE_HALVINGS = {
  /** B&P L34, L53: retrograde (withdrawing, still facing the enemy) moves half distance. */
  retrograde: { factor: 0.5, ref: 'B&P L34' },
  /** B&P L36: line or column sliding to its side moves half and may still fire. */
  sideSlip: { factor: 0.5, ref: 'B&P L36' },
  /** B&P L30: cavalry changing formation moves half. */
  cavalryFormationChange: { factor: 0.5, ref: 'B&P L30' },
  /** B&P L206 (optional Control): a 4-6 halves all movement. */
  controlHalf: { factor: 0.5, ref: 'B&P L206' },
} as const;
/** A reason a move is halved. */
export type MoveHalving = keyof typeof MOVE_HALVINGS;

/** B&P L175: squares move 2" per turn (the table's square cell). */
export const SQUARE_MOVE_INCHES = MOVEMENT_TABLE.infantry.square;

/** What changes a unit's allowance this move period. */
export interface AllowanceInput {
  readonly arm: Arm;
  readonly formation: Formation;
  /** The whole move is on a road (L42). */
  readonly road?: boolean;
  /** The move passes through formed friends (L47-49): −2". Through skirmishers is free (L50-52). */
  readonly throughFormedFriends?: boolean;
  /** Every halving that applies (retrograde, side-slip, cavalry formation change, control 4-6). */
  readonly halvings?: readonly MoveHalving[];
}

/**
 * Inches a unit may move. Engine ruling BP-6: the road bonus and the formed-friends cost are added
 * to the table value first, then each halving applies once (two causes → ×¼); never below 0. The
 * text prints no order. A skirmisher passes through friends for free (L63), so the −2" never
 * applies to it. Difficult terrain is a cost per inch traversed (`terrainCost`), not an allowance.
 */
export function moveAllowance(input: AllowanceInput): number {
  const base = MOVEMENT_TABLE[input.arm][input.formation];
  if (base === null) throw new RangeError(`B&P movement table L38-41: ${input.arm} has no ${input.formation} formation`);
  let inches: number = base;
  if (input.road) {
    const bonus = ROAD_BONUS_INCHES[input.formation];
    if (bonus === null) throw new RangeError('B&P movement table L42: a square takes no road bonus ("-")');
    inches += bonus;
  }
  if (input.throughFormedFriends && input.formation !== 'skirmish') inches += THROUGH_FORMED_FRIENDS_INCHES;
  const halvings = new Set(input.halvings ?? []);
  if (halvings.has('cavalryFormationChange') && input.arm !== 'cavalry') throw new RangeError('B&P L30: only cavalry halves its move for a formation change');
  if (halvings.has('sideSlip') && input.formation !== 'line' && input.formation !== 'column') throw new RangeError('B&P L36: only a line or column side-slips');
  for (const h of halvings) inches *= MOVE_HALVINGS[h].factor;
  return Math.max(0, inches);
}

/** B&P L43-46: allowance spent to traverse `inches`, of which `difficultInches` are woods, streams or hills. */
export function terrainCost(inches: number, difficultInches = 0): number {
  if (!(inches >= 0) || !(difficultInches >= 0) || difficultInches > inches) throw new RangeError(`B&P L46: bad distances ${inches}" with ${difficultInches}" difficult`);
  return inches - difficultInches + difficultInches * DIFFICULT_TERRAIN_COST_PER_INCH;
}
