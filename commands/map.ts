import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { describeGame, mapFileName } from '../src/games/maps';
import { printedFor } from '../src/games/names';
import { resolveOrRefuse } from '../src/games/names-resolve';
import type { GameOptions } from '../src/games/options';
import { defineCommand } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import { UserError } from '../src/lib/user-error';
import type { Viewer } from '../src/rules/contract';
import { choicesMatching } from '../src/rules/plugin';

/**
 * `/map [area] [around] [private]` — the battle as it stands (issue 5). Public by default;
 * private shows your own side's view (your face-down chits included). Zoom with `area:F5-H8`
 * or `around:<unit>`; the zoomed map carries an overview inset.
 */
export const map = defineCommand({
  data: new SlashCommandBuilder().setName('map').setDescription('The map of the battle in this channel').setDMPermission(false)
    .addStringOption((o) => o.setName('area').setDescription('Zoom to grid cells, e.g. F5-H8').setMaxLength(20))
    .addStringOption((o) => o.setName('around').setDescription('Zoom around a unit').setAutocomplete(true))
    .addBooleanOption((o) => o.setName('private').setDescription('Only you see it: your side\'s view'))
    .addIntegerOption((o) => o.setName('turn').setDescription('The map after a past turn').setMinValue(1)),
  input: z.object({ area: z.string().max(20).optional(), around: z.string().max(80).optional(), private: z.boolean().default(false), turn: z.number().int().min(1).optional() }),
  defer: (i) => (i.private ? 'private' : 'public'),
  async execute(ctx, i) {
    const l = ctx.services.games.live(ctx.channelId);
    if (!l.state) throw new UserError('map/not-started', 'The game has not been set up yet.');
    const mySeats = l.seats.filter((s) => s.userId === ctx.user.id).map((s) => s.seatId);
    const options = JSON.parse(l.game.options) as GameOptions;
    if (options.mapVisibility === 'players' && !mySeats.length && ctx.user.id !== l.game.gmUserId) {
      throw new UserError('map/players-only', 'In this game only the players and the GM may see the map.');
    }
    const side = l.ruleset.seats(l.state).find((s: { id: string }) => mySeats.includes(s.id))?.side as string | undefined;
    const viewer: Viewer = i.private && side ? { kind: 'side', side } : { kind: 'public' };
    // `around:` takes a piece as the map prints it (issue 11), through the one name resolver.
    const around = i.around ? resolveOrRefuse(i.around, printedFor(l.ruleset, l.state).filter((p) => p.kind === 'unit' || p.kind === 'general'), 'around', 'unit') : undefined;
    const view = i.area ? { area: i.area } : around ? { around } : undefined;
    // Now, or as it stood after a past turn (its last resolution, with that resolution's trails).
    const past = i.turn === undefined ? ctx.services.games.history(ctx.channelId).at(0) : ctx.services.games.history(ctx.channelId, i.turn).at(-1);
    if (i.turn !== undefined && !past) throw new UserError('map/no-such-turn', `Nothing was resolved in turn ${i.turn}.`, 'See /game status for the current turn.');
    const desc = describeGame(l.game, i.turn === undefined ? l.state : past!.state, { events: past?.events ?? [], viewer, ...(view ? { view } : {}) });
    if (!desc.ok) throw UserError.from(desc.error);
    const img = await ctx.services.maps.render(desc.value);
    const name = mapFileName(img.format);
    return {
      visibility: i.private ? 'private' : 'public',
      content: `🗺️ **${escapeMd(l.game.name)}**${i.turn !== undefined ? ` — after ${escapeMd(past!.label)}` : l.window ? ` — ${escapeMd(l.window.label)}` : ''}${viewer.kind === 'side' ? ' (your side\'s view)' : ''}`,
      files: [{ name, data: img.data, description: 'Map of the battle' }],
    };
  },
  autocomplete(ctx, focused) {
    const l = ctx.services.games.live(ctx.channelId);
    return l.state ? choicesMatching(focused.value, l.ruleset.present.pieces(l.state)) : [];
  },
});
