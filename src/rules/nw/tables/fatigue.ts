import { nwRound, type RoundingMode } from './rounding';
import { assertInteger, type FatigueState, type MoraleLevel, type Quality } from './vocabulary';

/** Unit fatigue, scale ratios, command fatigue and victory (NW Ch.II §2.1-2.6, §4.0; §13.0). */

/** The three columns of the Fatigue Level Chart (L508). */
export const FATIGUE_COLUMNS = ['guard-elite', 'veteran-line', 'conscript-militia'] as const;
/** A column of the Fatigue Level Chart. */
export type FatigueColumn = (typeof FATIGUE_COLUMNS)[number];
/** The column for a quality. */
export const fatigueColumn = (q: Quality): FatigueColumn =>
  q === 'guard' || q === 'elite' ? 'guard-elite' : q === 'veteran' || q === 'line' ? 'veteran-line' : 'conscript-militia';

/** Fresh/worn/spent levels; null = "-" (HR N-12: never entered). */
export interface FatigueLevels {
  readonly fresh: number;
  readonly worn: number | null;
  readonly spent: number | null;
}
const L = (fresh: number, worn: number | null, spent: number | null): FatigueLevels => ({ fresh, worn, spent });

/** Fatigue Level Chart, Ch.II §2.6 L506-519, by starting s.p. 2-12. */
export const FATIGUE_LEVEL_CHART = {
  2: { 'guard-elite': L(2, 1, null), 'veteran-line': L(2, null, 1), 'conscript-militia': L(2, null, 1) }, // L509
  3: { 'guard-elite': L(3, 2, null), 'veteran-line': L(3, 2, 1), 'conscript-militia': L(3, null, 2) }, // L510
  4: { 'guard-elite': L(4, 3, null), 'veteran-line': L(4, 3, 2), 'conscript-militia': L(4, null, 3) }, // L511
  5: { 'guard-elite': L(5, 3, null), 'veteran-line': L(5, 3, 2), 'conscript-militia': L(5, 4, 3) }, // L512
  6: { 'guard-elite': L(6, 3, null), 'veteran-line': L(6, 4, 2), 'conscript-militia': L(6, 5, 3) }, // L513
  7: { 'guard-elite': L(7, 4, 2), 'veteran-line': L(7, 5, 3), 'conscript-militia': L(7, 5, 4) }, // L514
  8: { 'guard-elite': L(8, 4, 2), 'veteran-line': L(8, 5, 3), 'conscript-militia': L(8, 6, 4) }, // L515
  9: { 'guard-elite': L(9, 5, 3), 'veteran-line': L(9, 6, 4), 'conscript-militia': L(9, 7, 5) }, // L516
  10: { 'guard-elite': L(10, 6, 3), 'veteran-line': L(10, 7, 4), 'conscript-militia': L(10, 8, 5) }, // L517
  11: { 'guard-elite': L(11, 6, 4), 'veteran-line': L(11, 7, 5), 'conscript-militia': L(11, 8, 6) }, // L518
  12: { 'guard-elite': L(12, 7, 4), 'veteran-line': L(12, 8, 5), 'conscript-militia': L(12, 9, 6) }, // L519
} as const satisfies Record<number, Record<FatigueColumn, FatigueLevels>>;

/** Starting s.p. the chart covers. */
export const MIN_UNIT_SP = 2;
export const MAX_UNIT_SP = 12; // Ch.II §2.2 L486

/** The levels for a unit of this starting s.p. and quality (null outside 2-12). */
export function fatigueLevels(startingSp: number, quality: Quality): FatigueLevels | null {
  assertInteger(startingSp, 'starting s.p.');
  const row = (FATIGUE_LEVEL_CHART as Record<number, Record<FatigueColumn, FatigueLevels> | undefined>)[startingSp];
  return row ? row[fatigueColumn(quality)] : null;
}

/** Ch.II §2.6 L502: Fresh until down to the worn level, Spent at the spent level, eliminated at 0. */
export function fatigueState(currentSp: number, levels: FatigueLevels): FatigueState {
  assertInteger(currentSp, 'current s.p.');
  if (currentSp <= 0) return 'eliminated';
  if (levels.spent !== null && currentSp <= levels.spent) return 'spent';
  if (levels.worn !== null && currentSp <= levels.worn) return 'worn';
  return 'fresh';
}

/** Scale Ratios, Ch.II §2.1 L473-480: men per s.p. (MX brigades use infantry, §2.4 L490). */
export const SCALE_RATIOS = {
  guard: { infantry: 200, cavalry: 150 },
  elite: { infantry: 300, cavalry: 200 },
  veteran: { infantry: 400, cavalry: 250 },
  line: { infantry: 500, cavalry: 300 },
  conscript: { infantry: 600, cavalry: 350 },
  militia: { infantry: 700, cavalry: 400 },
} as const satisfies Record<Quality, { infantry: number; cavalry: number }>;

/** s.p. of a historical brigade (L482 rounding, exact): e.g. 2,775 Line infantry → 5.55 → 5 (tenths). */
export function strengthPoints(men: number, quality: Quality, arm: 'infantry' | 'cavalry', mode: RoundingMode): number {
  return nwRound(men, SCALE_RATIOS[quality][arm], mode);
}

/** Ch.II §2.5 L494: extra s.p. per attached battery. */
export const ATTACHED_BATTERY_SP = { light: 1, medium: 2 } as const;

/** Ch.II §4.0 L585: morale multipliers in hundredths (.40, .35, .30), exact. */
export const MORALE_MULTIPLIER_HUNDREDTHS = { good: 40, average: 35, poor: 30 } as const satisfies Record<MoraleLevel, number>;

/** Ch.II §4.0 L587-591: fatigue level = units × multiplier, NW-rounded (18 × .35 = 6.3 → 6; 5 × .35 = 1.75 → 2). */
export const commandFatigueLevel = (units: number, morale: MoraleLevel, mode: RoundingMode): number =>
  nwRound(units * MORALE_MULTIPLIER_HUNDREDTHS[morale], 100, mode);

/** Ch.II §4.0 L587: a command is fatigued (an army broken) when losses ≥ the level. Losses in HALF-units. */
export const isFatigued = (lossHalves: number, level: number): boolean => lossHalves >= 2 * level;

/** Ch.II §4.0 L593-599, §12.0.1 L431: fatigue losses in HALF-units (HR N-24: capped at the destroyed value). */
export const FATIGUE_LOSS_HALVES = {
  destroyedUnit: 2,
  spentUnit: 1,
  destroyedBattery: 1,
  routedOffTable: 1,
  /** Guard units count double for the army only. */
  guardArmyFactor: 2,
  /** Cossack, Yuruk, Bedouin, Arab and militia cavalry do not count for the army (Ch.II §3.12 L565). */
  irregularCavalryArmy: 0,
} as const;

/** NW §13.0 L437-439: victory levels. */
export const VICTORY_LEVELS = ['draw', 'marginal', 'decisive'] as const;
/** A victory level. */
export type VictoryLevel = (typeof VICTORY_LEVELS)[number];

/**
 * §13.0: both armies break the same turn → draw; one breaks → marginal for the other, decisive
 * if it can pursue (the broken army has FEWER light-cavalry s.p., spent units not counted);
 * neither → scenario conditions, else draw ('scenario').
 */
export function victoryLevel(brokenA: boolean, brokenB: boolean, winnerLightCavSp = 0, loserLightCavSp = 0): { winner: 'A' | 'B' | null; level: VictoryLevel | 'scenario' } {
  if (brokenA && brokenB) return { winner: null, level: 'draw' };
  if (!brokenA && !brokenB) return { winner: null, level: 'scenario' };
  return { winner: brokenA ? 'B' : 'A', level: loserLightCavSp < winnerLightCavSp ? 'decisive' : 'marginal' };
}
