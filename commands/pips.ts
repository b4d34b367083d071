import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('allocate'), division: z.string().min(1), die: z.number().int().min(1).max(6) }),
  z.object({ subcommand: z.literal('regroup'), brigade: z.string().min(1).max(100), on: z.boolean().default(true), units: z.string().max(300).optional() }),
  z.object({ subcommand: z.literal('adc'), adc: z.string().min(1).max(100), division: z.string().min(1) }),
  z.object({ subcommand: z.literal('attach'), what: z.string().min(1).max(100), to: z.string().min(1).max(100) }),
  z.object({ subcommand: z.literal('pay'), what: z.string().min(1).max(100), division: z.string().min(1).max(100) }),
]);

/**
 * `/pips …` — A Near Run Thing's command pips (§I L17-23, §VI): the corps commander's allocation
 * of his dice to the divisions (L21), brigades declared regrouping (L285) and ADCs sent to the
 * divisions (L258), attachments of unattached units and brigades (L234), and the division that pays a
 * corps-level unit's orders this phase (L231). Posted with the side's orders; each has a default, so silence loses nothing.
 */
export const pips = defineCommand({
  data: new SlashCommandBuilder().setName('pips').setDescription('Command pips (A Near Run Thing): allocate the corps dice, regroup, send ADCs').setDMPermission(false)
    .addSubcommand((s) => s.setName('allocate').setDescription('Give one of the corps commander\'s dice to a division within 20" (L21)')
      .addStringOption((o) => o.setName('division').setDescription('Your division').setRequired(true).setAutocomplete(true))
      .addIntegerOption((o) => o.setName('die').setDescription('The die (its face) to give it').setRequired(true).setMinValue(1).setMaxValue(6)))
    .addSubcommand((s) => s.setName('regroup').setDescription('Declare a brigade regrouping in your next phase (L285)')
      .addStringOption((o) => o.setName('brigade').setDescription('Your brigade').setRequired(true).setAutocomplete(true))
      .addBooleanOption((o) => o.setName('on').setDescription('false withdraws the declaration (default true)'))
      .addStringOption((o) => o.setName('units').setDescription('Units to restore first, comma-separated, in order (default: those that lost most)').setMaxLength(300)))
    .addSubcommand((s) => s.setName('adc').setDescription('Send an ADC to a division\'s general, each phase until told otherwise (L258)')
      .addStringOption((o) => o.setName('adc').setDescription('Your ADC').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('division').setDescription('The division, or none').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('attach').setDescription('Attach an unattached unit to a brigade, or a corps brigade to a division, next phase (L234)')
      .addStringOption((o) => o.setName('what').setDescription('The unattached unit or brigade').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('to').setDescription('The brigade (for a unit) or division (for a brigade)').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('pay').setDescription('This phase, pay a corps-level unit\'s or brigade\'s orders from this division (L231)')
      .addStringOption((o) => o.setName('what').setDescription('The corps\' own unit or brigade').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('division').setDescription('The division whose pips pay').setRequired(true).setAutocomplete(true))),
  input: Input,
  execute: (ctx, i) => runVerb(ctx, `pips ${i.subcommand}`, i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, `pips ${String(inv.subcommand)}`, focused, inv.options),
});
