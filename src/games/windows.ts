import type { AnyRuleset } from '../rules/contract';
import type { AuditTrail } from '../services/audit-trail';
import { nextDeadline, paceFor, parsePaces } from '../scheduler/time';
import { windowScope } from './audited-dice';
import type { GameRow, GamesRepo } from './games.repo';
import type { GameOptions } from './options';
import type { Posts } from './posts';
import { seatLabels } from './resolve';
import { botOf } from './bot-general';

/**
 * After set-up or a resolution: open the next window players post in, or end the game. Runs
 * inside the caller's transaction. The window's dice seed is committed (and its commitment
 * posted) now, before any of its dice are rolled.
 */
export function openNextWindow(deps: { repo: GamesRepo; trail: AuditTrail; ruleset: AnyRuleset; posts: Posts; now: number; ended?: (game: GameRow, state: unknown) => void }, game: GameRow, state: unknown): void {
  const { repo, trail, ruleset, posts, now } = deps;
  const outcome = ruleset.outcome(state);
  if (outcome) {
    repo.updateGame(game.id, { status: 'ended', updatedAt: now });
    posts.ended(game, outcome.summary);
    // In the same transaction: a campaign battle's aftermath (issue 15).
    deps.ended?.({ ...game, status: 'ended' }, state);
    return;
  }
  const phase = ruleset.phase(state);
  const seq = (repo.lastWindow(game.id)?.seq ?? 0) + 1;
  const epoch = trail.currentEpoch(game.guildId, windowScope(game.id, seq), String(game.id));
  const options = JSON.parse(game.options) as GameOptions;
  const paces = parsePaces(options.paces);
  // A window the GM owes has no deadline: nothing may invent the ruling (the GM is reminded instead).
  const deadline = phase.gm ? null : paces.ok ? nextDeadline(paceFor(paces.value, phase.id), now) : null;
  const w = repo.insertWindow({
    gameId: game.id, seq, turn: phase.turn, phase: phase.id, label: phase.label, openedAt: now, deadlineAt: deadline,
    pausedAt: null, epochId: epoch.id, status: 'open', resolvedAt: null, trigger: null, version: game.version,
  });
  if (phase.gm) {
    posts.gmOwed(game, w, phase.gm, epoch.commitment);
    return;
  }
  const seats = repo.seats(game.id);
  const owing: readonly string[] = ruleset.owing(state);
  const players = [...new Set(owing.map((id) => seats.find((x) => x.seatId === id)?.userId).filter((u): u is string => !!u))];
  const labels = seatLabels(ruleset, state);
  // Seats of the side the bot general commands (issue 13) are not vacant: the scheduler plays them.
  const bot = botOf(options);
  const botSeats = new Set(bot ? ruleset.seats(state).filter((x: { side: string }) => x.side === bot.side).map((x: { id: string }) => x.id) : []);
  const free = owing.filter((id) => !seats.find((x) => x.seatId === id)?.userId);
  const vacant = free.filter((id) => !botSeats.has(id)).map((id) => labels.get(id) ?? id);
  const byBot = free.filter((id) => botSeats.has(id)).map((id) => labels.get(id) ?? id);
  const waiting = [...players.map((u) => `<@${u}>`), ...(byBot.length ? [`🤖 the bot general (${byBot.join(', ')}), at the next tick`] : []), ...(vacant.length ? [`(vacant, default orders: ${vacant.join(', ')})`] : [])];
  posts.windowOpened(game, w, epoch.commitment, waiting, players);
}
