import type { Problem } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { distance } from '../../geometry/vector';
import type { AnrtOrder } from '../orders';
import { liveUnits, phasingSide, type AnrtState, type AnrtUnit } from '../state';
import { ONE_HIT, RECOVER_DISORDER } from '../tables/withdrawals';
import { coverOf } from '../terrain';
import { canFire, inFront, problem } from './common';
import { qrsKnown } from './gm';
import { withdrawUnit } from './withdraw';

/**
 * One-hit units (L204) and recovering disorder (L931), from the state:
 * - a unit with one hit left cannot advance (orders.ts) and every order of it costs +1 pip; one
 *   given no order must be held with `/move to:hold` (the +1 pip alone) or it withdraws a move as
 *   its side's orders are carried out (a withdrawal, phases/withdraw.ts, from the nearest enemy).
 *   In hard cover it need not withdraw: unpaid, it "goes to ground" and does not fire that turn.
 * - recovering disorder (`/formation` the same formation) takes the move stationary (no move of
 *   the unit that phase) and, out of hard cover, is barred while it is under musketry fire (ANRT-W6).
 * Hard cover (ANRT-W7): fortifications and, for infantry in them, buildings (terrain.ts).
 */

/** `/move to:hold` (or here, stay): a one-hit unit pays its pip to keep its ground (L204). */
export const isHold = (o: Extract<AnrtOrder, { kind: 'move' }>): boolean => ['hold', 'here', 'stay'].includes(o.to.trim().toLowerCase());

export const hardCover = (s: AnrtState, u: AnrtUnit): boolean => { const c = coverOf(s, u); return c === 'hard' || c === 'buildings'; };

/**
 * "Under musketry fire" (L931, ANRT-W6): an enemy able to fire musketry (infantry, formed, not
 * routed) has the unit in its front arc within the QRS long musketry range — it would be fired at
 * in the fire that follows. With the range not yet entered nor ruled, nobody is under fire.
 */
export function underMusketry(s: AnrtState, u: AnrtUnit): AnrtUnit | undefined {
  const range = qrsKnown(s, 'musketry.range.long');
  if (range === undefined) return undefined;
  return liveUnits(s).filter((e) => e.side !== u.side && e.arm === 'infantry' && canFire(e) && distance(e.at, u.at) <= range + 1e-6 && inFront(e, u.at))
    .sort((a, b) => distance(a.at, u.at) - distance(b.at, u.at) || a.id.localeCompare(b.id))[0];
}

/** Why a disordered unit may not recover this phase (L931), if it may not. */
export function recoveryBarred(s: AnrtState, u: AnrtUnit, others: readonly AnrtOrder[]): Problem | null {
  if (RECOVER_DISORDER.stationary && others.some((p) => p.kind === 'move' && p.unit === u.id && !isHold(p))) {
    return problem('order/recover-stationary', `${u.name} must spend a move stationary to recover from disorder (L931): it has a move ordered this phase.`, 'Post the move again next phase, or recover now and move later.');
  }
  if (RECOVER_DISORDER.hardCoverIgnoresMusketry && hardCover(s, u)) return null;
  const e = underMusketry(s, u);
  return e ? problem('order/recover-under-fire', `${u.name} cannot recover from disorder under musketry fire (L931): ${e.name} has it in front within musketry range.`, 'Fall back out of musketry range first, or into hard cover (buildings or works), where it may recover under fire.') : null;
}

/** Orders that pay a unit's pips this phase (a move, a hold, a formation change or recovery, a charge). */
const paid = (accepted: readonly AnrtOrder[]): Set<string> => new Set(accepted.flatMap((o) => (o.kind === 'move' || o.kind === 'formation' || o.kind === 'charge' ? [o.unit] : [])));

/**
 * L204 as the mover's orders are carried out: each of its one-hit units whose +1 pip was not paid
 * withdraws one move, or, in hard cover, goes to ground (no fire this turn, `toGround`).
 */
export function oneHitUnpaid(s0: AnrtState, accepted: readonly AnrtOrder[]): { s: AnrtState; events: GameEvent[] } {
  const side = phasingSide(s0);
  const paidFor = paid(accepted);
  let s = s0;
  const events: GameEvent[] = [];
  const ground: Record<string, number> = {};
  for (const u of liveUnits(s0).filter((x) => x.side === side && x.hits === 1 && !x.routed && !x.abandoned && !paidFor.has(x.id)).sort((a, b) => a.id.localeCompare(b.id))) {
    if (ONE_HIT.hardCoverStays && hardCover(s, u)) {
      ground[u.id] = s.turn;
      events.push({ kind: 'note', rule: 'ANRT L204', text: `${u.id} has one hit left and its pip was not paid: in hard cover it need not withdraw, but goes to ground and does not fire this turn.` });
      continue;
    }
    events.push({ kind: 'note', rule: 'ANRT L204', text: `${u.id} has one hit left and its pip was not paid (/move to:hold): it withdraws one move.` });
    const r = withdrawUnit(s, u.id);
    s = r.s; events.push(...r.events);
  }
  return { s: Object.keys(ground).length ? { ...s, toGround: { ...(s.toGround ?? {}), ...ground } } : s, events };
}
