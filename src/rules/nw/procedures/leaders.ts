import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import { LEADER_LOSS, leaderKilled } from '../tables/leaders';
import type { Procedure } from './common';

/**
 * N6 Leader losses (DIGEST §3(b) N6):
 * - 'enemyPassesThrough' — §9.3.2 L267: 2d6, 12 kills; otherwise the owner moves him 3".
 * - 'crtBrokenOrRecule' — CRT L769, L775: 2d6 10+ kills the attached general / V commander used.
 * - 'crtCrushed' — CRT L767: killed outright, no roll.
 * - 'skirmishOrFireNatural' — §7.7 L138, §8.4 L198: the FIRER's natural 2d6 (no new roll), 12 kills.
 */

export type LeaderLossTrigger = keyof typeof LEADER_LOSS;

export const LEADER_LOSS_RULES = {
  enemyPassesThrough: 'NW §9.3.2',
  crtBrokenOrRecule: 'NW §11.0 CRT',
  crtCrushed: 'NW §11.0 CRT',
  skirmishOrFireNatural: 'NW §7.7 / §8.4',
} as const satisfies Record<LeaderLossTrigger, string>;

const REFS = {
  enemyPassesThrough: 'L267', crtBrokenOrRecule: 'chart L769, L775', crtCrushed: 'chart L767', skirmishOrFireNatural: 'L138, L198',
} as const satisfies Record<LeaderLossTrigger, string>;

export interface LeaderLossInput {
  readonly officer: string;
  readonly trigger: LeaderLossTrigger;
  /** 'skirmishOrFireNatural' only: the firer's natural 2d6, already rolled. */
  readonly natural?: number;
}

export interface LeaderLossResult {
  readonly killed: boolean;
  /** Whether this procedure rolled dice (not for 'crtCrushed' or 'skirmishOrFireNatural'). */
  readonly rolled: boolean;
  readonly natural?: number;
  /** §9.3.2 L267: a survivor of an enemy passing through is moved 3" by his owner. */
  readonly displaceInches?: 3;
}

/** N6: roll (or read) whether an officer is killed. */
export function rollLeaderLoss(input: LeaderLossInput, dice: Dice): Procedure<LeaderLossResult> {
  const rule = LEADER_LOSS_RULES[input.trigger];
  const need = LEADER_LOSS[input.trigger];
  const events: GameEvent[] = [];
  let natural: number | undefined;
  let rolled = false;
  if (input.trigger === 'enemyPassesThrough' || input.trigger === 'crtBrokenOrRecule') {
    const roll = ruleRoll(dice, '2d6', { rule, purpose: 'leader loss', subject: input.officer });
    natural = roll.rolled.total;
    rolled = true;
    const killed = leaderKilled(input.trigger, natural);
    const below = input.trigger === 'enemyPassesThrough' ? 'moved 3" by his owner' : 'survives';
    events.push(roll.event(`${REFS[input.trigger]}, ${killed ? `${need}+: killed` : `2-${(need as number) - 1}: ${below}`}`));
  } else if (input.trigger === 'skirmishOrFireNatural') {
    if (input.natural === undefined) throw new RangeError('NW leader loss: skirmishOrFireNatural needs the firer\'s natural 2d6');
    natural = input.natural;
  } else if (input.natural !== undefined) {
    throw new RangeError('NW leader loss: crtCrushed takes no roll');
  }
  const killed = leaderKilled(input.trigger, natural);
  if (killed) {
    const why = { enemyPassesThrough: `rolled ${natural} as an enemy passed through his stand`, crtBrokenOrRecule: `rolled ${natural} on the CRT leader check`, crtCrushed: 'his unit was crushed', skirmishOrFireNatural: 'shot by a natural 12' }[input.trigger];
    events.push({ kind: 'general', rule: `${rule} ${REFS[input.trigger]}`, general: input.officer, what: 'killed', detail: why });
  }
  return {
    result: {
      killed, rolled, ...(natural !== undefined ? { natural } : {}),
      ...(!killed && input.trigger === 'enemyPassesThrough' ? { displaceInches: 3 as const } : {}),
    },
    events,
  };
}
