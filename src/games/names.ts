import { dramNames } from '../narrative';
import type { DramState } from '../rules/dram/state';
import type { GameRow } from './games.repo';

/** The narrative's name book for a game's ruleset. */
export function namesFor(game: Pick<GameRow, 'ruleset'>, state: unknown) {
  switch (game.ruleset) {
    case 'dram': return dramNames(state as DramState);
    default: throw new Error(`no name book for ruleset ${game.ruleset}`);
  }
}
