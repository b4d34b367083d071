/**
 * Abuse protection for dice expressions typed by anyone in a server. Each limit has its own
 * error code and message (see errors.ts), so a user learns which limit they hit.
 */

/** Most dice in one term (`100d6` is fine, `101d6` is not). */
export const MAX_DICE_PER_TERM = 100;
/** Most dice in a whole expression, summed over its terms. */
export const MAX_DICE_TOTAL = 200;
/** Fewest dice in a term: `0d6` is an error, not a roll of nothing. */
export const MIN_DICE_PER_TERM = 1;
/** Sides of a standard die: d2 up to d1000. */
export const MIN_SIDES = 2;
export const MAX_SIDES = 1000;
/**
 * Faces of a custom die `d{…}`: 2 to 100, each at most 1,000,000 in absolute value.
 * With MAX_TEXT_LENGTH at 200 the face count cannot be reached (100 one-digit faces take
 * 202 characters); it stays as its own guard in case the text limit is ever raised.
 */
export const MIN_FACES = 2;
export const MAX_FACES = 100;
export const MAX_FACE_ABS = 1_000_000;
/** Most terms (dice terms and constants) in one expression. */
export const MAX_TERMS = 20;
/** Largest constant term. */
export const MAX_CONSTANT = 1_000_000;
/**
 * Longest expression, in UTF-16 code units (JS string length). It applies both to the text
 * as typed and to its normalized form (see parse.ts), so that every normalized expression
 * stored in the audit trail parses again with the default limits.
 */
export const MAX_TEXT_LENGTH = 200;
