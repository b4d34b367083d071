/**
 * Builds INTERACTION_CREATE payloads (slash commands, autocomplete, message components) and
 * registers them in the fake's state so their responses can be tracked.
 *
 * discord.js reads several fields unconditionally (`channel.id`, `entitlements`,
 * `authorizing_integration_owners`, `member.permissions`, `app_permissions`); a missing one
 * throws inside the client's event handler, i.e. outside the test, and the interaction is
 * silently never answered. Every payload therefore carries the full set.
 */
import { randomBytes } from 'node:crypto';
import { channelJson, computeChannelPermissions, everyoneRoleJson, memberJson, snowflake } from './fake-discord-payloads.js';
import type { ChannelModel, GuildModel } from './fake-discord-payloads.js';
import { InteractionRecord, realTime } from './fake-discord-state.js';
import type { FakeDiscordState } from './fake-discord-state.js';
import type { FakeUserInput, Json, StoredMessage } from './fake-discord-types.js';

export interface CommandOptionInput {
  name: string;
  /** ApplicationCommandOptionType: 3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role, 10 number, 11 attachment. */
  type: number;
  value?: string | number | boolean;
  /** Marks the option being typed in, for autocomplete. */
  focused?: boolean;
  options?: CommandOptionInput[];
}

export interface InteractionTarget {
  /** Defaults to the first guild. */
  guildId?: string;
  /** Defaults to the guild's first text channel. */
  channelId?: string;
  /** The invoking user; defaults to a stable test user. Added to the guild's members if new. */
  user?: FakeUserInput;
  /** `member.permissions` (decimal string); defaults to the user's computed channel permissions. */
  memberPermissions?: string;
  /** `app_permissions`; defaults to the bot's computed channel permissions. */
  appPermissions?: string;
  locale?: string;
}

export interface SlashCommandInput extends InteractionTarget {
  name: string;
  options?: CommandOptionInput[];
  subcommand?: string;
  subcommandGroup?: string;
  /** Extra `data.resolved` entries (e.g. attachments); users/channels/roles are resolved automatically. */
  resolved?: Json;
  /** Defaults to the registered command's id, or a stable id per name. */
  commandId?: string;
}

export interface AutocompleteInput extends SlashCommandInput {
  /** Name of the focused option, if not marked with `focused: true` in `options`. */
  focused?: string;
}

export interface ComponentInput extends InteractionTarget {
  customId: string;
  /** ComponentType: 2 button (default), 3 string select, 5 user select, ... */
  componentType?: number;
  /** Selected values, for select menus. */
  values?: string[];
  /** The message carrying the component (e.g. the bot's earlier reply). Synthesized if omitted. */
  messageId?: string;
}

export class InteractionBuilder {
  private readonly defaultUser: FakeUserInput = { id: snowflake(), username: 'tester' };
  /** The random part of every interaction token this fake issues. */
  private readonly tokenSecret = randomBytes(24).toString('hex');

  constructor(private readonly state: FakeDiscordState) {}

  slashCommand(input: SlashCommandInput): InteractionRecord {
    const data = this.commandData(input, input.options ?? []);
    return this.create(2, input, data);
  }

  autocomplete(input: AutocompleteInput): InteractionRecord {
    const options = (input.options ?? []).map((o) => (o.name === input.focused ? { ...o, focused: true } : o));
    const hasFocus = (list: CommandOptionInput[]): boolean => list.some((o) => o.focused || hasFocus(o.options ?? []));
    if (!hasFocus(options)) throw new Error('fake-discord: autocomplete needs a focused option (`focused: name` or `focused: true`)');
    return this.create(4, input, this.commandData(input, options));
  }

  component(input: ComponentInput): InteractionRecord {
    const { guild, channel } = this.locate(input);
    const componentType = input.componentType ?? 2;
    const message = input.messageId ? this.state.messages.get(input.messageId) : this.fixtureMessage(guild, channel, input, componentType);
    if (!message || message.deleted) throw new Error(`fake-discord: no message ${input.messageId} to attach the component interaction to`);
    const data: Json = { custom_id: input.customId, component_type: componentType };
    if (componentType !== 2) data.values = input.values ?? [];
    return this.create(3, input, data, message);
  }

  private commandData(input: SlashCommandInput, options: CommandOptionInput[]): Json {
    let wrapped: CommandOptionInput[] = options;
    if (input.subcommand) wrapped = [{ name: input.subcommand, type: 1, options: wrapped }];
    if (input.subcommandGroup) wrapped = [{ name: input.subcommandGroup, type: 2, options: wrapped }];
    const { guild } = this.locate(input);
    const resolved = this.resolve(guild, flatten(options));
    const merged = mergeResolved(resolved, input.resolved);
    return {
      id: input.commandId ?? this.commandId(input.name, guild.id),
      name: input.name,
      type: 1,
      options: wrapped,
      ...(Object.keys(merged).length ? { resolved: merged } : {}),
    };
  }

  private commandId(name: string, guildId: string): string {
    const registered = [guildId, 'global'].flatMap((scope) => this.state.commands.get(scope) ?? []).find((c) => c.name === name && (c.type ?? 1) === 1);
    if (registered) return String(registered.id);
    const key = `unregistered:${name}`;
    let id = this.state.commandIds.get(key);
    if (!id) {
      id = snowflake();
      this.state.commandIds.set(key, id);
    }
    return id;
  }

  private locate(input: InteractionTarget): { guild: GuildModel; channel: ChannelModel } {
    const guild = input.guildId ? this.state.guilds.get(input.guildId) : this.state.guilds.values().next().value;
    if (!guild) throw new Error(`fake-discord: unknown guild ${input.guildId}`);
    const channel = input.channelId ? guild.channels.find((c) => c.id === input.channelId) : guild.channels.find((c) => c.type === 0);
    if (!channel) throw new Error(`fake-discord: no channel ${input.channelId ?? '(text)'} in guild ${guild.id}`);
    return { guild, channel };
  }

  private create(type: number, input: InteractionTarget, data: Json, componentMessage?: StoredMessage): InteractionRecord {
    const { state } = this;
    const { guild, channel } = this.locate(input);
    const userInput = input.user ?? this.defaultUser;
    const user = state.addMember(guild, userInput.id, userInput.username, userInput.globalName);
    const id = snowflake();
    // Unique by its id, unguessable by the secret drawn once (a CSPRNG call per interaction was a
    // measurable share of a load benchmark's generator).
    const token = Buffer.from(`interaction:${id}:${this.tokenSecret}`).toString('base64url');
    const memberPermissions = input.memberPermissions ?? computeChannelPermissions(guild, channel, user.id).toString();
    const appPermissions =
      input.appPermissions ?? state.options.appPermissions ?? computeChannelPermissions(guild, channel, state.botUser.id).toString();

    const payload: Json = {
      id,
      application_id: state.applicationId,
      type,
      token,
      version: 1,
      guild_id: guild.id,
      channel_id: channel.id,
      channel: { ...channelJson(channel), permissions: memberPermissions },
      guild: { id: guild.id, locale: guild.preferredLocale, features: [] },
      guild_locale: guild.preferredLocale,
      member: memberJson(user, guild.members.get(user.id)!, { permissions: memberPermissions }),
      app_permissions: appPermissions,
      locale: input.locale ?? 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': guild.id },
      context: 0,
      attachment_size_limit: 10 * 1024 * 1024,
      data,
      ...(componentMessage ? { message: componentMessage.message } : {}),
    };
    const record = new InteractionRecord(state, id, token, type, payload, guild.id, channel.id, realTime.now(), componentMessage?.message.id);
    state.interactions.set(id, record);
    state.interactionsByToken.set(token, record);
    return record;
  }

  /** A bot message carrying the clicked component, for tests that do not start from a real reply. */
  private fixtureMessage(guild: GuildModel, channel: ChannelModel, input: ComponentInput, componentType: number): StoredMessage {
    const component: Json =
      componentType === 2
        ? { type: 2, style: 1, custom_id: input.customId, label: input.customId.slice(0, 80) }
        : { type: componentType, custom_id: input.customId, ...(componentType === 3 ? { options: (input.values ?? []).map((v) => ({ label: v, value: v })) } : {}) };
    return this.state.createMessage({
      channelId: channel.id,
      guildId: guild.id,
      author: this.state.botUser,
      body: { content: 'fixture message', components: [{ type: 1, components: [component] }] },
      files: [],
      type: 0,
      source: 'fixture',
    });
  }

  /** Fills `data.resolved` for user/channel/role/mentionable options the fake knows about. */
  private resolve(guild: GuildModel, options: CommandOptionInput[]): Json {
    const users: Json = {};
    const members: Json = {};
    const channels: Json = {};
    const roles: Json = {};
    for (const option of options) {
      const value = String(option.value);
      if (option.type === 6 || option.type === 9) {
        const user = this.state.users.get(value);
        if (user) {
          users[value] = user;
          const joinedAt = guild.members.get(value);
          if (joinedAt) {
            const { user: _omit, ...member } = memberJson(user, joinedAt, { permissions: computeChannelPermissions(guild, undefined, value).toString() });
            members[value] = member;
          }
        }
      }
      if (option.type === 7) {
        const channel = guild.channels.find((c) => c.id === value);
        if (channel) channels[value] = { ...channelJson(channel), permissions: computeChannelPermissions(guild, channel, this.state.botUser.id).toString() };
      }
      if ((option.type === 8 || option.type === 9) && value === guild.id) roles[value] = everyoneRoleJson(guild);
    }
    const resolved: Json = {};
    for (const [key, value] of Object.entries({ users, members, channels, roles })) {
      if (Object.keys(value).length) resolved[key] = value;
    }
    return resolved;
  }
}

function flatten(options: CommandOptionInput[]): CommandOptionInput[] {
  return options.flatMap((o) => [o, ...flatten(o.options ?? [])]);
}

function mergeResolved(auto: Json, extra: Json | undefined): Json {
  if (!extra) return auto;
  const merged: Json = { ...auto };
  for (const [key, value] of Object.entries(extra)) {
    merged[key] = { ...((merged[key] as Json | undefined) ?? {}), ...(value as Json) };
  }
  return merged;
}
