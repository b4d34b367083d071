import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { dealCards, drawChance, type CardHolder } from '../procedures/cards';
import { controlRoll, inCommandReach } from '../procedures/control';
import type { SoloSettings } from '../settings';
import { distanceMm, generalById, onTable, type QueueCard, type SoloBrigade, type SoloState } from '../state';

/**
 * The Control Phase (KUR L6-7, L3; DIGEST §2(a) 1-2): every brigadier rolls; a brigade in
 * control gets one card for the units within his 150 mm, every other unit its own; the deck is
 * one card per unit on the table; the cards are revealed together; each side draws a chance card.
 */

/** The distance from a brigade's brigadier to a senior commander, if both are alive. */
function seniorMm(s: SoloState, b: SoloBrigade, id: string | undefined): number | undefined {
  if (!id) return undefined;
  const g = s.generals.find((x) => x.id === id);
  if (!g || !g.alive) return undefined;
  return distanceMm(generalById(s, b.brigadier).at, g.at);
}

/** Whether a unit is within its brigadier's reach (L6); a unit whose brigadier is dead is out of command (KS-17). */
export function unitInCommand(s: SoloState, unitId: string): boolean {
  const u = s.units.find((x) => x.id === unitId)!;
  const b = s.brigades.find((x) => x.id === u.brigade);
  const g = b && s.generals.find((x) => x.id === b.brigadier);
  return !!g && g.alive && inCommandReach(distanceMm(u.at, g.at));
}

/** L6-7, L3: roll control, deal and reveal the cards, draw chance cards. Resets the turn's acts. */
export function controlPhase(s: SoloState, settings: SoloSettings, dice: Dice): { state: SoloState; events: GameEvent[] } {
  const events: GameEvent[] = [{ kind: 'phase', turn: s.turn, phase: 'control', label: `Turn ${s.turn}: Control Phase` }];
  const units = onTable(s);
  const inControl: Record<string, boolean> = {};
  const holders: CardHolder[] = [];
  const loose: string[] = [];
  for (const b of s.brigades) {
    const mine = units.filter((u) => u.brigade === b.id);
    if (mine.length === 0) continue;
    const brigadier = s.generals.find((g) => g.id === b.brigadier);
    let passes = false;
    if (brigadier?.alive) {
      const div = seniorMm(s, b, b.division);
      const corps = seniorMm(s, b, b.corps);
      const r = controlRoll({ brigadier, ...(div !== undefined ? { divisionMm: div } : {}), ...(corps !== undefined ? { corpsMm: corps } : {}) }, settings, dice);
      events.push(...r.events);
      passes = r.result.passes;
    } else {
      events.push({ kind: 'note', rule: 'KUR L7; KS-17', text: `${b.id} has no brigadier: every unit is out of command control` });
    }
    inControl[b.id] = passes;
    const near = passes ? mine.filter((u) => unitInCommand(s, u.id)) : [];
    if (near.length > 0) holders.push({ id: b.id, kind: 'brigade' });
    for (const u of mine) if (!near.includes(u)) loose.push(u.id);
  }
  holders.push(...loose.map((id) => ({ id, kind: 'unit' as const })));
  const deal = dealCards(holders, units.length, dice);
  events.push(...deal.events);
  const chance = drawChance(s.sides, settings, dice);
  events.push(...chance.events);
  const queue: QueueCard[] = deal.result.map((d) => ({ holder: d.holder, kind: d.kind, card: d.card, done: false }));
  const held = Object.fromEntries(s.sides.map((side) => [side, chance.result[side] ? { card: chance.result[side]!, played: false } : null]));
  const fresh = s.units.map((u) => (u.gone ? u : { ...u, acted: false, movedFraction: 0, casualtiesThisTurn: 0 }));
  // KS-42: each general's ride starts afresh with the move.
  const generals = s.generals.map((g) => (g.rodeMm ? { ...g, rodeMm: 0 } : g));
  return { state: { ...s, units: fresh, generals, inControl, queue, chance: held }, events };
}
