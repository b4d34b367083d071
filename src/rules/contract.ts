import type { z } from 'zod';
import type { Dice } from '../dice/dice';
import type { Problem, Result } from '../lib/result';
import type { GameEvent } from './events';
import type { CampaignRules } from './campaign/types';
import type { BotGeneral, Inputs, Presentation } from './plugin';
import type { ScenarioProfile } from './scenario/profiles';
import type { Scenario } from './scenario/types';

/**
 * The record every ruleset is (STYLE.md: godip, boardgame.io). The scheduler and the game
 * services know only this; everything rules-specific stays behind it.
 *
 * Checked against both shapes of turn we must play:
 *  - DRAM: simultaneous. Auto phases (reveal, exhaustion) resolve as soon as they open; a
 *    movement window where every corps commander rolls initiative (a binding in-window
 *    action) and plots moves; combat and reorganisation resolve alone; an orders window
 *    where every general posts secret chits, revealed next turn.
 *  - NW: phasing player. Initiative (auto roll, then only the winner posts who goes first);
 *    skirmish and artillery fire for both sides at once; maneuver for the phasing side only,
 *    each unit's Maneuver Table roll made on demand and binding (an in-window action) before
 *    its move is posted; a cavalry reaction by the non-phasing side; combat; a rally phase.
 */

/** Identifies a ruleset; the five the product ships. */
export const RULESET_IDS = ['dram', 'nw', 'bp', 'anrt', 'solo'] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/** A seat is one player's chair: a side, or one formation of it (a DRAM corps). */
export type SeatId = string;
export type SideId = string;

/** One chair at the table. */
export interface Seat {
  readonly id: SeatId;
  readonly side: SideId;
  /** "I Corps (Zieten)". */
  readonly label: string;
  /** Units and generals this seat may give orders to. */
  readonly commands: readonly string[];
}

/** Who owes input in a phase, declared as data (the scheduler reads it, never rules code). */
export type Owes =
  | { readonly kind: 'none' }
  | { readonly kind: 'all' }
  | { readonly kind: 'phasing' }
  | { readonly kind: 'non-phasing' }
  | { readonly kind: 'seats'; readonly seats: readonly SeatId[] };

/** The phase a game is in, as the scheduler and the commands see it. */
export interface PhaseInfo {
  /** Stable id, e.g. 'dram/movement'. */
  readonly id: string;
  /** For players: "Turn 3 (15:00) — 4. Movement". */
  readonly label: string;
  readonly turn: number;
  /** The battle's clock, for titles ("15:00"). */
  readonly clock?: string;
  readonly owes: Owes;
  /** Orders stay hidden from everyone but their author until resolution reveals them. */
  readonly secret: boolean;
  /** The side whose player-turn it is (phasing games). */
  readonly phasingSide?: SideId;
  /**
   * The window is owed by the GM, not by the players: a ruling the rules cannot make alone (a
   * missing table's result). It has no deadline and no default: the scheduler only reminds the
   * GM, players post nothing, and it resolves only when the GM answers (`/game answer`); the
   * answer reaches `resolve`. `owing` should then be empty.
   */
  readonly gm?: GmQuestion;
}

/** A question only the GM may answer, with the answers the rules allow. */
export interface GmQuestion {
  /** Stable id of this question ('anrt/melee:fr-1-4e'); an answer names it, so a stale answer is refused. */
  readonly id: string;
  /** For the GM: "Melee, CAV COL: 4e Hussards (D6 5) vs 1/95th: the result code?". */
  readonly question: string;
  /** The rule that needs the ruling ('ANRT §XI L646', 'DIGEST A-1'). */
  readonly rule?: string;
  /** The allowed answers: `value` is what the GM types, `label` what the narrative prints. */
  readonly answers: readonly { readonly value: string; readonly label: string }[];
}

/** The GM's answer to the open `GmQuestion`, passed to `resolve`. */
export interface GmAnswer {
  readonly question: string;
  readonly value: string;
  /** The GM's display name, for the narrative. */
  readonly by: string;
}

/** Who is looking: a seat, a whole side, the GM, or the public (spectators, the channel). */
export type Viewer = { readonly kind: 'seat'; readonly seat: SeatId } | { readonly kind: 'side'; readonly side: SideId } | { readonly kind: 'gm' } | { readonly kind: 'public' };

/** How a game ended. */
export interface Outcome {
  readonly winner: SideId | null;
  /** "French decisive victory: Ligny and Saint-Amand held at 21:00". */
  readonly summary: string;
  /** Victory points or levels per side, when the scenario scores them. */
  readonly score?: Readonly<Record<SideId, number>>;
}

/** An order accepted by validate, with what the player should see before committing to it. */
export interface Accepted<O> {
  readonly order: O;
  /** "Path 10.5 in of 12 in allowed; ends 4 in from the Prussian 2nd Brigade." */
  readonly preview: readonly string[];
  readonly warnings?: readonly string[];
}

/** The result of resolving a phase or performing an action. */
export interface Step<S> {
  readonly state: S;
  readonly events: readonly GameEvent[];
}

/**
 * A ruleset. `S` is its JSON-serialisable game state; `O` the union of orders players post
 * (each carries the key it replaces, so a player can amend or withdraw one order); `A` the
 * in-window actions that roll binding dice at once; `Settings` its per-game rulings.
 */
export interface Ruleset<S, O, A, Settings, ScenarioData> {
  readonly id: RulesetId;
  readonly name: string;

  /** Per-game settings: every house ruling with the DIGEST default. */
  readonly settings: {
    readonly schema: z.ZodType<Settings>;
    parse(overrides: unknown): Result<Settings, Problem>;
  };

  /** Turn a validated scenario file (src/rules/scenario) into this ruleset's data, under the game's settings. */
  readonly scenario: {
    prepare(scenario: Scenario, settings: Settings): Result<ScenarioData, Problem[]>;
  };

  /** The state before turn 1. Pure: any randomness of set-up comes through `dice`. */
  setup(scenario: ScenarioData, settings: Settings, dice: Dice): Step<S>;

  seats(state: S): readonly Seat[];
  /**
   * Who may hold which seats. 'one-side' (the default): one player, one side — orders are secret
   * from the enemy, so /game join and /game replace refuse a second side. 'any': one player may
   * hold both sides' seats (a solo game: Kuryakin's rules are written for one person commanding
   * both sides, KUR L3); a player holding both is asked only for the seat that owes the window.
   */
  readonly seating?: 'one-side' | 'any';
  phase(state: S): PhaseInfo;
  /** Seats that still have something to decide now ("players with nothing to decide are ready automatically"). */
  owing(state: S): readonly SeatId[];

  /** The zod schema of an order in the current phase (parse raw input first, then validate against state). */
  orderSchema(state: S): z.ZodType<O>;
  /** The key an order replaces ("move:stand-12"): one order per key per seat and phase. */
  orderKey(order: O): string;
  /**
   * Check one order against the state. `pending` are the seat's other orders this phase
   * (budgets such as DRAM's AP are shared between them).
   */
  validate(state: S, seat: SeatId, order: O, pending: readonly O[]): Result<Accepted<O>, Problem>;
  /** What a silent seat is taken to have ordered (DRAM: keep orders, do not move). */
  defaultOrders(state: S, seat: SeatId): readonly O[];

  /** In-window actions with binding dice (NW maneuver roll, DRAM initiative roll). */
  actionSchema(state: S): z.ZodType<A> | null;
  act(state: S, seat: SeatId, action: A, dice: Dice): Result<Step<S>, Problem>;
  /** Actions still owed by a seat (shown to players, and rolled for by `resolve` if left undone). */
  pendingActions(state: S, seat: SeatId): readonly A[];

  /**
   * Resolve the current phase with every seat's orders; moves the state to the next phase.
   * It takes any pending actions itself (the bot rolls for those who did not), so their
   * events fall under the right phase. In a window the GM owes (`PhaseInfo.gm`), `answer` is
   * the GM's ruling (the shared layer resolves such a window only with one).
   */
  resolve(state: S, orders: ReadonlyMap<SeatId, readonly O[]>, dice: Dice, answer?: GmAnswer): Step<S>;
  outcome(state: S): Outcome | null;

  /** The state as a viewer may see it (face-down chits, enemy strengths, unseen units). */
  view(state: S, viewer: Viewer): S;
  /** The events as the whole channel may read them (NW: no s.p. left, no fatigue counts); all of them when absent. */
  publicEvents?(events: readonly GameEvent[]): readonly GameEvent[];

  /** What the shared scenario loader checks in this ruleset's files while their line numbers are at hand. */
  readonly profile?: ScenarioProfile;
  /** Names, map model, rosters and settings lines for the shared layers (src/rules/plugin.ts). */
  readonly present: Presentation<S, Settings>;
  /** The slash verbs this ruleset accepts and how each becomes an order or an action. */
  readonly inputs: Inputs<S>;
  /**
   * The bot general (issue 13, optional and not part of the rules): candidate in-window actions
   * for a side the bot commands (src/rules/bot/doctrine.ts ranks and submits them through `act`).
   * Absent: /game settings refuses a bot side for this ruleset.
   */
  readonly bot?: BotGeneral<S, A>;
  /**
   * Campaigns (issue 15, src/rules/campaign): its order of battle as a standing order of battle,
   * a battle seeded from it, and its after-battle rules. Absent: it plays no campaigns yet.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly campaign?: CampaignRules<S, Settings, ScenarioData, any>;
}

/** Any ruleset, for registries. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleset = Ruleset<any, any, any, any, any>;
