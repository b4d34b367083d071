import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { runVerb, verbChoices } from './play-helpers';

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('first'), side: z.string().min(1) }),
  z.object({ subcommand: z.literal('reroll'), use: z.boolean() }),
  z.object({ subcommand: z.literal('advance'), unit: z.string().min(1), advance: z.boolean() }),
  z.object({ subcommand: z.literal('lead'), defender: z.string().min(1), unit: z.string().min(1) }),
  z.object({ subcommand: z.literal('retreat'), unit: z.string().min(1), way: z.enum(['left', 'right']) }),
]);

/**
 * `/choose …` — the NW choices that are not targets or moves: who moves first (§6.0 L71),
 * Napoleon's re-roll (§6.0 L77), advancing after a won combat (§11.5) and the dominant attacker
 * when s.p. tie (§11.0.1), and the way back of a retreat with two equally direct ways (§11.4 L401,
 * RC-1). Each has a default, so a player who says nothing loses nothing.
 */
export const choose = defineCommand({
  data: new SlashCommandBuilder().setName('choose').setDescription("Napoleon's Wars choices: who moves first, re-roll, advance, lead unit, retreat way").setDMPermission(false)
    .addSubcommand((s) => s.setName('first').setDescription('Initiative winner: which side moves first this turn (NW §6.0)')
      .addStringOption((o) => o.setName('side').setDescription('Side to move first').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('reroll').setDescription("Napoleon: re-roll the next initiative if it is lost (once per game, NW §6.0 L77)")
      .addBooleanOption((o) => o.setName('use').setDescription('Call the re-roll').setRequired(true)))
    .addSubcommand((s) => s.setName('advance').setDescription('Whether a brigade advances after winning its combat (NW §11.5; default yes)')
      .addStringOption((o) => o.setName('unit').setDescription('Your brigade').setRequired(true).setAutocomplete(true))
      .addBooleanOption((o) => o.setName('advance').setDescription('Advance if victorious').setRequired(true)))
    .addSubcommand((s) => s.setName('lead').setDescription('Dominant attacker when two attackers tie in s.p. (NW §11.0.1)')
      .addStringOption((o) => o.setName('defender').setDescription('The enemy being attacked').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('unit').setDescription('Your attacking brigade').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('retreat').setDescription('Way back when two are equally direct (NW §11.4 L401; default right)')
      .addStringOption((o) => o.setName('unit').setDescription('Your retreating brigade or battery').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('way').setDescription('Bend left (counter-clockwise) or right (clockwise)').setRequired(true)
        .addChoices({ name: 'left (counter-clockwise)', value: 'left' }, { name: 'right (clockwise)', value: 'right' }))),
  input: Input,
  execute: (ctx, i) => runVerb(ctx, `choose ${i.subcommand}`, i),
  autocomplete: (ctx, focused, inv) => verbChoices(ctx, `choose ${String(inv.subcommand)}`, focused, inv.options),
});
