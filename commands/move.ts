import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import { nwMove, nwMoveChoices } from './nw-move';
import { dramGame, matches, myCommands } from './play-helpers';

/**
 * `/move unit to [join]` — DRAM §7: plot a move (private preview, sealed receipt in the channel).
 * NW §9.0: make the move at once, in public, spending the unit's Maneuver roll (nw-move.ts).
 */
export const move = defineCommand({
  data: new SlashCommandBuilder().setName('move').setDescription('Plot a move for one of your stands or generals').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Stand or general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('to').setDescription('F7, a landmark, 12,30, forward 1mi, toward Ligny 1mi, contact <enemy>…').setRequired(true).setMaxLength(200))
    .addStringOption((o) => o.setName('join').setDescription('Generals: join this stand for combat').setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), to: z.string().min(1).max(200), join: z.string().optional() }),
  execute(ctx, i) {
    if (ctx.services.games.live(ctx.channelId).game.ruleset === 'nw') return nwMove(ctx, i);
    const r = ctx.services.games.submit(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'move', unit: i.unit, to: i.to, ...(i.join ? { join: i.join } : {}) });
    const lines = [`✅ Move for **${escapeMd(i.unit)}** accepted (${escapeMd(i.to)}).`, ...r.accepted.preview, ...(r.accepted.warnings ?? []).map((w) => `⚠️ ${w}`),
      `-# A sealed receipt was posted. Plot again to amend; \`/orders withdraw key:move:${i.unit}\` to withdraw; \`/ready\` when done.`];
    return { visibility: 'private', content: lines.join('\n') };
  },
  autocomplete(ctx, focused) {
    if (ctx.services.games.live(ctx.channelId).game.ruleset === 'nw') return nwMoveChoices(ctx, focused);
    const l = dramGame(ctx);
    const mine = myCommands(ctx, l);
    if (focused.name === 'join') {
      return Object.values(l.state.stands).filter((s) => mine.has(s.corps) && !s.removed && s.onTable && matches(focused.value, s.id, s.name)).map((s) => ({ name: s.name, value: s.id }));
    }
    const stands = Object.values(l.state.stands).filter((s) => mine.has(s.corps) && !s.removed && s.onTable).map((s) => ({ name: `${s.name} (${s.order}, ${s.sp} SP)`, value: s.id }));
    const generals = Object.values(l.state.generals).filter((g) => g.status === 'present' && (mine.has(g.id) || (g.corps !== null && mine.has(g.corps)))).map((g) => ({ name: `${g.name} (general)`, value: g.id }));
    return [...stands, ...generals].filter((c) => matches(focused.value, c.name, c.value));
  },
});
