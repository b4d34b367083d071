import type { NameBook } from '../narrative/names';
import type { GameEvent } from '../rules/events';
import { rulesetById } from '../rules/index';
import type { GameRow } from './games.repo';

/** The narrative's name book for a game's ruleset. */
export function namesFor(game: Pick<GameRow, 'ruleset'>, state: unknown): NameBook {
  const ruleset = rulesetById(game.ruleset);
  if (!ruleset) throw new Error(`no name book for ruleset ${game.ruleset}`);
  return ruleset.present.names(state);
}

/**
 * The events as anyone in the channel may read them (NW §3.0: no s.p. left). Every narrative that
 * is not one player's own private view goes through this: resolution posts, public action
 * replies and `/game history`, which any member may call.
 */
export function publicEventsFor(game: Pick<GameRow, 'ruleset'>, events: readonly GameEvent[]): readonly GameEvent[] {
  return rulesetById(game.ruleset)?.publicEvents?.(events) ?? events;
}
