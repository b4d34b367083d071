import type { Problem } from '../lib/result';
import type { AnyRuleset, GmAnswer, GmQuestion, PhaseInfo, SeatId } from '../rules/contract';
import type { SeedReveal } from '../narrative';
import type { GameEvent } from '../rules/events';
import { SYSTEM_ACTOR, type AuditTrail } from '../services/audit-trail';
import { auditedDice, windowScope } from './audited-dice';
import type { GameRow, GamesRepo, WindowRow } from './games.repo';
import type { GameOptions } from './options';
import type { Posts } from './posts';

export type Trigger = 'all-ready' | 'deadline' | 'gm' | 'deadline-default' | 'gm-ruling';

export interface ResolveDeps {
  readonly repo: GamesRepo;
  readonly trail: AuditTrail;
  readonly ruleset: AnyRuleset;
  readonly posts: Posts;
  readonly now: number;
  /** Opens the next window (or ends the game) inside the same transaction. */
  readonly openNext: (game: GameRow, state: unknown) => void;
}

export interface Resolved {
  readonly resolved: boolean;
  readonly reason?: string;
  readonly events?: readonly GameEvent[];
}

/**
 * Resolve one window, exactly once (issue 4; diplicity's `resolve(game, phase, trigger)`): the
 * deadline sweep, "everyone is ready" and the GM's advance all call this. It must run inside
 * one SQLite transaction (the caller's): a second call for the same window finds it resolved
 * and does nothing, and the version check makes a concurrent writer's change roll it back.
 */
export function resolveWindowOnce(deps: ResolveDeps, gameId: number, windowId: number, trigger: Trigger, answer?: GmAnswer): Resolved {
  const { repo, trail, ruleset, now } = deps;
  const game = repo.game(gameId);
  const w = repo.window(windowId);
  if (!game || !w || w.gameId !== gameId) return { resolved: false, reason: 'no such window' };
  if (w.status !== 'open') return { resolved: false, reason: 'already resolved' };
  if (game.status !== 'running') return { resolved: false, reason: `game is ${game.status}` };

  const before = JSON.parse(game.state!) as unknown;
  const state = before;
  const dice = auditedDice(trail, { guildId: game.guildId, gameId: String(game.id), scope: windowScope(game.id, w.seq) });
  const events: GameEvent[] = [];
  // A window the GM owes resolves with the GM's answer to its own question, and with nothing else
  // (no deadline, no advance, no "everyone is ready" invents the ruling).
  const question = gmQuestionOf(ruleset, state);
  if (question && answer?.question !== question.id) return { resolved: false, reason: `the GM owes a ruling: ${question.question}` };
  if (!question && answer) return { resolved: false, reason: 'no ruling is awaited' };
  if (question && answer) events.push({ kind: 'note', ...(question.rule ? { rule: question.rule } : {}), text: `The GM (${answer.by}) ruled: ${question.question} → ${question.answers.find((a) => a.value === answer.value)?.label ?? answer.value}.` });
  const owing = ruleset.owing(state) as SeatId[];

  // In-window actions nobody took (DRAM: initiative rolls) are the ruleset's resolve's to take,
  // so they appear under their own phase in the narrative.
  const orders = new Map<SeatId, unknown[]>();
  const silent: SeatId[] = [];
  // A seat that acted in the window (in-window actions: B&P, Kuryakin) has not been silent.
  const acted = new Set(repo.actionsOf(w.id).map((a) => a.seatId));
  for (const seat of owing) {
    const mine = repo.activeSubmissions(w.id, seat).map((x) => JSON.parse(x.body) as unknown);
    if (mine.length === 0 && !repo.readySeats(w.id).has(seat) && !acted.has(seat)) silent.push(seat);
    orders.set(seat, mine.length ? mine : [...ruleset.defaultOrders(state, seat)]);
  }

  const step = question ? ruleset.resolve(state, orders, dice, answer) : ruleset.resolve(state, orders, dice);
  events.push(...step.events);
  // The window's dice are all rolled: publish the seed, and open the sealed receipts.
  const epoch = w.epochId !== null ? trail.reveal(w.epochId, SYSTEM_ACTOR) : null;
  const receipts = repo.latestReceipts(w.id).map((r) => ({ seat: r.seatId, hash: r.hash, nonce: r.nonce, orders: r.orders }));

  repo.insertResolution({ windowId: w.id, gameId, trigger, stateBefore: game.state!, events: JSON.stringify(events), createdAt: now });
  repo.updateWindow(w.id, { status: 'resolved', resolvedAt: now, trigger });
  if (!repo.updateGame(gameId, { state: JSON.stringify(step.state), version: game.version + 1, updatedAt: now }, game.version)) {
    // Someone changed the game since we read it: abandon this whole transaction.
    throw new ConcurrentChange(gameId);
  }
  trackMisses(repo, game, owing, silent, deps.posts, seatLabels(ruleset, state));
  // The reveal entry is the chain head here; its anchor goes out with the seed (narrate prints it).
  const head = epoch ? trail.repo.lastLink(game.guildId) : null;
  const seedReveal: SeedReveal | null = epoch ? { epoch: epoch.id, seed: epoch.seed, commitment: epoch.commitment, ...(head ? { anchor: head } : {}) } : null;
  deps.posts.resolution(game, w, step.state, events, trigger, seedReveal, receipts);
  deps.openNext({ ...game, state: JSON.stringify(step.state), version: game.version + 1 }, step.state);
  return { resolved: true, events };
}

/** Thrown inside a transaction to abandon it when the game changed under us. */
export class ConcurrentChange extends Error {
  constructor(gameId: number) {
    super(`game ${gameId} changed during resolution`);
  }
}

/** No-orders policy: count consecutive silent windows; after N the seat is vacant and the GM is told. */
function trackMisses(repo: GamesRepo, game: GameRow, owing: readonly SeatId[], silent: readonly SeatId[], posts: Posts, labels: ReadonlyMap<string, string>): void {
  const options = JSON.parse(game.options) as GameOptions;
  for (const seat of repo.seats(game.id)) {
    if (!owing.includes(seat.seatId)) continue;
    if (!silent.includes(seat.seatId)) {
      if (seat.misses) repo.updateSeat(game.id, seat.seatId, { misses: 0 });
      continue;
    }
    const misses = seat.misses + 1;
    if (seat.userId && misses >= options.vacantAfterMisses) {
      repo.updateSeat(game.id, seat.seatId, { misses: 0, userId: null, userName: null });
      posts.vacant(game, seat.seatId, labels.get(seat.seatId) ?? seat.seatId, seat.userId, misses);
    } else {
      repo.updateSeat(game.id, seat.seatId, { misses });
    }
  }
}

export type { WindowRow, Problem };

/** The question of a window the GM owes (PhaseInfo.gm), or null for a window players owe. */
/** Seats as the scenario prints them ('I Corps'), for what players read (issue 11: never ids). */
export function seatLabels(ruleset: AnyRuleset, state: unknown): ReadonlyMap<string, string> {
  return new Map(ruleset.seats(state).map((s: { id: string; label: string }) => [s.id, s.label]));
}

export function gmQuestionOf(ruleset: AnyRuleset, state: unknown): GmQuestion | null {
  return (ruleset.phase(state) as PhaseInfo).gm ?? null;
}
