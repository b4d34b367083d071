import type { Logger } from '../logger';
import { rulesetById } from '../rules/index';
import { deadlineCheck, dueReminders, reminderLeadTimes } from '../scheduler/time';
import { ts } from '../interaction/present-rolls';
import type { GameService } from './game.service';
import type { GameRow, WindowRow } from './games.repo';
import { DEFAULT_OPTIONS, type GameOptions } from './options';
import { gmQuestionOf } from './resolve';
import { runBotWindow } from './bot-general';

/** The reminders table's seat for reminders sent to the GM (no seat id starts with '@'). */
const GM_SEAT = '@gm';

/** How often the bot looks at deadlines; a heartbeat older than this at a deadline means the bot was down. */
export const TICK_MS = 30_000;

/** Windows the bot general may play one after another in one tick (the rest wait for the next). */
const MAX_BOT_WINDOWS_PER_TICK = 20;

/**
 * The durable turn scheduler (issue 4). Deadlines, reminders sent and the heartbeat live in
 * the database, so a restart resumes where it was. Each tick, per open window: remind those
 * who have not posted (once per lead time), and at the deadline either extend (the bot was
 * down when it passed, or a silent player has an extension left) or resolve.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly games: GameService, private readonly clock: () => number, private readonly log?: Logger) {}

  tick(): { resolved: number; reminded: number; extended: number } {
    const now = this.clock();
    const repo = this.games.repo;
    const lastSeen = repo.heartbeat('scheduler');
    const counts = { resolved: 0, reminded: 0, extended: 0 };
    const queue = repo.openWindows();
    // A window the bot general closed may open another it owes: it plays on, within bounds.
    let botWindows = 0;
    while (queue.length) {
      const w = queue.shift()!;
      let botPlayed = false;
      try {
        this.games.tx(() => {
          let game = repo.game(w.gameId);
          if (!game || game.status !== 'running' || w.pausedAt !== null || !game.state) return;
          // A window without a deadline never resolves by time; if the GM owes it, the GM is reminded.
          if (w.deadlineAt === null) {
            if (this.remindGm(game, w, now)) counts.reminded++;
            return;
          }
          // Issue 13: the bot general makes its side's inputs first (its seats are then ready, so
          // the window resolves below as soon as the players who owe it are ready too).
          if (runBotWindow(this.games, game, w, now) !== null) {
            botPlayed = true;
            game = repo.game(w.gameId)!;
          }
          const ruleset = rulesetById(game.ruleset)!;
          const state = JSON.parse(game.state!) as unknown;
          const options = JSON.parse(game.options) as GameOptions;
          const seats = repo.seats(game.id);
          const ready = repo.readySeats(w.id);
          const owing = new Set<string>(ruleset.owing(state));
          // Silence is judged per player: someone who posted or readied for any of their seats has posted.
          const owed = seats.filter((s) => s.userId && owing.has(s.seatId));
          const spoke = new Set(owed.filter((s) => ready.has(s.seatId) || repo.activeSubmissions(w.id, s.seatId).length > 0).map((s) => s.userId));
          const silent = owed.filter((s) => !spoke.has(s.userId));
          // Issue 11: a window never waits for its deadline for seats nobody holds. Once every
          // owing seat someone holds is ready (or none is held: vacant seats take default orders)
          // it resolves now — while anyone plays this game at all (a game every player has left
          // waits for its deadline or the GM, rather than playing itself out tick by tick).
          if (seats.some((s) => s.userId) && owed.every((s) => ready.has(s.seatId))) {
            const r = this.games.resolve(game.id, w.id, 'all-ready');
            if (r.resolved) counts.resolved++;
            return;
          }

          const leads = reminderLeadTimes(w.deadlineAt - w.openedAt, options.reminderLeadsMinutes.length ? { leadsMs: options.reminderLeadsMinutes.map((m) => m * 60_000) } : undefined);
          const sent = repo.remindersSent(w.id);
          const byLead = new Map<number, string[]>();
          for (const seat of silent) {
            const due = dueReminders({ openedAt: w.openedAt, deadline: w.deadlineAt, now, sent: sent.get(seat.seatId) ?? new Set(), leads });
            for (const lead of due.send) {
              if (repo.markReminder(w.id, seat.seatId, lead, now)) byLead.set(lead, [...(byLead.get(lead) ?? []), seat.userId!]);
            }
            for (const lead of due.skip) repo.markReminder(w.id, seat.seatId, lead, now);
          }
          for (const [lead, users] of byLead) {
            const distinct = [...new Set(users)];
            this.games.posts.reminder(game, w, distinct, lead);
            counts.reminded += distinct.length;
          }

          const check = deadlineCheck({ deadline: w.deadlineAt, now, lastSeenAlive: lastSeen ?? w.openedAt, graceMs: options.outageGraceMinutes * 60_000, tickMs: TICK_MS });
          if (check === 'wait') return;
          if (typeof check === 'object') {
            repo.updateWindow(w.id, { deadlineAt: check.extendTo });
            this.games.posts.notice(game, `outage:${w.id}:${check.extendTo}`, `⚠️ The deadline of ${w.label} passed while Estafette was offline, so it was not resolved unseen: ${check.reason} New deadline ${ts(check.extendTo, 'F')} (${ts(check.extendTo, 'R')}).`);
            counts.extended++;
            return;
          }
          // No-orders policy: a silent player with an extension left gets one before defaults apply.
          const extendable = silent.filter((s) => s.extensionsUsed < options.extensionsPerPlayer);
          if (extendable.length) {
            const to = now + options.extensionMinutes * 60_000;
            for (const s of extendable) repo.updateSeat(game.id, s.seatId, { extensionsUsed: s.extensionsUsed + 1 });
            repo.updateWindow(w.id, { deadlineAt: to });
            const who = [...new Set(extendable.map((s) => s.userId))];
            this.games.posts.notice(game, `extension:${w.id}:${to}`, `⏳ ${who.map((u) => `<@${u}>`).join(' ')} had not posted: the deadline is extended once, to ${ts(to, 'F')} (${ts(to, 'R')}). After that, default orders apply.`);
            counts.extended++;
            return;
          }
          const r = this.games.resolve(game.id, w.id, 'deadline');
          if (r.resolved) counts.resolved++;
        });
      } catch (e) {
        this.log?.error({ err: e, window: w.id, game: w.gameId }, 'scheduler: window failed');
      }
      if (botPlayed && ++botWindows < MAX_BOT_WINDOWS_PER_TICK) {
        const next = repo.openWindow(w.gameId);
        if (next && next.id !== w.id) queue.push(next);
      }
    }
    repo.beat('scheduler', now);
    return counts;
  }

  /** A window the GM owes (PhaseInfo.gm): remind the GM once per interval, the latest reminder due only. */
  private remindGm(game: GameRow, w: WindowRow, now: number): boolean {
    const question = gmQuestionOf(rulesetById(game.ruleset)!, JSON.parse(game.state!) as unknown);
    if (!question) return false;
    const options = JSON.parse(game.options) as GameOptions;
    const every = (options.gmReminderMinutes ?? DEFAULT_OPTIONS.gmReminderMinutes) * 60_000;
    const n = Math.floor((now - w.openedAt) / every);
    if (n < 1 || !this.games.repo.markReminder(w.id, GM_SEAT, n * every, now)) return false;
    this.games.posts.gmReminder(game, w, question, n);
    return true;
  }

  start(intervalMs = TICK_MS): void {
    this.timer = setInterval(() => {
      // A storage error outside a window's transaction (the heartbeat, the window list) must
      // not escape a timer and stop the process: the next tick retries.
      try { this.tick(); } catch (e) { this.log?.error({ err: e }, 'scheduler: tick failed; will retry'); }
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
