import type { Db } from '../db/open';
import type { Problem } from '../lib/result';
import { randomHex } from '../lib/random-hex';
import { UserError } from '../lib/user-error';
import type { Accepted, AnyRuleset, GmAnswer, Outcome } from '../rules/contract';
import type { GameEvent } from '../rules/events';
import { rulesetById, RULESETS } from '../rules/index';
import { listScenarios, loadScenarioFile, type ScenarioListing } from '../rules/scenario/index';
import type { Scenario } from '../rules/scenario/types';
import type { Actor, AuditTrail } from '../services/audit-trail';
import { auditedDice, windowScope } from './audited-dice';
import { GamesRepo, type GameRow, type SeatRow, type WindowRow } from './games.repo';
import { DEFAULT_OPTIONS, GameOptions as GameOptionsSchema, type GameOptions } from './options';
import { parsePaces } from '../scheduler/time';
import { Posts } from './posts';
import { receiptHash, roundOrderNumbers, sealedOrdersText } from './receipts';
import { safeText } from '../interaction/safe-text';
import { gmQuestionOf, resolveWindowOnce, type Resolved, type Trigger } from './resolve';
import { openNextWindow } from './windows';
import { refuseBotSeat } from './bot-general';
import { WeightedLru } from '../lib/lru';

/**
 * How much parsed game state the service keeps, in characters of the states' JSON (parsed, a
 * state takes about as many bytes: Ligny's 39,000 characters ~50 KB of heap): ~600 games at
 * Saint-Rémy's size or ~200 at Ligny's, ~10 MB. A game forgotten is parsed again on its next
 * input (well under a millisecond at these sizes).
 */
export const PARSED_STATES_JSON = 8 * 1024 * 1024;

export interface GameDeps {
  readonly db: Db;
  readonly trail: AuditTrail;
  readonly clock: () => number;
  /** How long a sealed receipt waits for a newer one of its seat before it is due (RECEIPT_SETTLE_MS). */
  readonly receiptSettleMs?: number;
}

/** What a posted order comes to: the player's private answer, the seat it went to, and a resolution it completed. */
export interface Submitted {
  readonly accepted: Accepted<unknown>;
  readonly seat: string;
  readonly resolved: Resolved | null;
}

/** A live game in a channel, with what most commands need. */
export interface Live {
  readonly game: GameRow;
  readonly ruleset: AnyRuleset;
  readonly state: unknown;
  readonly window: WindowRow | null;
  readonly seats: readonly SeatRow[];
}

/**
 * Games in channels (issue 4): create, join, start, and the inputs players post. Every change
 * runs in one synchronous SQLite transaction; posts go to the outbox in the same transaction.
 */
export class GameService {
  readonly repo: GamesRepo;
  readonly posts: Posts;
  /**
   * Parsed states by game, valid while the stored version is unchanged (states are large JSON),
   * the least recently used forgotten past PARSED_STATES_JSON characters of their JSON (issue 12).
   */
  private readonly parsed = new WeightedLru<number, { version: number; state: unknown }>(PARSED_STATES_JSON);

  constructor(private readonly deps: GameDeps) {
    this.repo = new GamesRepo(deps.db);
    this.posts = new Posts(this.repo, deps.clock, deps.receiptSettleMs ?? 0);
    // States parsed or kept during a turn's batch that did not commit may be of versions the
    // database never reached (and may reach later with other contents): forget them all.
    deps.db.$batch.onRollback(() => this.parsed.clear());
  }

  /**
   * Called when a game ends with an outcome, inside the transaction that ends it (campaigns
   * apply a battle's aftermath here, exactly once: issue 15). A hook that throws abandons it.
   */
  readonly onGameEnded: ((game: GameRow, state: unknown) => void)[] = [];
  /**
   * A campaign battle's data (issue 15, set by CampaignService): its standing strengths and
   * placement applied again when a ruling changes before the start; null for any other game.
   */
  battleData: ((game: GameRow, loaded: LoadedScenario) => Promise<{ data: unknown; settings: unknown } | null>) | null = null;

  /** Called after a transaction that queued posts has committed (main: flush the outbox now). */
  onPosted: (() => void) | null = null;

  /** Run `fn` in one SQLite transaction (nested calls become savepoints). */
  tx<T>(fn: () => T): T {
    const queued = this.posts.queued;
    const result = this.deps.db.$batch.transaction(fn);
    // The outermost service transaction kicks the outbox, once its posts are committed: at once,
    // or when a turn's batch around it commits.
    const batch = this.deps.db.$batch;
    if (this.posts.queued !== queued && batch.outermost) batch.afterCommit(() => this.onPosted?.());
    return result;
  }

  /** A shipped scenario, validated, under the given rulings (or the scenario's own). */
  async loadScenario(ruleset: AnyRuleset, scenarioId: string, rulings?: unknown): Promise<LoadedScenario> {
    const listing = (await listScenarios()).filter((x) => x.ruleset === ruleset.id);
    const found = listing.find((x) => x.id === scenarioId);
    if (!found) throw new UserError('game/unknown-scenario', `There is no ${ruleset.id} scenario "${scenarioId}".`, `Available: ${listing.map((x) => x.id).join(', ') || 'none yet'}.`);
    const sc = await loadScenarioFile(found.path, ruleset.profile ? { profiles: { [ruleset.id]: ruleset.profile } } : {});
    if (!sc.ok) throw new Error(`shipped scenario ${found.path} is invalid: ${sc.error[0]?.message}`);
    const settings = ruleset.settings.parse(rulings ?? sc.value.rulings);
    if (!settings.ok) throw UserError.from(settings.error);
    const data = ruleset.scenario.prepare(sc.value, settings.value);
    if (!data.ok) throw new Error(`scenario ${found.id}: ${data.error[0]?.message}`);
    return { found, sc: sc.value, settings: settings.value, data: data.value };
  }

  /** Set-up dice (if the ruleset rolls any) come from their own epoch, revealed at once. */
  private setupState(ruleset: AnyRuleset, game: GameRow, data: unknown, settings: unknown) {
    const scope = `game:${game.id}/setup`;
    const dice = auditedDice(this.deps.trail, { guildId: game.guildId, gameId: String(game.id), scope });
    const setup = ruleset.setup(data, settings, dice);
    const epoch = this.deps.trail.repo.openEpoch(game.guildId, scope);
    if (epoch) this.deps.trail.reveal(epoch.id);
    this.posts.setup(game, setup.state, setup.events, game.version > 0);
    return setup.state;
  }

  /**
   * Create a game. A campaign battle (issue 15) passes `battle`: `seed` turns the scenario's data
   * and rulings into the battle's (standing strengths), `inTx` records the battle in the same
   * transaction as the game.
   */
  async create(input: { guildId: string; channelId: string; gm: Actor; ruleset: string; scenario: string; name?: string | undefined }, battle?: BattleHook): Promise<GameRow> {
    const ruleset = rulesetById(input.ruleset);
    if (!ruleset) throw new UserError('game/unknown-ruleset', `There is no ruleset "${input.ruleset}".`, `Available: ${Object.keys(RULESETS).join(', ')}.`);
    const loaded = await this.loadScenario(ruleset, input.scenario);
    const { found, sc } = loaded;
    const { settings, data } = battle ? battle.seed(loaded.data, loaded.settings) : loaded;

    return this.tx(() => {
      if (this.repo.liveGameIn(input.channelId)) throw new UserError('game/channel-busy', 'This channel already has a game in progress.', 'Use /game status, or create the new game in another channel.');
      const now = this.deps.clock();
      const game = this.repo.insertGame({
        guildId: input.guildId, channelId: input.channelId, name: safeText(input.name ?? '').trim() || sc.meta.name, ruleset: ruleset.id,
        scenarioId: found.id, gmUserId: input.gm.id, status: 'setup', settings: JSON.stringify(settings),
        options: JSON.stringify(DEFAULT_OPTIONS), state: null, version: 0, createdAt: now, updatedAt: now,
      });
      const state = this.setupState(ruleset, game, data, settings);
      this.repo.insertSeats(ruleset.seats(state).map((s) => ({ gameId: game.id, seatId: s.id, userId: null, userName: null, misses: 0, extensionsUsed: 0 })));
      this.repo.updateGame(game.id, { state: JSON.stringify(state), version: 1 });
      battle?.inTx(this.repo.game(game.id)!);
      return this.repo.game(game.id)!;
    });
  }

  /** The channel's game, or a user error saying there is none. */
  live(channelId: string): Live {
    const found = this.repo.liveIn(channelId);
    if (!found) throw new UserError('game/none-here', 'There is no game in this channel.', 'Start one with /game create, or go to the channel where your game is played (/game list).');
    const { game, window, seats } = found;
    const ruleset = rulesetById(game.ruleset)!;
    return { game, ruleset, state: this.stateOf(game), window, seats };
  }

  /**
   * The seats that owe the open window, worked out once per state: a submit asks twice (whose
   * seat comes first, and whether everyone is ready), and DRAM works it out from every corps
   * (issue 12). States are never mutated, so a state's answer never changes.
   */
  private owing(l: Pick<Live, 'ruleset' | 'state'>): readonly string[] {
    const state = l.state;
    if (typeof state !== 'object' || state === null) return l.ruleset.owing(state);
    let seats = this.owingByState.get(state);
    if (!seats) this.owingByState.set(state, (seats = l.ruleset.owing(state)));
    return seats;
  }
  private readonly owingByState = new WeakMap<object, readonly string[]>();

  /** The game's state, parsed once per version. Rules-core states are never mutated, so sharing is safe. */
  private stateOf(game: GameRow): unknown {
    // The cache first: a live game's row reads its state text only when asked (GamesRepo.liveGameIn).
    const hit = this.parsed.get(game.id);
    if (hit && hit.version === game.version) return hit.state;
    if (!game.state) return null;
    const state = JSON.parse(game.state) as unknown;
    this.parsed.set(game.id, { version: game.version, state }, game.state.length);
    return state;
  }

  /**
   * How a game came out, as its last resolution said it (the ruleset's outcome of the stored
   * state): null while it runs, or when the GM ended it before the rules did.
   */
  outcomeOf(game: GameRow): Outcome | null {
    const ruleset = rulesetById(game.ruleset);
    const state = this.stateOf(game);
    return ruleset && state !== null ? ruleset.outcome(state) : null;
  }

  /** Seats a user may still take, with their labels (for autocomplete). */
  openSeats(channelId: string): { id: string; label: string }[] {
    const l = this.live(channelId);
    const labels = new Map(l.ruleset.seats(l.state).map((s) => [s.id, s.label]));
    return l.seats.filter((s) => !s.userId).map((s) => ({ id: s.seatId, label: labels.get(s.seatId) ?? s.seatId }));
  }

  /** A seat as the scenario prints it ('French I Corps'); its id only if the ruleset names none. */
  seatLabel(l: Live, seatId: string): string {
    return l.ruleset.seats(l.state).find((s) => s.id === seatId)?.label ?? seatId;
  }

  /** Games in a server, for /game list. */
  gamesIn(guildId: string): GameRow[] {
    return this.repo.gamesIn(guildId);
  }

  /** Each seat's progress in the open window (for /game status); only counts, never order contents. */
  progress(l: Live): { seatId: string; userId: string | null; owing: boolean; ready: boolean; posted: number }[] {
    const owing = new Set(this.owing(l));
    const ready = l.window ? this.repo.readySeats(l.window.id) : new Set<string>();
    return l.seats.map((s) => ({
      seatId: s.seatId, userId: s.userId, owing: owing.has(s.seatId), ready: ready.has(s.seatId),
      posted: l.window ? this.repo.activeSubmissions(l.window.id, s.seatId).length : 0,
    }));
  }

  /** The orders a user has posted in the open window, across the seats they hold (their own eyes only). */
  myOrders(l: Live, userId: string): { key: string; body: string }[] {
    if (!l.window) return [];
    const windowId = l.window.id;
    return l.seats.filter((s) => s.userId === userId).flatMap((s) => this.repo.activeSubmissions(windowId, s.seatId)).map((x) => ({ key: x.key, body: x.body }));
  }

  join(channelId: string, user: Actor, seatId: string | undefined): SeatRow[] {
    return this.tx(() => {
      const l = this.live(channelId);
      if (l.game.status === 'ended') throw new UserError('game/ended', 'This game is over.');
      const free = this.openSeats(channelId);
      const openList = free.map((s) => s.label).join(', ') || 'none';
      if (!seatId) throw new UserError('game/choose-seat', 'Which seat do you want?', `Open seats: ${openList}.`);
      const seat = l.seats.find((s) => s.seatId === seatId);
      if (!seat) throw new UserError('game/unknown-seat', `There is no seat "${seatId}".`, `Open seats: ${openList}.`);
      // Seats are named as printed (issue 11), never by their internal id.
      const label = this.seatLabel(l, seatId);
      if (seat.userId && seat.userId !== user.id) throw new UserError('game/seat-taken', `${label} is already taken.`, `Open seats: ${openList}.`);
      // The same seat again: nothing changes and nothing is announced twice (issue 11).
      if (seat.userId === user.id) throw new UserError('game/seat-yours', `You already hold ${label}.`, `Open seats: ${openList}.`);
      this.requireOneSide(l, user.id, seatId, 'You already command the other side');
      refuseBotSeat(l, seatId);
      this.repo.updateSeat(l.game.id, seatId, { userId: user.id, userName: user.name, misses: 0 });
      return this.repo.seats(l.game.id).filter((s) => s.userId === user.id);
    });
  }

/** One player, one side (orders are secret from the enemy): `userId` may not take `seatId` if they hold a seat of another side. */
  requireOneSide(l: Live, userId: string, seatId: string, who: string): void {
    // A ruleset for solo play lets one player hold both sides (Ruleset.seating, contract.ts).
    if (l.ruleset.seating === 'any') return;
    const sideOf = (id: string) => l.ruleset.seats(l.state).find((x) => x.id === id)?.side;
    const side = sideOf(seatId);
    const other = l.seats.filter((s) => s.userId === userId && s.seatId !== seatId).some((s) => { const o = sideOf(s.seatId); return o && o !== side; });
    if (other) throw new UserError('game/one-side', `${who}: one player, one side (orders are secret from the enemy).`, 'Free the other side\'s seats first (/game leave, or the GM\'s /game kick).');
  }

    leave(channelId: string, user: Actor): number {
    return this.tx(() => {
      const l = this.live(channelId);
      const mine = l.seats.filter((s) => s.userId === user.id);
      if (!mine.length) throw new UserError('game/not-a-player', 'You hold no seat in this game.');
      for (const s of mine) this.repo.updateSeat(l.game.id, s.seatId, { userId: null, userName: null });
      return mine.length;
    });
  }

  start(channelId: string, user: Actor, isAdmin: boolean): WindowRow {
    return this.tx(() => {
      const l = this.live(channelId);
      this.requireGm(l.game, user, isAdmin);
      if (l.game.status !== 'setup') throw new UserError('game/already-started', 'This game has already started.');
      if (!l.seats.some((s) => s.userId)) throw new UserError('game/no-players', 'Nobody has joined yet.', 'Players take seats with /game join.');
      this.repo.updateGame(l.game.id, { status: 'running', updatedAt: this.deps.clock() });
      openNextWindow(this.windowDeps(l.ruleset), { ...l.game, status: 'running' }, l.state);
      return this.repo.openWindow(l.game.id)!;
    });
  }

  /** Post (or amend) one order; returns what the player should see privately. */
  submit(channelId: string, user: Actor, raw: unknown): Submitted {
    return this.submitBuilt(channelId, user, () => ({ order: raw }))!;
  }

  /**
   * Post (or amend) the order `build` makes from the channel's live game, read once, inside the
   * transaction that stores it (issue 12: a command building its input from the game read the
   * game, its window and its seats a second time before). `build` sees the game before any of
   * submit's own checks, as a command reading the game first did, and may refuse with its own
   * error; it returns null when there is nothing to post (a verb that is not an order): then
   * nothing is written and null is returned.
   */
  submitBuilt(channelId: string, user: Actor, build: (l: Live) => { readonly order: unknown } | null): Submitted | null {
    return this.tx(() => {
      const read = this.live(channelId);
      const built = build(read);
      if (!built) return null;
      const l = this.runningOf(read);
      const { seat, accepted, key, pending, live } = this.validated(l, user, built.order);
      const now = this.deps.clock();
      const order = this.roundedOrder(l, seat, accepted.order, pending);
      const body = JSON.stringify(order);
      this.repo.putSubmission({ windowId: l.window.id, seatId: seat, userId: user.id, key, body, createdAt: now, withdrawnAt: null });
      // The seat's live orders now, without reading back what was just written (issue 12): those
      // read before, less the one of this key (putSubmission withdrew it by the same key column),
      // then this one (the newest id), in the order activeSubmissions would list them.
      this.sealReceipt(l, seat, [...live.filter((x) => x.key !== key).map((x) => x.order), JSON.parse(body) as unknown]);
      const options = JSON.parse(l.game.options) as GameOptions;
      if (options.submitIsReady) this.repo.setReady(l.window.id, seat, now);
      return { accepted, seat, resolved: this.resolveIfAllReady(l) };
    });
  }

  /**
   * An order checked exactly as `submit` checks it, and nothing stored, sealed or posted: what a
   * private preview shows (issue 11, `/move preview:true`).
   */
  check(channelId: string, user: Actor, raw: unknown): { accepted: Accepted<unknown>; seat: string } {
    const l = this.running(channelId);
    const { seat, accepted } = this.validated(l, user, raw);
    return { accepted, seat };
  }

  private validated(l: ReturnType<GameService['running']>, user: Actor, raw: unknown): { seat: string; accepted: Accepted<unknown>; key: string; pending: unknown[]; live: { key: string; order: unknown }[] } {
    const mine = this.mySeats(l, user);
    const parsed = l.ruleset.orderSchema(l.state).safeParse(raw);
    if (!parsed.success) throw new UserError('order/invalid', `That order is not understood: ${parsed.error.issues.map((i) => i.message).join('; ')}.`);
    const key = l.ruleset.orderKey(parsed.data);
    // Keep the most useful refusal (a seat that does not own the unit says least); build the error once.
    let firstError: Problem | null = null;
    const rows = this.repo.activeSubmissionsOfSeats(l.window.id, mine);
    for (const seat of mine) {
      const live: { key: string; order: unknown }[] = [];
      for (const x of rows) if (x.seatId === seat) live.push({ key: x.key, order: JSON.parse(x.body) as unknown });
      const pending = live.map((x) => x.order).filter((o) => l.ruleset.orderKey(o) !== key);
      const r = l.ruleset.validate(l.state, seat, parsed.data, pending);
      if (!r.ok) {
        if (!firstError || firstError.code === 'order/not-yours') firstError = r.error;
        continue;
      }
      return { seat, accepted: r.value, key, pending, live };
    }
    throw firstError ? UserError.from(firstError) : new UserError('order/not-yours', 'None of your seats can give that order.');
  }

  withdraw(channelId: string, user: Actor, key: string): boolean {
    return this.tx(() => {
      const l = this.running(channelId);
      const now = this.deps.clock();
      for (const seat of this.mySeats(l, user)) {
        if (this.repo.withdraw(l.window.id, seat, key, now)) {
          this.repo.unready(l.window.id, seat);
          this.sealReceipt(l, seat);
          return true;
        }
      }
      throw new UserError('order/not-found', `You have no order "${key}" in this window.`, 'See your orders with /orders mine.');
    });
  }

  ready(channelId: string, user: Actor): { seats: string[]; resolved: Resolved | null } {
    return this.tx(() => {
      const l = this.running(channelId);
      const seats = this.mySeats(l, user);
      for (const seat of seats) this.repo.setReady(l.window.id, seat, this.deps.clock());
      return { seats, resolved: this.resolveIfAllReady(l) };
    });
  }

  /** A binding in-window action with dice (DRAM initiative): rolled, recorded and posted at once. */
  act(channelId: string, user: Actor, raw: unknown): readonly GameEvent[] {
    // The state the act returned, kept as the parsed state of the version it was stored under once
    // the transaction has committed: the next act starts from it instead of the JSON just written,
    // and what the ruleset worked out on the parts it did not change (terrain, the other pieces) is
    // still known to it (issue 12). States are never mutated and survive JSON unchanged (the NW and
    // DRAM whole-game tests check both), so this is the state a re-parse would give.
    let kept: { gameId: number; version: number; state: unknown; json: number } | null = null;
    const events = this.tx(() => {
      const l = this.running(channelId);
      const schema = l.ruleset.actionSchema(l.state);
      if (!schema) throw new UserError('action/none', 'There is nothing to roll in this window.');
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw new UserError('action/invalid', `That is not understood: ${parsed.error.issues.map((i) => i.message).join('; ')}.`);
      const dice = auditedDice(this.deps.trail, { guildId: l.game.guildId, gameId: String(l.game.id), scope: windowScope(l.game.id, l.window.seq), actor: user });
      let lastError: Problem | null = null;
      // A player holding several seats (both sides in a solo game) acts for the seat that owes the
      // window first, and hears that seat's refusal rather than another seat's "not your turn".
      const owing = new Set(this.owing(l));
      let owingError: Problem | null = null;
      const mine = [...this.mySeats(l, user)].sort((a, b) => Number(owing.has(b)) - Number(owing.has(a)));
      for (const seat of mine) {
        const r = l.ruleset.act(l.state, seat, parsed.data, dice);
        if (!r.ok) { lastError = r.error; if (owing.has(seat)) owingError ??= r.error; continue; }
        const now = this.deps.clock();
        const json = JSON.stringify(r.value.state);
        this.repo.updateGame(l.game.id, { state: json, version: l.game.version + 1, updatedAt: now });
        this.repo.insertAction({ windowId: l.window.id, seatId: seat, userId: user.id, body: JSON.stringify(parsed.data), createdAt: now });
        kept = { gameId: l.game.id, version: l.game.version + 1, state: r.value.state, json: json.length };
        // The roll is answered publicly by the command itself; the audit trail already holds it.
        return r.value.events;
      }
      const refusal = owingError ?? lastError;
      throw refusal ? UserError.from(refusal) : new UserError('action/not-yours', 'None of your seats can do that.');
    });
    // Only a commit of our own (or a turn's batch, whose failure clears the cache): inside an
    // outer transaction that may still roll back, the next read parses.
    const k = kept as { gameId: number; version: number; state: unknown; json: number } | null;
    if (k && this.deps.db.$batch.outermost) this.parsed.set(k.gameId, { version: k.version, state: k.state }, k.json);
    return events;
  }

  /** Resolve a window exactly once (deadline sweep, everyone ready, GM). */
  resolve(gameId: number, windowId: number, trigger: Trigger, answer?: GmAnswer): Resolved {
    return this.tx(() => {
      const game = this.repo.game(gameId);
      if (!game) return { resolved: false, reason: 'no such game' };
      return this.resolveInTx(game, windowId, trigger, answer);
    });
  }

  private resolveInTx(game: GameRow, windowId: number, trigger: Trigger, answer?: GmAnswer): Resolved {
    const deps = this.windowDeps(rulesetById(game.ruleset)!);
    return resolveWindowOnce({ ...deps, openNext: (g, state) => openNextWindow(deps, g, state) }, game.id, windowId, trigger, answer);
  }

  /** Open the window for the game's current state again (after a rollback). */
  reopen(game: GameRow): void {
    const ruleset = rulesetById(game.ruleset)!;
    openNextWindow(this.windowDeps(ruleset), game, JSON.parse(game.state!));
  }

  get trail(): AuditTrail {
    return this.deps.trail;
  }

  /** Change the game's options (GM). */
  setOptions(channelId: string, user: Actor, isAdmin: boolean, patch: Partial<GameOptions>): GameOptions {
    return this.tx(() => {
      const l = this.live(channelId);
      this.requireGm(l.game, user, isAdmin);
      const merged = GameOptionsSchema.safeParse({ ...(JSON.parse(l.game.options) as GameOptions), ...patch });
      if (!merged.success) throw new UserError('settings/invalid', merged.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const paces = parsePaces(merged.data.paces);
      if (!paces.ok) throw UserError.from(paces.error);
      this.repo.updateGame(l.game.id, { options: JSON.stringify(merged.data), updatedAt: this.deps.clock() });
      return merged.data;
    });
  }

  /**
   * Change a house ruling (GM, before the game starts). Rulings shape the set-up itself (SP,
   * the first phase), so the scenario is set up again under the new rulings.
   */
  async setRuling(channelId: string, user: Actor, isAdmin: boolean, key: string, value: unknown): Promise<unknown> {
    return this.setRulings(channelId, user, isAdmin, [[key, value]]);
  }

  /** Several rulings at once, checked together (a tables file and the mode that requires it whole). */
  async setRulings(channelId: string, user: Actor, isAdmin: boolean, changes: readonly (readonly [string, unknown])[]): Promise<unknown> {
    const l = this.live(channelId);
    this.requireGm(l.game, user, isAdmin);
    if (l.game.status !== 'setup') throw new UserError('settings/started', 'House rulings can only change before the game starts.', 'Create a new game to play under other rulings.');
    const merged = changes.reduce((o, [key, value]) => withPath(o, key, value), JSON.parse(l.game.settings) as Record<string, unknown>);
    const loaded = await this.loadScenario(l.ruleset, l.game.scenarioId, merged);
    const { settings, data } = (await this.battleData?.(l.game, loaded)) ?? loaded;
    return this.tx(() => {
      const game = this.repo.game(l.game.id)!;
      if (game.status !== 'setup') throw new UserError('settings/started', 'House rulings can only change before the game starts.');
      const state = this.setupState(l.ruleset, game, data, settings);
      this.repo.updateGame(game.id, { settings: JSON.stringify(settings), state: JSON.stringify(state), version: game.version + 1, updatedAt: this.deps.clock() });
      return settings;
    });
  }

  /**
   * The stored resolutions of a turn (or the last one), with the state each left behind: the
   * state before the next live resolution, or the current state after the last one.
   */
  history(channelId: string, turn?: number): { label: string; events: readonly GameEvent[]; state: unknown; rolledBack: boolean }[] {
    const l = this.live(channelId);
    return this.historyOf(l.game, turn);
  }

  /**
   * A game of this server by its id, live or ended (issue 15: a campaign's battles link to their
   * histories after they end, when /game history in their channel no longer finds them).
   */
  gameOf(guildId: string, id: number): GameRow {
    const game = this.repo.game(id);
    // Another server's game is as unknown as a missing one: nothing of it is told.
    if (!game || game.guildId !== guildId) throw new UserError('game/unknown', `There is no game #${id} in this server.`, 'See /game list for the games of this server and their numbers.');
    if (!game.state) throw new UserError('game/not-started', `Game #${id} was never set up.`);
    return game;
  }

  /** The stored resolutions of any game (live or ended), as `history` reads them. */
  historyOf(game: GameRow, turn?: number): { label: string; events: readonly GameEvent[]; state: unknown; rolledBack: boolean }[] {
    const l = { game, state: this.stateOf(game) };
    const live = this.repo.windowsOf(l.game.id).filter((w) => w.status === 'resolved' && w.trigger !== 'rolled-back')
      .map((w) => ({ w, r: this.repo.resolutionOf(w.id) })).filter((x): x is { w: WindowRow; r: NonNullable<typeof x.r> } => x.r !== null && x.r.rolledBackAt === null);
    const after = (i: number) => (i + 1 < live.length ? JSON.parse(live[i + 1]!.r.stateBefore) as unknown : l.state);
    const indexed = live.map((x, i) => ({ ...x, i }));
    const picked = turn === undefined ? indexed.slice(-1) : indexed.filter((x) => x.w.turn === turn);
    return picked.map(({ w, r, i }) => ({ label: w.label, events: JSON.parse(r.events) as GameEvent[], state: after(i), rolledBack: false }));
  }

  private windowDeps(ruleset: AnyRuleset) {
    return { repo: this.repo, trail: this.deps.trail, ruleset, posts: this.posts, now: this.deps.clock(), ended: (g: GameRow, state: unknown) => { for (const f of this.onGameEnded) f(g, state); } };
  }

  private running(channelId: string): Live & { window: WindowRow } {
    return this.runningOf(this.live(channelId));
  }

  /** The live game `l` if it takes players' input now, or the user error saying why not. */
  private runningOf(l: Live): Live & { window: WindowRow } {
    if (l.game.status === 'setup') throw new UserError('game/not-started', 'The game has not started yet.', 'The GM starts it with /game start.');
    if (l.game.status === 'paused') throw new UserError('game/paused', 'The game is paused by the GM; orders are not taken until it resumes.');
    if (!l.window) throw new UserError('game/no-window', 'Nothing is open for orders right now.');
    const question = gmQuestionOf(l.ruleset, l.state);
    if (question) throw new UserError('game/gm-owes', `The game waits for the GM's ruling: ${question.question}`, `Nothing is taken from players until <@${l.game.gmUserId}> answers with /game answer; then the next window opens.`);
    return { ...l, window: l.window };
  }

  private mySeats(l: Live, user: Actor): string[] {
    const mine = l.seats.filter((s) => s.userId === user.id).map((s) => s.seatId);
    if (!mine.length) throw new UserError('game/not-a-player', 'You hold no seat in this game.', 'Take one with /game join.');
    const owing = new Set(this.owing(l));
    return [...mine.filter((s) => owing.has(s)), ...mine.filter((s) => !owing.has(s))];
  }

  /**
   * The order as it is stored, executed and sealed: numbers rounded to ORDER_DECIMALS places, so
   * a computed waypoint reads 7.94 and not 7.9399999999999995 when the receipt is opened. The
   * rounded order is checked again, so rounding never carries a move past a limit; in that rare
   * case the order keeps its exact numbers (still stored, hashed and revealed alike).
   */
  private roundedOrder(l: Live, seat: string, order: unknown, pending: readonly unknown[]): unknown {
    const rounded = roundOrderNumbers(order);
    if (rounded === order) return order; // no number needed rounding (copy on write)
    return l.ruleset.validate(l.state, seat, rounded, pending).ok ? rounded : order;
  }

  /** A hash of the seat's orders with a secret nonce: posted now, opened at resolution. */
  private sealReceipt(l: Live & { window: WindowRow }, seat: string, live?: readonly unknown[]): void {
    // Exactly this text is stored, hashed and revealed (issue 16). `live`: the seat's live orders when the caller knows them.
    const orders = sealedOrdersText(live ?? this.repo.activeSubmissions(l.window.id, seat).map((x) => JSON.parse(x.body) as unknown));
    const nonce = randomHex(16);
    const hash = receiptHash(nonce, orders);
    const id = this.repo.insertReceipt({ windowId: l.window.id, seatId: seat, hash, nonce, orders, createdAt: this.deps.clock() });
    const label = l.ruleset.seats(l.state).find((s) => s.id === seat)?.label ?? seat;
    this.posts.receipt(l.game, l.window, seat, label, hash, id);
  }

  /** Everyone who owes input and holds a seat is ready: resolve now. Vacant seats do not block. */
  private resolveIfAllReady(l: Live & { window: WindowRow }): Resolved | null {
    const ready = this.repo.readySeats(l.window.id);
    const taken = new Set(l.seats.filter((s) => s.userId).map((s) => s.seatId));
    const blocking = this.owing(l).filter((s: string) => taken.has(s) && !ready.has(s));
    if (blocking.length) return null;
    return this.resolveInTx(this.repo.game(l.game.id)!, l.window.id, 'all-ready');
  }

  /** The GM, a Manage Server admin, or a member of the server role the game names may use GM tools. */
  requireGm(game: GameRow, user: Actor & { roles?: readonly string[] }, isAdmin: boolean): void {
    const role = (JSON.parse(game.options) as GameOptions).gmRoleId;
    if (user.id === game.gmUserId || isAdmin || (role && user.roles?.includes(role))) return;
    throw new UserError('permission/gm-only', 'Only the game master can do that.', `The GM of this game is <@${game.gmUserId}>${role ? ` (and members of <@&${role}>)` : ''}.`);
  }
}

/** How a campaign battle is created (GameService.create). */
/** A shipped scenario as loaded for a game: its listing, the validated file, the rulings and the ruleset's data. */
export interface LoadedScenario {
  readonly found: ScenarioListing;
  readonly sc: Scenario;
  readonly settings: unknown;
  readonly data: unknown;
}

export interface BattleHook {
  seed(data: unknown, settings: unknown): { data: unknown; settings: unknown };
  inTx(game: GameRow): void;
}

/** A copy of nested settings with the dotted `key` ('move.wagonsA') set to `value`. */
function withPath(o: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = key.split('.');
  if (!head) return o;
  const inner = (o[head] && typeof o[head] === 'object' && !Array.isArray(o[head]) ? o[head] : {}) as Record<string, unknown>;
  return { ...o, [head]: rest.length ? withPath(inner, rest.join('.'), value) : value };
}
