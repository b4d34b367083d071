import { nwRound, type RoundingMode } from '../tables/rounding';
import { QUALITIES, type Quality } from '../tables/vocabulary';

/**
 * Ch.II §2.1 L471: "When dealing with brigades that have different battalion quality types, try to
 * average their quality level." The text gives one worked example and no scale, so (BD-1, ruling in
 * ../README.md) each battalion scores Militia 1 … Guard 6, and the brigade takes the average
 * NW-rounded (L482: ".1-.5 … down, .6 and above … up", so a .5 tie goes to the LOWER quality).
 * Example L471: 1 Elite (5), 1 Veteran (4), 2 Line (3 + 3) = 15 / 4 = 3.75 → 4, Veteran.
 */
export const QUALITY_SCORE = {
  guard: 6, elite: 5, veteran: 4, line: 3, conscript: 2, militia: 1,
} as const satisfies Record<Quality, number>;

const BY_SCORE: ReadonlyMap<number, Quality> = new Map(QUALITIES.map((q) => [QUALITY_SCORE[q], q]));

/** The averaged quality of a brigade from its battalions' qualities (one entry per battalion). */
export function averageQuality(battalions: readonly Quality[], mode: RoundingMode): Quality {
  if (battalions.length === 0) throw new RangeError('NW build: a brigade needs at least one battalion to average its quality (Ch.II §2.1 L471)');
  const total = battalions.reduce((s, q) => s + QUALITY_SCORE[q], 0);
  return BY_SCORE.get(nwRound(total, battalions.length, mode))!;
}
