/**
 * NW's rounding rule, on EXACT numbers (DIGEST §0.1, HR N-4).
 *
 * NW Ch.II §2.1 L482 and §4.0 L591, §8.4 L178: ".1-.5 round down, .6+ round up". The text
 * speaks in tenths, so the default (`rounding.mode = 'tenths'`) truncates the exact value to
 * tenths first and then applies the rule: 4.55 → 4.5 → 4. The alternative `half-down` rounds
 * up only strictly above one half: 4.55 → 5, 4.5 → 4.
 *
 * Values are rationals `num / den` of safe integers; never binary floats (12 × 0.30 in IEEE-754
 * is 3.5999…, which tenths-truncation would wrongly round to 3; exactly it is 3.6 → 4).
 */
import { assertInteger } from './vocabulary';

/** HR N-4 modes (key `rounding.mode`). */
export const ROUNDING_MODES = ['tenths', 'half-down'] as const;
/** How NW rounds a fraction. */
export type RoundingMode = (typeof ROUNDING_MODES)[number];

/** An exact non-negative rational. */
export interface Ratio {
  readonly num: number;
  readonly den: number;
}

/** Builds a ratio, checking both parts are safe integers and the denominator positive. */
export function ratio(num: number, den = 1): Ratio {
  assertInteger(num, 'ratio numerator');
  assertInteger(den, 'ratio denominator');
  if (den <= 0) throw new RangeError(`NW ratio: denominator must be positive, got ${den}`);
  return { num, den };
}

/**
 * NW §8.4 L178 / Ch.II §2.1 L482 / §4.0 L591: rounds `num/den` (≥ 0) to a whole number.
 * 'tenths': truncate to tenths, then .1-.5 down, .6-.9 up. 'half-down': up iff fraction > ½.
 */
export function nwRound(num: number, den: number, mode: RoundingMode = 'tenths'): number {
  const r = ratio(num, den);
  if (r.num < 0) throw new RangeError(`NW rounding: negative value ${num}/${den}`);
  const whole = Math.floor(r.num / r.den);
  const rem = r.num - whole * r.den; // 0 ≤ rem < den, exact
  if (mode === 'tenths') {
    const tenths = Math.floor((rem * 10) / r.den); // truncated tenths digit, 0-9
    return tenths >= 6 ? whole + 1 : whole;
  }
  return 2 * rem > r.den ? whole + 1 : whole;
}

/** `nwRound` of a ratio. */
export const nwRoundRatio = (r: Ratio, mode: RoundingMode = 'tenths'): number => nwRound(r.num, r.den, mode);
