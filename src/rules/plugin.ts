import type { Problem, Result } from '../lib/result';
import type { NameBook, NameKind } from '../narrative/names';
import type { MapView } from '../render/map/frame';
import type { MapDescription, PaletteName } from '../render/map/model';
import type { MovePlanShape } from '../render/map/move-plan';
import type { Accepted, SeatId, SideId, Viewer } from './contract';
import type { GameEvent } from './events';

/**
 * What the shared layers (commands, games, narrative, render) need from a ruleset beyond its
 * rules, carried by the ruleset record itself (STYLE.md pattern 2; boardgame.io's game carries
 * its moves). Everything here is pure: it reads a state and returns data or text; the command
 * layer talks to Discord, the render pool draws. See src/rules/README.md for the shape.
 */

/** Who is giving an input: the caller's seats in this game and the side they play (null: a spectator). */
export interface Caller {
  readonly seats: readonly SeatId[];
  readonly side: SideId | null;
}

/** One autocomplete suggestion (Discord shows 25 at most; the command layer cuts). */
export interface InputChoice {
  readonly name: string;
  readonly value: string;
}

/** A command's options as the command layer parsed them (`subcommand` included when it has one). */
export type InputOptions = Readonly<Record<string, unknown>>;

/** A command option that names a piece: which kinds it takes, and the value a resolved id becomes. */
export interface NamedOption {
  readonly kinds: readonly NameKind[];
  /** The option's value for a resolved piece (DRAM's chit target names a corps as `corps:<id>`); default: its id. */
  value?(id: string, kind: NameKind): string;
  /** Values the option takes that are not names (NW's fire target `hold`), passed as typed. */
  readonly keep?: readonly string[];
  /** What the refusal calls it ("unit", "general"); default: the first kind. */
  readonly what?: string;
}

interface VerbBase<S> {
  /** What the verb does in this ruleset, for /help and for the refusal that lists a ruleset's verbs. */
  readonly summary: string;
  /**
   * Options whose value names a piece: the command layer resolves them with the ruleset's printed
   * names (any case, without accents, unique prefix, id) before `build`, and answers an unknown or
   * ambiguous name with the closest ones (issue 11).
   */
  readonly names?: Readonly<Record<string, NamedOption>>;
  /**
   * Options of the shared command this ruleset has no use for (`/charge with:` is B&P's,
   * `if-evaded:` A Near Run Thing's): given anyway, they are refused privately rather than
   * silently dropped, and get no autocomplete.
   */
  readonly ignores?: readonly string[];
  /** The order or action the command's options make; the ruleset's own schema and validate check it next. */
  build(state: S, options: InputOptions, caller: Caller): unknown;
  /** Autocomplete for the focused option, from the state, for this caller. */
  choices?(state: S, caller: Caller, focused: { readonly name: string; readonly value: string }, options: InputOptions): readonly InputChoice[];
}

/** An input posted to the open window (sealed or plotted), answered privately with the preview. */
export interface OrderVerb<S> extends VerbBase<S> {
  readonly kind: 'order';
  /** The private reply once the order is accepted; `options` hold the ids the names resolved to, `state` the state it was posted against. */
  confirm(accepted: Accepted<unknown>, options: InputOptions, state: S): string;
}

/** An input made at once with binding dice (an in-window action). */
export interface ActionVerb<S> extends VerbBase<S> {
  readonly kind: 'action';
  /** 'public': the narrative goes to the channel; 'private': only the caller reads it (standing reactions). */
  readonly reply: 'public' | 'private';
  /** A line after the narrative, read from the state after the action ("➡️ 4" to spend"). */
  after?(state: S, options: InputOptions, caller: Caller): string | null;
}

/** One slash verb a ruleset accepts. */
export type InputVerb<S> = OrderVerb<S> | ActionVerb<S>;

/**
 * The verbs a ruleset accepts, keyed by the command and subcommand that carries them:
 * 'move', 'fire', 'choose first', 'orders issue'. A verb a ruleset does not list is refused
 * for that reason alone.
 */
export type Inputs<S> = Readonly<Record<string, InputVerb<S>>>;

/** How the map of a game is asked for. */
export interface MapRequest {
  /** The last resolution's events: trails, smoke, puffs and ghosts come from these only. */
  readonly events: readonly GameEvent[];
  readonly viewer: Viewer;
  readonly view?: MapView;
  readonly palette?: PaletteName;
  /** The game's name, for the title block. */
  readonly game?: string;
}

/** A house-ruling setting as /game settings prints it. */
export interface SettingLine {
  readonly key: string;
  readonly value: string;
  readonly default: string;
  /** The DIGEST or README ruling id ('D-13', 'N-4', 'BP-3'). */
  readonly ruling?: string;
  /** The values it takes, for hints. */
  readonly allowed?: string;
}

/** Every name a piece is printed under (map label, roster, narrative), the first being the one players read. */
export interface PrintedName {
  readonly id: string;
  readonly kind: NameKind;
  readonly names: readonly string[];
  readonly side?: string;
}

/** What players see of a ruleset: names, the map model, rosters, settings. */
export interface Presentation<S, Settings> {
  /** The narrative's name book, built from the state after the resolution being narrated. */
  names(state: S): NameBook;
  /**
   * Every piece, general, corps and side by each name the map, the roster and the narrative print,
   * for the one name resolver (src/games/names-resolve.ts). Absent: `pieces` and `sides` are used.
   */
  printed?(state: S): readonly PrintedName[];
  /** The pure map description the renderer draws. */
  map(state: S, request: MapRequest): Result<MapDescription, Problem>;
  /** Pieces on the table a player may zoom the map around (`/map around:`). */
  pieces(state: S): readonly InputChoice[];
  /** The sides, for options that name one. */
  sides(state: S): readonly InputChoice[];
  /** `/roster`: a side's roster, all of it for its own player (`own`), else what the enemy can see. Absent: the ruleset has no rosters. */
  roster?(state: S, side: SideId, own: boolean): readonly string[];
  /** /game settings: every house ruling with its current value and default. */
  settings(settings: Settings): readonly SettingLine[];
  /**
   * A move as it would be made, for its private preview map (issue 11, `/move preview:true`):
   * nothing is rolled, posted or stored. `input` is what the move verb built, and for an order
   * verb the order as validate accepted it (path resolved). Absent: no preview map.
   */
  movePlan?(state: S, input: unknown, caller: Caller): Result<MovePlan, Problem>;
}

/** A move laid out for its preview map, with what it says in words (costs, why it stops short). */
export interface MovePlan extends MovePlanShape {
  readonly lines: readonly string[];
}

/** "Saint-Rémy" → "saint remy": case, accents, hyphens, curly quotes and runs of spaces do not matter when a name is typed. */
export function normalizeName(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[\u2018\u2019`]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[-_]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** Whether any of `texts` contains what the player has typed so far (autocomplete filtering; accents and case ignored, as the resolver does). */
export const matchesQuery = (query: string, ...texts: readonly string[]): boolean => texts.some((t) => normalizeName(t).includes(normalizeName(query)));

/** The choices that match what is typed, longest names cut to Discord's 100 characters. */
export const choicesMatching = (query: string, choices: readonly InputChoice[]): InputChoice[] =>
  choices.filter((c) => matchesQuery(query, c.name, c.value)).map((c) => (c.name.length <= 100 ? c : { ...c, name: `${c.name.slice(0, 99)}…` }));

/**
 * The bot general (issue 13, "beyond the text"): an optional commander for one side, NOT part of
 * any ruleset's rules. The ruleset lists what each of the side's pieces could do now, each input
 * tagged with the doctrine's intent; the shared doctrine (src/rules/bot/doctrine.ts) ranks them
 * and submits them through `act`, the path a player's input takes, so only legal inputs stand.
 */
export type BotIntent = 'chance' | 'reform' | 'charge' | 'fire' | 'formation' | 'advance';

/** One input the bot general may try for a piece, with what the doctrine reads in it. */
export interface BotOption<A> {
  readonly intent: BotIntent;
  /** The piece it is for (absent: the side's, e.g. a chance card). */
  readonly piece?: string;
  /** The in-window action exactly as a player's verb would build it. */
  readonly action: A;
  /**
   * The intent's measure: charge = the odds (own melee points over the target's); reform = the
   * 'D' (disorder) count; fire, advance = distance to the target (closest first).
   */
  readonly weight: number;
  /** Why, for the narrative: "closest target in range, 140 mm". */
  readonly why: string;
}

/** A ruleset's side of the bot general: the candidate inputs for the seat that owes the window. */
export interface BotGeneral<S, A> {
  /** Candidates for `seat` now, pieces in the order they act; nothing here needs to be legal (act decides). */
  options(state: S, seat: string): readonly BotOption<A>[];
}
