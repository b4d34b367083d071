import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/chance [unit]` — play your side's chance card (Kuryakin L3: drawn in the Control Phase, held
 * until played, never carried over), on a unit when its effect names one.
 */
export const chance = defineCommand({
  data: new SlashCommandBuilder().setName('chance').setDescription('Play your side\'s chance card, between acts').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('The unit the card acts on, when it names one').setAutocomplete(true)),
  input: z.object({ unit: z.string().optional() }),
  execute: (ctx, i) => runVerb(ctx, 'chance', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'chance', focused, inv.options),
});
