import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/attach general [unit]` — NW §9.0 A: attach a general to a brigade of his command (or detach him), at once and in public. */
export const attach = defineCommand({
  data: new SlashCommandBuilder().setName('attach').setDescription('Attach a general to a brigade (NW §9.0 A), or detach him').setDMPermission(false)
    .addStringOption((o) => o.setName('general').setDescription('Your general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('unit').setDescription('Brigade of his command (leave empty to detach)').setAutocomplete(true)),
  input: z.object({ general: z.string().min(1), unit: z.string().min(1).optional() }),
  execute: (ctx, i) => runVerb(ctx, 'attach', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'attach', focused, inv.options),
});
