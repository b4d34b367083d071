import type { ResultCode } from './vocabulary';

/**
 * Table results and their adjustment (§VIII L463-490), and HR A-2's hit ladder: a result is a
 * value p in sixths (N → 7−N, X → 6, X+ → 10, 2X → 12); an adjustment adds to p; hits are
 * floor(p/6), plus one more on a D6 ≥ 7 − (p mod 6) when p mod 6 > 0. It reproduces both worked
 * examples of L490.
 */

/** What each code means as printed (L467-479). */
export const RESULT_MEANINGS = [
  { code: 'X', meaning: 'one hit', line: 'L467' },
  { code: '2X', meaning: 'two hits', line: 'L467' },
  { code: 'X+', meaning: 'one hit, plus a second on a score of 3-6', line: 'L467' },
  { code: 'No.', meaning: 'dice score needed for one hit', line: 'L471' },
  { code: 'NE', meaning: 'fire never has any effect', line: 'L475' },
  { code: 'E', meaning: 'fire or melee always eliminates target', line: 'L479' },
] as const;

/** Adjustments the text prints: an elite firer "+2" (L490), a secondary target column "-3" ("X+-3", L490). */
export const TEXT_FIRE_ADJUSTMENTS = {
  elite: { delta: 2, line: 'L490' },
  secondaryTarget: { delta: -3, line: 'L490' },
} as const;

/** A result after adjustment: hits for certain, and the D6 score that adds one more (null: none). */
export type Adjusted =
  | { readonly kind: 'none' }
  | { readonly kind: 'eliminates' }
  | { readonly kind: 'hits'; readonly sure: number; readonly extraOn: number | null };

/** The ladder value of an adjustable code. */
export const ladder = (code: Exclude<ResultCode, 'NE' | 'E'>): number => (typeof code === 'number' ? 7 - code : code === 'X' ? 6 : code === 'X+' ? 10 : 12);

/** A code with its cumulative adjustment (L486-490: only X, X+, 2X and numbers are adjustable); `cap` is A-2's most hits. */
export function adjustResult(code: ResultCode, adjustment: number, cap: number): Adjusted {
  if (code === 'NE') return { kind: 'none' };
  if (code === 'E') return { kind: 'eliminates' };
  const p = Math.min(cap * 6, ladder(code) + adjustment);
  if (p <= 0) return { kind: 'none' };
  const sure = Math.floor(p / 6);
  const rest = p % 6;
  return { kind: 'hits', sure, extraOn: rest > 0 ? 7 - rest : null };
}

/** Hits an adjusted result inflicts with the D6 `d6` (rolled only when `extraOn` is set). */
export const hitsOf = (a: Adjusted, d6: number | null, eliminateHits: number): number =>
  a.kind === 'none' ? 0 : a.kind === 'eliminates' ? eliminateHits : a.sure + (a.extraOn !== null && d6 !== null && d6 >= a.extraOn ? 1 : 0);
