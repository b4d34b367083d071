import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import { rallies, RALLY_MODIFIERS, RALLY_OUTCOME, RALLY_TABLE, type RallyCondition } from '../tables/rally';
import { QUALITIES, type Quality } from '../tables/vocabulary';
import { naturalOf, tableModifiers, type Procedure } from './common';

/**
 * N9 Rally — NW §12.0.1 L431, Rally Table chart L809-829 (DIGEST §3(b) N9): 2d6 + modifiers
 * "equal to or higher than the number listed" for the unit's quality rallies: it faces the enemy
 * and is disordered; otherwise it moves 3" further from the enemy. HR N-26: the V commander /
 * CinC +1 is one modifier.
 */

export const RALLY_RULE = 'NW §12.0.1';

export interface RallyInput {
  readonly unit: string;
  readonly quality: Quality;
  readonly conditions: readonly RallyCondition[];
}

export interface RallyResult {
  readonly natural: number;
  readonly total: number;
  readonly need: number;
  readonly rallies: boolean;
  /** Success: face the enemy, disordered. Failure: move 3" away from the enemy (L431). */
  readonly outcome: typeof RALLY_OUTCOME.success | typeof RALLY_OUTCOME.failure;
}

/** N9: roll to rally a routed unit (NW §12.0.1 L431; chart L812-827). */
export function rollRally(input: RallyInput, dice: Dice): Procedure<RallyResult> {
  const modifiers = tableModifiers(RALLY_MODIFIERS, input.conditions);
  const roll = ruleRoll(dice, '2d6', { rule: RALLY_RULE, purpose: 'rally', subject: input.unit, modifiers });
  const total = roll.rolled.total;
  const need = RALLY_TABLE[input.quality];
  const ok = rallies(input.quality, total);
  const line = 813 + QUALITIES.indexOf(input.quality);
  const tableRow = `Rally Table chart L${line}, ${input.quality} ${need}+: ${ok ? 'rallies (faces the enemy, disordered)' : 'fails (moves 3" away from the enemy)'}`;
  return {
    result: { natural: naturalOf(total, modifiers), total, need, rallies: ok, outcome: ok ? RALLY_OUTCOME.success : RALLY_OUTCOME.failure },
    events: [roll.event(tableRow)],
  };
}
