import type { UnitType } from './vocabulary';

/**
 * B&P Morale and Point Table (L137-155). [OCR] the source runs the cells together
 * ("Artillery18" = Artillery | 1 | 8); the tests keep the printed text and compare cell by cell.
 * "Morale Die to Hold": 2D6 ≥ this holds (L133: a line battalion's 8 holds, a 7 would rout).
 */

/** One unit row: points per figure in melee (L127) and the 2D6 needed to hold. */
export interface UnitRow {
  readonly type: UnitType;
  readonly label: string;
  readonly points: number;
  readonly hold: number;
  readonly line: number;
}

/** B&P L139-145. */
export const MORALE_AND_POINT_TABLE = [
  { type: 'artillery', label: 'Artillery', points: 1, hold: 8, line: 139 },
  { type: 'skirm-inf', label: 'Skirm: Inf', points: 1, hold: 9, line: 140 },
  { type: 'skirm-cav', label: 'Skirm: Cav', points: 2, hold: 9, line: 141 },
  { type: 'line-inf', label: 'Line Inf', points: 2, hold: 8, line: 142 },
  { type: 'guard-inf', label: 'Guard Inf', points: 3, hold: 6, line: 143 },
  { type: 'line-cav', label: 'Line Cav', points: 3, hold: 7, line: 144 },
  { type: 'guard-or-heavy-cav', label: 'Guard or Hvy Cav', points: 4, hold: 6, line: 145 },
] as const satisfies readonly UnitRow[];

/** The table row of a unit type. */
export function unitRow(type: UnitType): UnitRow {
  const row = MORALE_AND_POINT_TABLE.find((r) => r.type === type);
  if (!row) throw new RangeError(`B&P Morale and Point Table L139-145: no row for ${type}`);
  return row;
}

/** B&P L146: infantry in square: +1 point per figure (only in melee with cavalry, L175) and holds on 4. */
export const SQUARE_ROW = { label: 'Inf in Square', points: 1, hold: 4, line: 146 } as const;

/**
 * B&P L175: a square charged by cavalry "routs only if a 2 or 3 is rolled" — the same as the
 * table's hold 4. In melee with cavalry a line figure counts 3 and a guard figure 4 (line/guard
 * infantry points + the square's +1).
 */
export const SQUARE_VS_CAVALRY = { routsOn: [2, 3], lineFigurePoints: 3, guardFigurePoints: 4, line: 175 } as const;

/** B&P L147-149: the attacker of a flank or rear gets +3 points per figure; the morale cell is "-". */
export const FLANK_OR_REAR_ROW = { label: 'Attacking enemy in flank or rear', points: 3, roll: null, lines: '147-149' } as const;
/** B&P L117: the unit attacked in flank or rear subtracts 3 from its morale roll (and may not fire at the attacker). */
export const FLANK_OR_REAR_MORALE = -3;

/**
 * B&P L150-155: the terrain rows. Which side takes them is HR B-4 (`terrain.bonusTo`, default
 * the defender): +points per figure in melee and + on the morale roll.
 */
export const TERRAIN_ROWS = {
  defended: { label: 'Attacking frontally uphill or defending wood, stream', points: 1, roll: 1, lines: '150-152' },
  strong: { label: 'Higher than 1 contour behind works or wide stream', points: 2, roll: 2, lines: '153-155' },
} as const;

/** 2D6 totals that can occur (for boundary tests and validation). */
export const TWO_D6_MIN = 2;
export const TWO_D6_MAX = 12;
