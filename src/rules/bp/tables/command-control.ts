import type { ControlClass } from './vocabulary';

/**
 * B&P Command Figures (L200-202) and the Optional Rules (L204-208).
 */

/** B&P L202: what a command figure gives every stand within 4" of it. */
export const COMMAND_FIGURE = {
  radiusInches: 4,
  /** +1 on all morale checks. */
  morale: 1,
  /** +1 on the die that determines a melee. */
  meleeDie: 1,
  /** +1 to the value of each figure in melee. */
  pointsPerFigure: 1,
  /** "No influence in morale or melee for units in skirmish order", nor in buildings. */
  notForSkirmishOrder: true,
  notInBuildings: true,
  /** "The attacking unit must roll a 12 with the dice" (which dice: HR B-14, `command.killDice`). */
  killedOn: 12,
  line: 202,
} as const;

/** B&P L206: the Control roll. 1-3 full move, 4-6 half. */
export const CONTROL_ROLL = { fullOn: [1, 2, 3], halfOn: [4, 5, 6], line: 206 } as const;

/** B&P L206: who rolls. A never; B "every other turn" (which turns: HR B-12); C every turn. */
export const CONTROL_CLASS_RULE = {
  A: 'never',
  B: 'every-other-turn',
  C: 'every-turn',
} as const satisfies Record<ControlClass, string>;

/** What a Control die face means. */
export const controlResult = (face: number): 'full' | 'half' => (face <= 3 ? 'full' : 'half');

/** B&P L208: green troops (levies, militia, landwehr, poor morale): −1 on all morale, melee and fire die rolls. */
export const GREEN_TROOPS = { morale: -1, melee: -1, fire: -1, line: 208 } as const;
