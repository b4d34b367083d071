import { assertInteger, type CavalryWeight, netModifier, type Modifier } from './vocabulary';

/** N7 Cavalry reaction (NW §10.0-10.2 L345-361; chart L796-807). */

/** §10.1 L355, chart L800: the modified 2d6 must be 7 or higher. */
export const REACTION_NEED = 7;

/** §10.0 L347: the reaction zone reaches 6" for heavy cavalry, 8" for all other (= ½ allowance, N-33). */
export const REACTION_ZONE_INCHES = { light: 8, medium: 8, heavy: 6 } as const satisfies Record<CavalryWeight, number>;
/** §10.0 L347: the zone spans the frontal perspective and up to 45° off the front. */
export const REACTION_ZONE_DEGREES = 45;

/** Conditions of the reaction modifiers. */
export const REACTION_CONDITIONS = [
  'fresh', 'spent', 'general-attached', 'conscript', 'within-3-of-valorous', 'militia', 'guard', 'disordered', 'elite', 'worn',
  'veteran', 'command-fatigued', 'target-of-a-charge',
] as const;
/** A condition of a reaction modifier. */
export type ReactionCondition = (typeof REACTION_CONDITIONS)[number];

/** Cavalry Reaction Table modifiers, chart L801-807 (cumulative). */
export const REACTION_MODIFIERS = [
  { condition: 'fresh', value: 2, ref: 'chart L801' },
  { condition: 'spent', value: -2, ref: 'chart L801' },
  { condition: 'general-attached', value: 1, ref: 'chart L802' },
  { condition: 'conscript', value: -1, ref: 'chart L802' },
  { condition: 'within-3-of-valorous', value: 1, ref: 'chart L803' },
  { condition: 'militia', value: -2, ref: 'chart L803' },
  { condition: 'guard', value: 3, ref: 'chart L804' },
  { condition: 'disordered', value: -1, ref: 'chart L804' },
  { condition: 'elite', value: 2, ref: 'chart L805' },
  { condition: 'worn', value: -1, ref: 'chart L805 (HR N-16: the only Worn effect)' },
  { condition: 'veteran', value: 1, ref: 'chart L806' },
  { condition: 'command-fatigued', value: -1, ref: 'chart L806; Ch.II §4.0 L587' },
  { condition: 'target-of-a-charge', value: 2, ref: 'chart L807' },
] as const satisfies readonly Modifier<ReactionCondition>[];

/** Net reaction modifier. */
export const reactionModifier = (conditions: readonly ReactionCondition[]): number =>
  netModifier(REACTION_MODIFIERS, conditions);

/** True when the cavalry may react. */
export function reacts(modifiedRoll: number): boolean {
  assertInteger(modifiedRoll, 'reaction roll');
  return modifiedRoll >= REACTION_NEED;
}

/** §10.2 L359-361: the options on a success. */
export const REACTION_OPTIONS = {
  contacted: ['countercharge', 'evade'],
  notContacted: ['charge-activating-unit'],
} as const;
/** §10.2 L359: after evading (a full move away) the cavalry is disordered unless it has an SK rating. */
export const evadeDisorders = (skValue: number): boolean => skValue === 0;
