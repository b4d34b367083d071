/**
 * NW vocabulary, declared once (STYLE.md: `as const` tuples, types derived from them).
 * Names follow the rule text (Napoleon's Wars, David Bush 2003); cite as `NW §n Lnn`.
 */

/** Arms of a unit (NW §1.0 L9-11; DIGEST 3(c)). */
export const ARMS = ['infantry', 'cavalry', 'artillery'] as const;
/** The arm of a brigade or battery. */
export type Arm = (typeof ARMS)[number];

/** Cavalry "weight" printed on the label (NW §2.0 L34; national ratings L850-1138). */
export const CAVALRY_WEIGHTS = ['light', 'medium', 'heavy'] as const;
/** A cavalry brigade's weight. */
export type CavalryWeight = (typeof CAVALRY_WEIGHTS)[number];

/** Gun weight classes (NW §8.4 L180-183, chart L715-718). */
export const GUN_WEIGHTS = ['light', 'medium', 'heavy'] as const;
/** A battery's weight class: light 3-4 lb, medium 6-9 lb, heavy 10+ lb. */
export type GunWeight = (typeof GUN_WEIGHTS)[number];

/** Foot or horse artillery (NW §2.0 L31). */
export const ARTILLERY_KINDS = ['foot', 'horse'] as const;
/** Whether a battery is foot or horse. */
export type ArtilleryKind = (typeof ARTILLERY_KINDS)[number];

/** Officer ranks (NW §4.0 L51-57; bases §1.0 L9). */
export const OFFICER_RANKS = ['general', 'commander', 'cinc'] as const;
/** An officer's rank: general (incl. ADC), corps/wing commander, army CinC. */
export type OfficerRank = (typeof OFFICER_RANKS)[number];

/** The six quality classes, best first (NW Ch.II §2.0 L451-463). */
export const QUALITIES = ['guard', 'elite', 'veteran', 'line', 'conscript', 'militia'] as const;
/** A unit's morale/quality class. */
export type Quality = (typeof QUALITIES)[number];

/** Label abbreviations seen in the text ("Vet." L37, "LN." L47). */
export const QUALITY_LABELS = {
  guard: 'Guard', elite: 'Elite', veteran: 'Vet', line: 'LN', conscript: 'Conscript', militia: 'Militia',
} as const satisfies Record<Quality, string>;

/** Officer skill ratings, best first (NW Ch.II §3.1 L539-547); labels use E/G/A/P (L40-41). */
export const SKILLS = ['excellent', 'good', 'average', 'poor'] as const;
/** A commander's or CinC's skill rating. */
export type Skill = (typeof SKILLS)[number];
/** The one-letter label codes (NW §2.0 L40 "G", L41 "E"). */
export const SKILL_CODES = { excellent: 'E', good: 'G', average: 'A', poor: 'P' } as const satisfies Record<Skill, string>;

/** Formation status of a brigade (NW §3.0 L45, §11.4-11.5; DIGEST 3(c) `status`). */
export const STATUSES = ['good-order', 'disordered', 'routed'] as const;
/** A brigade's (or battery's) order status. */
export type Status = (typeof STATUSES)[number];

/** Artillery step and suppression flags (NW §8.4 L196, §11.6 L411-413). */
export const ARTILLERY_CONDITIONS = ['full', 'damaged', 'suppressed', 'damaged-and-suppressed'] as const;
/** A battery's fire condition. */
export type ArtilleryCondition = (typeof ARTILLERY_CONDITIONS)[number];

/** Brigade fatigue states (NW Ch.II §2.6 L500). 'eliminated' at 0 s.p. (§3.0 L45). */
export const FATIGUE_STATES = ['fresh', 'worn', 'spent', 'eliminated'] as const;
/** A brigade's fatigue state. */
export type FatigueState = (typeof FATIGUE_STATES)[number];

/** Higher-command morale levels (NW Ch.II §4.0 L583-585). */
export const MORALE_LEVELS = ['good', 'average', 'poor'] as const;
/** An army's or command's morale level. */
export type MoraleLevel = (typeof MORALE_LEVELS)[number];

/** Skirmish values (NW §7.1 L87-91). */
export const SK_VALUES = [0, 1, 2] as const;
/** A unit's skirmish value. */
export type SkValue = (typeof SK_VALUES)[number];

/** Weather the rules distinguish (NW §7.8 L146-148, §8.4 L192, §9.4, §9.51). */
export const WEATHERS = ['clear', 'fog', 'rain', 'snow'] as const;
/** Precipitation/visibility of a turn (mud is a ground condition, see GROUNDS). */
export type Weather = (typeof WEATHERS)[number];
/** Ground conditions (NW §9.4 L275-277). */
export const GROUNDS = ['normal', 'mud'] as const;
/** Ground condition of a turn. */
export type Ground = (typeof GROUNDS)[number];

/** Nationalities the tables name (modifiers L187-190, L384, L388-389; movement L250-252). */
export const NATIONALITIES = [
  'french', 'british', 'prussian', 'austrian', 'russian', 'spanish', 'ottoman', 'swedish', 'portuguese', 'other',
] as const;
/** A nationality that some table distinguishes ('other' = none of those). */
export type Nationality = (typeof NATIONALITIES)[number];

/** Maneuver results (NW chart L634-640). */
export const MOVE_FRACTIONS = ['hold', 'quarter', 'half', 'three-quarters', 'full'] as const;
/** Fraction of the movement allowance a result grants. */
export type MoveFraction = (typeof MOVE_FRACTIONS)[number];
/** Quarters of the allowance per fraction (exact: allowance × q / 4). */
export const MOVE_FRACTION_QUARTERS = { hold: 0, quarter: 1, half: 2, 'three-quarters': 3, full: 4 } as const satisfies Record<MoveFraction, number>;

/** Faces of a d6; NW rolls 2d6 (§1.4 L27) except replacement, pursuit and rockets (1d6). */
export const DIE_FACES = [1, 2, 3, 4, 5, 6] as const;
/** A face of a d6. */
export type DieFace = (typeof DIE_FACES)[number];

export const isQuality = (x: unknown): x is Quality => typeof x === 'string' && (QUALITIES as readonly string[]).includes(x);
export const isSkill = (x: unknown): x is Skill => typeof x === 'string' && (SKILLS as readonly string[]).includes(x);
export const isDieFace = (x: unknown): x is DieFace => typeof x === 'number' && (DIE_FACES as readonly number[]).includes(x);

/** Throws on an impossible d6 face: the engine passes faces in, so a bad one is a bug. */
export function assertDieFace(face: number, what: string): asserts face is DieFace {
  if (!isDieFace(face)) throw new RangeError(`NW ${what}: a d6 cannot show ${face}`);
}

/** Throws on a natural 2d6 total outside 2-12 (a bug, not a user error). */
export function assertNatural2d6(total: number, what: string): void {
  if (!Number.isInteger(total) || total < 2 || total > 12) throw new RangeError(`NW ${what}: 2d6 cannot total ${total}`);
}

/** Throws unless `n` is a whole number (modified totals are integers in NW). */
export function assertInteger(n: number, what: string): void {
  if (!Number.isSafeInteger(n)) throw new RangeError(`NW ${what}: expected a whole number, got ${n}`);
}

/** One row of a chart's modifier list: the condition it names, its value and where it is printed. */
export interface Modifier<C extends string> { readonly condition: C; readonly value: number; readonly ref: string }

/** The net of a cumulative modifier list: every row whose condition holds counts once. */
export const netModifier = <C extends string>(table: readonly Modifier<C>[], conditions: readonly C[]): number =>
  table.reduce((s, m) => (conditions.includes(m.condition) ? s + m.value : s), 0);
