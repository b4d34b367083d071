import { nwRound, type RoundingMode } from './rounding';
import { assertDieFace, assertNatural2d6, SKILLS, type Skill } from './vocabulary';

/** N6 Leader losses, N10 commander replacement, command range and generals (NW §9.3, §11.7, Ch.II §3.0-3.3). */

/** N6 leader-loss triggers and the 2d6 (natural) that kills (DIGEST N6). 'auto' = killed outright. */
export const LEADER_LOSS = {
  /** §9.3.2 L267: an enemy moves through an officer's stand: 12 kills, else he moves 3". */
  enemyPassesThrough: 12,
  /** CRT L769, L775: Defender broken / Le Guard Recule: 10+ kills the attached general or used V commander. */
  crtBrokenOrRecule: 10,
  /** CRT L767: Defender crushed: killed. */
  crtCrushed: 'auto',
  /** §7.7 L138, §8.4 L198: natural 12 in skirmish or artillery fire kills an attached general. */
  skirmishOrFireNatural: 12,
} as const;

/** Does a natural 2d6 kill the officer under this trigger? */
export function leaderKilled(trigger: keyof typeof LEADER_LOSS, natural?: number): boolean {
  const need = LEADER_LOSS[trigger];
  if (need === 'auto') return true;
  if (natural === undefined) throw new RangeError(`NW leader loss (${trigger}): a 2d6 roll is needed`);
  assertNatural2d6(natural, `leader loss (${trigger})`);
  return natural >= need;
}

/**
 * N10 (§11.7 "Officer Casualties" L421): 1d6 − the army CinC's presence, never below 1, turns
 * must pass; the replacement arrives in the Initiative phase of the turn after (example L425:
 * lost turn 5, delay 1 → arrives turn 7).
 */
export function replacementDelay(d6: number, presence: number): number {
  assertDieFace(d6, 'commander replacement');
  return Math.max(1, d6 - presence);
}
/** The game turn whose Initiative phase brings the replacement. */
export const replacementArrivalTurn = (lostOnTurn: number, delay: number): number => lostOnTurn + delay + 1;

/** §11.7 L421-423: the replacement is one skill lower (Poor stays Poor, HR NT-4), no V, range −2" (not below base). */
export function replacementCommander(skill: Skill, range: number, baseRange: number): { skill: Skill; valorous: false; range: number } {
  const i = Math.min(SKILLS.indexOf(skill) + 1, SKILLS.length - 1);
  return { skill: SKILLS[i] as Skill, valorous: false, range: Math.max(baseRange, range - 2) };
}
/** §11.7 L421: he sets up within 8" of a unit of his command. */
export const REPLACEMENT_SETUP_INCHES = 8;

/** Command-range formulas (Ch.II §3.1 L553-555, §3.11 L561). Per-unit in half-inches to stay exact. */
export const COMMAND_RANGE_FORMULAS = {
  /** French, and Excellent commanders of any nation except British: 4" + 1.0 × units. */
  'corps-french-or-excellent': { baseInches: 4, halfInchesPerUnit: 2 },
  /** British and all others: 3" + 0.5 × units. */
  'corps-other': { baseInches: 3, halfInchesPerUnit: 1 },
  /** Linear/divisional armies (and Ottoman wings): 3" Excellent, 2" others, + 0.5 × units. */
  'division-excellent': { baseInches: 3, halfInchesPerUnit: 1 },
  'division-other': { baseInches: 2, halfInchesPerUnit: 1 },
} as const;
/** Which formula applies. */
export type CommandRangeFormula = keyof typeof COMMAND_RANGE_FORMULAS;

/** The formula for a commander (example L557: French Good, 8 units → 12"). */
export function commandRangeFormula(skill: Skill, opts: { french: boolean; british: boolean; divisional: boolean }): CommandRangeFormula {
  if (opts.divisional) return skill === 'excellent' ? 'division-excellent' : 'division-other';
  if (opts.french || (skill === 'excellent' && !opts.british)) return 'corps-french-or-excellent';
  return 'corps-other';
}

/** The command range in inches (a multiple of ½; not rounded, HR NT-3), and its base. */
export function commandRange(formula: CommandRangeFormula, units: number): { range: number; base: number } {
  const f = COMMAND_RANGE_FORMULAS[formula];
  return { range: f.baseInches + (f.halfInchesPerUnit * units) / 2, base: f.baseInches };
}

/** §9.51 L309: in hindered visibility command ranges are −3" each, never below the base. */
export const hinderedCommandRange = (range: number, base: number, hindrances: number): number => Math.max(base, range - 3 * hindrances);

/** Ch.II §3.3 L575: ADCs by the CinC's skill; Napoleon +1. */
export const ADCS_BY_SKILL = { excellent: 2, good: 1, average: 0, poor: 0 } as const satisfies Record<Skill, number>;
export const adcCount = (skill: Skill, isNapoleon = false): number => ADCS_BY_SKILL[skill] + (isNapoleon ? 1 : 0);

/** Ch.II §3.3 L575: infantry + cavalry units per general. */
export const UNITS_PER_GENERAL = { 'french-or-british': 6, other: 12, ottoman: 16 } as const;
/** Generals an army receives (HR N-23: NW rounding; example L577: 18 / 6 = 3). */
export const generalCount = (infantryAndCavalryUnits: number, army: keyof typeof UNITS_PER_GENERAL, mode: RoundingMode): number =>
  nwRound(infantryAndCavalryUnits, UNITS_PER_GENERAL[army], mode);

/** Officer movement (§9.0 C.7 L241) and bases (§1.0 L9). */
export const OFFICER_MOVE_INCHES = 18;
export const BASES_INCHES = { brigade: 3, battery: 1.5, general: 1, commander: 1.5, cinc: 2 } as const;
