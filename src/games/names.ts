import { dramNames } from '../narrative';
import type { DramState } from '../rules/dram/state';
import { nwNames } from '../narrative/nw-names';
import type { NwState } from '../rules/nw/state';
import type { GameRow } from './games.repo';

/** The narrative's name book for a game's ruleset. */
export function namesFor(game: Pick<GameRow, 'ruleset'>, state: unknown) {
  switch (game.ruleset) {
    case 'dram': return dramNames(state as DramState);
    case 'nw': return nwNames(state as NwState);
    default: throw new Error(`no name book for ruleset ${game.ruleset}`);
  }
}
