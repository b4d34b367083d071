/**
 * REST half of the fake Discord: body parsing, a tiny router, the request log, and the
 * non-interaction routes (gateway info, users, guilds, channel messages, command registration).
 * Interaction callbacks and webhook routes live in fake-discord-rest-interactions.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PermissionFlagsBits } from 'discord.js';
import { multipartBoundary, parseMultipart } from './multipart.js';
import { channelJson, computeChannelPermissions, everyoneRoleJson, guildCreateJson, memberJson } from './fake-discord-payloads.js';
import type { FakeDiscordState } from './fake-discord-state.js';
import { numberField } from './fake-discord-state.js';
import type { Json, RecordedRequest, UploadedFile } from './fake-discord-types.js';
import { apiError, asJson, validateMessageBody } from './fake-discord-validate.js';
import { interactionRoutes } from './fake-discord-rest-interactions.js';
import { commandRoutes } from './fake-discord-rest-commands.js';

export interface RouteContext {
  state: FakeDiscordState;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  files: UploadedFile[];
  request: RecordedRequest;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  /** Raw bytes (for attachment downloads) instead of JSON. */
  raw?: { data: Buffer; contentType: string };
}

export interface Route {
  method: string;
  /** Path relative to /api/v10 with `:param` segments. */
  path: string;
  /** Whether the route needs `Authorization: Bot <token>` (interaction webhooks do not). */
  auth: boolean;
  handle(ctx: RouteContext): RouteResult;
}

export const API_PREFIX = '/api/v10';

/**
 * A test's say over one incoming request, before it is routed: return (or resolve to) a result
 * to answer with it instead (a failure), or nothing to route it normally, after any delay.
 */
export type Interceptor = (req: { method: string; path: string; body: string }) => RouteResult | void | Promise<RouteResult | void>;

export class FakeRest {
  private readonly routes: Route[];
  readonly interceptors = new Set<Interceptor>();

  constructor(
    private readonly state: FakeDiscordState,
    gatewayUrl: () => string,
  ) {
    this.routes = [...generalRoutes(gatewayUrl), ...commandRoutes(), ...interactionRoutes()];
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.state.trace && req.url?.includes('/interactions/')) this.state.mark(req.url.split('/interactions/')[1]!.split('/')[0]!, 'callbackIn');
    const raw = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const apiPath = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: apiPath.split('/').map(safeDecode).join('/'),
      query: Object.fromEntries(url.searchParams),
      url: req.url ?? '/',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: undefined,
      files: [],
      status: 0,
      responseBody: undefined,
      at: Date.now(),
    };
    if (!this.state.options.lean) this.state.requests.push(record);

    let result: RouteResult;
    try {
      let forced: RouteResult | void = undefined;
      for (const intercept of this.interceptors) forced ??= await intercept({ method: record.method, path: record.path, body: raw.toString('utf8') });
      result = forced ?? this.route(record, url.pathname, raw);
    } catch (error) {
      // A bug in the fake must not look like a Discord answer the bot could handle.
      result = { status: 500, body: { message: `fake-discord internal error: ${String(error)}`, code: 0 } };
      console.error('fake-discord: route handler threw', error);
    }
    record.status = result.status;
    record.responseBody = result.body;

    if (result.raw) {
      res.writeHead(result.status, { 'Content-Type': result.raw.contentType, 'Content-Length': result.raw.data.length });
      res.end(result.raw.data);
    } else if (result.body === undefined) {
      res.writeHead(result.status);
      res.end();
    } else {
      const json = Buffer.from(JSON.stringify(result.body));
      res.writeHead(result.status, { 'Content-Type': 'application/json', 'Content-Length': json.length });
      res.end(json);
    }
    this.state.notify();
  }

  private route(record: RecordedRequest, pathname: string, raw: Buffer): RouteResult {
    if (record.method === 'GET' && pathname.startsWith('/attachments/')) {
      const attachmentId = pathname.split('/')[3] ?? '';
      const file = this.state.findAttachment(attachmentId);
      return file
        ? { status: 200, raw: { data: file.data, contentType: file.contentType ?? 'application/octet-stream' } }
        : { status: 404, body: { message: '404: Not Found', code: 0 } };
    }

    const parsed = parseBody(record.contentType, raw);
    if ('error' in parsed) return parsed.error;
    record.body = parsed.body;
    record.files = parsed.files;

    const match = pathname.startsWith(`${API_PREFIX}/`) ? this.match(record.method, record.path) : undefined;
    if (!match) return { status: 404, body: { message: 'Unknown route', code: 0 } };
    if (match.route.auth && record.authorization !== `Bot ${this.state.token}`) {
      return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    }
    const ctx: RouteContext = {
      state: this.state,
      params: match.params,
      query: record.query,
      body: record.body,
      files: record.files,
      request: record,
    };
    return match.route.handle(ctx);
  }

  private match(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const segments = path.split('/');
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const template = route.path.split('/');
      if (template.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const ok = template.every((part, i) => {
        const actual = segments[i]!;
        if (part.startsWith(':')) {
          params[part.slice(1)] = actual;
          return actual.length > 0;
        }
        return part === actual;
      });
      if (ok) return { route, params };
    }
    return undefined;
  }

  /** Routes that were not matched (404 "Unknown route"), for "nothing unexpected was called" asserts. */
  unknownRoutes(): RecordedRequest[] {
    return this.state.requests.filter((r) => r.status === 404 && (r.responseBody as Json | undefined)?.message === 'Unknown route');
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseBody(contentType: string | undefined, raw: Buffer): { body: unknown; files: UploadedFile[] } | { error: RouteResult } {
  const invalidJson = { error: { status: 400, body: { message: 'The request body contains invalid JSON.', code: 50109 } } };
  if (raw.length === 0) return { body: undefined, files: [] };
  if (multipartBoundary(contentType)) {
    let parts;
    try {
      parts = parseMultipart(raw, contentType!);
    } catch (error) {
      return { error: { status: 400, body: { message: String(error instanceof Error ? error.message : error), code: 0 } } };
    }
    const files: UploadedFile[] = [];
    let body: unknown;
    for (const part of parts) {
      if (part.name === 'payload_json') {
        try {
          body = JSON.parse(part.data.toString('utf8'));
        } catch {
          return invalidJson;
        }
      } else if (part.filename !== undefined) {
        files.push({ field: part.name, filename: part.filename, contentType: part.contentType, data: part.data });
      }
    }
    return { body, files };
  }
  if (contentType?.startsWith('application/json')) {
    try {
      return { body: JSON.parse(raw.toString('utf8')), files: [] };
    } catch {
      return invalidJson;
    }
  }
  return { body: raw, files: [] };
}

// --- general routes --------------------------------------------------------------------------

const TEXT_CHANNEL_TYPES = new Set([0, 1, 2, 3, 5, 10, 11, 12, 13]);

function generalRoutes(gatewayUrl: () => string): Route[] {
  const route = (method: string, path: string, handle: Route['handle']): Route => ({ method, path, auth: true, handle });
  const guildOf = (ctx: RouteContext) => ctx.state.guilds.get(ctx.params.guildId!);

  return [
    route('GET', '/gateway/bot', () => ({
      status: 200,
      body: {
        url: gatewayUrl(),
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: 1 },
      },
    })),
    { method: 'GET', path: '/gateway', auth: false, handle: () => ({ status: 200, body: { url: gatewayUrl() } }) },
    route('GET', '/users/@me', ({ state }) => ({ status: 200, body: { ...state.botUser, verified: true, mfa_enabled: false } })),
    route('GET', '/users/:userId', ({ state, params }) => {
      const user = state.users.get(params.userId!);
      return user ? { status: 200, body: user } : apiError(404, 10013, 'Unknown User');
    }),
    route('GET', '/applications/@me', ({ state }) => ({
      status: 200,
      body: {
        id: state.applicationId,
        name: state.botUser.username,
        icon: null,
        description: '',
        bot_public: true,
        bot_require_code_grant: false,
        bot: state.botUser,
        owner: [...state.users.values()].find((u) => u.id !== state.botUser.id),
        verify_key: '0'.repeat(64),
        team: null,
        flags: 0,
      },
    })),
    route('GET', '/guilds/:guildId', (ctx) => {
      const guild = guildOf(ctx);
      return guild ? { status: 200, body: guildCreateJson(guild, ctx.state.users, ctx.state.botUser.id) } : apiError(404, 10004, 'Unknown Guild');
    }),
    route('GET', '/guilds/:guildId/channels', (ctx) => {
      const guild = guildOf(ctx);
      return guild ? { status: 200, body: guild.channels.map(channelJson) } : apiError(404, 10004, 'Unknown Guild');
    }),
    route('GET', '/guilds/:guildId/roles', (ctx) => {
      const guild = guildOf(ctx);
      return guild ? { status: 200, body: [everyoneRoleJson(guild)] } : apiError(404, 10004, 'Unknown Guild');
    }),
    route('GET', '/guilds/:guildId/members/:userId', (ctx) => {
      const guild = guildOf(ctx);
      if (!guild) return apiError(404, 10004, 'Unknown Guild');
      const joinedAt = guild.members.get(ctx.params.userId!);
      const user = ctx.state.users.get(ctx.params.userId!);
      return joinedAt && user ? { status: 200, body: memberJson(user, joinedAt) } : apiError(404, 10007, 'Unknown Member');
    }),
    route('GET', '/channels/:channelId', ({ state, params }) => {
      const channel = state.channels.get(params.channelId!);
      return channel ? { status: 200, body: channelJson(channel) } : apiError(404, 10003, 'Unknown Channel');
    }),
    route('POST', '/channels/:channelId/typing', ({ state, params }) =>
      state.channels.has(params.channelId!) ? { status: 204 } : apiError(404, 10003, 'Unknown Channel'),
    ),
    route('POST', '/channels/:channelId/messages', (ctx) => {
      const { state, params, files } = ctx;
      const body = asJson(ctx.body);
      const channel = state.channels.get(params.channelId!);
      if (!channel) return apiError(404, 10003, 'Unknown Channel');
      if (!TEXT_CHANNEL_TYPES.has(channel.type)) return apiError(400, 50008, 'Cannot send messages in a non-text channel');
      const guild = state.guilds.get(channel.guildId)!;
      const perms = computeChannelPermissions(guild, channel, state.botUser.id);
      if (!(perms & PermissionFlagsBits.ViewChannel)) return apiError(403, 50001, 'Missing Access');
      if (!(perms & PermissionFlagsBits.SendMessages)) return apiError(403, 50013, 'Missing Permissions');
      if (files.length > 0 && !(perms & PermissionFlagsBits.AttachFiles)) return apiError(403, 50013, 'Missing Permissions');
      const invalid = validateMessageBody(body, files.length, true);
      if (invalid) return invalid;
      const stored = state.createMessage({
        channelId: channel.id,
        guildId: guild.id,
        author: state.botUser,
        body,
        files,
        type: body.message_reference ? 19 : 0,
        source: 'channel',
        // Only SuppressEmbeds / SuppressNotifications / IsComponentsV2 may be set on a channel message.
        flags: (numberField(body.flags) ?? 0) & (4 | 4096 | 32768),
      });
      return { status: 200, body: stored.message };
    }),
    route('GET', '/channels/:channelId/messages', ({ state, params, query }) => {
      if (!state.channels.has(params.channelId!)) return apiError(404, 10003, 'Unknown Channel');
      const limit = Math.min(Number(query.limit ?? 50), 100);
      const newestFirst = state.channelMessages(params.channelId!).reverse().slice(0, limit);
      return { status: 200, body: newestFirst.map((m) => m.message) };
    }),
    route('GET', '/channels/:channelId/messages/:messageId', ({ state, params }) => {
      const stored = channelMessage(state, params.channelId!, params.messageId!);
      return stored ? { status: 200, body: stored.message } : apiError(404, 10008, 'Unknown Message');
    }),
    route('PATCH', '/channels/:channelId/messages/:messageId', (ctx) => {
      const stored = channelMessage(ctx.state, ctx.params.channelId!, ctx.params.messageId!);
      if (!stored) return apiError(404, 10008, 'Unknown Message');
      if (stored.message.author.id !== ctx.state.botUser.id) return apiError(403, 50005, 'Cannot edit a message authored by another user');
      const body = asJson(ctx.body);
      const invalid = validateMessageBody(body, ctx.files.length, false);
      if (invalid) return invalid;
      ctx.state.editMessage(stored, body, ctx.files);
      return { status: 200, body: stored.message };
    }),
    // Pinning (Discord's pins API): the bot needs Pin Messages (or, as before 2025, Manage Messages).
    route('PUT', '/channels/:channelId/messages/pins/:messageId', (ctx) => {
      const stored = channelMessage(ctx.state, ctx.params.channelId!, ctx.params.messageId!);
      if (!stored) return apiError(404, 10008, 'Unknown Message');
      const channel = ctx.state.channels.get(ctx.params.channelId!)!;
      const perms = computeChannelPermissions(ctx.state.guilds.get(channel.guildId)!, channel, ctx.state.botUser.id);
      if (!(perms & (PermissionFlagsBits.PinMessages | PermissionFlagsBits.ManageMessages))) return apiError(403, 50013, 'Missing Permissions');
      (stored.message as { pinned: boolean }).pinned = true;
      return { status: 204 };
    }),
    route('DELETE', '/channels/:channelId/messages/:messageId', (ctx) => {
      const stored = channelMessage(ctx.state, ctx.params.channelId!, ctx.params.messageId!);
      if (!stored) return apiError(404, 10008, 'Unknown Message');
      stored.deleted = true;
      return { status: 204 };
    }),
  ];
}

/** Ephemeral and deleted messages are invisible through channel routes, as on Discord. */
function channelMessage(state: FakeDiscordState, channelId: string, messageId: string) {
  const stored = state.messages.get(messageId);
  if (!stored || stored.deleted || stored.ephemeral || stored.message.channel_id !== channelId) return undefined;
  return stored;
}
