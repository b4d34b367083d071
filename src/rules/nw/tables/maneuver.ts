import type { NwSettings } from '../settings';
import { assertInteger, MOVE_FRACTION_QUARTERS, SKILLS, type MoveFraction, type Nationality, type Skill } from './vocabulary';

/**
 * N5 Maneuver (NW §9.0 C L230-243; chart L632-651) and the Movement Allowance Chart (§9.1
 * L244-256; chart L653-661).
 */

/** What a disordered unit gets (chart L634 "Disordered Unit" column). */
export const DISORDERED_RESULTS = ['retreat-half', 'hold', 'reorder-hold', 'reorder-quarter', 'reorder-half', 'reorder-full'] as const;
/** A disordered unit's maneuver result. */
export type DisorderedResult = (typeof DISORDERED_RESULTS)[number];

/** One row of the Maneuver Table: per-column inclusive ranges (null = open end) and the two results. */
export interface ManeuverRow {
  readonly ranges: Readonly<Record<Skill, readonly [min: number | null, max: number | null]>>;
  readonly goodOrder: MoveFraction;
  readonly disordered: DisorderedResult;
}

/** Maneuver Table, chart L634-640 (DIGEST N5). */
export const MANEUVER_TABLE = [
  { ranges: { excellent: [null, 1], good: [null, 2], average: [null, 3], poor: [null, 4] }, goodOrder: 'hold', disordered: 'retreat-half' }, // L635
  { ranges: { excellent: [2, 3], good: [3, 4], average: [4, 5], poor: [5, 6] }, goodOrder: 'quarter', disordered: 'hold' }, // L636
  { ranges: { excellent: [4, 5], good: [5, 6], average: [6, 7], poor: [7, 8] }, goodOrder: 'half', disordered: 'reorder-hold' }, // L637
  { ranges: { excellent: [6, 7], good: [7, 8], average: [8, 9], poor: [9, 10] }, goodOrder: 'three-quarters', disordered: 'reorder-quarter' }, // L638
  { ranges: { excellent: [8, 8], good: [9, 9], average: [10, 10], poor: [11, 11] }, goodOrder: 'full', disordered: 'reorder-half' }, // L639
  { ranges: { excellent: [9, null], good: [10, null], average: [11, null], poor: [12, null] }, goodOrder: 'full', disordered: 'reorder-full' }, // L640
] as const satisfies readonly ManeuverRow[];

/** What a disordered result means: re-ordered?, fraction moved, and a ½-move retreat. */
export const DISORDERED_EFFECTS = {
  'retreat-half': { reorders: false, fraction: 'hold', retreatHalfMove: true },
  hold: { reorders: false, fraction: 'hold', retreatHalfMove: false },
  'reorder-hold': { reorders: true, fraction: 'hold', retreatHalfMove: false },
  'reorder-quarter': { reorders: true, fraction: 'quarter', retreatHalfMove: false },
  'reorder-half': { reorders: true, fraction: 'half', retreatHalfMove: false },
  'reorder-full': { reorders: true, fraction: 'full', retreatHalfMove: false },
} as const satisfies Record<DisorderedResult, { reorders: boolean; fraction: MoveFraction; retreatHalfMove: boolean }>;

/** The row a modified roll falls in for a column. */
export function maneuverRow(column: Skill, modifiedRoll: number): ManeuverRow {
  assertInteger(modifiedRoll, 'maneuver roll');
  const row = MANEUVER_TABLE.find((r) => {
    const [min, max] = r.ranges[column];
    return (min === null || modifiedRoll >= min) && (max === null || modifiedRoll <= max);
  });
  if (!row) throw new RangeError(`NW Maneuver Table: ${modifiedRoll} in no row of ${column}`); // unreachable: rows cover ℤ
  return row;
}

/** Maneuver result for a good-order unit (and all artillery, DIGEST N5). */
export const maneuverGoodOrder = (column: Skill, modifiedRoll: number): MoveFraction => maneuverRow(column, modifiedRoll).goodOrder;
/** Maneuver result for a disordered unit. */
export const maneuverDisordered = (column: Skill, modifiedRoll: number): DisorderedResult => maneuverRow(column, modifiedRoll).disordered;

/**
 * NW §9.0 C.2 L232, Ch.II §3.1 L551: within range use the commander's column; out of range (or
 * while awaiting a replacement, §11.7 L421) one column worse; Poor and out of range: Poor with −1.
 */
export function maneuverColumn(skill: Skill, inRange: boolean): { readonly column: Skill; readonly modifier: number } {
  if (inRange) return { column: skill, modifier: 0 };
  if (skill === 'poor') return { column: 'poor', modifier: -1 };
  const worse = SKILLS[SKILLS.indexOf(skill) + 1] as Skill;
  return { column: worse, modifier: 0 };
}

/**
 * HR N-21 (`independent.range`): an independent brigade uses the CinC's quality (§9.0 C L240);
 * under 'always' it is always in range.
 */
export const independentInRange = (measuredInRange: boolean, settings: NwSettings): boolean =>
  settings.independent.range === 'always' ? true : measuredInRange;

/** Conditions of the maneuver modifiers (chart L642-651). 'cinc-presence' adds the CinC's presence bonus. */
export const MANEUVER_CONDITIONS = [
  'fresh', 'spent', 'guard', 'elite', 'veteran', 'conscript', 'militia', 'suppressed-artillery', 'general-attached',
  'command-fatigued', 'within-3-of-valorous', 'outside-poor-commander-range', 'cinc-presence',
] as const;
/** A condition of a maneuver modifier. */
export type ManeuverCondition = (typeof MANEUVER_CONDITIONS)[number];

/** Maneuver modifiers, chart L645-651 [OCR] header "mounters" = modifiers (N-32). 'presence' = +CinC presence. */
export const MANEUVER_MODIFIERS = [
  { condition: 'fresh', value: 2, ref: 'chart L645' },
  { condition: 'spent', value: -2, ref: 'chart L645' },
  { condition: 'guard', value: 3, ref: 'chart L646' },
  { condition: 'conscript', value: -1, ref: 'chart L646' },
  { condition: 'elite', value: 2, ref: 'chart L647' },
  { condition: 'militia', value: -2, ref: 'chart L647' },
  { condition: 'veteran', value: 1, ref: 'chart L648' },
  { condition: 'suppressed-artillery', value: -1, ref: 'chart L648' },
  { condition: 'general-attached', value: 1, ref: 'chart L649' },
  { condition: 'command-fatigued', value: -1, ref: 'chart L649; Ch.II §4.0 L587' },
  { condition: 'within-3-of-valorous', value: 1, ref: 'chart L650' },
  { condition: 'outside-poor-commander-range', value: -1, ref: 'chart L650-651; §9.0 C.2 L232' },
  { condition: 'cinc-presence', value: 'presence', ref: 'chart L651; Ch.II §3.1 L549' },
] as const satisfies readonly { condition: ManeuverCondition; value: number | 'presence'; ref: string }[];

/** Net maneuver modifier; `presence` is the CinC's presence bonus (used iff 'cinc-presence' holds). */
export function maneuverModifier(conditions: readonly ManeuverCondition[], presence = 0): number {
  return MANEUVER_MODIFIERS.reduce<number>((s, m) => {
    if (!conditions.includes(m.condition)) return s;
    return s + (m.value === 'presence' ? presence : m.value);
  }, 0);
}

/** Movement-allowance categories (chart L655-661). */
export const MOVEMENT_CATEGORIES = ['fast-infantry', 'other-infantry', 'foot-artillery', 'heavy-cavalry', 'horse-artillery', 'other-cavalry', 'officer'] as const;
/** A row of the Movement Allowance Chart. */
export type MovementCategory = (typeof MOVEMENT_CATEGORIES)[number];

/** Movement Allowance Chart, §9.1 L248-256 and chart L653-661, in inches. */
export const MOVEMENT_ALLOWANCE = {
  'fast-infantry': 10, // L655-657: French, British, Ottoman, Prussian; British allied 1811+; French allied 1809+
  'other-infantry': 8, // L658
  'foot-artillery': 8, // L658
  'heavy-cavalry': 12, // L659
  'horse-artillery': 12, // L659
  'other-cavalry': 16, // L660 "Light and Medium Cavalry"
  officer: 18, // L661; §9.0 C.7 L241
} as const satisfies Record<MovementCategory, number>;

/** NW §9.1 chart L655-657: the nations whose infantry move 10". */
export const FAST_INFANTRY_NATIONS = ['french', 'british', 'ottoman', 'prussian'] as const satisfies readonly Nationality[];
/** NW chart L656-657: allied infantry move 10" from these years. */
export const ALLIED_FAST_FROM_YEAR = { british: 1811, french: 1809 } as const;

/** Infantry category by nation, the side it is allied to (if a minor ally) and the scenario year. */
export function infantryCategory(nation: Nationality, year: number, alliedTo?: 'british' | 'french'): MovementCategory {
  if ((FAST_INFANTRY_NATIONS as readonly Nationality[]).includes(nation)) return 'fast-infantry';
  if (alliedTo !== undefined && year >= ALLIED_FAST_FROM_YEAR[alliedTo]) return 'fast-infantry';
  return 'other-infantry';
}

/**
 * The inches a maneuver fraction allows (NW §9.0 example L305: 10" × ¾ = 7½"). Under HR N-17
 * (`road.bonusBeforeFraction`) the road bonus joins the allowance before the fraction.
 * Quarter-inch results are exact in binary arithmetic (dyadic), so no rounding arises.
 */
export function maneuverInches(allowance: number, fraction: MoveFraction, roadBonus: number, settings: NwSettings): number {
  const q = MOVE_FRACTION_QUARTERS[fraction];
  if (q === 0) return 0;
  return settings.road.bonusBeforeFraction ? ((allowance + roadBonus) * q) / 4 : (allowance * q) / 4 + roadBonus;
}

/** NW §9.5 note 6 L300: the road bonus is up to 6" (entirely on road, never within 6" of non-routed enemy). */
export const ROAD_BONUS_MAX_INCHES = 6;
/** NW §9.0 C.8 L242: reinforcements get a full move on entry with no roll. */
export const REINFORCEMENTS_ENTRY: MoveFraction = 'full';
