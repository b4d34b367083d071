import type { ModifierRow } from './row';
import type { RangeBand } from './vocabulary';

/**
 * Firing (KUR L12-16; DIGEST K10-K12). The musket ranges and the whole artillery range table
 * (ranges, "Deductions" column, save column) are lost (DIGEST K-4): they are the placeholder
 * settings `ranges.*`, labelled wherever used.
 */

/** KUR L12: front-rank volleys of 5 figures; excess figures do not fire. */
export const VOLLEY_FIGURES = 5;
/** KUR L12: each volley's arc. */
export const VOLLEY_ARC_DEGREES = 45;

/** The conditions on a volley die (L14). */
export type VolleyCondition = 'class-a-or-b' | 'class-d' | 'soft-cover' | 'hard-cover' | 'target-skirmishers' | 'target-artillery' | 'firer-moved';
/** KUR L12-14: "Each volley rolls 1D6, modified as follows". */
export const VOLLEY_MODIFIERS = [
  { condition: 'class-a-or-b', value: 1, label: 'A/B class', line: 14, printed: 'A/B Class +1' },
  { condition: 'class-d', value: -1, label: 'D class', line: 14, printed: 'D Class -1' },
  { condition: 'soft-cover', value: -1, label: 'target in soft cover', line: 14, printed: 'Soft Cover ..-1' },
  { condition: 'hard-cover', value: -2, label: 'target in hard cover', line: 14, printed: 'Hard Cover .-2' },
  { condition: 'target-skirmishers', value: -2, label: 'target skirmishers', line: 14, printed: 'Target skirmishers ..-2' },
  { condition: 'target-artillery', value: -1, label: 'target artillery', line: 14, printed: 'Target Artillery ..-1' },
  { condition: 'firer-moved', value: -2, label: 'firer moved this turn', line: 14, printed: 'Firer Moved this turn .-2' },
] as const satisfies readonly ModifierRow<VolleyCondition>[];

/** KUR L14: rifles cannot move more than ½ and fire. */
export const RIFLES_MAX_MOVE_TO_FIRE = { fraction: 1 / 2, line: 14, printed: 'Rifles cannot move more than 1/2 and fire' } as const;

/**
 * KUR L14 [OCR]: "At Short range, Ύ are actual hits, and at Long range - Ό" — cp1253 mojibake
 * for ¾ and ¼ (DIGEST K-9). Kept as numerator/denominator: exact arithmetic (DIGEST §0.1).
 */
export const ACTUAL_HITS: Record<RangeBand, { num: number; den: number; line: number; printed: string }> = {
  short: { num: 3, den: 4, line: 14, printed: 'At Short range, Ύ are actual hits' },
  long: { num: 1, den: 4, line: 14, printed: 'at Long range - Ό' },
};

/** KUR L14: a saving throw succeeds on a D6 of at least this ("5 or 6 at Short range; 4,5,6 at Long range"). */
export const FIRE_SAVE_FROM: Record<RangeBand, { from: number; line: number; printed: string }> = {
  short: { from: 5, line: 14, printed: '5 or 6 at Short range' },
  long: { from: 4, line: 14, printed: '4,5,6 at Long range' },
};
/** KUR L14: "All Generals are always save on a D6 roll of 3-6". */
export const GENERAL_SAVE_FROM = { from: 3, line: 14, printed: 'All Generals are always save on a D6 roll of 3-6' } as const;

/** KUR L14: skirmishers fire individually, a D6 hitting from these faces; their arc is 180°. */
export const SKIRMISH_HIT_FROM: Record<RangeBand, { from: number; line: number; printed: string }> = {
  short: { from: 5, line: 14, printed: 'needing 5 or 6 at Short- Range' },
  long: { from: 6, line: 14, printed: '6 at Long range' },
};
export const SKIRMISH_ARC_DEGREES = 180;
/** KUR L14: a skirmish line's frontage may not exceed four times the normal. */
export const SKIRMISH_MAX_FRONTAGE = 4;

/** KUR L14, L15: one model and one crew figure per piece; the modifiers count from 3 crew. */
export const CREW_NORM = 3;
/** KUR L15: ball rolls 1D6 per battery, canister 2D6 = figures hit. */
export const ARTILLERY_DICE = { ball: '1d6', canister: '2d6', line: 15, printed: 'Roll 1D6 per battery firing ball, and 2D6 for canister' } as const;

/** The conditions on an artillery roll (L16). */
export type ArtilleryCondition =
  | 'staff-officer' | 'target-square' | 'guards' | 'target-artillery' | 'crew-over-3' | 'crew-under-3'
  | 'russian-gunners' | 'minor-gunners' | 'soft-cover' | 'hard-cover' | 'firer-disorder' | 'battery-officer-dead';
/** KUR L16: artillery modifiers. */
export const ARTILLERY_MODIFIERS = [
  { condition: 'staff-officer', value: 1, label: 'staff officer directing fire', line: 16, printed: 'Staff Officer directing fire (attached) .+1' },
  { condition: 'target-square', value: 2, label: 'target in square', line: 16, printed: 'Target in square ..+2' },
  { condition: 'guards', value: 1, label: 'Guards firing', line: 16, printed: 'Guards firing +1' },
  { condition: 'target-artillery', value: -3, label: 'target is artillery', line: 16, printed: 'Target is artillery .-3' },
  { condition: 'crew-over-3', value: 1, label: 'each crew figure over 3', line: 16, printed: 'Each crew figure over 3 ..+1', each: true },
  { condition: 'crew-under-3', value: -1, label: 'each crew figure under 3', line: 16, printed: 'Each crew figure less than 3 -1', each: true },
  { condition: 'russian-gunners', value: -2, label: 'Russian gunners', line: 16, printed: 'Russian Gunners .-2' },
  { condition: 'minor-gunners', value: -1, label: 'Neapolitan, Dutch-Belgian or Hanoverian gunners', line: 16, printed: 'Neapolitan, Dutch-Belgian or Hanoverian gunners -1' },
  { condition: 'soft-cover', value: -1, label: 'target in soft cover', line: 16, printed: 'Soft Cover -1' },
  { condition: 'hard-cover', value: -3, label: 'target in hard cover', line: 16, printed: 'Hard Cover ..-3' },
  { condition: 'firer-disorder', value: -1, label: "each 'D' on the battery", line: 16, printed: "Each 'D' factor of Firer -1", each: true },
  { condition: 'battery-officer-dead', value: -1, label: 'battery officer dead', line: 16, printed: 'Battery Officer dead (optional) -1', optional: true },
] as const satisfies readonly ModifierRow<ArtilleryCondition>[];
