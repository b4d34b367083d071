/**
 * The fake's world model (guilds, channels, users) and the Discord API objects built from it.
 *
 * Payloads are shaped like real ones closely enough that discord.js's structure constructors
 * do not trip over missing fields; fields discord.js never reads are mostly left out.
 */
import { PermissionFlagsBits, PermissionsBitField } from 'discord.js';
import type { APIUser } from 'discord.js';
import type { FakeChannelInput, FakeGuildInput, FakeUserInput, Json } from './fake-discord-types.js';

const DISCORD_EPOCH = 1420070400000n;
let snowflakeIncrement = 0n;

/** A real-looking snowflake (18-19 digits) so @discordjs/rest's `\d{17,19}` route bucketing applies. */
export function snowflake(at = Date.now()): string {
  snowflakeIncrement = (snowflakeIncrement + 1n) & 0xfffn;
  return (((BigInt(at) - DISCORD_EPOCH) << 22n) | (1n << 17n) | snowflakeIncrement).toString();
}

export function assertSnowflake(id: string, what: string): void {
  if (!/^\d{17,20}$/.test(id)) throw new Error(`fake-discord: ${what} must be a 17-20 digit snowflake, got ${JSON.stringify(id)}`);
}

/** A typical @everyone set in a new server (no admin/moderation bits). */
export const DEFAULT_EVERYONE_PERMISSIONS = (
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.CreateInstantInvite |
  PermissionFlagsBits.ChangeNickname |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.Connect |
  PermissionFlagsBits.Speak
).toString();

export interface ChannelModel {
  id: string;
  name: string;
  type: number;
  guildId: string;
  parentId: string | null;
  topic: string | null;
  position: number;
  permissionOverwrites: Array<{ id: string; type: 0 | 1; allow: string; deny: string }>;
}

export interface GuildModel {
  id: string;
  name: string;
  ownerId: string;
  everyonePermissions: string;
  preferredLocale: string;
  channels: ChannelModel[];
  /** userId -> joined_at */
  members: Map<string, string>;
}

export function toApiUser(input: FakeUserInput): APIUser {
  assertSnowflake(input.id, 'user id');
  return {
    id: input.id,
    username: input.username,
    discriminator: '0',
    global_name: input.globalName ?? null,
    avatar: null,
    bot: input.bot ?? false,
  };
}

export function buildGuildModel(input: FakeGuildInput, ownerId: string): GuildModel {
  assertSnowflake(input.id, 'guild id');
  const channels = (input.channels ?? [{ id: snowflake(), name: 'general' }]).map(
    (c: FakeChannelInput, position): ChannelModel => {
      assertSnowflake(c.id, `channel id (${c.name})`);
      return {
        id: c.id,
        name: c.name,
        type: c.type ?? 0,
        guildId: input.id,
        parentId: c.parentId ?? null,
        topic: c.topic ?? null,
        position,
        permissionOverwrites: c.permissionOverwrites ?? [],
      };
    },
  );
  return {
    id: input.id,
    name: input.name,
    ownerId: input.ownerId ?? ownerId,
    everyonePermissions: input.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS,
    preferredLocale: input.preferredLocale ?? 'en-US',
    channels,
    members: new Map(),
  };
}

/**
 * Discord's permission algorithm for a member in a channel, restricted to what the fake models
 * (only the @everyone role, plus @everyone and member overwrites).
 */
export function computeChannelPermissions(guild: GuildModel, channel: ChannelModel | undefined, userId: string): bigint {
  if (userId === guild.ownerId) return PermissionsBitField.All;
  let perms = BigInt(guild.everyonePermissions);
  if (perms & PermissionFlagsBits.Administrator) return PermissionsBitField.All;
  if (!channel) return perms;
  for (const target of [guild.id, userId]) {
    const overwrite = channel.permissionOverwrites.find((o) => o.id === target);
    if (overwrite) perms = (perms & ~BigInt(overwrite.deny)) | BigInt(overwrite.allow);
  }
  return perms;
}

export function channelJson(channel: ChannelModel): Json {
  const json: Json = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guildId,
    name: channel.name,
    position: channel.position,
    parent_id: channel.parentId,
    permission_overwrites: channel.permissionOverwrites,
    flags: 0,
  };
  // Text-like channels carry the fields discord.js's TextChannel reads.
  if (channel.type === 0 || channel.type === 5) {
    Object.assign(json, { topic: channel.topic, nsfw: false, last_message_id: null, rate_limit_per_user: 0 });
  }
  return json;
}

export function everyoneRoleJson(guild: GuildModel): Json {
  return {
    id: guild.id,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: 0,
    permissions: guild.everyonePermissions,
    managed: false,
    mentionable: false,
    flags: 0,
  };
}

export function memberJson(user: APIUser, joinedAt: string, extra: Json = {}): Json {
  return {
    user,
    nick: null,
    avatar: null,
    banner: null,
    roles: [],
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
    ...extra,
  };
}

export function guildCreateJson(guild: GuildModel, users: Map<string, APIUser>, botId: string): Json {
  const members = [...guild.members].flatMap(([userId, joinedAt]) => {
    const user = users.get(userId);
    return user ? [memberJson(user, joinedAt)] : [];
  });
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    features: [],
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: guild.preferredLocale,
    max_members: 500000,
    roles: [everyoneRoleJson(guild)],
    emojis: [],
    stickers: [],
    // GUILD_CREATE-only fields.
    joined_at: guild.members.get(botId) ?? new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: guild.members.size,
    members,
    channels: guild.channels.map(channelJson),
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

/** Reads width/height from a PNG's IHDR chunk, so attachment objects look like Discord's. */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (data.length < 24 || !data.subarray(0, 8).equals(signature)) return undefined;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}
