import { SlashCommandBuilder } from '@discordjs/builders';
import { z } from 'zod';
import { confirmButton } from '../src/interaction/components';
import { defineCommand, type CommandContext } from '../src/interaction/command';
import { escapeMd, ts } from '../src/interaction/present-rolls';
import type { ReplyModel } from '../src/interaction/reply';
import { UserError } from '../src/lib/user-error';
import { RULESETS } from '../src/rules/index';
import { listScenarios } from '../src/rules/scenario/index';
import { parseDuration, parseReminderLeads } from '../src/scheduler/time';
import { narrate } from '../src/narrative';
import { namesFor, publicEventsFor } from '../src/games/names';
import { DEFAULT_OPTIONS, type GameOptions } from '../src/games/options';
import { resolveOrRefuse } from '../src/games/names-resolve';
import { enterTables } from './game-tables';
import { endedHere, overInstead } from './play-helpers';
import { botLine, seatHolder, setBot } from '../src/games/bot-general';
import { POSTURES } from '../src/rules/bot/doctrine';
import type { Live } from '../src/games/game.service';

const Input = z.discriminatedUnion('subcommand', [
  z.object({ subcommand: z.literal('create'), ruleset: z.string(), scenario: z.string(), name: z.string().max(80).optional() }),
  z.object({ subcommand: z.literal('join'), seat: z.string().optional() }),
  z.object({ subcommand: z.literal('leave') }),
  z.object({ subcommand: z.literal('start') }),
  z.object({ subcommand: z.literal('status') }),
  z.object({ subcommand: z.literal('list') }),
  z.object({ subcommand: z.literal('pause') }),
  z.object({ subcommand: z.literal('resume') }),
  z.object({ subcommand: z.literal('extend'), by: z.string() }),
  z.object({ subcommand: z.literal('advance') }),
  z.object({ subcommand: z.literal('answer'), value: z.string().min(1).max(100) }),
  z.object({ subcommand: z.literal('replace'), seat: z.string(), user: z.string() }),
  z.object({ subcommand: z.literal('kick'), user: z.string(), confirm: z.boolean().optional() }),
  z.object({ subcommand: z.literal('end'), confirm: z.boolean().optional() }),
  // The reason's length is checked after the GM check, so a player is told "GM only" first (issue 11).
  z.object({ subcommand: z.literal('rollback'), reason: z.string().max(300), confirm: z.boolean().optional() }),
  z.object({ subcommand: z.literal('history'), turn: z.number().int().min(1).optional(), game: z.number().int().min(1).optional() }),
  z.object({
    subcommand: z.literal('settings'), pace: z.string().max(100).optional(), 'orders-pace': z.string().max(100).optional(), 'live-pace': z.string().max(100).optional(),
    reminders: z.string().max(100).optional(), extensions: z.number().int().min(0).max(5).optional(),
    'vacant-after': z.number().int().min(1).max(20).optional(), 'submit-is-ready': z.boolean().optional(), map: z.enum(['public', 'players']).optional(),
    palette: z.enum(['default', 'colour-blind']).optional(), 'gm-role': z.string().optional(), 'gm-reminders': z.number().int().min(1).max(168).optional(),
    bot: z.string().max(100).optional(), 'bot-posture': z.enum(POSTURES).optional(),
  }),
  z.object({ subcommand: z.literal('ruling'), key: z.string().max(80), value: z.string().max(200) }),
  // The file option's value is its reference: Discord's attachment id, or the console's local path.
  z.object({ subcommand: z.literal('tables'), file: z.string().min(1).max(500), mode: z.enum(['gm', 'entered']).optional() }),
]);
type Input = z.infer<typeof Input>;

const me = (ctx: CommandContext) => ({ id: ctx.user.id, name: ctx.user.name, roles: ctx.roles ?? [] });
const pub = (content: string): ReplyModel => ({ visibility: 'public', content });
const priv = (content: string): ReplyModel => ({ visibility: 'private', content });

/** `/game …` — a game in this channel: its lifecycle and the GM's tools (issue 4). */
export const game = defineCommand<Input>({
  data: new SlashCommandBuilder().setName('game').setDescription('Play a wargame in this channel').setDMPermission(false)
    .addSubcommand((s) => s.setName('create').setDescription('Create a game here; you become its GM')
      .addStringOption((o) => o.setName('ruleset').setDescription('Rules to play').setRequired(true).addChoices(...Object.values(RULESETS).map((r) => ({ name: r!.name, value: r!.id }))))
      .addStringOption((o) => o.setName('scenario').setDescription('Scenario').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('name').setDescription('A name for the game').setMaxLength(80)))
    .addSubcommand((s) => s.setName('join').setDescription('Take a seat (a corps, or an army command)')
      .addStringOption((o) => o.setName('seat').setDescription('Which seat').setAutocomplete(true)))
    .addSubcommand((s) => s.setName('leave').setDescription('Give up your seats'))
    .addSubcommand((s) => s.setName('start').setDescription('GM: start the game'))
    .addSubcommand((s) => s.setName('status').setDescription('Phase, deadline, who has posted'))
    .addSubcommand((s) => s.setName('list').setDescription("This server's games"))
    .addSubcommand((s) => s.setName('pause').setDescription('GM: freeze deadlines'))
    .addSubcommand((s) => s.setName('resume').setDescription('GM: resume a paused game'))
    .addSubcommand((s) => s.setName('extend').setDescription('GM: extend the deadline')
      .addStringOption((o) => o.setName('by').setDescription('e.g. 12h, 1d').setRequired(true)))
    .addSubcommand((s) => s.setName('advance').setDescription('GM: resolve the current phase now'))
    .addSubcommand((s) => s.setName('answer').setDescription('GM: give the ruling the game waits for (a result the rules leave to you)')
      .addStringOption((o) => o.setName('value').setDescription('One of the allowed answers').setRequired(true).setAutocomplete(true).setMaxLength(100)))
    .addSubcommand((s) => s.setName('replace').setDescription('GM: give a seat to someone else')
      .addStringOption((o) => o.setName('seat').setDescription('Seat').setRequired(true).setAutocomplete(true))
      .addUserOption((o) => o.setName('user').setDescription('New player').setRequired(true)))
    .addSubcommand((s) => s.setName('kick').setDescription('GM: remove a player from their seats')
      .addUserOption((o) => o.setName('user').setDescription('Player').setRequired(true))
      .addBooleanOption((o) => o.setName('confirm').setDescription('Skip the confirmation button')))
    .addSubcommand((s) => s.setName('end').setDescription('GM: end the game')
      .addBooleanOption((o) => o.setName('confirm').setDescription('Skip the confirmation button')))
    .addSubcommand((s) => s.setName('rollback').setDescription('GM: undo the last resolution (public; its dice stay in the audit, void)')
      .addStringOption((o) => o.setName('reason').setDescription('Why (posted to the channel)').setRequired(true).setMaxLength(300))
      .addBooleanOption((o) => o.setName('confirm').setDescription('Skip the confirmation button')))
    .addSubcommand((s) => s.setName('history').setDescription('The narrative of a past turn')
      .addIntegerOption((o) => o.setName('turn').setDescription('Turn number (default: the last resolution)').setMinValue(1))
      .addIntegerOption((o) => o.setName('game').setDescription('A game of this server by its number, ended ones too (see /game list, /campaign status)').setMinValue(1)))
    .addSubcommand((s) => s.setName('settings').setDescription('Show or (GM) change pace, reminders, no-orders policy, map visibility')
      .addStringOption((o) => o.setName('pace').setDescription('Default deadline: 24h, 48h, daily 20:00 Europe/Paris…').setMaxLength(100))
      .addStringOption((o) => o.setName('orders-pace').setDescription('Deadline for order windows, if different').setMaxLength(100))
      .addStringOption((o) => o.setName('live-pace').setDescription('Deadline of each initiative and rank window in live movement, e.g. 2h').setMaxLength(100))
      .addStringOption((o) => o.setName('reminders').setDescription('Lead times such as "24h, 1h", or "off" (default: scale with the window)').setMaxLength(100))
      .addIntegerOption((o) => o.setName('extensions').setDescription('Extensions a silent player gets (0-5)').setMinValue(0).setMaxValue(5))
      .addIntegerOption((o) => o.setName('vacant-after').setDescription('Silent windows before a seat is vacant').setMinValue(1).setMaxValue(20))
      .addBooleanOption((o) => o.setName('submit-is-ready').setDescription('Posting an order also marks the player ready'))
      .addStringOption((o) => o.setName('map').setDescription('Who may see /map').addChoices({ name: 'everyone', value: 'public' }, { name: 'players only', value: 'players' }))
      .addStringOption((o) => o.setName('palette').setDescription('Map colours').addChoices({ name: 'scenario colours', value: 'default' }, { name: 'colour-blind safe', value: 'colour-blind' }))
      .addRoleOption((o) => o.setName('gm-role').setDescription('A server role whose members may also use GM tools'))
      .addIntegerOption((o) => o.setName('gm-reminders').setDescription('Hours between reminders to the GM of a ruling the game waits for').setMinValue(1).setMaxValue(168))
      .addStringOption((o) => o.setName('bot').setDescription('Bot general (not part of the rules): the side it commands, or off').setAutocomplete(true).setMaxLength(100))
      .addStringOption((o) => o.setName('bot-posture').setDescription("The bot general's posture").addChoices({ name: 'advance on the enemy', value: 'advance' }, { name: 'hold its ground', value: 'hold' })))
    .addSubcommand((s) => s.setName('ruling').setDescription('GM, before start: change a house ruling (see /game settings)')
      .addStringOption((o) => o.setName('key').setDescription('e.g. initiative.ties').setRequired(true).setAutocomplete(true))
      .addStringOption((o) => o.setName('value').setDescription('e.g. simultaneous, 1, true, [6]').setRequired(true)))
    .addSubcommand((s) => s.setName('tables').setDescription('GM, before start: enter a tables file (A Near Run Thing\'s QRS), YAML or JSON')
      .addAttachmentOption((o) => o.setName('file').setDescription('The tables file, like assets/anrt/qrs-stand-in.yaml (at most 256 KiB)').setRequired(true))
      .addStringOption((o) => o.setName('mode').setDescription('Require every cell, or let the GM rule empty ones (tables.mode)').addChoices({ name: 'every cell entered', value: 'entered' }, { name: 'GM rules empty cells', value: 'gm' }))),
  input: Input,
  defer: (i) => (i.subcommand === 'create' || i.subcommand === 'advance' || i.subcommand === 'answer' || i.subcommand === 'ruling' || i.subcommand === 'tables' ? 'public' : false),
  async execute(ctx, i): Promise<ReplyModel> {
    const { games, gm } = ctx.services;
    switch (i.subcommand) {
      case 'create': {
        const g = await games.create({ guildId: ctx.guildId, channelId: ctx.channelId, gm: me(ctx), ruleset: i.ruleset, scenario: i.scenario, name: i.name });
        const l = games.live(ctx.channelId);
        return pub(`🎖️ **${escapeMd(g.name)}** (${escapeMd(l.ruleset.name)}, scenario \`${g.scenarioId}\`) is set up in this channel; GM: ${escapeMd(ctx.user.name)}.\n${seatsBySide(l).join('\n')}\nTake one with \`/game join seat:<name>\`; the GM starts with \`/game start\`.`);
      }
      case 'join': {
        const seat = i.seat?.trim() ? seatNamed(ctx, i.seat) : undefined;
        const mine = games.join(ctx.channelId, me(ctx), seat);
        // Announced by the seat's printed label (issue 11), with the others the player already holds.
        const l = games.live(ctx.channelId);
        const others = mine.filter((s) => s.seatId !== seat).map((s) => `**${escapeMd(games.seatLabel(l, s.seatId))}**`);
        return pub(`🪖 ${escapeMd(ctx.user.name)} takes **${escapeMd(games.seatLabel(l, seat!))}**${others.length ? ` (also holds ${others.join(', ')})` : ''}.`);
      }
      case 'leave': return pub(`${escapeMd(ctx.user.name)} leaves ${games.leave(ctx.channelId, me(ctx))} seat(s).`);
      case 'start': {
        const w = games.start(ctx.channelId, me(ctx), ctx.isAdmin);
        return pub(`🥁 The game begins: ${escapeMd(w.label)}${w.deadlineAt ? `, deadline ${ts(w.deadlineAt, 'F')}` : ''}.`);
      }
      case 'status': {
        try { return status(ctx); } catch (e) { return overInstead(ctx, e); }
      }
      case 'list': {
        const list = games.gamesIn(ctx.guildId);
        if (!list.length) return pub('No games in this server yet. Create one with `/game create`.');
        return pub(list.map((g) => `• #${g.id} **${escapeMd(g.name)}** — ${g.ruleset}/${g.scenarioId}, ${g.status}, <#${g.channelId}>`).join('\n'));
      }
      case 'pause': gm.pause(ctx.channelId, me(ctx), ctx.isAdmin); return priv('Paused.');
      case 'resume': gm.resume(ctx.channelId, me(ctx), ctx.isAdmin); return priv('Resumed.');
      case 'extend': {
        const by = parseDuration(i.by);
        if (!by.ok) throw UserError.from(by.error);
        const to = gm.extend(ctx.channelId, me(ctx), ctx.isAdmin, by.value);
        return priv(`Deadline now ${ts(to, 'F')}.`);
      }
      case 'advance': {
        const r = gm.advance(ctx.channelId, me(ctx), ctx.isAdmin);
        return pub(r.resolved ? '⏩ The GM resolved the phase; the results follow.' : `Nothing to resolve (${r.reason}).`);
      }
      case 'answer': {
        const r = gm.answer(ctx.channelId, me(ctx), ctx.isAdmin, i.value);
        return pub(r.resolved ? `⚖️ The GM ruled **${escapeMd(r.label)}**; the results follow.` : `Nothing was resolved (${r.reason}).`);
      }
      case 'replace':
        // GM-only is said before the seat is looked at (issue 11).
        games.requireGm(games.live(ctx.channelId).game, me(ctx), ctx.isAdmin);
        gm.replace(ctx.channelId, me(ctx), ctx.isAdmin, seatNamed(ctx, i.seat), { id: i.user, name: ctx.users[i.user] ?? i.user }); return priv('Done.');
      case 'kick': {
        if (!i.confirm) return confirmFirst(ctx, i, `Remove <@${i.user}> from all their seats? Their seats become open for someone else.`, 'Remove');
        return priv(`Removed from ${gm.kick(ctx.channelId, me(ctx), ctx.isAdmin, i.user)} seat(s).`);
      }
      case 'end': {
        if (!i.confirm) return confirmFirst(ctx, i, `End **${escapeMd(ctx.services.games.live(ctx.channelId).game.name)}** now? No further turn will be played; the history stays readable.`, 'End the game');
        gm.end(ctx.channelId, me(ctx), ctx.isAdmin);
        return priv('The game is over.');
      }
      case 'rollback': {
        ctx.services.games.requireGm(ctx.services.games.live(ctx.channelId).game, me(ctx), ctx.isAdmin);
        if (i.reason.trim().length < 3) throw new UserError('input/invalid', 'A rollback needs a reason of at least 3 characters; it is posted to the channel.', 'e.g. /game rollback reason:"wrong move plotted for Morel"');
        if (!i.confirm) return confirmFirst(ctx, i, `Undo the last resolution ("${escapeMd(i.reason)}")? It is announced in the channel; its dice stay in the audit trail, void.`, 'Roll back');
        const w = gm.rollback(ctx.channelId, me(ctx), ctx.isAdmin, i.reason);
        return pub(`↩️ Rolled back. ${escapeMd(w.label)} is open again.`);
      }
      case 'history': return history(ctx, i.turn, i.game);
      case 'settings': return settings(ctx, i);
      case 'ruling': {
        const now = await ctx.services.games.setRuling(ctx.channelId, me(ctx), ctx.isAdmin, i.key, parseValue(i.value));
        // Echo what the ruleset now holds under that key (a table entered cell by cell shows how complete it is).
        const l = ctx.services.games.live(ctx.channelId);
        const echo = l.ruleset.present.settings(now).filter((d) => d.key === i.key || i.key.startsWith(`${d.key}.`) || d.key.startsWith(`${i.key}.`))
          .filter((d) => d.key !== i.key).map((d) => `\`${d.key}\` = ${escapeMd(d.value)}`);
        return pub([`⚖️ House ruling \`${escapeMd(i.key)}\` is now \`${escapeMd(i.value)}\` for this game.`, ...echo].join('\n').slice(0, 2000));
      }
      case 'tables': return enterTables(ctx, i);
    }
  },
  async autocomplete(ctx, focused, inv) {
    const q = focused.value.toLowerCase();
    if (focused.name === 'scenario') {
      const ruleset = String(inv.options.ruleset ?? '');
      // Only playable rulesets: scenarios of a ruleset still being built (nw) stay out of the list.
      return (await listScenarios()).filter((s) => RULESETS[s.ruleset] && (!ruleset || s.ruleset === ruleset) && s.id.includes(q)).map((s) => ({ name: `${s.ruleset}: ${s.id}`, value: s.id }));
    }
    if (focused.name === 'key') {
      const l = ctx.services.games.live(ctx.channelId);
      return l.ruleset.present.settings(JSON.parse(l.game.settings)).filter((d) => d.key.includes(q))
        .map((d) => ({ name: `${d.key}${d.ruling ? ` (${d.ruling})` : ''}: ${d.allowed ?? d.value}`.slice(0, 100), value: d.key }));
    }
    if (focused.name === 'value' && inv.subcommand === 'answer') {
      const question = ctx.services.gm.question(ctx.channelId);
      return (question?.answers ?? []).filter((a) => `${a.value} ${a.label}`.toLowerCase().includes(q)).map((a) => ({ name: (a.label === a.value ? a.value : `${a.value} — ${a.label}`).slice(0, 100), value: a.value }));
    }
    if (focused.name === 'bot') {
      const l = ctx.services.games.live(ctx.channelId);
      return [...l.ruleset.present.sides(l.state), { name: 'off', value: 'off' }].filter((c) => `${c.name} ${c.value}`.toLowerCase().includes(q));
    }
        if (focused.name === 'seat') {
      const l = ctx.services.games.live(ctx.channelId);
      const seats = inv.subcommand === 'join' ? ctx.services.games.openSeats(ctx.channelId) : l.ruleset.seats(l.state).map((s: { id: string; label: string }) => ({ id: s.id, label: s.label }));
      return seats.filter((s) => `${s.id} ${s.label}`.toLowerCase().includes(q)).map((s) => ({ name: `${s.label} (${s.id})`, value: s.id }));
    }
    return [];
  },
});

/**
 * The seat a player names (issue 11): by its label as printed ("French I Corps"), in any case,
 * without accents, by a unique prefix, or by its id; anything else is answered with the closest
 * seats and a menu of them, through the one name resolver.
 */
function seatNamed(ctx: CommandContext, typed: string): string {
  const l = ctx.services.games.live(ctx.channelId);
  // "I Corps" is printed under its side's heading, so "French I Corps" names it too.
  const seats = l.ruleset.seats(l.state).map((s: { id: string; label: string; side: string }) => ({ id: s.id, names: [s.label, `${s.side} ${s.label}`] }));
  return resolveOrRefuse(typed, seats, 'seat', 'seat');
}

/**
 * A destructive GM tool asks first (issue 11): GM-only is checked now, so a player is told so
 * at once, and the button (only the asker may press it) runs the same command with confirm:true.
 */
function confirmFirst(ctx: CommandContext, i: Input & { subcommand: 'kick' | 'end' | 'rollback' }, question: string, label: string): ReplyModel {
  ctx.services.games.requireGm(ctx.services.games.live(ctx.channelId).game, me(ctx), ctx.isAdmin);
  const { subcommand, confirm: _c, ...options } = i;
  const inv = { name: 'game', subcommand, options: options as Record<string, string>, users: ctx.users };
  return { visibility: 'private', content: `⚠️ ${question}\n-# Press the button to go ahead, or dismiss this message to cancel.`, components: [[confirmButton(label, inv, ctx.user.id)]] };
}

/**
 * The seats as /game create offers them (issue 11), one line per side: each by its printed
 * name, the id only as what to type — "Armée du Nord: **I Corps** (type `french:fr-i-corps`), …".
 */
function seatsBySide(l: Live): string[] {
  const seats = l.ruleset.seats(l.state) as readonly { id: string; label: string; side: string }[];
  const sides = new Map(l.ruleset.present.sides(l.state).map((s) => [s.value, s.name]));
  const order = [...new Set(seats.map((s) => s.side))];
  return order.map((side) => `${escapeMd(sides.get(side) ?? side)}: ${seats.filter((s) => s.side === side).map((s) => `**${escapeMd(s.label)}** (type \`${s.id}\`)`).join(', ')}.`);
}

function status(ctx: CommandContext): ReplyModel {
  const l = ctx.services.games.live(ctx.channelId);
  const lines = [`**${escapeMd(l.game.name)}** — ${escapeMd(l.ruleset.name)}, scenario \`${l.game.scenarioId}\`, ${l.game.status}. GM <@${l.game.gmUserId}>.`];
  const labels = new Map(l.ruleset.seats(l.state).map((s: { id: string; label: string }) => [s.id, s.label]));
  if (l.window) {
    lines.push(`Now: ${escapeMd(l.window.label)}${l.window.deadlineAt ? ` — deadline ${ts(l.window.deadlineAt, 'F')} (${ts(l.window.deadlineAt, 'R')})` : ''}${l.window.pausedAt ? ' (paused)' : ''}.`);
    const question = ctx.services.gm.question(ctx.channelId);
    if (question) lines.push(`⚖️ Waiting for the GM's ruling (no deadline): ${escapeMd(question.question)} — \`/game answer\`.`);
    for (const seat of ctx.services.games.progress(l)) {
      // Whether a seat has posted, never how many orders: the count would tell the enemy how busy it is (as on the dashboard).
      const mark = !seat.owing ? '— nothing to decide' : seat.ready ? '✅ ready' : seat.posted ? '📝 orders posted, not ready' : '⏳ waiting';
      lines.push(`• ${escapeMd(labels.get(seat.seatId) ?? seat.seatId)}: ${seatHolder(l, seat)} ${mark}`);
    }
  } else {
    for (const seat of l.seats) lines.push(`• ${escapeMd(labels.get(seat.seatId) ?? seat.seatId)}: ${seat.userId ? `<@${seat.userId}>` : '*open*'}`);
  }
  return { visibility: 'public', content: lines.join('\n') };
}

/** A ruling value as typed: numbers, booleans and JSON lists become values; anything else a string. */
function parseValue(v: string): unknown {
  const t = v.trim();
  if (/^-?\d+$/.test(t)) return Number(t);
  if (t === 'true' || t === 'false') return t === 'true';
  if (t.startsWith('[') || t.startsWith('{')) {
    try { return JSON.parse(t); } catch { return t; }
  }
  return t;
}

/**
 * The public narrative of a past turn: this channel's game, or any game of the server by its
 * number (an ended campaign battle's included). Always the public events (publicEventsFor): an
 * ended game reveals no more than its posts did.
 */
function history(ctx: CommandContext, turn: number | undefined, id: number | undefined): ReplyModel {
  const g = ctx.services.games;
  // Without game:, the channel's game — the one that ended here last once it is over (issue 11).
  const here = () => { try { return g.live(ctx.channelId).game; } catch (e) { return endedHere(ctx, e); } };
  const game = id === undefined ? here() : g.gameOf(ctx.guildId, id);
  const items = g.historyOf(game, turn);
  const of = id === undefined ? '' : ` of **${escapeMd(game.name)}** (#${game.id}${game.status === 'ended' ? ', ended' : ''})`;
  if (!items.length) return priv(turn ? `Nothing was resolved in turn ${turn}${of}.` : `Nothing has been resolved yet${of}.`);
  const text = items.map((x) => [`## ${x.label}${x.rolledBack ? ' (rolled back)' : ''}`, ...narrate(publicEventsFor(game, x.events), namesFor(game, x.state))].join('\n\n')).join('\n\n');
  const head = of ? `# History${of}\n\n` : '';
  if (head.length + text.length <= 1900) return { visibility: 'private', content: head + text };
  return { visibility: 'private', content: `The narrative of ${turn ? `turn ${turn}` : 'the last resolution'}${of} is attached.`, files: [{ name: `history-${id ? `${id}-` : ''}${turn ?? 'last'}.md`, data: Buffer.from(head + text) }] };
}

function settings(ctx: CommandContext, i: Extract<Input, { subcommand: 'settings' }>): ReplyModel {
  const g = ctx.services.games;
  const l = g.live(ctx.channelId);
  const changes = Object.entries(i).filter(([k, v]) => k !== 'subcommand' && v !== undefined);
  let options = JSON.parse(l.game.options) as GameOptions;
  if (changes.length) {
    const patch: Partial<GameOptions> = {};
    if (i.pace) patch.paces = { ...options.paces, default: i.pace };
    if (i['orders-pace']) patch.paces = { ...(patch.paces ?? options.paces), orders: i['orders-pace'] };
    if (i['live-pace']) patch.paces = { ...(patch.paces ?? options.paces), initiative: i['live-pace'], rank: i['live-pace'] };
    if (i.reminders) {
      const leads = parseReminderLeads(i.reminders);
      if (!leads.ok) throw UserError.from(leads.error);
      patch.reminderLeadsMinutes = leads.value.map((ms) => Math.round(ms / 60_000));
    }
    if (i.extensions !== undefined) patch.extensionsPerPlayer = i.extensions;
    if (i['vacant-after'] !== undefined) patch.vacantAfterMisses = i['vacant-after'];
    if (i['submit-is-ready'] !== undefined) patch.submitIsReady = i['submit-is-ready'];
    if (i.map) patch.mapVisibility = i.map;
    if (i.palette) patch.palette = i.palette;
    if (i['gm-role']) patch.gmRoleId = i['gm-role'];
    if (i['gm-reminders'] !== undefined) patch.gmReminderMinutes = i['gm-reminders'] * 60;
    // Issue 13: the bot general's side is checked against the game (src/games/bot-general.ts).
    if (i.bot !== undefined || i['bot-posture'] !== undefined) setBot(g, ctx.channelId, me(ctx), ctx.isAdmin, i.bot, i['bot-posture']);
    options = g.setOptions(ctx.channelId, me(ctx), ctx.isAdmin, patch);
  }
  const paces = Object.entries(options.paces).map(([k, v]) => `${k}: ${v}`).join(', ');
  const lines = [`**${escapeMd(l.game.name)}** — settings${changes.length ? ' (updated)' : ''}`,
    `• Pace: ${paces}`, `• Reminders: ${options.reminderLeadsMinutes.length ? options.reminderLeadsMinutes.map((m) => `${m} min`).join(', ') : 'scaled to the window'}`,
    `• No-orders policy: ${options.extensionsPerPlayer} extension(s) of ${options.extensionMinutes} min, vacant after ${options.vacantAfterMisses} silent windows`,
    `• GM: <@${l.game.gmUserId}>${options.gmRoleId ? ` and members of <@&${options.gmRoleId}>` : ''}; reminded of a ruling the game waits for every ${Math.round((options.gmReminderMinutes ?? DEFAULT_OPTIONS.gmReminderMinutes) / 60)} h`,
    `• Submitting counts as ready: ${options.submitIsReady ? 'yes' : 'no'} · map: ${options.mapVisibility}, ${options.palette === 'colour-blind' ? 'colour-blind-safe colours' : 'scenario colours'}`,
    `• 🤖 Bot general: ${botLine(g.live(ctx.channelId))}`];
  {
    const rulings = l.ruleset.present.settings(JSON.parse(l.game.settings)).map((d) => `\`${d.key}\` = ${d.value}${d.value !== d.default ? ` (default ${d.default})` : ''}`);
    lines.push(`House rulings (change before start with /game ruling): ${rulings.join(' · ')}`);
  }
  return { visibility: changes.length ? 'public' : 'private', content: lines.join('\n').slice(0, 2000) };
}
