import { MAX_UNIT_SP } from '../tables/fatigue';

/**
 * Very large brigades, Ch.II §2.2 L486: "Keep the brigades at no more than 12s.p's in strength.
 * Should the historical brigade have in excess of this amount, break the brigade into two smaller
 * and roughly equal brigades."
 * BD-4 (../README.md): the brigade is cut between battalions, keeping their listed order
 * (regiments stay together), where the two parts' men are closest; each part is then figured as a
 * brigade of its own (quality, SK, s.p.). A brigade of one battalion is halved by men. A part still
 * over 12 s.p. is cut again (the text only foresees two).
 */
export { MAX_UNIT_SP };

/** Is a brigade of this many s.p. too large (L486)? */
export const tooLarge = (sp: number): boolean => sp > MAX_UNIT_SP;

/**
 * Where to cut a list of battalion strengths into two "roughly equal" parts: the index of the
 * first battalion of the second part (1..n-1), minimising the difference in men; ties to the
 * earlier cut. Needs at least two battalions.
 */
export function cutIndex(men: readonly number[]): number {
  if (men.length < 2) throw new RangeError('NW build: cutting a brigade between battalions needs at least two');
  const total = men.reduce((s, m) => s + m, 0);
  let best = 1;
  let bestDiff = Infinity;
  let left = 0;
  for (let i = 1; i < men.length; i++) {
    left += men[i - 1]!;
    const diff = Math.abs(total - 2 * left);
    if (diff < bestDiff) { best = i; bestDiff = diff; }
  }
  return best;
}
