import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/formation unit formation` — change a unit's formation (B&P L28-30, L57-63), at once and in public. */
export const formation = defineCommand({
  data: new SlashCommandBuilder().setName('formation').setDescription("Change a unit's formation: line, column, square, skirmish order").setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your unit').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('formation').setDescription('The new formation').setRequired(true).setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), formation: z.string().min(1).max(40) }),
  execute: (ctx, i) => runVerb(ctx, 'formation', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'formation', focused, inv.options),
});
