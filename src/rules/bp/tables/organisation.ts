/**
 * B&P Organisation (L10-20) and the scales the text does not print.
 */

/** B&P L12: figures per stand (infantry 3, cavalry 2, a gun with 4 crew) and per unit (12, 8, 4). */
export const ORGANISATION = {
  infantry: { figuresPerStand: 3, figuresPerUnit: 12 },
  cavalry: { figuresPerStand: 2, figuresPerUnit: 8 },
  artillery: { figuresPerStand: 4, figuresPerUnit: 4 },
} as const;

/**
 * Scales. B&P L12 prints the figure ratio (1:60, so 12 figures = 720 men) and nothing else:
 * the ground scale (inches to yards) and the time a turn represents are NOT PRINTED (`null`).
 * Nothing in the rules depends on them; they are here so a reader does not look for them.
 */
export const SCALE = {
  menPerFigure: 60,
  /** NOT PRINTED. */
  yardsPerInch: null,
  /** NOT PRINTED. */
  minutesPerTurn: null,
} as const;
