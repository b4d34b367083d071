import { err, ok, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { pathCost } from '../../geometry/cost';
import { BP_COST, centreOf } from '../ground';
import { BP_FIXED_RULINGS } from '../settings';
import { MIN_GUN_CREW } from '../tables/fire';
import { moveAllowance } from '../tables/movement';
import { isLive, phasingSide, withUnit, type BpCrewTransfer, type BpState, type BpUnit } from '../state';
import { problem } from './common';

/**
 * Gun crews (L97, HR B-17): "A minimum of three figures are needed to move or fire a gun. If
 * the gun crew is reduced below three men, the crew can either reinforce another gun crew or be
 * reinforced in turn. However, the movement of gunners will take a full move, and another turn
 * is needed to integrate the new arrivals."
 *
 * Rulings:
 *  BP-18 A transfer is the giving gun's act for its side's move period: it counts as that gun's
 *        move (so it neither moves nor fires, L32). Gunners walk at their arm's move (artillery
 *        9", L38), priced along the straight line between the two guns like any move (woods,
 *        streams: 2" per 1", L43-46). One of the two guns must be below three crew (L97).
 *  BP-19 How many go: what the player says; otherwise, to a gun below three, as many as bring it
 *        (with crew already on the way) to three; from a gun below three, its whole crew. A gun
 *        left with no crew is abandoned (off the table, like a lost gun, L103).
 *  BP-20 On the way and while integrating (HR B-17: two of the owner's move periods, counted as
 *        they open), the gunners are off the table: fire cannot reach them and they do not count
 *        for the receiving gun. They join its crew as the second of those periods opens; if that
 *        gun is gone by then, they leave the field.
 */

const reach = (): number => moveAllowance({ arm: 'artillery', formation: 'line' });

/** Crew figures already on their way to `gun`. */
export const crewIncoming = (s: BpState, gun: string): number => (s.crewTransfers ?? []).filter((t) => t.to === gun).reduce((a, t) => a + t.figures, 0);

/** Why `from` may not send crew to `to` now, or null. */
export function cannotSendCrew(s: BpState, from: BpUnit, to: BpUnit): string | null {
  if (from.side !== phasingSide(s)) return `${from.id} acts in its own side's move period`;
  if (from.arm !== 'artillery' || !isLive(from)) return `${from.id} is not a battery on the table`;
  if (to.arm !== 'artillery' || !isLive(to) || to.side !== from.side) return `${to.id} is not one of your batteries on the table`;
  if (to.id === from.id) return 'a crew cannot reinforce its own gun';
  if (s.log.moved[from.id] || s.log.pivoted.includes(from.id)) return `${from.id} has already moved this move period (L32)`;
  if (s.log.fired.includes(from.id)) return `${from.id} fired: its gunners cannot also walk this move period (L32, L97)`;
  if (from.stands[0]! >= MIN_GUN_CREW && to.stands[0]! + crewIncoming(s, to.id) >= MIN_GUN_CREW) {
    return `neither gun is below ${MIN_GUN_CREW} crew (L97: a crew below three reinforces another gun or is reinforced)`;
  }
  const cost = pathCost([centreOf(from), centreOf(to)], s.map.terrain, BP_COST).total;
  if (cost > reach() + 1e-6) return `${to.id} is ${Math.round(cost * 10) / 10}" of movement away; gunners walk ${reach()}" in a move (L38, BP-18)`;
  return null;
}

/** The crew action: the gunners leave at once and serve the other gun two own move periods later. */
export function crewAction(s: BpState, fromId: string, toId: string, figures: number | undefined): Result<Step<BpState>> {
  const from = s.units[fromId];
  const to = s.units[toId];
  if (!from || !to) return err(problem('action/unknown-unit', `No unit ${!from ? fromId : toId}.`));
  const why = cannotSendCrew(s, from, to);
  if (why) return err(problem('crew/illegal', `${fromId} may not send crew to ${toId}: ${why}.`, 'Only gunners of a gun below 3 crew, or gunners sent to one, cross between guns (L97).'));
  const have = from.stands[0]!;
  const need = Math.max(0, MIN_GUN_CREW - to.stands[0]! - crewIncoming(s, toId));
  const n = figures ?? (have < MIN_GUN_CREW ? have : Math.min(need, have));
  if (n < 1 || n > have) return err(problem('crew/figures', `${fromId} has ${have} crew; it cannot send ${n}.`, `Send between 1 and ${have}.`));
  const moves = BP_FIXED_RULINGS.crewReinforceMoves;
  const transfer: BpCrewTransfer = { side: from.side, from: fromId, to: toId, figures: n, movesLeft: moves };
  const left = have - n;
  let next = withUnit(s, { ...from, stands: left > 0 ? [left] : [], ...(left === 0 ? { gone: 'gun-lost' as const } : {}) });
  next = { ...next, crewTransfers: [...(s.crewTransfers ?? []), transfer], log: { ...next.log, moved: { ...next.log.moved, [fromId]: { spent: 0, allowance: 0 } } } };
  const events: GameEvent[] = [{ kind: 'note', rule: 'B&P L97', text: `${n} crew leave ${fromId} for ${toId}: one move to get there, another to integrate (HR B-17); ${toId} counts them from its side's move period after next.` }];
  if (left === 0) events.push({ kind: 'removed', rule: 'B&P L97', unit: fromId, at: from.pose.at, reason: `its whole crew went to ${toId}: the gun is abandoned (BP-19)` });
  return ok({ state: next, events });
}

/** As `side`'s move period opens: gunners on the way start integrating, integrated ones join their gun (BP-20). */
export function crewArrivals(s: BpState, side: string): { s: BpState; events: GameEvent[] } {
  const all = s.crewTransfers ?? [];
  if (!all.some((t) => t.side === side)) return { s, events: [] };
  let next = s;
  const events: GameEvent[] = [];
  const still: BpCrewTransfer[] = [];
  for (const t of all) {
    if (t.side !== side) { still.push(t); continue; }
    const movesLeft = t.movesLeft - 1;
    if (movesLeft > 0) {
      still.push({ ...t, movesLeft });
      events.push({ kind: 'note', rule: 'B&P L97', text: `${t.figures} crew from ${t.from} reach ${t.to} and integrate this move (HR B-17).` });
      continue;
    }
    const gun = next.units[t.to]!;
    if (!isLive(gun)) { events.push({ kind: 'note', rule: 'B&P L97', text: `${t.figures} crew from ${t.from} find no gun at ${t.to} and leave the field.` }); continue; }
    const crew = gun.stands[0]! + t.figures;
    next = withUnit(next, { ...gun, stands: [crew] });
    events.push({ kind: 'note', rule: 'B&P L97', text: `${t.figures} crew from ${t.from} join ${t.to}: it has ${crew} crew${crew >= MIN_GUN_CREW ? ' and may move and fire again' : ''}.` });
  }
  return { s: { ...next, crewTransfers: still }, events };
}
