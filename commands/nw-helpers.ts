import type { CommandContext } from '../src/interaction/command';
import type { Live } from '../src/games/game.service';
import { namesFor, publicEventsFor } from '../src/games/names';
import { escapeMd } from '../src/interaction/present-rolls';
import { UserError } from '../src/lib/user-error';
import { narrate } from '../src/narrative';
import type { GameEvent } from '../src/rules/events';
import type { NwState } from '../src/rules/nw/state';

/** The Napoleon's Wars game in this channel, as its input commands need it. */
export function nwGame(ctx: CommandContext): Live & { state: NwState } {
  const l = ctx.services.games.live(ctx.channelId);
  if (l.game.ruleset !== 'nw') throw new UserError('game/wrong-ruleset', `This command is for Napoleon's Wars; this game uses ${l.game.ruleset}.`);
  if (!l.state) throw new UserError('game/not-started', 'The game has not started yet.');
  return l as Live & { state: NwState };
}

/** The side the caller plays in this NW game, or null for a spectator. */
export function mySide(ctx: CommandContext, l: Live & { state: NwState }): string | null {
  const seat = l.seats.find((s) => s.userId === ctx.user.id);
  return seat ? l.state.seats.find((s) => s.id === seat.seatId)?.side ?? null : null;
}

/**
 * Events as the channel reads them, prefixed with who acted. Filtered as resolutions are
 * (publicEventsFor): a final-fire loss during a /move must not tell the channel the s.p. left.
 */
export function publicNarrative(ctx: CommandContext, events: readonly GameEvent[]): string {
  const l = nwGame(ctx);
  return `${escapeMd(ctx.user.name)}: ${narrate(publicEventsFor(l.game, events), namesFor(l.game, l.state)).join('\n')}`;
}
