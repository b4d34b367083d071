import {
  AttachmentBuilder, Client, EmbedBuilder, Events, GatewayIntentBits, MessageFlags, Options, PermissionFlagsBits,
  type AutocompleteInteraction, type ChatInputCommandInteraction, type CommandInteractionOption, type Interaction, type InteractionReplyOptions, type MessageComponentInteraction,
} from 'discord.js';
import { componentRow, handleComponent } from './discord-components';
import { fetchAttachment, type ReadAttachment } from '../interaction/attachments';
import type { Command, CommandContext, Invocation } from '../interaction/command';
import { errorReply, execute, prepare, suggest } from '../interaction/dispatch';
import { DISCORD_LIMITS, truncate, type ReplyModel } from '../interaction/reply';
import { NO_TRACE, type LoadTrace } from '../lib/load-trace';
import { TurnQueue } from '../lib/turn-queue';
import { UserError } from '../lib/user-error';
import type { Logger } from '../logger';
import type { Services } from '../services/services';

export interface DiscordOptions {
  readonly token: string;
  /** REST base URL override: a Discord REST proxy, or the fake Discord in tests. */
  readonly restApi?: string | undefined;
  readonly commands: ReadonlyMap<string, Command>;
  readonly services: Services;
  readonly log: Logger;
  readonly now?: () => Date;
  /**
   * Wraps each turn of the interaction queue (TurnQueue's `around`): main makes it the database's
   * turn batch, one transaction per turn (TURN_BATCH, src/db/batch.ts). Absent: no wrapping.
   */
  readonly turn?: ((items: () => void) => void) | undefined;
  /** Load tests only: marks each interaction's stages (LOAD_TRACE). */
  readonly trace?: LoadTrace;
}

export interface DiscordBot {
  readonly client: Client;
  /** Holds new interactions (queued, not run) until the release is called: a WAL restart (src/db/checkpointer.ts). */
  pause(): () => void;
  stop(): Promise<void>;
}

/**
 * What discord.js keeps in memory (issue 12: memory under load). The bot reads nothing back from
 * these caches: a reply goes through its interaction, a post through `channels.fetch` (channels
 * stay cached), a dashboard is edited and pinned by message id (REST), and the invoking member's
 * name and roles come with each interaction. By default discord.js keeps the last 200 messages of
 * every channel it posts in (resolutions with their embeds, for every game) and every user and
 * member who ever used a command: here none but the bot's own. Guilds, channels and roles keep
 * discord.js's defaults (it does not support limiting them; a member's roles are read through
 * the role cache).
 */
const BOUNDED_CACHES = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  ReactionManager: 0,
  UserManager: { maxSize: 0, keepOverLimit: (u) => u.id === u.client.user.id },
  GuildMemberManager: { maxSize: 0, keepOverLimit: (m) => m.id === m.client.user.id },
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildInviteManager: 0,
  GuildBanManager: 0,
});

/** Connect to Discord and route slash commands through the command layer. */
export async function startDiscord(o: DiscordOptions): Promise<DiscordBot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], makeCache: BOUNDED_CACHES, ...(o.restApi ? { rest: { api: o.restApi } } : {}) });
  // One interaction per turn of the event loop, oldest first; one that waited past Discord's
  // answer window is dropped unanswered (src/lib/turn-queue.ts says why).
  const stale = staleLog(o.log);
  const trace = o.trace ?? NO_TRACE;
  const queue = new TurnQueue<Interaction>((interaction) => { trace.mark(interaction.id, 'run'); route(interaction, o); }, {
    maxWaitMs: STALE_AFTER_MS, budgetMs: TURN_BUDGET_MS, stale, ...(o.turn ? { around: o.turn } : {}),
    ...(o.trace ? { onTurn: (start: number, end: number, ran: number) => trace.span('turn', performance.timeOrigin + start, performance.timeOrigin + end, ran) } : {}),
  });
  client.on(Events.InteractionCreate, (interaction) => { trace.mark(interaction.id, 'push'); queue.push(interaction); });
  if (o.trace) client.on(Events.Raw, (p: { t?: string; d?: { id?: string } }) => { if (p.t === 'INTERACTION_CREATE' && p.d?.id) trace.mark(p.d.id, 'frame'); });
  client.on(Events.Error, (e) => o.log.error({ err: e }, 'discord client error'));
  client.on(Events.Warn, (m) => o.log.warn({ message: m }, 'discord client warning'));
  const ready = new Promise<void>((res) => client.once(Events.ClientReady, (c) => {
    o.log.info({ user: c.user.tag, guilds: c.guilds.cache.size }, 'connected to Discord');
    res();
  }));
  try {
    await client.login(o.token);
  } catch (e) {
    await client.destroy();
    const code = (e as { code?: string }).code;
    throw new Error(code === 'TokenInvalid' || /401|Unauthorized/i.test(String((e as Error).message))
      ? 'Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal (Bot → Reset Token) and set it again.'
      : `Could not connect to Discord: ${(e as Error).message}`);
  }
  await ready;
  return {
    client,
    pause: () => queue.pause(),
    stop: async () => {
      const waiting = queue.close();
      if (waiting) o.log.warn({ interactions: waiting }, 'stopping: interactions still queued are left unanswered');
      await client.destroy();
    },
  };
}

/**
 * Discord's answer window is 3 s from the interaction's creation, and the answer still has to be
 * computed, made durable (an fsync) and carried back: what waited 2 s in the bot's queue (after
 * the gateway's own delivery time) would most likely miss it, and running it anyway spends the
 * time the inputs behind it need (src/lib/turn-queue.ts).
 */
export const STALE_AFTER_MS = 2_000;

/** How long one turn of the event loop may run queued interactions before yielding to finished I/O (src/lib/turn-queue.ts). */
export const TURN_BUDGET_MS = 20;

function route(interaction: Interaction, o: DiscordOptions): void {
  if (interaction.isChatInputCommand()) {
    void handleChatInput(interaction, o).catch((e) => o.log.error({ err: e, interaction: interaction.id }, 'could not answer an interaction'));
  } else if (interaction.isButton() || interaction.isStringSelectMenu()) {
    void handleComponent(interaction, o).catch((e) => o.log.error({ err: e, interaction: interaction.id }, 'could not answer a component'));
  } else if (interaction.isAutocomplete()) {
    void handleAutocomplete(interaction, o).catch((e) => o.log.warn({ err: e }, 'autocomplete answer failed'));
  }
}

/** Interactions dropped as stale: the first logged at once, later ones counted and logged once a second (an overload must not also flood the log). */
function staleLog(log: Logger): (interaction: Interaction, waitedMs: number) => void {
  let count = 0, longest = 0, last = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (count) log.warn({ dropped: count, longestWaitMs: Math.round(longest), last }, 'overloaded: interactions waited past Discord\'s answer window and were dropped unanswered');
    count = 0; longest = 0;
  };
  return (interaction, waitedMs) => {
    count++;
    longest = Math.max(longest, waitedMs);
    last = interaction.id;
    if (timer) return;
    flush();
    timer = setTimeout(() => { timer = null; flush(); }, 1_000);
    timer.unref();
  };
}

/** Who acts and where, the same for a slash command and for a button or menu on a message. */
export function contextOf(interaction: ChatInputCommandInteraction | MessageComponentInteraction, o: DiscordOptions, users: Readonly<Record<string, string>>): CommandContext {
  return {
    guildId: interaction.guildId ?? '',
    channelId: interaction.channelId,
    user: { id: interaction.user.id, name: displayName(interaction) },
    isAdmin: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    roles: memberRoles(interaction),
    services: o.services,
    now: o.now ?? (() => new Date()),
    log: o.log,
    users,
  };
}

async function handleChatInput(interaction: ChatInputCommandInteraction, o: DiscordOptions): Promise<void> {
  const inv = toInvocation(interaction);
  const ctx: CommandContext = { ...contextOf(interaction, o, inv.users ?? {}), attachment: attachmentReader(interaction) };
  let reply: ReplyModel;
  let deferred: 'public' | 'private' | false = false;
  try {
    if (!interaction.guildId) throw new UserError('command/guild-only', 'Estafette commands work inside a server, not in direct messages.', 'Use the command in a channel of your server.');
    const p = prepare(o.commands, inv);
    if (p.defer) {
      // 3-second rule: acknowledge before anything that may be slow.
      await interaction.deferReply(p.defer === 'private' ? { flags: MessageFlags.Ephemeral } : {});
      deferred = p.defer;
    }
    reply = await execute(p, ctx, o.trace && (() => o.trace!.mark(interaction.id, 'executed')));
    o.trace?.mark(interaction.id, 'durable');
  } catch (e) {
    reply = errorReply(e, ctx, inv, { guildId: ctx.guildId, userId: ctx.user.id });
  }
  o.trace?.mark(interaction.id, 'replyStart');
  await send(interaction, reply, deferred);
  o.trace?.mark(interaction.id, 'replyDone');
}

async function handleAutocomplete(interaction: AutocompleteInteraction, o: DiscordOptions): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const subcommand = interaction.options.getSubcommand(false) ?? undefined;
  const options: Record<string, string | number | boolean> = {};
  const collect = (opts: readonly CommandInteractionOption[]) => {
    for (const opt of opts) {
      if (opt.options) collect(opt.options);
      else if (opt.value !== undefined) options[opt.name] = opt.value;
    }
  };
  collect(interaction.options.data);
  const inv: Invocation = { name: interaction.commandName, ...(subcommand ? { subcommand } : {}), options };
  const ctx: CommandContext = {
    guildId: interaction.guildId ?? '', channelId: interaction.channelId, user: { id: interaction.user.id, name: interaction.user.username },
    isAdmin: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false, services: o.services,
    now: o.now ?? (() => new Date()), log: o.log, users: {},
  };
  await interaction.respond(await suggest(o.commands, inv, { name: focused.name, value: String(focused.value) }, ctx));
}

export async function send(interaction: ChatInputCommandInteraction | MessageComponentInteraction, reply: ReplyModel, deferred: 'public' | 'private' | false): Promise<void> {
  const payload = toPayload(reply);
  if (!deferred) {
    await interaction.reply(payload);
  } else if (deferred === reply.visibility) {
    const { flags: _flags, ...edit } = payload;
    await interaction.editReply(edit);
  } else {
    // Deferred publicly but the answer is private (an error): never show it to the channel.
    await interaction.deleteReply().catch(() => undefined);
    await interaction.followUp(payload);
  }
  for (const text of reply.announcements ?? []) {
    await interaction.followUp({ content: truncate(text, DISCORD_LIMITS.content), allowedMentions: { parse: [] } });
  }
}

export function toPayload(r: ReplyModel): InteractionReplyOptions & { flags?: MessageFlags.Ephemeral } {
  return {
    ...(r.content ? { content: truncate(r.content, DISCORD_LIMITS.content) } : {}),
    embeds: (r.embeds ?? []).map((e) => {
      const b = new EmbedBuilder();
      if (e.title) b.setTitle(truncate(e.title, 256));
      if (e.description) b.setDescription(truncate(e.description, DISCORD_LIMITS.embedDescription));
      if (e.fields?.length) b.addFields(e.fields.slice(0, DISCORD_LIMITS.embedFields).map((f) => ({ name: truncate(f.name, 256), value: truncate(f.value, DISCORD_LIMITS.embedFieldValue), inline: f.inline ?? false })));
      if (e.footer) b.setFooter({ text: truncate(e.footer, 2048) });
      if (e.color !== undefined) b.setColor(e.color);
      if (e.image) b.setImage(`attachment://${e.image}`);
      return b;
    }),
    ...(r.components?.length ? { components: r.components.map(componentRow) } : {}),
    files: (r.files ?? []).map((f) => new AttachmentBuilder(f.data, { name: f.name, ...(f.description ? { description: f.description } : {}) })),
    // Nothing a user typed (a roll's reason) may ping @everyone or anyone else.
    allowedMentions: { parse: [], users: [...(r.mentions ?? [])] },
    ...(r.visibility === 'private' ? { flags: MessageFlags.Ephemeral } : {}),
  };
}

/** An attachment option's value is the attachment's id; its file is fetched from Discord's CDN when the command reads it. */
function attachmentReader(interaction: ChatInputCommandInteraction): ReadAttachment {
  return async (ref, maxBytes) => {
    const a = interaction.options.resolved?.attachments?.get(ref);
    if (!a) throw new UserError('attachment/missing', 'No file came with the command.', 'Attach the file in the command\'s file option.');
    return fetchAttachment({ url: a.url, name: a.name, size: a.size }, maxBytes);
  };
}

/** The interaction's command, subcommand and option values, as plain data. */
export function toInvocation(interaction: ChatInputCommandInteraction): Invocation {
  const subcommand = interaction.options.getSubcommand(false) ?? undefined;
  const options: Record<string, string | number | boolean> = {};
  const users: Record<string, string> = {};
  collectOptions(interaction.options.data, options, users);
  return { name: interaction.commandName, ...(subcommand ? { subcommand } : {}), options, users };
}

/**
 * The options' values by name, through subcommands, and the display names of the users named.
 * A module function, not a closure per call: the bundle's keepNames wraps every named closure in
 * a `__name` call as it is made, 0.3% of the bot's main thread under bench:load for this one.
 */
function collectOptions(opts: readonly CommandInteractionOption[], options: Record<string, string | number | boolean>, users: Record<string, string>): void {
  for (const opt of opts) {
    if (opt.options) collectOptions(opt.options, options, users);
    else if (opt.user) {
      options[opt.name] = opt.user.id;
      users[opt.user.id] = (opt.member && 'displayName' in opt.member ? opt.member.displayName : null) ?? opt.user.globalName ?? opt.user.username;
    } else if (opt.value !== undefined) options[opt.name] = opt.value;
  }
}

/** Role ids of the invoking member (a cached GuildMember or the raw API member). */
function memberRoles(i: ChatInputCommandInteraction | MessageComponentInteraction): string[] {
  const roles = (i.member as { roles?: unknown } | null)?.roles;
  if (Array.isArray(roles)) return roles.map(String);
  const cache = (roles as { cache?: Map<string, unknown> } | undefined)?.cache;
  return cache ? [...cache.keys()] : [];
}

function displayName(i: ChatInputCommandInteraction | MessageComponentInteraction): string {
  const m = i.member;
  if (m && 'displayName' in m && m.displayName) return m.displayName;
  if (m && 'nick' in m && typeof m.nick === 'string' && m.nick) return m.nick;
  return i.user.globalName ?? i.user.username;
}
