import type { Modifier } from '../../../dice/entry';
import type { Dice } from '../../../dice/dice';
import type { GameEvent } from '../../events';
import { ruleRoll } from '../../roll';
import { initiativeOutcome, NAPOLEON_PRESENCE_EXTRA, NAPOLEON_REROLL, PRESENCE_BONUS } from '../tables/initiative';
import type { Skill } from '../tables/vocabulary';
import { namedModifier, type Procedure } from './common';

/**
 * N1 Initiative — NW §6.0 L71-77 (DIGEST §3(b) N1): each army CinC rolls 2d6 + his presence
 * bonus (Ch.II §3.1 L549: E +3, G +2, A +1, P 0; Napoleon +1 more); the higher chooses who
 * moves first; ties re-roll "until a player rolls higher", except that Napoleon as CinC is the
 * higher roller on a tie (L73). Once per game an Excellent Napoleon who started on the map in
 * command may have the initiative re-rolled; the second roll is binding (L77, NAPOLEON_REROLL).
 */

export const INITIATIVE_RULE = 'NW §6.0';
/** A safety stop on the tie loop (a tie 50 times running is ~1e-44 likely: a scripting bug). */
export const INITIATIVE_MAX_ROUNDS = 50;

export interface InitiativeSide {
  /** The side's id ("french"). */
  readonly side: string;
  /** The CinC's name, for the events. */
  readonly cinc: string;
  readonly skill: Skill;
  /** This CinC is Napoleon: +1 presence and wins ties (L73, L549). */
  readonly isNapoleon?: boolean;
  /** Napoleon started the game on the map in command (L77: needed for the re-roll). */
  readonly startedOnMapInCommand?: boolean;
  /** Scenario special rules when the CinC is not on the map yet (L75), named by the caller. */
  readonly scenarioModifiers?: readonly Modifier[];
}

export interface InitiativeInput {
  readonly first: InitiativeSide;
  readonly second: InitiativeSide;
  /**
   * The Napoleon side elects its once-per-game re-roll (L77) should it lose this initiative.
   * The caller tracks whether it is still unused; ineligible uses (not Excellent, not started on
   * the map in command, no Napoleon CinC) are refused with a note and not used.
   */
  readonly napoleonRerollIfLost?: boolean;
}

/** One determination: both totals of every round (ties re-rolled) and who won it. */
export interface InitiativeDetermination {
  readonly rounds: readonly { readonly first: number; readonly second: number }[];
  readonly winner: 'first' | 'second';
}

export interface InitiativeResult {
  /** Who chooses who moves first this turn. */
  readonly winner: 'first' | 'second';
  readonly winnerSide: string;
  /** The determination before the Napoleon re-roll, and the binding one after it (if used). */
  readonly determinations: readonly InitiativeDetermination[];
  readonly napoleonRerollUsed: boolean;
}

/** The presence modifiers of a CinC (Ch.II §3.1 L549), zero rows left out. */
export function presenceModifiers(s: InitiativeSide): Modifier[] {
  const mods: Modifier[] = [];
  if (PRESENCE_BONUS[s.skill] !== 0) mods.push(namedModifier(`${s.skill} CinC presence`, PRESENCE_BONUS[s.skill], 'Ch.II §3.1 L549'));
  if (s.isNapoleon) mods.push(namedModifier('Napoleon', NAPOLEON_PRESENCE_EXTRA, 'Ch.II §3.1 L549'));
  return [...mods, ...(s.scenarioModifiers ?? [])];
}

/** Why a Napoleon re-roll is not allowed, or null when it is (L77). */
export function napoleonRerollRefusal(input: InitiativeInput): string | null {
  const nap = input.first.isNapoleon ? input.first : input.second.isNapoleon ? input.second : null;
  if (!nap) return 'no side has Napoleon as CinC';
  if (nap.skill !== NAPOLEON_REROLL.requiresSkill) return `Napoleon is rated ${nap.skill}, not excellent`;
  if (NAPOLEON_REROLL.requiresStartedOnMapInCommand && !nap.startedOnMapInCommand) return 'Napoleon did not start on the map in command';
  return null;
}

function determine(input: InitiativeInput, dice: Dice, purpose: string, events: GameEvent[]): InitiativeDetermination {
  if (input.first.isNapoleon && input.second.isNapoleon) throw new RangeError('NW initiative: both CinCs cannot be Napoleon');
  const napoleon = input.first.isNapoleon ? 'first' : input.second.isNapoleon ? 'second' : undefined;
  const rounds: { first: number; second: number }[] = [];
  for (let round = 1; round <= INITIATIVE_MAX_ROUNDS; round++) {
    const p = round === 1 ? purpose : `${purpose} (tie re-roll ${round - 1})`;
    const rolls = (['first', 'second'] as const).map((k) => {
      const s = input[k];
      return ruleRoll(dice, '2d6', { rule: INITIATIVE_RULE, purpose: p, subject: `${s.cinc} (${s.side})`, modifiers: presenceModifiers(s) });
    }) as [ReturnType<typeof ruleRoll>, ReturnType<typeof ruleRoll>];
    const first = rolls[0].rolled.total;
    const second = rolls[1].rolled.total;
    rounds.push({ first, second });
    const outcome = initiativeOutcome(first, second, napoleon);
    const rowOf = (k: 'first' | 'second'): string => {
      if (outcome === 'reroll') return `tie ${first}-${second}: re-roll (L73)`;
      const tie = first === second ? ' (Napoleon wins ties, L73)' : '';
      return outcome === k ? `higher${tie}: chooses who moves first` : `lower${first === second ? ' (tie to Napoleon, L73)' : ''}: opponent chooses`;
    };
    events.push(rolls[0].event(rowOf('first')), rolls[1].event(rowOf('second')));
    if (outcome !== 'reroll') return { rounds, winner: outcome };
  }
  throw new Error(`NW initiative: still tied after ${INITIATIVE_MAX_ROUNDS} rounds`);
}

/** N1: roll the initiative (NW §6.0 L71-77), with the optional Napoleon re-roll (L77). */
export function rollNwInitiative(input: InitiativeInput, dice: Dice): Procedure<InitiativeResult> {
  const events: GameEvent[] = [];
  const determinations = [determine(input, dice, 'initiative', events)];
  let napoleonRerollUsed = false;
  const napoleon = input.first.isNapoleon ? 'first' : input.second.isNapoleon ? 'second' : undefined;
  if (input.napoleonRerollIfLost && determinations[0]!.winner !== napoleon) {
    const refusal = napoleonRerollRefusal(input);
    if (refusal) {
      events.push({ kind: 'note', rule: `${INITIATIVE_RULE} L77`, text: `Napoleon's initiative re-roll refused: ${refusal}.` });
    } else {
      events.push({ kind: 'note', rule: `${INITIATIVE_RULE} L77`, text: 'Napoleon has the initiative re-rolled (once per game); the second roll is binding.' });
      determinations.push(determine(input, dice, 'initiative, Napoleon re-roll', events));
      napoleonRerollUsed = true;
    }
  }
  const winner = determinations[determinations.length - 1]!.winner;
  const w = input[winner];
  events.push({ kind: 'note', rule: INITIATIVE_RULE, text: `${w.cinc} (${w.side}) wins the initiative and chooses who moves first.` });
  return { result: { winner, winnerSide: w.side, determinations, napoleonRerollUsed }, events };
}
