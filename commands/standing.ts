import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/standing unit [return-fire] [square]` — a unit's standing reactions for the enemy's move,
 * set privately in advance and never shown to the enemy (B&P L111, L123, L131).
 */
export const standing = defineCommand({
  data: new SlashCommandBuilder().setName('standing').setDescription("Your unit's standing reactions (secret): return fire or hold it, form square").setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your unit').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('return-fire').setDescription('When fired upon: return fire (default) or hold it for a charge')
      .addChoices({ name: 'return fire', value: 'fire' }, { name: 'hold fire for a charge', value: 'hold' }))
    .addBooleanOption((o) => o.setName('square').setDescription('Form square when charged by cavalry and it holds (default yes)')),
  input: z.object({ unit: z.string().min(1), 'return-fire': z.enum(['fire', 'hold']).optional(), square: z.boolean().optional() }),
  execute: (ctx, i) => runVerb(ctx, 'standing', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'standing', focused, inv.options),
});
