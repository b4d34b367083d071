import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/crew unit to [figures]` — send gunners from one gun to another (B&P L97, HR B-17), at once and in public. */
export const crew = defineCommand({
  data: new SlashCommandBuilder().setName('crew').setDescription('Send gunners from one gun to another: a gun needs 3 crew to move or fire').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('The gun whose gunners go').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('to').setDescription('The gun they reinforce').setRequired(true).setAutocomplete(true))
    .addIntegerOption((o) => o.setName('figures').setDescription('How many crew figures (default: enough for 3, or the whole crew)').setMinValue(1).setMaxValue(99)),
  input: z.object({ unit: z.string().min(1), to: z.string().min(1), figures: z.number().int().min(1).max(99).optional() }),
  execute: (ctx, i) => runVerb(ctx, 'crew', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'crew', focused, inv.options),
});
