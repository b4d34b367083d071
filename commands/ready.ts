import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { overInstead } from './play-helpers';

/** `/ready` — you are done for this window; when everyone is, it resolves at once. */
export const ready = defineCommand({
  data: new SlashCommandBuilder().setName('ready').setDescription('Done for this window: resolve as soon as everyone is').setDMPermission(false),
  input: z.object({}),
  defer: () => 'private',
  execute(ctx) {
    let r: ReturnType<typeof ctx.services.games.ready>;
    try { r = ctx.services.games.ready(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }); } catch (e) { return overInstead(ctx, e); }
    return { visibility: 'private', content: r.resolved?.resolved ? '✅ Ready — everyone was, so the phase has been resolved; the results are being posted.' : `✅ Ready (${r.seats.join(', ')}). Waiting for the others.` };
  },
});
