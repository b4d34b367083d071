import { chargedSlot } from '../procedures/cards';
import type { SoloSettings } from '../settings';
import { unitById, type QueueCard, type SoloState } from '../state';

/**
 * The activation queue (KUR L8): the lowest card not yet done acts; a brigade card activates the
 * brigade's units that are within reach and have not acted, "in any sequence desired"; a charged
 * unit jumps ahead of the queue (K-10) and may act only against its charger.
 */

/** The card that acts next, or null when every card is done (the turn's activations are over). */
export function nextCard(s: SoloState): QueueCard | null {
  let best: QueueCard | null = null;
  for (const c of s.queue) if (!c.done && (best === null || c.card < best.card)) best = c;
  return best;
}

/** The units a card activates: its unit, or its brigade's units still to act that got no card of their own. */
export function unitsOfCard(s: SoloState, c: QueueCard): string[] {
  if (c.kind === 'unit') return unitById(s, c.holder).acted ? [] : [c.holder];
  const own = new Set(s.queue.filter((q) => q.kind === 'unit').map((q) => q.holder));
  return s.units.filter((u) => !u.gone && u.brigade === c.holder && !u.acted && !own.has(u.id)).map((u) => u.id);
}

/** Which side owes the card: the side of its brigade or unit. */
export function sideOfCard(s: SoloState, c: QueueCard): string {
  if (c.kind === 'unit') return unitById(s, c.holder).side;
  return s.brigades.find((b) => b.id === c.holder)!.side;
}

/** Marks a card done. */
export const cardDone = (s: SoloState, c: QueueCard): SoloState => ({ ...s, queue: s.queue.map((q) => (q === c ? { ...q, done: true } : q)) });

/** A unit's own card, or its brigade's, this turn (the card it acts on). */
export function cardOfUnit(s: SoloState, unitId: string): number | null {
  const u = unitById(s, unitId);
  const own = s.queue.find((q) => q.kind === 'unit' && q.holder === unitId && !q.against);
  if (own) return own.card;
  const b = s.queue.find((q) => q.kind === 'brigade' && q.holder === u.brigade);
  return b ? b.card : null;
}

/**
 * L8, K-10: `target` is charged by `charger`. If it has not acted it gets a slot right after its
 * charger (or the example's +2.5) and may act only against him; if it has, it gets none (it tests
 * at once, L8). Returns the new state and the slot.
 */
export function queueCharged(s: SoloState, chargerId: string, targetId: string, settings: SoloSettings): { state: SoloState; slot: number | null } {
  const chargerCard = cardOfUnit(s, chargerId);
  const target = unitById(s, targetId);
  const targetCard = cardOfUnit(s, targetId) ?? Number.POSITIVE_INFINITY;
  if (chargerCard === null) throw new RangeError(`KUR L8: ${chargerId} holds no card this turn`);
  const slot = chargedSlot(chargerCard, targetCard, target.acted, settings);
  if (slot === null) return { state: s, slot };
  return { state: { ...s, queue: [...s.queue, { holder: targetId, kind: 'unit', card: slot, done: false, against: chargerId }] }, slot };
}
