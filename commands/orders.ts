import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { defineCommand, type CommandContext } from '../src/interaction/command';
import { resolveOrRefuse, type Named } from '../src/games/names-resolve';
import { UserError } from '../src/lib/user-error';
import { escapeMd } from '../src/interaction/present-rolls';
import { safeText } from '../src/interaction/safe-text';
import { choicesMatching } from '../src/rules/plugin';
import { printedFor } from '../src/games/names';
import { runVerb, verbChoices } from './play-helpers';

/**
 * An order as a player reads it (issue 11): "move 1st Division (Fabre) — to: forward 1in",
 * not its stored JSON. Ids become the names players read, the plotted path (15-digit
 * coordinates) is left out, and numbers are rounded.
 */
export function readable(body: string, names: ReadonlyMap<string, string>): string {
  let o: unknown;
  try { o = JSON.parse(body); } catch { return body.slice(0, 150); }
  if (!o || typeof o !== 'object') return String(o);
  const value = (v: unknown): string => {
    if (typeof v === 'string') return names.get(v) ?? v;
    if (typeof v === 'number') return String(Math.round(v * 10) / 10);
    if (Array.isArray(v)) return v.map(value).join(', ');
    if (v && typeof v === 'object') return 'id' in v ? value((v as { id: unknown }).id) : Object.values(v).map(value).join(' ');
    return String(v);
  };
  const { kind, ...rest } = o as Record<string, unknown>;
  const fields = Object.entries(rest).filter(([k, v]) => k !== 'path' && v !== undefined && v !== null && v !== '');
  const [first, ...others] = fields;
  const head = [typeof kind === 'string' ? kind : 'order', ...(first ? [value(first[1])] : [])].join(' ');
  return [head, ...others.map(([k, v]) => `${k}: ${value(v)}`)].join(' — ').slice(0, 200);
}

/**
 * The caller's pending order a player names (issue 11): by its key, by the order as /orders mine
 * reads it ("move 1st Division (Fabre)"), or by the name of any piece its key holds ("Fabre"),
 * in any case, by unique prefix; else the closest orders with a menu, through the one resolver.
 */
function orderNamed(ctx: CommandContext, typed: string): Named {
  const l = ctx.services.games.live(ctx.channelId);
  const printed = printedFor(l.ruleset, l.state);
  const names = new Map(printed.map((p) => [p.id, p.names[0] ?? p.id]));
  const pieceNames = new Map(printed.map((p) => [p.id, p.names]));
  const mine = ctx.services.games.myOrders(l, ctx.user.id).map((x) => ({
    id: x.key,
    names: [readable(x.body, names), ...x.key.split(':').flatMap((part) => pieceNames.get(part) ?? [])],
  }));
  if (!mine.length) throw new UserError('order/none', 'You have no orders in the open window to withdraw.', 'See your orders with /orders mine.');
  return mine.find((o) => o.id === resolveOrRefuse(typed, mine, 'key', 'order'))!;
}

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('issue'), general: z.string(), target: z.string(), order: z.enum(['D', 'R', 'A', 'M']) }),
  z.object({ subcommand: z.literal('mine') }),
  z.object({ subcommand: z.literal('withdraw'), key: z.string() }),
  z.object({ subcommand: z.literal('losses'), corps: z.string(), stands: z.string().max(300) }),
]);

/**
 * `/orders …` — your pending orders in the open window (any ruleset), and the order verbs a
 * ruleset declares under it: DRAM §5 chits (secret until the next turn's phase 1) and HR D-13 loss order.
 */
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
    if (i.subcommand === 'issue' || i.subcommand === 'losses') return runVerb(ctx, `orders ${i.subcommand}`, i);
    if (i.subcommand === 'withdraw') {
      const order = orderNamed(ctx, i.key);
      ctx.services.games.withdraw(ctx.channelId, user, order.id);
      return { visibility: 'private', content: `Withdrawn: ${escapeMd(order.names[0]!)} (\`${safeText(order.id)}\`). You are no longer ready; post again or \`/ready\`.` };
    }
    const l = ctx.services.games.live(ctx.channelId);
    const list = ctx.services.games.myOrders(l, ctx.user.id);
    if (!list.length) return { visibility: 'private', content: 'You have no orders in the open window.' };
    const names = new Map(printedFor(l.ruleset, l.state).map((p) => [p.id, p.names[0] ?? p.id]));
    return { visibility: 'private', content: list.map((x) => `• ${escapeMd(readable(x.body, names))} — \`${safeText(x.key)}\``).join('\n') };
  },
  autocomplete(ctx, focused, inv) {
    if (focused.name === 'key') {
      const l = ctx.services.games.live(ctx.channelId);
      const names = new Map(printedFor(l.ruleset, l.state).map((p) => [p.id, p.names[0] ?? p.id]));
      return choicesMatching(focused.value, ctx.services.games.myOrders(l, ctx.user.id).map((x) => ({ name: readable(x.body, names), value: x.key })));
    }
    return verbChoices(ctx, `orders ${String(inv.subcommand)}`, focused, inv.options);
  },
});
