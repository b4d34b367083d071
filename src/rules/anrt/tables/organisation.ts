import type { UnitClass, UnitSize } from './vocabulary';

/**
 * Unit strength in hits (§IV L198) and unit sizes (§III L72-88), as the text prints them.
 */

/** "Units have an average strength of four hits" (L198). */
export const BASE_HITS = { hits: 4, line: 'L198' } as const;

/** The adjustments of L198, in the order printed; "small or very small (-1)" is one adjustment. */
export const HIT_ADJUSTMENTS = [
  { when: 'elite', delta: 2, line: 'L198' },
  { when: 'veteran', delta: 1, line: 'L198' },
  { when: 'large', delta: 1, line: 'L198' },
  { when: 'inferior', delta: -1, line: 'L198' },
  { when: 'small-or-very-small', delta: -1, line: 'L198' },
  { when: 'bad', delta: -2, line: 'L198' },
] as const;

/** "to give a final strength of between one and seven hits" (L198). */
export const HITS_RANGE = { min: 1, max: 7, line: 'L198' } as const;

/** Unit hits from class and size (L198). */
export function unitHits(cls: UnitClass, size: UnitSize): number {
  const applies = (when: (typeof HIT_ADJUSTMENTS)[number]['when']) =>
    when === cls || (when === 'large' && size === 'large') || (when === 'small-or-very-small' && (size === 'small' || size === 'very-small'));
  const total = HIT_ADJUSTMENTS.filter((a) => applies(a.when)).reduce<number>((n, a) => n + a.delta, BASE_HITS.hits);
  return Math.min(HITS_RANGE.max, Math.max(HITS_RANGE.min, total));
}

/** Unit sizes by men and by artillery pieces (§III L72-88); the figure bands are HR A-4 (settings `size.*`). */
export const SIZE_BANDS = [
  { size: 'large', men: '750 or more (15 figures)', pieces: '10-12 (three guns)', line: 'L72-74' },
  { size: 'small', men: 'less than 450 (eight figures)', pieces: '3-4 (one gun)', line: 'L78-80' },
  { size: 'very-small', men: 'less than 200 (four figures)', pieces: '2 (one gun)', line: 'L84-88' },
] as const;

/** The size of an infantry or cavalry unit of `figures` (L72-88 under A-4's bands: 1 figure = 50 men, L43). */
export function sizeByFigures(figures: number, bands: { verySmallMaxFigures: number; smallMaxFigures: number; largeMinFigures: number }): UnitSize {
  if (figures <= bands.verySmallMaxFigures) return 'very-small';
  if (figures <= bands.smallMaxFigures) return 'small';
  if (figures >= bands.largeMinFigures) return 'large';
  return 'normal';
}

/** The size of an artillery unit of `pieces` (L72-88: 2 very small, 3-4 small, 10-12 large). */
export function sizeByPieces(pieces: number): UnitSize {
  if (pieces <= 2) return 'very-small';
  if (pieces <= 4) return 'small';
  if (pieces >= 10) return 'large';
  return 'normal';
}

/** Effects of hits the text prints (§IV L201-210). */
export const HIT_EFFECTS = {
  /** "Units which have lost half their hits cost + 1 pip to advance" (L201; half: A-5). */
  halfLostAdvancePips: { pips: 1, line: 'L201' },
  /** "Units which only have one hit left cost + 1 pip or they will withdraw one move. They cannot advance." (L204) */
  oneLeftPips: { pips: 1, line: 'L204' },
  /** "Units which lose all their hits are removed" (L210). */
  removedAt: { hits: 0, line: 'L210' },
} as const;

/** Whether a unit has lost half its hits (L201) under A-5. */
export const halfLost = (max: number, current: number, rule: 'ceil' | 'floor'): boolean =>
  max - current >= (rule === 'ceil' ? Math.ceil(max / 2) : Math.floor(max / 2));

/** Whether a brigade has lost "half or more of its total hit points" (§V L226): the pip penalty (QRS pips.adjust.brigade-half-strength). */
export const brigadeHalfLost = (max: number, current: number): boolean => max - current >= max / 2;

export type { UnitClass, UnitSize };
