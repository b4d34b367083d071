import { FORMATIONS } from '../battalion/formations';

/**
 * The words a scenario file may use, declared once (STYLE.md: `as const` tuples, types derived).
 * Ruleset-independent: a ruleset narrows them through its profile (profiles.ts).
 */
export { RULESET_IDS, type RulesetId } from '../contract';

/** Arms a unit may belong to. DRAM uses five of them (DRAM §7); NW also knows medium cavalry and horse artillery (NW 3(c)). */
export const ARMS = ['infantry', 'light-cavalry', 'medium-cavalry', 'heavy-cavalry', 'artillery', 'horse-artillery', 'wagons'] as const;
/** The arm of a unit. */
export type Arm = (typeof ARMS)[number];

/** Levels of command, top down (DIGEST 1(c) general.level; NW also has division generals). */
export const GENERAL_LEVELS = ['army', 'wing', 'corps', 'division', 'brigade'] as const;
/** The level a general commands at. */
export type GeneralLevel = (typeof GENERAL_LEVELS)[number];

/** Troop grade of DRAM §10 (L191-201), best first, in the words of src/rules/dram/strength.ts; the SP modifier is the calculator's business. */
export const GRADES = ['excellent', 'good-guards', 'good-line', 'average-line', 'poor-line', 'awful'] as const;
/** A troop grade (DRAM §10: Old Guard, Young Guard, most British, later French, Landwehr, Spanish). */
export type Grade = (typeof GRADES)[number];

/** Officer corps quality of DRAM §10 (L203-205); "average" is the implied 0 (HR D-5). */
export const OFFICER_CORPS = ['good', 'average', 'poor'] as const;
/** Quality of a unit's officer corps. */
export type OfficerCorps = (typeof OFFICER_CORPS)[number];

/** Gun weight of DRAM §10 (L207-209): heavy = mostly 12pdr+, medium = 8-9pdr (HR D-5), light = mostly 6pdr or lighter. */
export const GUN_WEIGHTS = ['heavy', 'medium', 'light'] as const;
/** What most of a unit's guns are. */
export type GunWeight = (typeof GUN_WEIGHTS)[number];

/** Compass words accepted for a facing, with their degrees (0 = north, clockwise; geometry/types.ts). */
export const COMPASS = { N: 0, NE: 45, E: 90, SE: 135, S: 180, SW: 225, W: 270, NW: 315 } as const;
/** A compass word. */
export type CompassPoint = keyof typeof COMPASS;

/** Written in a deployment instead of a place: the unit starts off the table and arrives as a reinforcement. */
export const OFF_TABLE = 'off-table';

/** Objective `side` meaning "whichever side holds it scores". */
export const ANY_SIDE = 'any';

/** How a unit's strength is given: DRAM §10's strength points or history, or figures (B&P L12). */
export const STRENGTH_KINDS = ['sp', 'historical', 'figures'] as const;
/** One way to give strength. */
export type StrengthKind = (typeof STRENGTH_KINDS)[number];

/**
 * Starting formations of a unit of several stands: the battalion layer's (src/rules/battalion/formations.ts)
 * and A Near Run Thing's reinforced line (ANRT-RL1), which only a profile listing it accepts.
 */
export const UNIT_FORMATIONS = [...FORMATIONS, 'reinforced-line'] as const;
export type UnitFormation = (typeof UNIT_FORMATIONS)[number];
