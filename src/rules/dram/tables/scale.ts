/**
 * DRAM §1 Scales (L33-35): "1 turn = 1 hour, 6 inches = 1 mile 1 base = a brigade,
 * 1 stand = a division, 1 gun = 2-4 batteries".
 *
 * Distances in the tables are kept in whole HALF-MILES (an integer count), so ½, 1½ and 2½
 * are exact integers (1, 3, 5); 1 half-mile = 3 inches. Every table distance then converts
 * to a whole number of inches, and the ×1.5 / ×½ terrain factors give multiples of ¼ inch,
 * which binary floating point represents exactly (DIGEST §0.1).
 */

/** A distance as a whole number of half-miles (2 = 1 mile = 6 inches). */
export type HalfMiles = number;

/** DRAM §1 L35: 6 inches = 1 mile. */
export const INCHES_PER_MILE = 6;
/** Derived from DRAM §1 L35: half a mile is 3 inches. */
export const INCHES_PER_HALF_MILE = INCHES_PER_MILE / 2;
/** DRAM §1 L35: 1 turn = 1 hour. */
export const HOURS_PER_TURN = 1;

/** DRAM §1 L35: what the toys represent. */
export const REPRESENTS = {
  base: 'brigade',
  stand: 'division',
  gun: '2-4 batteries',
} as const;

/** Half-miles to table inches (DRAM §1 L35). */
export const halfMilesToInches = (h: HalfMiles): number => h * INCHES_PER_HALF_MILE;
/** Whole or fractional miles to table inches (DRAM §1 L35). */
export const milesToInches = (miles: number): number => miles * INCHES_PER_MILE;
/** Table inches to miles (DRAM §1 L35). */
export const inchesToMiles = (inches: number): number => inches / INCHES_PER_MILE;
