import type { Dice } from '../../dice/dice';
import type { Modifier } from '../../dice/entry';
import type { Step } from '../contract';
import type { GameEvent } from '../events';
import { ruleRoll } from '../roll';
import { baseRadius } from '../geometry/base';
import { withinMiles } from './geo';
import { liveStands, presentGenerals, type DramState, type Stand } from './state';
import { REORGANISATION } from './tables';
import { standGrid } from './neighbours';
import { commit, draft, patchStand, sortedIds } from './update';

/**
 * DRAM §2 phase 6 — re-organisation (§9 L139-150). Infantry and cavalry stands on R orders
 * not engaged in combat roll 1D6: + CR of their own corps general (not in combat) within 1
 * mile, +1 a higher friendly general within 1 mile, −1 an enemy advancing or in contact
 * within 2 miles, −2 cavalry. 3+ regains 1 SP, never above the starting SP. The text says
 * "may attempt"; an attempt cannot hurt, so the engine attempts for every eligible stand
 * unless the game's `reorg.auto` setting is off.
 */
export function reorganisationPhase(state: DramState, dice: Dice): Step<DramState> {
  const events: GameEvent[] = [{ kind: 'phase', turn: state.turn, phase: 'dram/reorganisation', label: '6. Re-organisation' }];
  if (!state.settings.reorg.auto) return { state: { ...state, phase: 'orders' }, events };
  // One draft for the phase: each gain is patched in place, not a copy of every stand (issue 12).
  const s = draft(state);
  for (const stand of sortedIds(liveStands(s))) {
    if (!eligible(stand)) continue;
    const modifiers = reorgModifiers(s, stand);
    const roll = ruleRoll(dice, '1d6', { rule: 'DRAM §9', purpose: 're-organisation', subject: stand.id, modifiers });
    const success = roll.rolled.total >= REORGANISATION.success;
    const gain = success && stand.sp < stand.spStart ? 1 : 0;
    events.push(roll.event(success ? (gain ? 'net 3+: +1 SP' : 'net 3+, but already at full strength') : 'below 3: no change'));
    if (gain) {
      patchStand(s, stand.id, { sp: stand.sp + 1 });
      events.push({ kind: 'loss', rule: 'DRAM §9', unit: stand.id, amount: -1, remaining: stand.sp + 1, cause: 're-organisation' });
    }
  }
  return { state: { ...commit(s), phase: 'orders' }, events };
}

/** §9: infantry and cavalry on R orders, not engaged this turn. */
export function eligible(stand: Stand): boolean {
  return stand.order === 'R' && !stand.turnFlags.engaged && (stand.arm === 'infantry' || stand.arm === 'heavy-cavalry' || stand.arm === 'light-cavalry');
}

export function reorgModifiers(s: DramState, stand: Stand): Modifier[] {
  const mods: Modifier[] = [];
  const corpsGeneral = s.generals[s.corps[stand.corps]?.general ?? ''];
  if (corpsGeneral && corpsGeneral.status === 'present' && corpsGeneral.joined === null && withinMiles(s, corpsGeneral, stand, 1)) {
    mods.push({ label: `CR of ${corpsGeneral.name} within 1 mile`, value: corpsGeneral.cr });
  }
  const higher = presentGenerals(s).some((g) => g.side === stand.side && g.level !== 'corps' && withinMiles(s, g, stand, 1));
  if (higher) mods.push({ label: 'higher-level general within 1 mile', value: REORGANISATION.higherGeneral });
  // "Enemy advancing or in contact": an enemy stand on A orders (advancing) or engaged with us.
  // Only stands whose bounding circles come within 2 miles can be (the grid's broad phase).
  const threatened = standGrid(s).near(stand.pose.at, 2 * s.map.inchesPerMile + baseRadius(stand.base)).some((e) => e.onTable && !e.removed && e.side !== stand.side && (e.order === 'A' || stand.turnFlags.contacted) && withinMiles(s, e, stand, 2));
  if (threatened) mods.push({ label: 'enemy advancing or in contact within 2 miles', value: REORGANISATION.enemyNear });
  if (stand.arm === 'heavy-cavalry' || stand.arm === 'light-cavalry') mods.push({ label: 'cavalry', value: REORGANISATION.cavalry });
  return mods;
}
