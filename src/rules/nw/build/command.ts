import { commandFatigueLevel } from '../tables/fatigue';
import { adcCount, commandRange, commandRangeFormula, generalCount, UNITS_PER_GENERAL } from '../tables/leaders';
import type { RoundingMode } from '../tables/rounding';
import { NATIONALITIES, type MoraleLevel, type Nationality, type Skill } from '../tables/vocabulary';

/**
 * Higher commands (Ch.II §3.1, §3.11, §3.3, §4.0), from the units a command owns — arrived or not.
 * L555: "a commander adds all of his units together even if they haven't arrived upon the
 * battlefield yet"; "*All* units are counted …, infantry, cavalry and artillery" (L555), and the
 * range "will not change for the battle".
 */

/** A piece as the higher-command counts see it. */
export interface CountedUnit {
  readonly arm: 'infantry' | 'cavalry' | 'artillery';
  /** Cossack, Yoruk, Bedouin, Arab or militia cavalry: not counted for the army (§3.12 L565, L598). */
  readonly irregular?: boolean;
  /** The turn it arrives (1 = on the table at the start). Informational: every unit counts (L555). */
  readonly arrives?: number;
}

/**
 * An army's nation (the scenario's `nation`, NAT-1). The design rules tell apart only French,
 * British, Ottoman and the rest (command range L553-555, generals L575, SK L527).
 */
export const BUILD_NATIONS = NATIONALITIES;
/** A nation for the design rules. */
export type BuildNation = Nationality;

/** L553-555, §3.11 L561: a commander's range from every unit of his command (later arrivals too). */
export function commanderRange(skill: Skill, nation: BuildNation, divisional: boolean, units: readonly CountedUnit[]): { range: number; base: number; units: number } {
  // §3.11 L561: "The Ottoman army … wing commanders are treated as divisional commanders".
  const formula = commandRangeFormula(skill, { french: nation === 'french', british: nation === 'british', divisional: divisional || nation === 'ottoman' });
  return { ...commandRange(formula, units.length), units: units.length };
}

/** The engine's house ruling (procedures/fatigue.ts `countFatigue`): a level that rounds to 0 is 1. */
const atLeastOne = (level: number): number => Math.max(1, level);

/** §4.0 L581: a division/corps/wing's fatigue level from all its units (irregular cavalry included, §3.12 L565). */
export function commandFatigue(units: readonly CountedUnit[], morale: MoraleLevel, mode: RoundingMode): { units: number; level: number } {
  return { units: units.length, level: atLeastOne(commandFatigueLevel(units.length, morale, mode)) };
}

/** §4.0 L581, §3.12 L565, L598: the army's fatigue (break) level, irregular cavalry left out. */
export function armyFatigue(units: readonly CountedUnit[], morale: MoraleLevel, mode: RoundingMode): { units: number; level: number } {
  const counted = units.filter((u) => !(u.arm === 'cavalry' && u.irregular));
  return { units: counted.length, level: atLeastOne(commandFatigueLevel(counted.length, morale, mode)) };
}

/** §3.3 L575: the army's generals (infantry and cavalry units ÷ 6, 12 or 16) and ADCs (by the CinC). */
export function armyGenerals(units: readonly CountedUnit[], nation: BuildNation, cinc: { skill: Skill; napoleon: boolean }, mode: RoundingMode): { generals: number; adcs: number; divisor: number } {
  const army = nation === 'french' || nation === 'british' ? 'french-or-british' : nation === 'ottoman' ? 'ottoman' : 'other';
  const n = units.filter((u) => u.arm !== 'artillery').length;
  return { generals: generalCount(n, army, mode), adcs: adcCount(cinc.skill, cinc.napoleon), divisor: UNITS_PER_GENERAL[army] };
}
