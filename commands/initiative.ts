import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import { narrate } from '../src/narrative';
import { dramNames } from '../src/narrative';
import { dramGame, matches, myCommands } from './play-helpers';

/** `/initiative corps` — DRAM §4: roll your corps' 1D6, binding and public, in the movement window. */
export const initiative = defineCommand({
  data: new SlashCommandBuilder().setName('initiative').setDescription("Roll your corps' initiative (DRAM §4): public and binding").setDMPermission(false)
    .addStringOption((o) => o.setName('corps').setDescription('Your corps').setRequired(true).setAutocomplete(true)),
  input: z.object({ corps: z.string().min(1) }),
  execute(ctx, i) {
    const events = ctx.services.games.act(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'initiative', corps: i.corps });
    const l = dramGame(ctx);
    return { visibility: 'public', content: `${escapeMd(ctx.user.name)}: ${narrate(events, dramNames(l.state)).join('\n')}` };
  },
  autocomplete(ctx, focused) {
    const l = dramGame(ctx);
    const mine = myCommands(ctx, l);
    return Object.values(l.state.corps).filter((c) => mine.has(c.id) && l.state.initiative[c.id] == null && matches(focused.value, c.id, c.name))
      .map((c) => ({ name: c.name, value: c.id }));
  },
});
