/**
 * Public types of the fake Discord (see fake-discord.ts for the entry point).
 */
import type { APIEmbed, APIMessage, APIApplicationCommandOptionChoice } from 'discord.js';

export type Json = Record<string, unknown>;

export interface FakeUserInput {
  id: string;
  username: string;
  globalName?: string | null;
  bot?: boolean;
}

export interface FakeChannelInput {
  id: string;
  name: string;
  /** Discord ChannelType; defaults to 0 (GuildText). */
  type?: number;
  parentId?: string | null;
  topic?: string | null;
  /** Raw permission overwrites, e.g. to deny the bot SendMessages in one channel. */
  permissionOverwrites?: Array<{ id: string; type: 0 | 1; allow: string; deny: string }>;
}

export interface FakeGuildInput {
  id: string;
  name: string;
  channels?: FakeChannelInput[];
  /** Owner of the guild; defaults to a generated user that is NOT the bot (so the bot has no implicit admin). */
  ownerId?: string;
  /** Permissions of the @everyone role (decimal bitfield string). Defaults to a typical member set. */
  everyonePermissions?: string;
  /** Extra members (besides the bot, which is always a member). */
  members?: FakeUserInput[];
  preferredLocale?: string;
}

export interface StartFakeDiscordOptions {
  /** Defaults to one guild "Test Guild" with a single text channel "general". */
  guilds?: FakeGuildInput[];
  applicationId?: string;
  /** The bot user; its id defaults to the application id, as for real bots. */
  botUser?: Partial<FakeUserInput>;
  /** HELLO heartbeat interval. Real Discord uses ~41s; tests may lower it to exercise heartbeats. */
  heartbeatIntervalMs?: number;
  /**
   * Privileged intents "enabled in the developer portal" (GuildMembers=1<<1, GuildPresences=1<<8,
   * MessageContent=1<<15). IDENTIFY asking for one that is not enabled is closed with 4014, like Discord.
   * Defaults to all three enabled.
   */
  privilegedIntents?: number;
  /**
   * Discord rejects an initial callback that arrives more than 3 s after the interaction was
   * created (10062 Unknown interaction). Kept on by default so slow handlers that forget to
   * defer fail here rather than in production; set to Infinity to disable.
   */
  interactionCallbackDeadlineMs?: number;
  /** Default `app_permissions` on interactions; defaults to the @everyone permissions of the guild. */
  appPermissions?: string;
  /**
   * For load benchmarks (bench/load-games.ts): keep no log of REST requests (`requests` stays
   * empty) and no log of dispatches to replay on RESUME, which would otherwise grow with every
   * input for the whole run and cost the generator's process memory and GC time.
   */
  lean?: boolean;
  /**
   * For load benchmarks: how many interactions answered with a private message (callback type 4,
   * ephemeral) the fake remembers; past that the oldest is forgotten with its reply message, as if
   * its token had expired. Unset: every interaction is kept (tests read their histories). A load
   * of 2,000 inputs a second kept ~5 KB per input: the generator's process grew from 220 to 620 MB
   * in 40 s, and its GC took CPU from the bot on the same two cores.
   */
  keepAnswered?: number;
  /**
   * For load benchmarks: mark when each interaction's gateway frame was written and when its
   * callback request arrived and was recorded (wall-clock ms, see {@link FakeDiscord.trace}).
   */
  trace?: boolean;
}

/** Wall-clock ms (performance.timeOrigin + now()) of an interaction's stages in the fake (options.trace). */
export interface FakeTraceRow {
  /** The INTERACTION_CREATE frame was handed to the socket. */
  frameSent?: number;
  /** The callback's HTTP request reached the fake (before its body was read). */
  callbackIn?: number;
  /** The callback was recorded and its waiters told. */
  callbackDone?: number;
}

/** A file uploaded through multipart/form-data. */
export interface UploadedFile {
  /** The form field, e.g. `files[0]`. */
  field: string;
  filename: string;
  contentType: string | undefined;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Path relative to `/api/v10`, URL-decoded (so `@original`, not `%40original`). */
  path: string;
  query: Record<string, string>;
  /** Raw path + query as received. */
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** Parsed JSON body (the `payload_json` part for multipart requests); undefined if none. */
  body: unknown;
  files: UploadedFile[];
  status: number;
  responseBody: unknown;
  at: number;
}

export type StoredMessageSource = 'channel' | 'interaction' | 'fixture';

/** A message as the fake keeps it: the API object plus the raw bytes of its attachments. */
export interface StoredMessage {
  message: APIMessage;
  source: StoredMessageSource;
  /** The interaction that produced it, for interaction responses and follow-ups. */
  interactionId?: string;
  ephemeral: boolean;
  /** Attachment bytes, keyed by attachment id (matches `message.attachments[i].id`). */
  files: Map<string, UploadedFile>;
  deleted: boolean;
  editCount: number;
}

export type InteractionEventKind = 'callback' | 'edit' | 'followup' | 'delete' | 'fetch';

/** One thing the bot did with an interaction, in the order it happened. */
export interface InteractionEvent {
  kind: InteractionEventKind;
  /** InteractionResponseType for `callback` events: 4 reply, 5 defer, 6 deferUpdate, 7 update, 8 autocomplete, 9 modal. */
  callbackType?: number;
  /** The message created/edited/deleted (for `@original`, the resolved id). */
  messageId?: string;
  /** `@original` or a message id, for edit/delete/fetch events. */
  target?: string;
  /** The callback's `data`, or the webhook request body. */
  data: Json;
  content: string | undefined;
  embeds: APIEmbed[];
  components: unknown[];
  flags: number;
  /** Ephemeral state of the affected message (edits inherit it from the message). */
  ephemeral: boolean;
  /** Files uploaded with this request. */
  attachments: UploadedFile[];
  /** Autocomplete choices, for callback type 8. */
  choices?: APIApplicationCommandOptionChoice[];
  /** True for the first follow-up after a defer: Discord uses it to fill in the "thinking" message. */
  filledDeferred?: boolean;
  request: RecordedRequest;
}

export interface InteractionHistory {
  id: string;
  token: string;
  /** InteractionType: 2 command, 3 component, 4 autocomplete. */
  type: number;
  /** The INTERACTION_CREATE payload that was dispatched. */
  payload: Json;
  createdAt: number;
  events: InteractionEvent[];
  callback: InteractionEvent | undefined;
  edits: InteractionEvent[];
  followUps: InteractionEvent[];
  /** The message `@original` currently refers to, if any. */
  original: StoredMessage | undefined;
  /**
   * The interaction has a visible outcome: a non-deferred callback (reply, update, autocomplete
   * choices, modal); a deferred reply (5) whose @original was then edited, deleted or filled by
   * the first follow-up; or a deferred update (6) followed by any edit, delete or follow-up.
   * A bare deferUpdate never settles: wait for `h.callback !== undefined` instead.
   * Later follow-ups may still arrive after settling.
   */
  settled: boolean;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Used in the timeout error message. */
  description?: string;
}

export interface GatewayStats {
  connections: number;
  identifies: Array<{ intents: number; shard: unknown; compress: boolean }>;
  resumes: number;
  heartbeats: number;
  /** Gateway payloads the fake did not understand or rejected, for debugging. */
  errors: string[];
}
