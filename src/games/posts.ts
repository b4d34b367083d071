import { escapeMd, short, ts } from '../interaction/present-rolls';
import { button } from '../interaction/components';
import { DISCORD_LIMITS, type ComponentModel, type ReplyModel } from '../interaction/reply';
import { narrate, summarize } from '../narrative';
import type { GmQuestion } from '../rules/contract';
import type { GameEvent } from '../rules/events';
import { namesFor, publicEventsFor } from './names';
import { describeGame } from './maps';
import type { MapDescription } from '../render/map';
import type { GameRow, GamesRepo, WindowRow } from './games.repo';
import { revealReceipts, type OpenedReceipt } from './receipts';

/**
 * A message for the outbox: a reply model without visibility (channel posts are public).
 * `map` is a map description the sender renders to an attachment just before posting, so
 * the resolution transaction stays synchronous and a restart simply renders it again.
 */
export type Post = Omit<ReplyModel, 'visibility'> & { readonly map?: MapDescription };

/**
 * The buttons on every window post (issue 11): each is the command a player would type, run as
 * whoever clicks it, so only a seated player's Ready counts and My orders / My map show only
 * the clicker's own (private answers).
 */
export const WINDOW_BUTTONS: readonly ComponentModel[] = [
  button('Ready', '/ready', { style: 'success' }),
  button('My orders', '/orders mine', { style: 'secondary' }),
  button('My map', '/map private:true', { style: 'secondary' }),
];

/**
 * What a game posts to its channel. Every post goes to the outbox inside the transaction that
 * caused it, with a key that makes a restart unable to post it twice.
 */
export class Posts {
  /** Posts queued so far (the service compares it around a transaction to know whether to flush). */
  queued = 0;

  /** `receiptSettleMs`: how long a sealed receipt waits for a newer one of its seat (RECEIPT_SETTLE_MS). */
  constructor(private readonly repo: GamesRepo, private readonly now: () => number, private readonly receiptSettleMs = 0) {}

  private put(game: GameRow, key: string | null, post: Post): void {
    // Files (maps) are stored as base64; OutboxSender decodes them.
    const stored = post.files ? { ...post, files: post.files.map((f) => ({ ...f, data: f.data.toString('base64') })) } : post;
    this.queued++;
    // Any other post (a reveal, a window opening, a reminder) is never held behind a settling
    // receipt of its channel, nor posted before it: the channel's settling receipts fall due now,
    // and the channel order (GamesRepo.dueOutbox) puts them first.
    if (this.receiptSettleMs > 0) this.repo.releaseSettlingReceipts(game.channelId, this.now());
    this.repo.enqueue({ gameId: game.id, channelId: game.channelId, body: JSON.stringify(stored), dedupeKey: key, createdAt: this.now(), nextAttemptAt: this.now() });
  }

  /** `notify`: players to ping because the window needs them. */
  windowOpened(game: GameRow, w: WindowRow, commitment: string | null, waitingFor: readonly string[], notify: readonly string[] = []): void {
    const lines = [`📯 **${escapeMd(game.name)} — ${escapeMd(w.label)}** is open.`];
    if (w.deadlineAt !== null) lines.push(`Deadline ${ts(w.deadlineAt, 'F')} (${ts(w.deadlineAt, 'R')}).`);
    if (waitingFor.length) lines.push(`Waiting for: ${waitingFor.join(', ')}.`);
    if (commitment) lines.push(`-# Dice for this window come from a seed committed now: \`${short(commitment)}\` (full commitment in /rolls seeds).`);
    this.put(game, `window-open:${w.id}`, { content: lines.join('\n'), mentions: [...notify], components: [WINDOW_BUTTONS] });
  }

  /**
   * A seat's sealed receipt. An earlier receipt of the seat that the sender has not taken yet is
   * replaced; one already being sent is left alone and this one queues behind it (issue 16).
   * It falls due `receiptSettleMs` after the first unsent receipt of the seat was written (a
   * replacement keeps that time, so amending without pause never holds a receipt back longer):
   * a burst of amendments posts one receipt, the newest. Every receipt stays in `receipts`
   * (each one verifiable when the orders are revealed); only the channel post is coalesced.
   */
  receipt(game: GameRow, w: WindowRow, seat: string, seatLabel: string, hash: string, n: number): void {
    // The full SHA-256, so the check is the hash itself and not a 64-bit prefix of it (issue 16).
    const post: Post = { content: `📨 **${escapeMd(seatLabel)}** has posted orders — sealed receipt \`${hash}\`. It will be checkable when the orders are revealed.` };
    this.queued++;
    this.repo.enqueueLatest(`receipt:${w.id}:${seat}:`, { gameId: game.id, channelId: game.channelId, body: JSON.stringify(post), dedupeKey: `receipt:${w.id}:${seat}:${n}`, createdAt: this.now(), nextAttemptAt: this.now() + this.receiptSettleMs });
  }

  /**
   * The set-up's public events (turn 1's initiative, Kuryakin's first control rolls and cards…),
   * posted when the game is created and again when a ruling re-rolls the set-up: its dice are in
   * the trail under `game:N/setup`, and a re-roll is as visible as the first.
   */
  setup(game: GameRow, state: unknown, events: readonly GameEvent[], again: boolean): void {
    const messages = narrate(publicEventsFor(game, events), namesFor(game, state));
    if (!messages.length) return;
    const head = `📜 **${escapeMd(game.name)} — set-up${again ? ' (rolled again under the new rulings)' : ''}**`;
    [head, ...messages].forEach((content, i) => this.put(game, `setup:${game.id}:${game.version}:${i}`, { content }));
  }

  resolution(game: GameRow, w: WindowRow, state: unknown, events: readonly GameEvent[], trigger: string, seedReveal: { epoch: number; seed: string; commitment: string } | null, receipts: readonly OpenedReceipt[]): void {
    const why = trigger === 'all-ready' ? 'everyone is ready' : trigger === 'gm' ? 'the GM advanced the game' : trigger === 'gm-ruling' ? 'the GM ruled' : 'the deadline passed';
    const shown = publicEventsFor(game, events);
    const messages = narrate(shown, namesFor(game, state), seedReveal ? { seedReveal } : {});
    const head = `⚔️ **${escapeMd(game.name)} — ${escapeMd(w.label)}** resolved (${why}).`;
    // Every receipt opened whole (issue 16): in messages when short, else in one attached file.
    const reveal = revealReceipts({ gameId: game.id, game: game.name, seq: w.seq, label: w.label }, receipts);
    const all = [head, ...messages, ...reveal.messages];
    const fileAt = all.length - reveal.messages.length;
    all.forEach((content, i) => this.put(game, `resolution:${w.id}:${i}`, i === fileAt && reveal.file ? { content, files: [reveal.file] } : { content }));
    // The map closes the resolution; without one (no renderer for the ruleset) a text summary stands in.
    const map = describeGame(game, state, { events });
    const summary = `-# ${summarize(events, namesFor(game, state))}`.slice(0, DISCORD_LIMITS.content);
    this.put(game, `summary:${w.id}`, map.ok ? { content: summary, map: map.value } : { content: summary });
  }

  reminder(game: GameRow, w: WindowRow, userIds: readonly string[], leadMs: number): void {
    this.put(game, `reminder:${w.id}:${leadMs}:${userIds.join(',')}`, {
      content: `⏰ ${userIds.map((u) => `<@${u}>`).join(' ')} — ${escapeMd(w.label)} closes ${ts(w.deadlineAt!, 'R')}. Post your orders or /ready.`,
      mentions: [...userIds],
    });
  }

  /** A window the GM owes: the question, its allowed answers, and the command; no deadline. */
  gmOwed(game: GameRow, w: WindowRow, q: GmQuestion, commitment: string | null): void {
    const lines = [`⚖️ **${escapeMd(game.name)} — ${escapeMd(w.label)}**: <@${game.gmUserId}>, the rules need your ruling${q.rule ? ` (${escapeMd(q.rule)})` : ''}.`,
      `> ${escapeMd(q.question)}`, `Answer with \`/game answer\`: ${gmAnswerList(q)}.`,
      'The game waits for this ruling: there is no deadline and no default.'];
    if (commitment) lines.push(`-# Dice for this window come from a seed committed now: \`${short(commitment)}\` (full commitment in /rolls seeds).`);
    this.put(game, `window-open:${w.id}`, { content: lines.join('\n'), mentions: [game.gmUserId] });
  }

  /** The n-th reminder to the GM of a ruling still owed. */
  gmReminder(game: GameRow, w: WindowRow, q: GmQuestion, n: number): void {
    this.put(game, `gm-reminder:${w.id}:${n}`, {
      content: `⏰ <@${game.gmUserId}> — the game still waits for your ruling on ${escapeMd(w.label)} (asked ${ts(w.openedAt, 'R')}): ${escapeMd(q.question)} Answer with \`/game answer\`: ${gmAnswerList(q)}.`,
      mentions: [game.gmUserId],
    });
  }

  /** `seat`: the seat as printed ('I Corps'); `seatId` keys the post. */
  vacant(game: GameRow, seatId: string, seat: string, userId: string, misses: number): void {
    this.put(game, `vacant:${game.id}:${seatId}:${this.now()}`, {
      content: `🪑 Seat **${escapeMd(seat)}** is now vacant: <@${userId}> posted nothing for ${misses} windows in a row. <@${game.gmUserId}>, use /game replace to give it to someone else.`,
      mentions: [game.gmUserId],
    });
  }

  notice(game: GameRow, key: string, text: string): void {
    this.put(game, key, { content: text });
  }

  ended(game: GameRow, summary: string): void {
    this.put(game, `ended:${game.id}`, { content: `🏁 **${escapeMd(game.name)}** is over. ${escapeMd(summary)}` });
  }
}

/** "`x` (1 hit), `2x` (2 hits)…": the answers as the GM types them, cut to stay readable. */
export function gmAnswerList(q: GmQuestion): string {
  const all = q.answers.map((a) => (a.label === a.value ? `\`${escapeMd(a.value)}\`` : `\`${escapeMd(a.value)}\` (${escapeMd(a.label)})`));
  return all.length <= 12 ? all.join(', ') : `${all.slice(0, 12).join(', ')}, … (${all.length} in all; autocomplete lists them)`;
}
