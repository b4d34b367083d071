import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { matches } from './play-helpers';
import { mySide, nwGame, publicNarrative } from './nw-helpers';

/** `/attach general [unit]` — NW §9.0 A: attach a general to a brigade of his command (or detach him), at once and in public. */
export const attach = defineCommand({
  data: new SlashCommandBuilder().setName('attach').setDescription('Attach a general to a brigade (NW §9.0 A), or detach him').setDMPermission(false)
    .addStringOption((o) => o.setName('general').setDescription('Your general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('unit').setDescription('Brigade of his command (leave empty to detach)').setAutocomplete(true)),
  input: z.object({ general: z.string().min(1), unit: z.string().min(1).optional() }),
  execute(ctx, i) {
    const events = ctx.services.games.act(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'attach', general: i.general, unit: i.unit ?? null });
    return { visibility: 'public', content: publicNarrative(ctx, events) };
  },
  autocomplete(ctx, focused) {
    const l = nwGame(ctx);
    const side = mySide(ctx, l);
    if (focused.name === 'general') {
      return Object.values(l.state.generals).filter((g) => g.side === side && !g.lost && g.onTable)
        .map((g) => ({ name: `${g.name} (${g.label})`, value: g.id })).filter((c) => matches(focused.value, c.name, c.value));
    }
    return Object.values(l.state.units).filter((u) => u.side === side && u.onTable && !u.removed)
      .map((u) => ({ name: `${u.name} — ${u.label}`.slice(0, 100), value: u.id })).filter((c) => matches(focused.value, c.name, c.value));
  },
});
