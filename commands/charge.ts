import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/charge unit target` — charge an enemy unit (B&P L105-135): morale, closing fire, melee, resolved at once with binding dice. */
export const charge = defineCommand({
  data: new SlashCommandBuilder().setName('charge').setDescription('Charge an enemy unit: morale, closing fire and melee, at once and in public').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your charging unit').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('target').setDescription('The enemy unit').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('with').setDescription('Units joining the melee: co-chargers or supports behind, comma-separated (B&P L107)').setAutocomplete(true))
    .addStringOption((o) => o.setName('if-evaded').setDescription('A Near Run Thing: should the target evade — pursue, halt or rally-back (default: the rules\')').setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), target: z.string().min(1), with: z.string().max(200).optional(), 'if-evaded': z.string().max(40).optional() }),
  execute: (ctx, i) => runVerb(ctx, 'charge', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'charge', focused, inv.options),
});
