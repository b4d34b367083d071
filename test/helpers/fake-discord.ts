/**
 * A fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests through the real discord.js
 * client. One HTTP server on an ephemeral port serves `/api/v10/...` and upgrades `/gateway` to
 * a WebSocket. Nothing is sent anywhere else.
 *
 *   const fake = await startFakeDiscord();
 *   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.restApi } });
 *   await client.login(fake.token);            // then wait for Events.ClientReady
 *   const ix = fake.sendSlashCommand({ name: 'roll', options: [{ name: 'expression', type: 3, value: '2d6' }] });
 *   const history = await ix.waitForResponse(); // settled: reply, or defer + edit
 *   ...
 *   await client.destroy();                    // before fake.close(), or the client keeps reconnecting
 *   await fake.close();
 *
 * Module layout: fake-discord-state (world, messages, waits), -rest (HTTP + general routes),
 * -rest-interactions (callbacks, webhooks), -gateway (WebSocket), -interactions (payload
 * builders), -payloads (API objects), -validate (Discord's limits), multipart.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIUser } from 'discord.js';
import { FakeGateway } from './fake-discord-gateway.js';
import { InteractionBuilder } from './fake-discord-interactions.js';
import type { AutocompleteInput, ComponentInput, SlashCommandInput } from './fake-discord-interactions.js';
import { FakeRest, type Interceptor } from './fake-discord-rest.js';
import { FakeDiscordState } from './fake-discord-state.js';
import type { InteractionRecord } from './fake-discord-state.js';
import type {
  FakeTraceRow,
  GatewayStats,
  InteractionHistory,
  Json,
  RecordedRequest,
  StartFakeDiscordOptions,
  StoredMessage,
  WaitOptions,
} from './fake-discord-types.js';

export type * from './fake-discord-types.js';
export type { AutocompleteInput, CommandOptionInput, ComponentInput, InteractionTarget, SlashCommandInput } from './fake-discord-interactions.js';
export { snowflake } from './fake-discord-payloads.js';

/** A dispatched interaction, with shortcuts to its live history. */
export interface SentInteraction {
  id: string;
  token: string;
  /** The INTERACTION_CREATE `d` that was sent. */
  payload: Json;
  /** Live view: grows as the bot responds. */
  history: InteractionHistory;
  /** See {@link FakeDiscord.waitForResponse}. */
  waitForResponse(options?: WaitOptions): Promise<InteractionHistory>;
  waitFor(predicate: (history: InteractionHistory) => boolean, options?: WaitOptions): Promise<InteractionHistory>;
  /** Resolves when the first callback (reply, defer, update…) arrives; never times out (load benchmarks). */
  whenCallback(): Promise<InteractionHistory>;
}

export interface FakeGuildInfo {
  id: string;
  name: string;
  channels: Array<{ id: string; name: string; type: number }>;
}

export async function startFakeDiscord(options: StartFakeDiscordOptions = {}): Promise<FakeDiscord> {
  const fake = new FakeDiscord(options);
  await fake.listen();
  return fake;
}

export class FakeDiscord {
  private readonly state: FakeDiscordState;
  private readonly rest: FakeRest;
  private readonly gateway: FakeGateway;
  private readonly builder: InteractionBuilder;
  private readonly server: http.Server;
  private port = 0;
  /** TCP connections the HTTP server accepted (REST and the gateway): a load benchmark's connection churn. */
  connectionsAccepted = 0;

  constructor(options: StartFakeDiscordOptions = {}) {
    this.state = new FakeDiscordState(options);
    this.rest = new FakeRest(this.state, () => this.gatewayUrl);
    this.gateway = new FakeGateway(this.state, () => this.gatewayUrl);
    this.builder = new InteractionBuilder(this.state);
    this.server = http.createServer((req, res) => {
      // Only an aborted upload can fail here; drop the socket like a real server would.
      this.rest.handle(req, res).catch(() => res.destroy());
    });
    this.server.on('connection', () => { this.connectionsAccepted++; });
    this.server.on('upgrade', (req, socket, head) => this.gateway.handleUpgrade(req, socket, head));
  }

  /** @internal use {@link startFakeDiscord}. */
  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    this.state.origin = `http://127.0.0.1:${this.port}`;
  }

  /** Pass to discord.js as `rest: { api }`. */
  get restApi(): string {
    return `${this.state.origin}/api`;
  }
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }
  /** The bot token the fake accepts (REST `Authorization: Bot …` and gateway IDENTIFY). */
  get token(): string {
    return this.state.token;
  }
  get applicationId(): string {
    return this.state.applicationId;
  }
  get botUser(): APIUser {
    return this.state.botUser;
  }
  get guilds(): FakeGuildInfo[] {
    return [...this.state.guilds.values()].map((g) => ({
      id: g.id,
      name: g.name,
      channels: g.channels.map((c) => ({ id: c.id, name: c.name, type: c.type })),
    }));
  }

  /** Every HTTP request, in arrival order. */
  get requests(): readonly RecordedRequest[] {
    return this.state.requests;
  }
  /** Requests that matched no route (answered 404 "Unknown route"). */
  get unknownRoutes(): RecordedRequest[] {
    return this.rest.unknownRoutes();
  }
  /** Requests answered with status >= 400 (validation errors, permissions, unknown routes...). */
  get failedRequests(): RecordedRequest[] {
    return this.state.requests.filter((r) => r.status >= 400);
  }
  /** options.trace: each interaction's stages in the fake, by interaction id (else null). */
  get trace(): ReadonlyMap<string, FakeTraceRow> | null {
    return this.state.trace;
  }
  get gatewayStats(): GatewayStats {
    return this.gateway.stats;
  }
  /** Commands registered via PUT/POST, globally (no argument) or for a guild. */
  commands(guildId?: string): Json[] {
    return this.state.commands.get(guildId ?? 'global') ?? [];
  }

  /**
   * Hold or fail requests before they are routed (e.g. delay the POST of one message); returns
   * a function that removes the interceptor.
   */
  intercept(fn: Interceptor): () => void {
    this.rest.interceptors.add(fn);
    return () => this.rest.interceptors.delete(fn);
  }

  // --- gateway --------------------------------------------------------------------------------

  /**
   * Resolves once a client has IDENTIFY'd (or RESUMEd) and been sent READY + GUILD_CREATEs.
   * The discord.js cache is only filled once the client emits `clientReady`; wait for that too
   * before inspecting `client.guilds`.
   */
  waitForReady(options: WaitOptions = {}): Promise<void> {
    return this.state.waitFor(() => this.gateway.hasReadyClient, { description: 'a gateway client to become ready', ...options }).then(() => undefined);
  }

  /** Dispatches any gateway event (op 0) to the connected client, e.g. GUILD_MEMBER_ADD. */
  dispatch(event: string, data: unknown): void {
    this.gateway.dispatch(event, data);
  }

  /** Asks the client to reconnect and resume (op 7). */
  requestReconnect(): void {
    this.gateway.requestReconnect();
  }

  /** Kills gateway sockets without a close frame (the client should reconnect and resume). */
  dropGatewayConnections(): void {
    this.gateway.dropConnections();
  }

  // --- interactions ---------------------------------------------------------------------------

  sendSlashCommand(input: SlashCommandInput): SentInteraction {
    return this.send(this.builder.slashCommand(input));
  }

  sendAutocomplete(input: AutocompleteInput): SentInteraction {
    return this.send(this.builder.autocomplete(input));
  }

  /** A message component interaction; defaults to a button click. */
  sendComponent(input: ComponentInput): SentInteraction {
    return this.send(this.builder.component(input));
  }

  clickButton(input: Omit<ComponentInput, 'componentType' | 'values'>): SentInteraction {
    return this.sendComponent({ ...input, componentType: 2 });
  }

  private send(record: InteractionRecord): SentInteraction {
    this.gateway.dispatch('INTERACTION_CREATE', record.payload);
    return {
      id: record.id,
      token: record.token,
      payload: record.payload,
      history: record,
      waitForResponse: (options) => this.waitForResponse(record.id, options),
      waitFor: (predicate, options) => this.waitForInteraction(record.id, predicate, options),
      whenCallback: () => record.whenCallback(),
    };
  }

  /** The live history of an interaction sent through this fake. */
  interaction(id: string): InteractionHistory {
    const record = this.state.interactions.get(id);
    if (!record) throw new Error(`fake-discord: unknown interaction ${id}`);
    return record;
  }

  /**
   * Resolves when the interaction is settled: a reply/update/autocomplete/modal callback, or a
   * defer followed by an edit of @original, a follow-up that fills it, or its deletion. Follow-ups
   * sent after that may still be on their way: use {@link waitForInteraction} for those.
   */
  waitForResponse(id: string, options: WaitOptions = {}): Promise<InteractionHistory> {
    return this.waitForInteraction(id, (h) => h.settled, { description: `a response to interaction ${id}`, ...options });
  }

  waitForInteraction(id: string, predicate: (history: InteractionHistory) => boolean, options: WaitOptions = {}): Promise<InteractionHistory> {
    const history = this.interaction(id);
    return this.state.waitFor(() => predicate(history) && history, { description: `interaction ${id} to match the predicate`, ...options });
  }

  /** Resolves with the first truthy value of `check`, re-evaluated after every request and gateway event. */
  waitFor<T>(check: () => T | undefined | null | false, options: WaitOptions = {}): Promise<T> {
    return this.state.waitFor(check, options);
  }

  // --- messages -------------------------------------------------------------------------------

  /** Visible messages in a channel, oldest first: bot posts and public interaction replies (not ephemeral, not deleted). */
  channelMessages(channelId: string): StoredMessage[] {
    return this.state.channelMessages(channelId);
  }

  message(id: string): StoredMessage | undefined {
    return this.state.messages.get(id);
  }

  /** Waits for a visible message in the channel that matches `predicate` (default: any). */
  waitForChannelMessage(channelId: string, predicate: (m: StoredMessage) => boolean = () => true, options: WaitOptions = {}): Promise<StoredMessage> {
    return this.state.waitFor(() => this.state.channelMessages(channelId).find(predicate), {
      description: `a message in channel ${channelId}`,
      ...options,
    });
  }

  // --- lifecycle ------------------------------------------------------------------------------

  /**
   * Stops everything and drops keep-alive sockets so the test process can exit. Destroy the
   * discord.js client first: a client whose gateway is cut keeps trying to reconnect.
   */
  async close(): Promise<void> {
    // A just-destroyed client may still be finishing its close handshake; give it a moment.
    const disconnected = await this.state
      .waitFor(() => this.gateway.liveConnections === 0, { timeoutMs: 500 })
      .then(() => true, () => false);
    if (!disconnected) {
      console.warn('fake-discord: closing with a gateway client still connected; call client.destroy() first');
    }
    this.state.close();
    this.gateway.close();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
