import type { Dice } from '../../../dice/dice';
import { ruleRoll } from '../../roll';
import type { SoloSettings } from '../settings';
import type { GameEvent } from '../../events';
import type { Procedure } from './types';

/**
 * K3 Activation cards and chance cards (KUR L3, L7-8). One numbered card per unit on the table,
 * both sides together (1..N). A brigade in control gets one card, picked at random; a brigade
 * out of control, and every unit out of command reach, gets a card per unit. Spare cards are put
 * aside. The lowest card acts first. A charged unit jumps the queue (L8; K-10).
 */

/** Who holds a card: a brigade in control (its units act in any order) or a single unit. */
export interface CardHolder {
  readonly id: string;
  readonly kind: 'brigade' | 'unit';
}

/** A dealt card. */
export interface DealtCard {
  readonly holder: string;
  readonly kind: 'brigade' | 'unit';
  readonly card: number;
}

/**
 * L7: deal one card from 1..`deckSize` to each holder, at random, without replacement. Each pick
 * is a die over the cards left (its face is the position among them, lowest first), so the deal
 * is recorded and replayable like any roll.
 */
export function dealCards(holders: readonly CardHolder[], deckSize: number, dice: Dice): Procedure<DealtCard[]> {
  if (!Number.isInteger(deckSize) || deckSize < holders.length) throw new RangeError(`KUR L7: a deck of ${deckSize} cannot deal ${holders.length} cards (one card per unit on the table)`);
  const left = Array.from({ length: deckSize }, (_, i) => i + 1);
  const dealt: DealtCard[] = [];
  const events: GameEvent[] = [];
  for (const h of holders) {
    let idx = 0;
    if (left.length > 1) {
      const r = ruleRoll(dice, `1d${left.length}`, { rule: 'KUR L7', purpose: 'activation card', subject: h.id });
      idx = r.rolled.total - 1;
      events.push(r.event(`card ${left[idx]} (of the ${left.length} left)`));
    }
    dealt.push({ holder: h.id, kind: h.kind, card: left[idx]! });
    left.splice(idx, 1);
  }
  events.push({ kind: 'note', rule: 'KUR L7', text: `Cards revealed: ${[...dealt].sort((a, b) => a.card - b.card).map((d) => `${d.card} ${d.holder}`).join(', ')}${left.length ? `; ${left.length} spare put aside` : ''}` });
  return { result: dealt, events };
}

/** L8: the order cards act in, lowest first (ties, e.g. two units charged by one charger, keep their order). */
export const activationOrder = <T extends { readonly card: number }>(cards: readonly T[]): T[] => [...cards].sort((a, b) => a.card - b.card);

/**
 * L8, K-10: the slot of a charged unit that has not yet acted. `after-charger`: right after its
 * charger (#4 → 4.5); `literal-plus-2-5`: the example's 6.5 (#4 + 2.5), but never later than its
 * own card. A unit that has already acted gets no slot: it tests at once (L8).
 */
export function chargedSlot(chargerCard: number, targetCard: number, targetActed: boolean, settings: SoloSettings): number | null {
  if (targetActed) return null;
  const slot = settings.queue.chargedSlot === 'after-charger' ? chargerCard + 0.5 : chargerCard + 2.5;
  return Math.min(slot, targetCard);
}

/** A chance card as the deck setting holds it. */
export type ChanceCard = SoloSettings['chance']['deck'][number];

/**
 * L3: each side draws one chance card, held until played during the move and never carried
 * over. The deck is whole each turn (nothing carries over); the sides draw without replacement.
 */
export function drawChance(sides: readonly string[], settings: SoloSettings, dice: Dice): Procedure<Record<string, ChanceCard | null>> {
  const deck = settings.chance.deck;
  const out: Record<string, ChanceCard | null> = {};
  const events: GameEvent[] = [];
  const left = deck.map((c, i) => i);
  for (const side of sides) {
    if (left.length === 0) { out[side] = null; continue; }
    let idx = 0;
    if (left.length > 1) {
      const r = ruleRoll(dice, `1d${left.length}`, { rule: 'KUR L3', purpose: 'chance card', subject: side });
      idx = r.rolled.total - 1;
      events.push(r.event(`a chance card (${left.length} in the deck)`));
    }
    out[side] = deck[left[idx]!]!;
    left.splice(idx, 1);
  }
  if (deck.length === 0) events.push({ kind: 'note', rule: 'KUR L3; K-7', text: 'No chance deck (its contents are lost): no chance cards this game.' });
  return { result: out, events };
}

/** K-19 `random` (L3 "or randomly if preferred"): after which activation (1..count) a held card is played. */
export function randomPlayPoint(side: string, activations: number, dice: Dice): Procedure<number> {
  if (activations <= 1) return { result: 1, events: [] };
  const r = ruleRoll(dice, `1d${activations}`, { rule: 'KUR L3', purpose: 'chance card played at random', subject: side });
  return { result: r.rolled.total, events: [r.event(`played after activation ${r.rolled.total}`)] };
}
