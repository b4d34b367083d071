import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { REACTION_CHOICES } from '../src/rules/nw/orders';
import { reactionCandidates } from '../src/rules/nw/phases/reaction';
import { nameOf } from '../src/rules/nw/phases/target-units';
import { matches } from './play-helpers';
import { mySide, nwGame } from './nw-helpers';

/** `/react unit choice` — NW §10: what an eligible cavalry brigade does if its reaction roll (7+) succeeds. */
export const react = defineCommand({
  data: new SlashCommandBuilder().setName('react').setDescription('Cavalry reaction (NW §10): countercharge, evade, charge or none').setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your eligible cavalry brigade').setRequired(true).setAutocomplete(true))
    .addStringOption((o) => o.setName('choice').setDescription('What it does if it reacts').setRequired(true)
      .addChoices(...REACTION_CHOICES.map((c) => ({ name: c, value: c })))),
  input: z.object({ unit: z.string().min(1), choice: z.enum(REACTION_CHOICES) }),
  execute(ctx, i) {
    const r = ctx.services.games.submit(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'react', unit: i.unit, choice: i.choice });
    return { visibility: 'private', content: [`✅ ${r.accepted.preview.join(' ')}`, '-# The roll is made when the phase resolves. Post again to change; `/ready` when done.'].join('\n') };
  },
  autocomplete(ctx, focused) {
    const l = nwGame(ctx);
    const side = mySide(ctx, l);
    if (l.state.phase !== 'reaction') return [];
    return reactionCandidates(l.state).filter((c) => l.state.units[c.unit]?.side === side)
      .map((c) => ({ name: `${nameOf(l.state, c.unit)} — ${c.contacted ? 'contacted' : 'zone'} by ${nameOf(l.state, c.trigger)} (default ${c.defaultChoice})`.slice(0, 100), value: c.unit }))
      .filter((c) => matches(focused.value, c.name, c.value));
  },
});
