import { escapeMd } from '../interaction/present-rolls';
import { UserError } from '../lib/user-error';
import { botWindow, DEFAULT_DOCTRINE, type BotAct, type Posture } from '../rules/bot/doctrine';
import type { AnyRuleset } from '../rules/contract';
import { rulesetById, RULESETS } from '../rules/index';
import { normalizeName } from '../rules/plugin';
import { narrate } from '../narrative';
import type { Actor } from '../services/audit-trail';
import { auditedDice, windowScope } from './audited-dice';
import type { GameService, Live } from './game.service';
import type { GameRow, WindowRow } from './games.repo';
import { namesFor, publicEventsFor } from './names';
import type { GameOptions } from './options';
import { ConcurrentChange } from './resolve';

/**
 * The bot general on Discord (issue 13; src/rules/bot/README.md): a game option
 * (`/game settings bot:<side> bot-posture:<advance|hold>`) gives one side to the bot. When that
 * side owes the open window the scheduler has the bot make its inputs — the shared doctrine
 * through the ruleset's `act`, with the window's audited dice (actor "Bot general") — records them
 * as actions of its seat, narrates them to the channel labelled as not part of the rules, and
 * marks its seat ready, all in the scheduler's transaction for that window (a crash before the
 * commit leaves nothing; the next tick does it again with the same dice). Nobody waits for it and
 * nothing pings it: its seats hold no player.
 */

/** Who rolls the bot's dice in the audit trail (and the user id its actions are stored under). */
export const BOT_ACTOR: Actor = { id: 'bot-general', name: 'Bot general' };

/** The game's bot setting (null: off); options stored before the bot existed have none. */
export const botOf = (options: GameOptions): GameOptions['bot'] => options.bot ?? null;

/** The seats of the side the bot commands. */
function botSeats(ruleset: AnyRuleset, state: unknown, side: string): string[] {
  return ruleset.seats(state).filter((s: { side: string }) => s.side === side).map((s: { id: string }) => s.id);
}

/** The seats the bot general holds in this game (none when it is off). */
export function botSeatIds(l: Pick<Live, 'game' | 'ruleset' | 'state'>): ReadonlySet<string> {
  const bot = botOf(JSON.parse(l.game.options) as GameOptions);
  return new Set(bot && l.state ? botSeats(l.ruleset, l.state, bot.side) : []);
}

/** Who holds a seat, as /game status and the dashboard print it. */
export const seatHolder = (l: Pick<Live, 'game' | 'ruleset' | 'state'>, seat: { seatId: string; userId: string | null }): string =>
  seat.userId ? `<@${seat.userId}>` : botSeatIds(l).has(seat.seatId) ? '🤖 bot general' : '*vacant*';

/** Refuses a player a seat the bot commands (/game join, /game replace). */
export function refuseBotSeat(l: Live, seatId: string): void {
  const bot = botOf(JSON.parse(l.game.options) as GameOptions);
  if (!bot || !botSeats(l.ruleset, l.state, bot.side).includes(seatId)) return;
  const side = sideName(l.ruleset, l.state, bot.side);
  throw new UserError('game/bot-seat', `The bot general commands the ${side}: that seat is not free.`, 'Take a seat of the other side, or ask the GM to turn the bot off (/game settings bot:off).');
}

const sideName = (ruleset: AnyRuleset, state: unknown, side: string): string => (ruleset.present.sides(state) as readonly { name: string; value: string }[]).find((s) => s.value === side)?.name ?? side;

/**
 * `/game settings bot:<side|off> bot-posture:<advance|hold>` (GM). Refused with a hint: a ruleset
 * without a bot general, a side the game does not have, a side a player holds, a posture with the
 * bot off, an ended game.
 */
export function setBot(games: GameService, channelId: string, user: Actor, isAdmin: boolean, side: string | undefined, posture: string | undefined): GameOptions {
  return games.tx(() => {
    const l = games.live(channelId);
    games.requireGm(l.game, user, isAdmin);
    if (l.game.status === 'ended') throw new UserError('game/ended', 'This game is over.');
    const options = JSON.parse(l.game.options) as GameOptions;
    const current = botOf(options);
    const sides = l.ruleset.present.sides(l.state) as readonly { name: string; value: string }[];
    const choices = `${sides.map((s) => `\`${s.value}\` (${s.name})`).join(', ')}, or \`off\``;
    let next: GameOptions['bot'] = current;
    if (side !== undefined) {
      const typed = normalizeName(side);
      if (typed === 'off' || typed === 'none') next = null;
      else {
        if (!l.ruleset.bot) {
          const with_ = Object.values(RULESETS).filter((r) => r?.bot).map((r) => r!.name);
          throw new UserError('bot/unsupported', `The bot general does not play ${l.ruleset.name} yet.`, `It commands a side in: ${with_.join(', ') || 'none'}.`);
        }
        const found = sides.find((s) => normalizeName(s.value) === typed || normalizeName(s.name) === typed);
        if (!found) throw new UserError('bot/unknown-side', `This game has no side "${side}".`, `The bot general commands one side: ${choices}.`);
        const held = l.seats.filter((s) => s.userId && botSeats(l.ruleset, l.state, found.value).includes(s.seatId));
        if (held.length) throw new UserError('bot/seat-held', `<@${held[0]!.userId}> holds a seat of the ${found.name}: the bot general commands only a side nobody holds.`, 'The player gives it up first (/game leave, or the GM\'s /game kick).');
        next = { side: found.value, posture: current?.posture ?? DEFAULT_DOCTRINE.posture };
      }
    }
    if (posture !== undefined) {
      if (!next) throw new UserError('bot/off', 'The bot general is off in this game: it has no posture to take.', `Give it a side too: /game settings bot:<side> bot-posture:${posture} (sides: ${choices}).`);
      next = { ...next, posture: posture as Posture };
    }
    return games.setOptions(channelId, user, isAdmin, { bot: next });
  });
}

/** "French, posture advance" / "off", for /game settings. */
export function botLine(l: Live): string {
  const bot = botOf(JSON.parse(l.game.options) as GameOptions);
  if (!bot) return l.ruleset.bot ? 'off (`/game settings bot:<side>` gives it a side)' : `not available for ${l.ruleset.name}`;
  return `commands the **${escapeMd(sideName(l.ruleset, l.state, bot.side))}**, posture ${bot.posture} — not part of the rules (doctrine: src/rules/bot/README.md)`;
}

/** The seats of the bot's side that owe the open window and are not done yet. */
export function botOwes(game: GameRow, w: WindowRow, games: GameService): string[] {
  const bot = botOf(JSON.parse(game.options) as GameOptions);
  const ruleset = rulesetById(game.ruleset);
  if (!bot || !ruleset?.bot || !game.state || game.status !== 'running') return [];
  const state = JSON.parse(game.state) as unknown;
  const ready = games.repo.readySeats(w.id);
  const mine = botSeats(ruleset, state, bot.side);
  return ruleset.owing(state).filter((s: string) => mine.includes(s) && !ready.has(s));
}

/**
 * The bot's inputs for the open window, when its side owes it (call inside the window's
 * transaction). Returns how many inputs it made, or null when it owed nothing.
 */
export function runBotWindow(games: GameService, game: GameRow, w: WindowRow, now: number): number | null {
  const seats = botOwes(game, w, games);
  if (!seats.length) return null;
  const ruleset = rulesetById(game.ruleset)!;
  const bot = botOf(JSON.parse(game.options) as GameOptions)!;
  const dice = auditedDice(games.trail, { guildId: game.guildId, gameId: String(game.id), scope: windowScope(game.id, w.seq), actor: BOT_ACTOR });
  let state = JSON.parse(game.state!) as unknown;
  const acts: BotAct[] = [];
  for (const seat of seats) {
    const r = botWindow(ruleset, state, seat, dice, { ...DEFAULT_DOCTRINE, posture: bot.posture });
    state = r.state;
    acts.push(...r.acts);
    for (const a of r.acts) games.repo.insertAction({ windowId: w.id, seatId: seat, userId: BOT_ACTOR.id, body: JSON.stringify(a.option.action), createdAt: now });
  }
  if (acts.length && !games.repo.updateGame(game.id, { state: JSON.stringify(state), version: game.version + 1, updatedAt: now }, game.version)) throw new ConcurrentChange(game.id);
  for (const seat of seats) games.repo.setReady(w.id, seat, now);
  postBotActs(games, { ...game, version: game.version + 1 }, w, sideName(ruleset, state, bot.side), acts, state);
  return acts.length;
}

/** The bot's inputs as a player's are narrated, each with the doctrine's reason, under a heading that says it is not part of the rules. */
function postBotActs(games: GameService, game: GameRow, w: WindowRow, side: string, acts: readonly BotAct[], state: unknown): void {
  const head = `🤖 **Bot general** (not part of the rules) commands the ${escapeMd(side)} — ${escapeMd(w.label)}:`;
  const parts = acts.length
    ? acts.map((a) => `› *${escapeMd(a.option.why)}*\n${narrate(publicEventsFor(game, a.events), namesFor(game, state)).join('\n')}`)
    : ['› *nothing to do: its units stand*'];
  const messages: string[] = [];
  let cur = head;
  for (const p of parts) {
    const piece = p.length > 1800 ? `${p.slice(0, 1799)}…` : p;
    if (cur.length + piece.length + 1 > 1900) { messages.push(cur); cur = piece; } else cur = `${cur}\n${piece}`;
  }
  messages.push(cur);
  messages.forEach((m, i) => games.posts.notice(game, `bot:${w.id}:${i}`, m));
}
