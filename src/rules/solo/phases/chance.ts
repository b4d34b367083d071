import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import type { ChanceCard } from '../procedures/cards';
import type { SoloSettings } from '../settings';
import { onTable, withUnit, type SoloState, type SoloUnit } from '../state';
import { addDisorder } from './apply';
import { settleMorale } from './settle';

/**
 * Playing a chance card (KUR L3; K-7, K-19). The deck's contents are lost, so a card's effect is
 * one of the engine's effects (settings `chance.deck`; README KS-26 says what each does):
 *  - `add-disorder`: an enemy unit takes 1 'D' (L10-11's chits);
 *  - `remove-disorder`: one of your units loses 1 'D';
 *  - `extra-move-die`: one of your units that has not finished its activation gets a fresh move
 *    this turn (its move used so far is forgotten; the marked die is rolled again when it moves);
 *  - `force-morale-test`: an enemy unit tests morale at once (L21-24);
 *  - `steady`: one of your units loses its waiting morale marker, or stops retiring (halts);
 *  - `none`: only its text.
 * A card is played once, by its holder, between actions (K-19): every act resolves whole, so any
 * moment between two commands is "between actions".
 */

/** Whom a card's effect may name: an enemy, one of the holder's units, or nobody. */
export function chanceTargetKind(card: ChanceCard): 'enemy' | 'own' | 'none' {
  switch (card.effect) {
    case 'add-disorder': case 'force-morale-test': return 'enemy';
    case 'remove-disorder': case 'extra-move-die': case 'steady': return 'own';
    case 'none': return 'none';
  }
}

/** Whether a card's effect can take hold on `u` now (so the player is told before anything changes). */
export function chanceFits(card: ChanceCard, u: SoloUnit): string | null {
  switch (card.effect) {
    case 'remove-disorder': return u.disorder > 0 ? null : `${u.name} has no 'D' to remove`;
    case 'extra-move-die': return u.acted ? `${u.name} has finished its activation this turn` : null;
    case 'steady': return u.moraleMarker || u.motion === 'retiring' ? null : `${u.name} has no morale marker and is not retiring`;
    case 'force-morale-test': return u.motion === 'routing' ? `${u.name} is already routing` : null;
    default: return null;
  }
}

/** L3: `side` plays its chance card, on `unitId` when the card names a unit. */
export function playChance(s: SoloState, side: string, unitId: string | undefined, settings: SoloSettings, dice: Dice): Result<{ state: SoloState; events: GameEvent[] }, Problem> {
  const held = s.chance[side];
  if (!held) return err({ code: 'chance/none', message: `KUR L3: ${side} holds no chance card this turn`, hint: settings.chance.deck.length === 0 ? "The chance deck is empty (its contents are lost, K-7): set chance.deck to play with chance cards." : 'Each side draws one card in the Control Phase.' });
  if (held.played) return err({ code: 'chance/played', message: `KUR L3: ${side}'s chance card "${held.card.name}" has already been played this turn`, hint: 'A new card is drawn next Control Phase.' });
  const card = held.card;
  const kind = chanceTargetKind(card);
  const events: GameEvent[] = [{ kind: 'note', rule: 'KUR L3; K-7', text: `${side} plays the chance card "${card.name}"${card.text ? `: ${card.text}` : ''}` }];
  let state: SoloState = { ...s, chance: { ...s.chance, [side]: { ...held, played: true } } };
  if (kind === 'none') return ok({ state, events });
  if (!unitId) return err({ code: 'chance/unit', message: `"${card.name}" must name ${kind === 'enemy' ? 'an enemy unit' : 'one of your units'}`, hint: 'Give the unit option.' });
  const u = s.units.find((x) => x.id === unitId);
  if (!u || u.gone) return err({ code: 'chance/unit', message: `${unitId} is not a unit on the table`, hint: 'Pick a unit on the table.' });
  if (kind === 'enemy' ? u.side === side : u.side !== side) return err({ code: 'chance/unit', message: `"${card.name}" must name ${kind === 'enemy' ? 'an enemy unit' : 'one of your units'}; ${u.name} is ${kind === 'enemy' ? 'yours' : "the enemy's"}`, hint: kind === 'enemy' ? 'Name an enemy unit.' : 'Name one of your units.' });
  const unfit = chanceFits(card, u);
  if (unfit) return err({ code: 'chance/no-effect', message: `"${card.name}" would do nothing: ${unfit}`, hint: 'Keep the card for a better moment, or name another unit.' });
  switch (card.effect) {
    case 'add-disorder': { const d = addDisorder(state, u.id, 1, `chance card "${card.name}"`); return ok({ state: d.state, events: [...events, ...d.events] }); }
    case 'remove-disorder': {
      state = withUnit(state, { ...u, disorder: u.disorder - 1 });
      return ok({ state, events: [...events, { kind: 'status', rule: 'KUR L3; KS-26', unit: u.id, status: "−1 'D'", on: false, reason: `chance card (${u.disorder - 1} 'D' left)` }] });
    }
    case 'extra-move-die':
      state = withUnit(state, { ...u, movedFraction: 0 });
      return ok({ state, events: [...events, { kind: 'note', rule: 'KUR L3; KS-26', text: `${u.name} may move afresh this turn (the marked die is rolled again)` }] });
    case 'steady': {
      const next = u.motion === 'retiring' ? { ...u, moraleMarker: false, moraleFrom: undefined, motion: 'halted' as const } : { ...u, moraleMarker: false, moraleFrom: undefined };
      return ok({ state: withUnit(state, next), events: [...events, { kind: 'status', rule: 'KUR L3; KS-26', unit: u.id, status: u.motion === 'retiring' ? 'halted' : 'steady', on: true, reason: 'chance card' }] });
    }
    case 'force-morale-test': {
      const m = settleMorale(state, state, [{ unit: u.id, when: 'now', reason: 'charged' }], settings, dice);
      return ok({ state: m.state, events: [...events, ...m.events] });
    }
    default:
      return ok({ state, events });
  }
}

/**
 * K-19 `random` (L3 "or randomly if preferred"): a side's card is played by the dice when its
 * turn comes, on a unit the dice pick among those it fits; with none it is discarded unplayed.
 */
export function playChanceAtRandom(s: SoloState, side: string, settings: SoloSettings, dice: Dice): { state: SoloState; events: GameEvent[] } {
  const held = s.chance[side];
  if (!held || held.played) return { state: s, events: [] };
  const kind = chanceTargetKind(held.card);
  if (kind === 'none') { const r = playChance(s, side, undefined, settings, dice); return r.ok ? r.value : { state: s, events: [] }; }
  const fits = onTable(s).filter((u) => (kind === 'enemy' ? u.side !== side : u.side === side) && chanceFits(held.card, u) === null);
  if (fits.length === 0) return { state: { ...s, chance: { ...s.chance, [side]: { ...held, played: true } } }, events: [{ kind: 'note', rule: 'KUR L3; K-19', text: `${side}'s chance card "${held.card.name}" fits no unit now and is discarded` }] };
  let pick = fits[0]!;
  const events: GameEvent[] = [];
  if (fits.length > 1) {
    const r = ruleRoll(dice, `1d${fits.length}`, { rule: 'KUR L3; K-19', purpose: 'chance card played at random: on which unit', subject: side });
    pick = fits[r.rolled.total - 1]!;
    events.push(r.event(pick.name));
  }
  const r = playChance(s, side, pick.id, settings, dice);
  return r.ok ? { state: r.value.state, events: [...events, ...r.value.events] } : { state: s, events };
}
