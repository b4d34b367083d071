import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/** `/react unit choice` — NW §10: what an eligible cavalry brigade does if its reaction roll (7+) succeeds. */
export const react = defineCommand({
  data: new SlashCommandBuilder().setName('react').setDescription('Cavalry reaction (NW §10): countercharge, evade, charge or none').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your eligible cavalry brigade').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('choice').setDescription('What it does if it reacts').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('if-evaded').setDescription('A Near Run Thing, with choice:opportunity: should the target evade — pursue, halt or rally-back').setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), choice: z.string().min(1).max(40), 'if-evaded': z.string().max(40).optional() }),
  execute: (ctx, i) => runVerb(ctx, 'react', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'react', focused, inv.options),
});
