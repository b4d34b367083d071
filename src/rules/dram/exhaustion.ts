import type { Dice } from '../../dice/dice';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { ruleRoll } from '../roll';
import { nearestEnemy } from './geo';
import { liveStands, type DramState, type Stand } from './state';
import { exhaustionResult } from './tables';
import { commit, draft, patchStand, sortedIds } from './update';

/**
 * DRAM §2 phase 2 — exhaustion tests (§3 L47-54) and compulsory order changes.
 * A stand tests when its SP first falls to 50% or less of its starting value, and again on
 * any later turn in which it took losses. One die, no modifiers: below SP carry on, equal
 * no advance this turn, above adopt D orders at once and fall back until a general changes
 * the order. HR D-10: a stand on R orders with an enemy within 1 mile is changed to D.
 */
export function exhaustionPhase(state: DramState, dice: Dice): Step<DramState> {
  // One draft for the phase: patches in place, not a copy of every stand each (issue 12).
  const s = draft(state);
  const events: GameEvent[] = [];
  for (const stand of sortedIds(liveStands(state))) {
    if (qualifies(stand)) {
      const roll = ruleRoll(dice, '1d6', { rule: 'DRAM §3', purpose: 'exhaustion test', subject: stand.id });
      const die = roll.rolled.total;
      const result = exhaustionResult(die, stand.sp);
      events.push(roll.event(`${die} ${die < stand.sp ? '<' : die === stand.sp ? '=' : '>'} SP ${stand.sp}: ${RESULT_TEXT[result]}`));
      patchStand(s, stand.id, { halfTested: true, lossesSinceTest: 0 });
      if (result === 'no-advance') {
        patchStand(s, stand.id, { noAdvance: true });
        events.push({ kind: 'status', rule: 'DRAM §3', unit: stand.id, status: 'no-advance', on: true, reason: 'exhaustion test: die equal to SP' });
      } else if (result === 'fall-back') {
        patchStand(s, stand.id, { order: 'D', fallingBack: true });
        if (stand.order !== 'D') events.push({ kind: 'order', rule: 'DRAM §3', unit: stand.id, from: stand.order, to: 'D', reason: 'exhaustion test: die above SP' });
        events.push({ kind: 'status', rule: 'DRAM §3', unit: stand.id, status: 'falling-back', on: true, reason: 'exhaustion test: die above SP; falls back until a general changes its order' });
      }
    } else if (stand.lossesSinceTest > 0) {
      patchStand(s, stand.id, { lossesSinceTest: 0 });
    }
  }
  if (state.settings.orders.reserveContact === 'force-D') {
    for (const stand of sortedIds(liveStands(s))) {
      if (stand.order !== 'R') continue;
      const near = nearestEnemy(s, stand, 1);
      if (near && near.miles <= 1) {
        patchStand(s, stand.id, { order: 'D' });
        events.push({ kind: 'order', rule: 'DRAM §5, HR D-10', unit: stand.id, from: 'R', to: 'D', reason: `enemy ${near.stand.id} within 1 mile (${near.miles.toFixed(2)} mi): Reserve is not possible` });
      }
    }
  }
  return { state: commit(s), events };
}

/** DRAM §3: first time at ≤ 50% of starting SP, or any later turn with losses. */
export function qualifies(stand: Stand): boolean {
  if (!stand.halfTested) return stand.sp * 2 <= stand.spStart;
  return stand.lossesSinceTest > 0;
}

const RESULT_TEXT = {
  'carry-on': 'no effect, carry on',
  'no-advance': 'no advance towards the enemy this turn',
  'fall-back': "adopts 'D' orders and falls back",
} as const;
