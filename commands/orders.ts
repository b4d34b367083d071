import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand } from '../src/interaction/command';
import { escapeMd } from '../src/interaction/present-rolls';
import { safeText } from '../src/interaction/safe-text';
import { dramGame, matches, myCommands } from './play-helpers';

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('issue'), general: z.string(), target: z.string(), order: z.enum(['D', 'R', 'A', 'M']) }),
  z.object({ subcommand: z.literal('mine') }),
  z.object({ subcommand: z.literal('withdraw'), key: z.string() }),
  z.object({ subcommand: z.literal('losses'), corps: z.string(), stands: z.string().max(300) }),
]);

/** `/orders …` — DRAM §5 order chits (secret until the next turn's phase 1), and your pending orders. */
export const orders = defineCommand({
  data: new SlashCommandBuilder().setName('orders').setDescription('Order chits and your pending orders').setDMPermission(false)
    .addSubcommand((s) => s.setName('issue').setDescription('Write an order chit (secret until revealed next turn)')
      .addStringOption((o) => o.setName('general').setDescription('Issuing general').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('target').setDescription('A stand, or corps:<id> for a written order').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('order').setDescription('New order').setRequired(true).addChoices(
        { name: 'D — Deploy', value: 'D' }, { name: 'R — Reserve', value: 'R' }, { name: 'A — Attack', value: 'A' }, { name: 'M — Manoeuvre', value: 'M' })))
    .addSubcommand((s) => s.setName('mine').setDescription('Your orders in the open window (only you see them)'))
    .addSubcommand((s) => s.setName('withdraw').setDescription('Withdraw one of your orders before resolution')
      .addStringOption((o) => o.setName('key').setDescription('Which order').setRequired(true).setAutocomplete(true)))
    .addSubcommand((s) => s.setName('losses').setDescription('Which of a corps\' stands take combat losses first (HR D-13)')
      .addStringOption((o) => o.setName('corps').setDescription('Your corps').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('stands').setDescription('Stands in order, comma-separated').setRequired(true).setMaxLength(300))),
  input: Input,
  execute(ctx, i) {
    const user = { id: ctx.user.id, name: ctx.user.name };
    if (i.subcommand === 'issue') {
      const target = i.target.startsWith('corps:') ? { kind: 'corps' as const, id: i.target.slice(6) } : { kind: 'stand' as const, id: i.target };
      const r = ctx.services.games.submit(ctx.channelId, user, { kind: 'chit', general: i.general, target, order: i.order });
      return { visibility: 'private', content: [`✅ ${r.accepted.preview.join(' ')}`, '-# Only you can see this order until it is revealed. A sealed receipt was posted.'].join('\n') };
    }
    if (i.subcommand === 'losses') {
      const stands = i.stands.split(/[,\s]+/).map((x) => x.trim()).filter(Boolean);
      const r = ctx.services.games.submit(ctx.channelId, user, { kind: 'losses', corps: i.corps, stands });
      return { visibility: 'private', content: `✅ ${r.accepted.preview.join(' ')}` };
    }
    if (i.subcommand === 'withdraw') {
      ctx.services.games.withdraw(ctx.channelId, user, i.key);
      return { visibility: 'private', content: `Withdrawn: \`${escapeMd(i.key)}\`. You are no longer ready; post again or \`/ready\`.` };
    }
    const l = ctx.services.games.live(ctx.channelId);
    const list = ctx.services.games.myOrders(l, ctx.user.id);
    if (!list.length) return { visibility: 'private', content: 'You have no orders in the open window.' };
    return { visibility: 'private', content: list.map((x) => `• \`${safeText(x.key)}\` ${escapeMd(x.body.slice(0, 150))}`).join('\n') };
  },
  autocomplete(ctx, focused) {
    const l = dramGame(ctx);
    const mine = myCommands(ctx, l);
    const q = focused.value;
    if (focused.name === 'general') {
      return Object.values(l.state.generals).filter((g) => g.status === 'present' && (mine.has(g.id) || (g.corps !== null && mine.has(g.corps))) && matches(q, g.id, g.name))
        .map((g) => ({ name: `${g.name} (AP ${g.ap})`, value: g.id }));
    }
    if (focused.name === 'target') {
      const stands = Object.values(l.state.stands).filter((s) => !s.removed && s.onTable && mine.has(s.corps)).map((s) => ({ name: `${s.name} — now ${s.order}`, value: s.id }));
      const corps = Object.values(l.state.corps).map((c) => ({ name: `${c.name} (written order)`, value: `corps:${c.id}` }));
      return [...stands, ...corps].filter((c) => matches(q, c.name, c.value));
    }
    if (focused.name === 'corps') {
      return Object.values(l.state.corps).filter((c) => mine.has(c.id) && matches(q, c.id, c.name)).map((c) => ({ name: c.name, value: c.id }));
    }
    if (focused.name === 'key') {
      return ctx.services.games.myOrders(l, ctx.user.id).filter((x) => matches(q, x.key)).map((x) => ({ name: x.key, value: x.key }));
    }
    return [];
  },
});
