import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { previewMove } from './move-preview';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/move unit to [join]` — a unit's move, as the game's ruleset takes it: DRAM §7 plots it in the
 * movement window (private preview, sealed receipt); NW §9.0 makes it at once, in public.
 * `preview:true` only shows a private map of the move (move-preview.ts).
 */
export const move = defineCommand({
  data: new SlashCommandBuilder().setName('move').setDescription('Move one of your units or generals').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Unit or general').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('to').setDescription('F7, a landmark, 12,30, forward 1mi, toward Ligny 1mi, contact <enemy>…').setRequired(true).setMaxLength(200))
    .addIntegerOption((o) => o.setName('moves').setDescription('ANRT multiple moves (L311): this many moves, each paid in pips').setMinValue(1).setMaxValue(6))
    .addStringOption((o) => o.setName('join').setDescription('DRAM generals: join this stand for combat').setAutocomplete(true))
    .addBooleanOption((o) => o.setName('preview').setDescription('Only show me a map of this move; nothing is plotted, moved or rolled')),
  input: z.object({ unit: z.string().min(1), to: z.string().min(1).max(200), join: z.string().optional(), moves: z.number().int().min(1).max(6).optional(), preview: z.boolean().default(false) }),
  // A preview draws a map: defer (privately) so Discord's 3 s do not run out.
  defer: (i) => (i.preview ? 'private' : false),
  execute: (ctx, { preview, ...i }) => (preview ? previewMove(ctx, i) : runVerb(ctx, 'move', i)),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'move', focused, inv.options),
});
