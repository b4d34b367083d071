import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import { REACTION_MODIFIERS, REACTION_NEED, REACTION_OPTIONS, reacts, type ReactionCondition } from '../tables/reaction';
import { naturalOf, tableModifiers, type Procedure } from './common';

/**
 * N7 Cavalry reaction — NW §10.1 L355, Cavalry Reaction Table chart L796-807 (DIGEST §3(b) N7):
 * 2d6 + cumulative modifiers ≥ 7 reacts. Eligibility (zone, priority) is the caller's geometry.
 */

export const REACTION_RULE = 'NW §10.1';

export interface ReactionInput {
  readonly unit: string;
  /** Whether the cavalry was contacted (decides its options, §10.2 L359-361). */
  readonly contacted: boolean;
  readonly conditions: readonly ReactionCondition[];
}

export interface ReactionResult {
  readonly natural: number;
  readonly total: number;
  readonly reacts: boolean;
  /** Its options on a success (§10.2 L359-361); empty on a failure. */
  readonly options: readonly string[];
}

/** N7: roll a cavalry reaction (NW §10.1 L355; chart L800-807). */
export function rollReaction(input: ReactionInput, dice: Dice): Procedure<ReactionResult> {
  const modifiers = tableModifiers(REACTION_MODIFIERS, input.conditions);
  const roll = ruleRoll(dice, '2d6', { rule: REACTION_RULE, purpose: 'cavalry reaction', subject: input.unit, modifiers });
  const total = roll.rolled.total;
  const ok = reacts(total);
  const options = ok ? (input.contacted ? REACTION_OPTIONS.contacted : REACTION_OPTIONS.notContacted) : [];
  const tableRow = ok
    ? `Cavalry Reaction Table chart L800, ${REACTION_NEED}+: reacts (${options.join(' or ')})`
    : `Cavalry Reaction Table chart L800, below ${REACTION_NEED}: does not react`;
  return { result: { natural: naturalOf(total, modifiers), total, reacts: ok, options }, events: [roll.event(tableRow)] };
}
