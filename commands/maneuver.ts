import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/maneuver unit` — NW §9.0 C: the unit's Maneuver Table roll, public, audited and binding (no
 * re-rolls). The reply gives the inches it grants; `/move` then spends them.
 */
export const maneuver = defineCommand({
  data: new SlashCommandBuilder().setName('maneuver').setDescription("Roll a unit's Maneuver Table result (NW §9.0): public and binding").setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your brigade or battery').setRequired(true).setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1) }),
  execute: (ctx, i) => runVerb(ctx, 'maneuver', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'maneuver', focused, inv.options),
});
