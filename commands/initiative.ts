import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/initiative corps` — DRAM §4: roll your corps' 1D6, binding and public, in the movement window. */
export const initiative = defineCommand({
  data: new SlashCommandBuilder().setName('initiative').setDescription("Roll your corps' initiative (DRAM §4): public and binding").setDMPermission(false)
    .addStringOption((o) => o.setName('corps').setDescription('Your corps').setRequired(true).setAutocomplete(true)),
  input: z.object({ corps: z.string().min(1) }),
  execute: (ctx, i) => runVerb(ctx, 'initiative', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'initiative', focused, inv.options),
});
