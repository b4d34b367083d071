import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

/**
 * `/fire unit target` — NW fire window: a brigade's skirmish target (§7.3-7.6) or a battery's
 * target or `hold` (§8.0-8.3). Secret until the phase resolves; only needed where the rules leave
 * a choice — everything else the engine assigns (forced targets, closest-target rule).
 */
export const fire = defineCommand({
  data: new SlashCommandBuilder().setName('fire').setDescription('Choose a skirmish or artillery target (NW §7, §8): secret until the fire phase resolves').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your skirmishing brigade or battery').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('target').setDescription('Enemy unit, or "hold" (batteries only)').setRequired(true).setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1), target: z.string().min(1) }),
  execute: (ctx, i) => runVerb(ctx, 'fire', i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, 'fire', focused, inv.options),
});
