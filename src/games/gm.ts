import { UserError } from '../lib/user-error';
import { refuseBotSeat } from './bot-general';
import type { Actor } from '../services/audit-trail';
import { escapeMd, ts } from '../interaction/present-rolls';
import type { GameService } from './game.service';
import type { WindowRow } from './games.repo';
import { gmQuestionOf, type Resolved } from './resolve';
import { gmAnswerList } from './posts';
import type { GmQuestion } from '../rules/contract';

/**
 * The GM's tools (issue 4): pause, resume, extend, advance, replace, kick, end. Each is public
 * in the channel and checked: only the GM (or a Manage Server admin) may use them.
 */
export class GmTools {
  constructor(private readonly games: GameService, private readonly clock: () => number) {}

  pause(channelId: string, gm: Actor, isAdmin: boolean): void {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (l.game.status !== 'running') throw new UserError('game/not-running', `The game is ${l.game.status}; only a running game can be paused.`);
      const now = this.clock();
      this.games.repo.updateGame(l.game.id, { status: 'paused', updatedAt: now });
      if (l.window) this.games.repo.updateWindow(l.window.id, { pausedAt: now });
      this.games.posts.notice(l.game, `pause:${l.game.id}:${now}`, `⏸️ The GM has paused **${escapeMd(l.game.name)}**. Deadlines are frozen until /game resume.`);
    });
  }

  resume(channelId: string, gm: Actor, isAdmin: boolean): void {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (l.game.status !== 'paused') throw new UserError('game/not-paused', 'The game is not paused.');
      const now = this.clock();
      this.games.repo.updateGame(l.game.id, { status: 'running', updatedAt: now });
      let tail = '';
      if (l.window && l.window.pausedAt !== null) {
        // The time spent paused is given back to the players.
        const deadline = l.window.deadlineAt === null ? null : l.window.deadlineAt + (now - l.window.pausedAt);
        this.games.repo.updateWindow(l.window.id, { pausedAt: null, deadlineAt: deadline });
        if (deadline !== null) tail = ` New deadline ${ts(deadline, 'F')} (${ts(deadline, 'R')}).`;
      }
      this.games.posts.notice(l.game, `resume:${l.game.id}:${now}`, `▶️ **${escapeMd(l.game.name)}** resumes.${tail}`);
    });
  }

  extend(channelId: string, gm: Actor, isAdmin: boolean, byMs: number): number {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (!l.window || l.window.deadlineAt === null) throw new UserError('game/no-deadline', 'There is no running deadline to extend.');
      const deadline = Math.max(l.window.deadlineAt, this.clock()) + byMs;
      this.games.repo.updateWindow(l.window.id, { deadlineAt: deadline });
      this.games.posts.notice(l.game, `extend:${l.window.id}:${deadline}`, `⏳ The GM extended the deadline to ${ts(deadline, 'F')} (${ts(deadline, 'R')}).`);
      return deadline;
    });
  }

  advance(channelId: string, gm: Actor, isAdmin: boolean): Resolved {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (!l.window) throw new UserError('game/no-window', 'Nothing is open to resolve.');
      if (l.game.status !== 'running') throw new UserError('game/not-running', `The game is ${l.game.status}.`, 'Resume it first with /game resume.');
      const question = gmQuestionOf(l.ruleset, l.state);
      if (question) throw new UserError('game/gm-owes', `This window waits for your ruling, which advancing cannot invent: ${question.question}`, `Answer it with /game answer: ${gmAnswerList(question)}.`);
      return this.games.resolve(l.game.id, l.window.id, 'gm');
    });
  }

  /**
   * Answer the question of a window the GM owes (PhaseInfo.gm): the answer must be one the rules
   * allow (its value or its label, any case); the window then resolves with it, exactly once.
   */
  answer(channelId: string, gm: Actor, isAdmin: boolean, typed: string): Resolved & { label: string } {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (l.game.status !== 'running') throw new UserError('game/not-running', `The game is ${l.game.status}.`, l.game.status === 'paused' ? 'Resume it first with /game resume.' : undefined);
      const question = l.window ? gmQuestionOf(l.ruleset, l.state) : null;
      if (!l.window || !question) throw new UserError('game/no-question', 'No ruling is awaited from the GM now.', 'The game asks (and pings you) when a step needs your ruling; /game status shows what is open.');
      const key = typed.trim().toLowerCase();
      const chosen = question.answers.find((a) => a.value.toLowerCase() === key) ?? question.answers.find((a) => a.label.toLowerCase() === key);
      if (!chosen) throw new UserError('gm/answer-not-allowed', `"${typed}" is not an answer the rules allow to: ${question.question}`, `Allowed: ${gmAnswerList(question)}.`);
      const r = this.games.resolve(l.game.id, l.window.id, 'gm-ruling', { question: question.id, value: chosen.value, by: gm.name });
      return { ...r, label: chosen.label };
    });
  }

  /** The question the open window awaits from the GM, if any (for /game status and autocomplete). */
  question(channelId: string): GmQuestion | null {
    const l = this.games.live(channelId);
    return l.window && l.game.status !== 'ended' ? gmQuestionOf(l.ruleset, l.state) : null;
  }

  replace(channelId: string, gm: Actor, isAdmin: boolean, seatId: string, user: Actor): void {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      if (!l.seats.some((s) => s.seatId === seatId)) throw new UserError('game/unknown-seat', `There is no seat "${seatId}".`, `Seats: ${l.seats.map((s) => this.games.seatLabel(l, s.seatId)).join(', ')}.`);
      // The same rule as /game join (issue 11): a replacement may not end up holding both sides.
      this.games.requireOneSide(l, user.id, seatId, `${user.name} already commands the other side`);
      refuseBotSeat(l, seatId);
      this.games.repo.updateSeat(l.game.id, seatId, { userId: user.id, userName: user.name, misses: 0 });
      this.games.posts.notice(l.game, `replace:${l.game.id}:${seatId}:${this.clock()}`, `🔁 ${escapeMd(user.name)} now holds **${escapeMd(this.games.seatLabel(l, seatId))}**.`);
    });
  }

  kick(channelId: string, gm: Actor, isAdmin: boolean, userId: string): number {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      const theirs = l.seats.filter((s) => s.userId === userId);
      if (!theirs.length) throw new UserError('game/not-a-player', 'That member holds no seat in this game.');
      for (const s of theirs) this.games.repo.updateSeat(l.game.id, s.seatId, { userId: null, userName: null });
      this.games.posts.notice(l.game, `kick:${l.game.id}:${userId}:${this.clock()}`, `🚪 <@${userId}> was removed from ${theirs.length} seat(s) by the GM.`);
      return theirs.length;
    });
  }

  /**
   * Undo the last resolution (issue 4): public, logged with a reason. The state goes back to
   * before it, its dice stay in the audit trail marked void, and the window opens again (a
   * new window with a fresh seed: players post their orders again).
   */
  rollback(channelId: string, gm: Actor, isAdmin: boolean, reason: string): WindowRow {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      const last = this.games.repo.windowsOf(l.game.id).filter((w) => w.status === 'resolved').at(-1);
      const res = last ? this.games.repo.resolutionOf(last.id) : null;
      if (!last || !res || res.rolledBackAt !== null) throw new UserError('game/nothing-to-rollback', 'There is no resolution to roll back.');
      const now = this.clock();
      if (l.window) this.games.repo.updateWindow(l.window.id, { status: 'resolved', resolvedAt: now, trigger: 'rolled-back' });
      this.games.repo.markRolledBack(res.id, now, reason);
      if (last.epochId !== null) this.games.trail.voidEpoch(last.epochId, gm, `rollback by GM: ${reason}`);
      const game = this.games.repo.game(l.game.id)!;
      this.games.repo.updateGame(game.id, { state: res.stateBefore, version: game.version + 1, status: 'running', updatedAt: now });
      this.games.posts.notice(game, `rollback:${res.id}`, `↩️ The GM rolled back **${last.label}**: ${reason}. Its dice stay in the audit trail, marked void (\`/rolls log\`). The window is open again: post your orders anew.`);
      this.games.reopen({ ...game, state: res.stateBefore, version: game.version + 1, status: 'running' });
      return this.games.repo.openWindow(game.id)!;
    });
  }

  end(channelId: string, gm: Actor, isAdmin: boolean): void {
    return this.games.tx(() => {
      const l = this.games.live(channelId);
      this.games.requireGm(l.game, gm, isAdmin);
      this.games.repo.updateGame(l.game.id, { status: 'ended', updatedAt: this.clock() });
      this.games.posts.ended(l.game, 'The GM ended the game.');
    });
  }
}
