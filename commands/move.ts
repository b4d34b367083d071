import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/move unit to [join]` — a unit's move, as the game's ruleset takes it: DRAM §7 plots it in the
 * movement window (private preview, sealed receipt); NW §9.0 makes it at once, in public.
 */
export const move = defineCommand({
  data: new SlashCommandBuilder().setName('move').setDescription('Move one of your units or generals').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Unit or general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('to').setDescription('F7, a landmark, 12,30, forward 1mi, toward Ligny 1mi, contact <enemy>…').setRequired(true).setMaxLength(200))
    .addStringOption((o) => o.setName('join').setDescription('DRAM generals: join this stand for combat').setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), to: z.string().min(1).max(200), join: z.string().optional() }),
  execute: (ctx, i) => runVerb(ctx, 'move', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'move', focused, inv.options),
});
