import { assertInteger, type Quality, netModifier, type Modifier } from './vocabulary';

/** N9 Rally (NW §12.0.1 L431; chart L809-829). [OCR] header "rung rubic (ron 200) rin mounters" (N-32). */

/** Rally Table, chart L812-818: the modified 2d6 needed to rally. */
export const RALLY_TABLE = {
  guard: 4, // L813
  elite: 5, // L814
  veteran: 6, // L815
  line: 7, // L816
  conscript: 8, // L817
  militia: 9, // L818
} as const satisfies Record<Quality, number>;

/** Conditions of the rally modifiers. */
export const RALLY_CONDITIONS = ['fresh', 'outside-command-radius', 'general-attached', 'spent', 'within-3-of-valorous-or-cinc'] as const;
/** A condition of a rally modifier. */
export type RallyCondition = (typeof RALLY_CONDITIONS)[number];

/** Rally modifiers, chart L820-827 (HR N-26: V commander or CinC is ONE +1). */
export const RALLY_MODIFIERS = [
  { condition: 'fresh', value: 2, ref: 'chart L820' },
  { condition: 'outside-command-radius', value: -1, ref: 'chart L822' },
  { condition: 'general-attached', value: 1, ref: 'chart L824' },
  { condition: 'spent', value: -2, ref: 'chart L826' },
  { condition: 'within-3-of-valorous-or-cinc', value: 1, ref: 'chart L827' },
] as const satisfies readonly Modifier<RallyCondition>[];

/** Net rally modifier. */
export const rallyModifier = (conditions: readonly RallyCondition[]): number =>
  netModifier(RALLY_MODIFIERS, conditions);

/** §12.0.1 L431: "equal to or higher than the number listed" rallies (then faces the enemy, disordered). */
export function rallies(quality: Quality, modifiedRoll: number): boolean {
  assertInteger(modifiedRoll, 'rally roll');
  return modifiedRoll >= RALLY_TABLE[quality];
}

/** §12.0.1 L431: what follows a rally roll. */
export const RALLY_OUTCOME = {
  success: { faceEnemy: true, status: 'disordered' },
  failure: { moveAwayInches: 3 },
  routedOffTableFatigueLoss: { num: 1, den: 2 },
} as const;
