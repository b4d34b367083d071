/**
 * What a roll produced, kept whole (every die, kept or dropped) so it can be formatted,
 * stored in the audit trail and recomputed by a verifier. These shapes are stored: the
 * audit schema (src/dice/entry.ts) mirrors them field for field, so add nothing casually.
 * Arrays are plain (not readonly) so a result is assignable to the schema's inferred type;
 * every result is freshly built, so nothing shared can be mutated through them.
 */

/** One die: the face it shows and whether it counts toward the total. */
export interface DieResult {
  readonly face: number;
  readonly kept: boolean;
}

/** A rolled dice term, e.g. 4d6kh3 → [6, 3, ~~2~~, 5], subtotal 14. */
export interface DiceTermResult {
  readonly kind: 'dice';
  readonly sign: 1 | -1;
  /** The term's normalized notation without its sign: '4d6kh3', '1dK8', '2d{1,0,-1}'. */
  readonly notation: string;
  /** The face list of a custom or named die; absent for a standard die (faces 1..sides). */
  readonly faces?: number[];
  /** How many faces the die has (for a custom or named die, faces.length). */
  readonly sides: number;
  /** Every die in roll order, dropped ones included. */
  readonly dice: DieResult[];
  /** Sum of the kept faces, before the sign is applied. */
  readonly subtotal: number;
}

/** A constant term, e.g. the −1 of 2d6−1 (value 1, sign −1). */
export interface ConstTermResult {
  readonly kind: 'const';
  readonly sign: 1 | -1;
  readonly value: number;
}

export type TermResult = DiceTermResult | ConstTermResult;

/** A whole roll: the normalized expression, every term, the total and the possible range. */
export interface RollResult {
  /** Normalized expression, e.g. '2d6+1d3-1' (re-parses to the same tree). */
  readonly expression: string;
  readonly terms: TermResult[];
  readonly total: number;
  /** The smallest and largest totals the expression can produce. */
  readonly min: number;
  readonly max: number;
}
