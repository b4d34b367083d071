import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { canMove, mustRoll } from '../src/rules/nw/phases/maneuver';
import { matches } from './play-helpers';
import { mySide, nwGame, publicNarrative } from './nw-helpers';

/**
 * `/maneuver unit` — NW §9.0 C: the unit's Maneuver Table roll, public, audited and binding (no
 * re-rolls). The reply gives the inches it grants; `/move` then spends them.
 */
export const maneuver = defineCommand({
  data: new SlashCommandBuilder().setName('maneuver').setDescription("Roll a unit's Maneuver Table result (NW §9.0): public and binding").setDMPermission(false)
    .addStringOption((o) => o.setName('unit').setDescription('Your brigade or battery').setRequired(true).setAutocomplete(true)),
  input: z.object({ unit: z.string().min(1) }),
  execute(ctx, i) {
    const events = ctx.services.games.act(ctx.channelId, { id: ctx.user.id, name: ctx.user.name }, { kind: 'maneuver', unit: i.unit });
    const l = nwGame(ctx);
    const grant = l.state.log.rolls[i.unit];
    const tail = grant ? (grant.inches > 0 ? `\n➡️ ${grant.inches}" to spend: \`/move unit:${i.unit} to:…\`` : '\n➡️ It holds this phase.') : '';
    return { visibility: 'public', content: publicNarrative(ctx, events) + tail };
  },
  autocomplete(ctx, focused) {
    const l = nwGame(ctx);
    const side = mySide(ctx, l);
    const must = new Set(mustRoll(l.state));
    const pieces = [...Object.values(l.state.units), ...Object.values(l.state.batteries)]
      .filter((u) => u.side === side && u.onTable && !u.removed && l.state.log.rolls[u.id] === undefined && !('status' in u && u.status === 'routed'));
    return pieces.filter((u) => matches(focused.value, u.id, u.name, u.label))
      .sort((a, b) => Number(must.has(b.id)) - Number(must.has(a.id)))
      .map((u) => ({ name: `${u.name} — ${u.label}${must.has(u.id) ? ' (must roll: disordered)' : ''}`.slice(0, 100), value: u.id }))
      .filter((c) => canMove(l.state, c.value) || l.state.log.rolls[c.value] === undefined);
  },
});
