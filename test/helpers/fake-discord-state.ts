/**
 * Shared mutable state of the fake Discord: the world (guilds, users), stored messages,
 * interactions and their histories, registered commands, the REST log, and a change signal
 * that `waitFor` hangs off. The REST and gateway halves both read and write it.
 */
import type { APIMessage, APIUser } from 'discord.js';
import { buildGuildModel, snowflake, toApiUser, pngSize } from './fake-discord-payloads.js';
import type { ChannelModel, GuildModel } from './fake-discord-payloads.js';
import type {
  InteractionEvent,
  InteractionHistory,
  FakeTraceRow,
  Json,
  RecordedRequest,
  StartFakeDiscordOptions,
  StoredMessage,
  StoredMessageSource,
  UploadedFile,
  WaitOptions,
} from './fake-discord-types.js';

export const EPHEMERAL = 64;
export const LOADING = 128;
const SUPPRESS_EMBEDS = 4;
const IS_COMPONENTS_V2 = 1 << 15;
const DEFAULT_WAIT_MS = 5_000;
const POLL_MS = 20;

/**
 * Real timers and clock, captured at import: a test that installs vi.useFakeTimers() later must
 * not freeze the fake's waits or make its 3 s interaction deadline jump with the fake clock.
 */
export const realTime = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  now: Date.now.bind(Date),
};

export class InteractionRecord implements InteractionHistory {
  readonly events: InteractionEvent[] = [];
  /** The message `@original` refers to, set by the callback: the new reply for 4/5, the clicked message for 6/7. */
  originalMessageId: string | undefined;
  /** Set once a follow-up has replaced the "thinking" message of a deferred reply. */
  deferredFilled = false;
  // An ES private field, so vitest diffs of a history do not dump the whole fake.
  readonly #state: FakeDiscordState;
  #onCallback: (() => void)[] = [];

  constructor(
    state: FakeDiscordState,
    readonly id: string,
    readonly token: string,
    readonly type: number,
    readonly payload: Json,
    readonly guildId: string | undefined,
    readonly channelId: string,
    readonly createdAt: number,
    /** For component interactions: the message carrying the component. */
    readonly componentMessageId?: string,
  ) {
    this.#state = state;
  }

  /**
   * Resolves once the interaction's first callback has arrived: told by the REST route itself, so
   * a load generator with thousands of interactions in flight needs no polling and no re-checking
   * of every wait on every request (FakeDiscordState.waitFor).
   */
  whenCallback(): Promise<this> {
    if (this.callback) return Promise.resolve(this);
    return new Promise((resolve) => this.#onCallback.push(() => resolve(this)));
  }

  /** @internal called by the callback route after it recorded the callback. */
  callbackArrived(): void {
    const waiting = this.#onCallback;
    this.#onCallback = [];
    for (const f of waiting) f();
  }

  get callback(): InteractionEvent | undefined {
    return this.events.find((e) => e.kind === 'callback');
  }
  get edits(): InteractionEvent[] {
    return this.events.filter((e) => e.kind === 'edit');
  }
  get followUps(): InteractionEvent[] {
    return this.events.filter((e) => e.kind === 'followup');
  }
  get original(): StoredMessage | undefined {
    return this.originalMessageId ? this.#state.messages.get(this.originalMessageId) : undefined;
  }
  get settled(): boolean {
    const callback = this.callback;
    if (!callback) return false;
    const after = this.events.slice(this.events.indexOf(callback) + 1);
    switch (callback.callbackType) {
      case 5: // "thinking..." is never a final answer
        return after.some(
          (e) => ((e.kind === 'edit' || e.kind === 'delete') && e.messageId === this.originalMessageId) || e.filledDeferred === true,
        );
      case 6: // deferUpdate is usually followed by an edit of the clicked message or a follow-up
        return after.some((e) => e.kind === 'edit' || e.kind === 'delete' || e.kind === 'followup');
      default:
        return true;
    }
  }
}

export interface MessageInput {
  channelId: string;
  guildId?: string;
  author: APIUser;
  body: Json;
  files: UploadedFile[];
  type: number;
  source: StoredMessageSource;
  flags?: number;
  interactionId?: string;
  extra?: Partial<APIMessage>;
}

export class FakeDiscordState {
  readonly applicationId: string;
  readonly botUser: APIUser;
  readonly token: string;
  readonly users = new Map<string, APIUser>();
  readonly guilds = new Map<string, GuildModel>();
  readonly channels = new Map<string, ChannelModel>();
  readonly messages = new Map<string, StoredMessage>();
  readonly interactions = new Map<string, InteractionRecord>();
  readonly interactionsByToken = new Map<string, InteractionRecord>();
  /** Registered commands per scope: 'global' or a guild id. */
  readonly commands = new Map<string, Json[]>();
  /** Stable command ids per name, so unregistered commands still get a consistent id. */
  readonly commandIds = new Map<string, string>();
  readonly requests: RecordedRequest[] = [];
  /** Set once the HTTP server listens, e.g. `http://127.0.0.1:1234`. */
  origin = '';

  /** options.trace: each interaction's stages by id (load benchmarks), else null. */
  readonly trace: Map<string, FakeTraceRow> | null;

  private readonly waiters = new Set<() => void>();
  private closed = false;

  constructor(readonly options: StartFakeDiscordOptions) {
    this.trace = options.trace ? new Map() : null;
    this.applicationId = options.applicationId ?? snowflake();
    this.botUser = toApiUser({
      id: options.botUser?.id ?? this.applicationId,
      username: options.botUser?.username ?? 'Estafette Test Bot',
      globalName: options.botUser?.globalName ?? null,
      bot: true,
    });
    this.users.set(this.botUser.id, this.botUser);
    // Token shape of a real bot token: base64(user id).timestamp.hmac (contents are irrelevant).
    this.token = `${Buffer.from(this.botUser.id).toString('base64url')}.ZmFrZQ.${'x'.repeat(38)}`;

    const owner = toApiUser({ id: snowflake(), username: 'guild-owner' });
    this.users.set(owner.id, owner);
    const guildInputs = options.guilds ?? [{ id: snowflake(), name: 'Test Guild' }];
    const joinedAt = new Date().toISOString();
    for (const input of guildInputs) {
      const guild = buildGuildModel(input, owner.id);
      this.guilds.set(guild.id, guild);
      for (const channel of guild.channels) this.channels.set(channel.id, channel);
      guild.members.set(this.botUser.id, joinedAt);
      guild.members.set(guild.ownerId, joinedAt);
      for (const member of input.members ?? []) this.addMember(guild, member.id, member.username);
    }
  }

  /** Ensures the user exists and is a member of the guild (interactions add their invoker). */
  addMember(guild: GuildModel, userId: string, username: string, globalName?: string | null): APIUser {
    let user = this.users.get(userId);
    if (!user) {
      user = toApiUser({ id: userId, username, globalName: globalName ?? null });
      this.users.set(userId, user);
    }
    if (!guild.members.has(userId)) guild.members.set(userId, new Date().toISOString());
    return user;
  }

  // --- change notification -------------------------------------------------------------------

  /** Marks an interaction's stage now, when tracing. */
  mark(id: string, stage: keyof FakeTraceRow): void {
    if (!this.trace) return;
    let row = this.trace.get(id);
    if (!row) this.trace.set(id, (row = {}));
    row[stage] = performance.timeOrigin + performance.now();
  }

  notify(): void {
    if (!this.waiters.size) return;
    for (const waiter of [...this.waiters]) waiter();
  }

  /**
   * Resolves with the first truthy value of `check`, re-evaluated after every REST request and
   * gateway event, and also polled, because tests often wait on bot-side state (a handler's
   * variable, the client's cache) that changes after the fake's last event. Rejects after
   * `timeoutMs` with the recent REST log to make failures readable.
   */
  waitFor<T>(check: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_MS;
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(new Error('fake-discord: closed'));
      const settle = (): void => {
        let value: T | undefined | null | false;
        try {
          value = check();
        } catch (error) {
          cleanup();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (value) {
          cleanup();
          resolve(value);
        }
      };
      const timer = realTime.setTimeout(() => {
        cleanup();
        const recent = this.requests
          .slice(-10)
          .map((r) => `  ${r.method} ${r.path} -> ${r.status}`)
          .join('\n');
        reject(
          new Error(
            `fake-discord: timed out after ${timeoutMs}ms waiting for ${options.description ?? 'condition'}.\n` +
              `Last REST requests:\n${recent || '  (none)'}`,
          ),
        );
      }, timeoutMs);
      const onClose = (): void => {
        cleanup();
        reject(new Error(`fake-discord: closed while waiting for ${options.description ?? 'condition'}`));
      };
      const waiter = (): void => (this.closed ? onClose() : settle());
      const poll = realTime.setInterval(waiter, POLL_MS);
      const cleanup = (): void => {
        realTime.clearTimeout(timer);
        realTime.clearInterval(poll);
        this.waiters.delete(waiter);
      };
      this.waiters.add(waiter);
      settle();
    });
  }

  close(): void {
    this.closed = true;
    this.notify();
  }

  // --- messages --------------------------------------------------------------------------------

  attachmentUrl(channelId: string, attachmentId: string, filename: string): string {
    return `${this.origin}/attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
  }

  /** Ids of interactions answered privately, oldest first (options.keepAnswered). */
  private readonly answered: string[] = [];

  /**
   * @internal the callback route, once an interaction was answered with a private message: with
   * options.keepAnswered, the oldest such interactions past that many are forgotten, each with its
   * reply message (lookups of either answer 404, as for an expired token).
   */
  answeredPrivately(record: InteractionRecord): void {
    const keep = this.options.keepAnswered;
    if (keep === undefined) return;
    this.answered.push(record.id);
    while (this.answered.length > keep) {
      const old = this.interactions.get(this.answered.shift()!);
      if (!old) continue;
      if (old.originalMessageId) this.messages.delete(old.originalMessageId);
      this.interactions.delete(old.id);
      this.interactionsByToken.delete(old.token);
    }
  }

  createMessage(input: MessageInput): StoredMessage {
    const id = snowflake();
    const flags = input.flags ?? numberField(input.body.flags) ?? 0;
    const message = {
      id,
      type: input.type,
      channel_id: input.channelId,
      ...(input.guildId ? { guild_id: input.guildId } : {}),
      author: input.author,
      content: typeof input.body.content === 'string' ? input.body.content : '',
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: input.body.tts === true,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: Array.isArray(input.body.embeds) ? input.body.embeds : [],
      components: Array.isArray(input.body.components) ? input.body.components : [],
      pinned: false,
      flags,
      ...input.extra,
    } as unknown as APIMessage;
    const stored: StoredMessage = {
      message,
      source: input.source,
      ephemeral: (flags & EPHEMERAL) !== 0,
      files: new Map(),
      deleted: false,
      editCount: 0,
      ...(input.interactionId ? { interactionId: input.interactionId } : {}),
    };
    this.applyAttachments(stored, input.body, input.files, false);
    this.messages.set(id, stored);
    return stored;
  }

  /** Applies a PATCH-style body: present fields replace, absent ones are kept. */
  editMessage(stored: StoredMessage, body: Json, files: UploadedFile[]): void {
    const message = stored.message as unknown as Json;
    if ('content' in body) message.content = body.content ?? '';
    if ('embeds' in body) message.embeds = body.embeds ?? [];
    if ('components' in body) message.components = body.components ?? [];
    // An edit can only toggle SuppressEmbeds and switch on IsComponentsV2; "loading" always ends.
    const editable = SUPPRESS_EMBEDS | IS_COMPONENTS_V2;
    const requested = numberField(body.flags) ?? 0;
    let flags = (numberField(message.flags) ?? 0) & ~LOADING;
    if ('flags' in body) flags = (flags & ~SUPPRESS_EMBEDS) | (requested & editable);
    message.flags = flags;
    message.edited_timestamp = new Date().toISOString();
    this.applyAttachments(stored, body, files, true);
    stored.editCount += 1;
  }

  /**
   * Attachment semantics of Discord: `attachments` in the body lists what the message ends up
   * with — existing attachments by snowflake id, new uploads by their `files[n]` index. Without
   * that list, new uploads are appended and existing attachments are kept.
   */
  private applyAttachments(stored: StoredMessage, body: Json, files: UploadedFile[], isEdit: boolean): void {
    const message = stored.message;
    const uploads = new Map<string, UploadedFile>();
    files.forEach((file, index) => {
      const match = /^files\[(\d+)\]$/.exec(file.field);
      uploads.set(match ? match[1]! : String(index), file);
    });
    const listed = Array.isArray(body.attachments) ? (body.attachments as Json[]) : undefined;

    const existing = new Map(message.attachments.map((a) => [a.id, a]));
    const next: APIMessage['attachments'] = [];
    const nextFiles = new Map<string, UploadedFile>();
    const addUpload = (file: UploadedFile, description: unknown): void => {
      const attachmentId = snowflake();
      const size = pngSize(file.data);
      next.push({
        id: attachmentId,
        filename: file.filename,
        size: file.data.length,
        url: this.attachmentUrl(message.channel_id, attachmentId, file.filename),
        proxy_url: this.attachmentUrl(message.channel_id, attachmentId, file.filename),
        ...(file.contentType ? { content_type: file.contentType } : {}),
        ...(typeof description === 'string' ? { description } : {}),
        ...(size ?? {}),
      });
      nextFiles.set(attachmentId, file);
    };

    if (listed) {
      for (const entry of listed) {
        const ref = String(entry.id);
        const kept = existing.get(ref);
        if (kept) {
          next.push(kept);
          const keptFile = stored.files.get(ref);
          if (keptFile) nextFiles.set(ref, keptFile);
        } else {
          const upload = uploads.get(ref);
          if (upload) {
            addUpload(typeof entry.filename === 'string' ? { ...upload, filename: entry.filename } : upload, entry.description);
            uploads.delete(ref);
          }
        }
      }
      // Uploads the list does not mention are attached anyway (lenient; not verified against Discord).
      for (const upload of uploads.values()) addUpload(upload, undefined);
    } else {
      if (isEdit) {
        next.push(...message.attachments);
        for (const [id, file] of stored.files) nextFiles.set(id, file);
      }
      for (const upload of uploads.values()) addUpload(upload, undefined);
    }
    message.attachments = next;
    stored.files = nextFiles;
  }

  channelMessages(channelId: string): StoredMessage[] {
    return [...this.messages.values()].filter(
      (m) => m.message.channel_id === channelId && !m.deleted && !m.ephemeral && m.source !== 'fixture',
    );
  }

  findAttachment(attachmentId: string): UploadedFile | undefined {
    for (const stored of this.messages.values()) {
      const file = stored.files.get(attachmentId);
      if (file) return file;
    }
    return undefined;
  }
}

export function numberField(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return undefined;
}
