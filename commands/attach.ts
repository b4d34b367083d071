import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/attach general [unit]` — attach a general to a unit of his command (or detach him), at once and
 * in public: NW §9.0 A (a brigade), Kuryakin KS-41 (a brigadier to his brigade's units).
 */
export const attach = defineCommand({
  data: new SlashCommandBuilder().setName('attach').setDescription('Attach a general to a unit of his command, or detach him').setDMPermission(false)
    .addStringOption((o) => o.setName('general').setDescription('Your general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('unit').setDescription('Unit of his command (leave empty to detach)').setAutocomplete(true)),
  input: z.object({ general: z.string().min(1), unit: z.string().min(1).optional() }),
  execute: (ctx, i) => runVerb(ctx, 'attach', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'attach', focused, inv.options),
});
