import type { CommandContext } from '../src/interaction/command';
import type { Live } from '../src/games/game.service';
import type { DramState } from '../src/rules/dram/state';
import { UserError } from '../src/lib/user-error';

/** The DRAM game in this channel, as the input commands need it (other rulesets get their own commands). */
export function dramGame(ctx: CommandContext): Live & { state: DramState } {
  const l = ctx.services.games.live(ctx.channelId);
  if (l.game.ruleset !== 'dram') throw new UserError('game/wrong-ruleset', `This command is for A Wee DRAM of Napoleon; this game uses ${l.game.ruleset}.`);
  if (!l.state) throw new UserError('game/not-started', 'The game has not started yet.');
  return l as Live & { state: DramState };
}

/** What the caller commands in this game: seat ids and the ids (corps, generals) they list. */
export function myCommands(ctx: CommandContext, l: Live & { state: DramState }): Set<string> {
  const seats = new Set(l.seats.filter((s) => s.userId === ctx.user.id).map((s) => s.seatId));
  return new Set(l.state.seats.filter((s) => seats.has(s.id)).flatMap((s) => s.commands));
}

export const matches = (q: string, ...texts: string[]) => texts.some((t) => t.toLowerCase().includes(q.toLowerCase()));
