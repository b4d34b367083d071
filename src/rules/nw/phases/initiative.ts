import type { Dice } from '../../../dice/dice';
import { err, ok, type Problem, type Result } from '../../../lib/result';
import type { Step } from '../../contract';
import type { GameEvent } from '../../events';
import { rollNwInitiative, type InitiativeSide } from '../procedures/initiative';
import type { NwState } from '../state';
import { phaseEvent, problem } from './target-units';

/**
 * NW phase 1 — Initiative (§6.0 L71-77; DIGEST §3(a) row 1, N1). Both CinCs roll 2d6 +
 * presence (`rollNwInitiative`: ties re-roll, Napoleon wins ties, Napoleon's once-per-game
 * re-roll). The winner chooses who moves first (`firstSide`; PH-1: default, he goes first).
 * The game moves to player-turn 1, skirmish phase, with that side phasing.
 */

export interface NwInitiativeInput {
  /** The Napoleon side calls its once-per-game re-roll should it lose this roll (L77). */
  readonly napoleonReroll?: boolean;
  /** The winner's choice of who moves first (a side id); default: the winner (PH-1). */
  readonly firstSide?: string;
}

export function initiativePhase(state: NwState, input: NwInitiativeInput, dice: Dice): Result<Step<NwState>, Problem> {
  if (state.phase !== 'initiative') return err(problem('phase/wrong-phase', `Initiative is rolled in the initiative phase; the game is in the ${state.phase} phase.`));
  const [a, b] = state.sides;
  if (!a || !b || state.sides.length !== 2) return err(problem('initiative/sides', 'NW initiative needs exactly two sides.'));
  if (input.firstSide !== undefined && !state.sides.some((x) => x.id === input.firstSide)) {
    return err(problem('initiative/unknown-side', `"${input.firstSide}" is not a side of this game.`, `Choose ${state.sides.map((x) => x.id).join(' or ')}.`));
  }
  const events: GameEvent[] = [phaseEvent(state, 'initiative')];
  const sideOf = (id: string): InitiativeSide => {
    const army = state.armies[id]!;
    const c = army.cinc;
    return { side: id, cinc: c.name, skill: c.skill, isNapoleon: c.isNapoleon, startedOnMapInCommand: c.startedOnMap };
  };
  for (const x of [a, b]) {
    const cinc = state.armies[x.id]?.cinc;
    if (!cinc) return err(problem('initiative/no-cinc', `${x.name} has no army commander.`));
    // PH-2: the scenario's off-map modifiers (L75) are not modelled yet; the roll is unmodified but for presence.
    if (!cinc.onTable) events.push({ kind: 'note', rule: 'NW §6.0 L75', text: `${cinc.name} is not on the map: the scenario's special rules apply (not modelled; presence only).` });
  }
  const napArmy = Object.values(state.armies).find((x) => x.cinc.isNapoleon);
  let reroll = input.napoleonReroll === true;
  if (reroll && napArmy?.napoleonRerollSpent) {
    events.push({ kind: 'note', rule: 'NW §6.0 L77', text: "Napoleon's initiative re-roll was already used this game." });
    reroll = false;
  }
  const rolled = rollNwInitiative({ first: sideOf(a.id), second: sideOf(b.id), napoleonRerollIfLost: reroll }, dice);
  events.push(...rolled.events);
  const winner = rolled.result.winnerSide;
  const first = input.firstSide ?? winner;
  const name = (id: string) => state.sides.find((x) => x.id === id)?.name ?? id;
  events.push({ kind: 'note', rule: 'NW §6.0 L71', text: `${name(winner)} ${first === winner ? 'choose to move first' : `let ${name(first)} move first`}.` });
  const armies = rolled.result.napoleonRerollUsed && napArmy
    ? { ...state.armies, [napArmy.side]: { ...napArmy, napoleonRerollSpent: true } }
    : state.armies;
  const next: NwState = { ...state, armies, initiative: { winner, first }, playerTurn: 1, phasing: first, phase: 'skirmish' };
  return ok({ state: next, events });
}
