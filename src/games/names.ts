import type { NameBook } from '../narrative/names';
import type { GameEvent } from '../rules/events';
import { rulesetById } from '../rules/index';
import type { Presentation, PrintedName } from '../rules/plugin';
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

/**
 * Every name players may type for a game's pieces, generals, corps and sides: the ruleset's
 * printed names, or (a ruleset that lists none) its pieces and sides by name.
 */
export function printedFor(ruleset: { readonly present: Presentation<unknown, unknown> }, state: unknown): readonly PrintedName[] {
  // States are never mutated (a change is a new state, GameService.stateOf keeps one per version):
  // the names of one state are worked out once, not on every input that names a piece (issue 12).
  if (typeof state !== 'object' || state === null) return printedOf(ruleset, state);
  let byRuleset = printedCache.get(state);
  if (!byRuleset) printedCache.set(state, (byRuleset = new WeakMap()));
  let names = byRuleset.get(ruleset);
  if (!names) byRuleset.set(ruleset, (names = printedOf(ruleset, state)));
  return names;
}

const printedCache = new WeakMap<object, WeakMap<object, readonly PrintedName[]>>();

function printedOf(ruleset: { readonly present: Presentation<unknown, unknown> }, state: unknown): readonly PrintedName[] {
  if (ruleset.present.printed) return ruleset.present.printed(state);
  return [
    ...ruleset.present.sides(state).map((c): PrintedName => ({ id: c.value, kind: 'side', names: [c.name] })),
    ...ruleset.present.pieces(state).map((c): PrintedName => ({ id: c.value, kind: 'unit', names: [c.name] })),
  ];
}
