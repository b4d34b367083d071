/**
 * Gateway half of the fake Discord: a `ws` server on the same HTTP server, speaking gateway v10.
 *
 * HELLO -> IDENTIFY -> READY + one GUILD_CREATE per guild, heartbeat ACKs, RESUME with replay of
 * missed dispatches, and op 7 RECONNECT on demand. Sessions outlive connections so a client that
 * reconnects with RESUME gets what it missed; a normal close (1000/1001) ends the session, as on
 * Discord.
 *
 * Transport compression: discord.js only asks for `compress=zlib-stream` when the optional
 * `zlib-sync` package is installed (it is not here), otherwise it may fall back to IDENTIFY's
 * `compress: true` (per-payload zlib). Both are supported so installing zlib-sync later does not
 * silently break every end-to-end test.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import { WebSocketServer } from 'ws';
import type { WebSocket, RawData } from 'ws';
import { guildCreateJson, snowflake } from './fake-discord-payloads.js';
import type { FakeDiscordState } from './fake-discord-state.js';
import type { GatewayStats, Json } from './fake-discord-types.js';

const PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15);
const GUILDS_INTENT = 1 << 0;
const DEFAULT_HEARTBEAT_MS = 41_250;

interface GatewayPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

interface Session {
  id: string;
  seq: number;
  /** Every dispatch of the session, for RESUME replay. */
  log: GatewayPayload[];
  connection: Connection | undefined;
}

type Encoder = (text: string) => Promise<string | Buffer>;

class Connection {
  session: Session | undefined;
  ready = false;
  /** Transport compression, if the client asked for it; null: plain JSON text. */
  encode: Encoder | null = null;
  private chain: Promise<void> = Promise.resolve();

  /** `sent`: told once a payload is handed to the socket (load traces). */
  constructor(readonly ws: WebSocket, private readonly sent?: (payload: GatewayPayload) => void) {}

  /**
   * Sends are chained so payload order survives asynchronous compression. Plain text goes out at
   * once (every send is then synchronous, so order holds without the chain): a load benchmark
   * sends thousands a second, and the chain's promises were the fake's cost, not the bot's.
   */
  send(payload: GatewayPayload): void {
    const text = JSON.stringify(payload);
    const encode = this.encode;
    if (!encode) {
      if (this.ws.readyState === this.ws.OPEN) this.ws.send(text);
      this.sent?.(payload);
      return;
    }
    this.chain = this.chain
      .then(async () => {
        const data = await encode(text);
        if (this.ws.readyState === this.ws.OPEN) this.ws.send(data);
        this.sent?.(payload);
      })
      .catch(() => undefined);
  }
}

export class FakeGateway {
  readonly stats: GatewayStats = { connections: 0, identifies: [], resumes: 0, heartbeats: 0, errors: [] };
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  private readonly connections = new Set<Connection>();
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly state: FakeDiscordState,
    private readonly url: () => string,
  ) {}

  /** Called from the HTTP server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/gateway' && url.pathname !== '/gateway/') {
      socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.onConnection(ws, url.searchParams));
  }

  private onConnection(ws: WebSocket, params: URLSearchParams): void {
    const trace = this.state.trace ? (p: GatewayPayload) => { if (p.t === 'INTERACTION_CREATE') this.state.mark(String((p.d as Json).id), 'frameSent'); } : undefined;
    const connection = new Connection(ws, trace);
    this.connections.add(connection);
    this.stats.connections += 1;

    ws.on('close', (code) => this.onClose(connection, code));
    ws.on('error', (error) => this.stats.errors.push(`socket error: ${error.message}`));

    if (params.get('v') !== '10' || (params.get('encoding') ?? 'json') !== 'json') {
      this.fail(connection, 4012, `unsupported gateway version/encoding: ${params.toString()}`);
      return;
    }
    const compress = params.get('compress');
    if (compress === 'zlib-stream') connection.encode = zlibStreamEncoder();
    else if (compress) {
      // 4012 is fatal for discord.js, so the test fails fast instead of reconnecting forever.
      this.fail(connection, 4012, `unsupported transport compression ${compress}`);
      return;
    }

    ws.on('message', (data, isBinary) => this.onMessage(connection, data, isBinary));
    const interval = this.state.options.heartbeatIntervalMs ?? DEFAULT_HEARTBEAT_MS;
    connection.send({ op: 10, d: { heartbeat_interval: interval, _trace: ['fake-discord'] }, s: null, t: null });
  }

  private onClose(connection: Connection, code: number): void {
    this.connections.delete(connection);
    const session = connection.session;
    if (session && session.connection === connection) {
      session.connection = undefined;
      // Discord invalidates the session on a normal close; other codes leave it resumable.
      if (code === 1000 || code === 1001) this.sessions.delete(session.id);
    }
    this.state.notify();
  }

  private fail(connection: Connection, code: number, reason: string): void {
    this.stats.errors.push(reason);
    connection.ws.close(code, reason.slice(0, 120));
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    let payload: GatewayPayload;
    try {
      if (isBinary) throw new Error('binary frames are not expected from a json client');
      payload = JSON.parse(rawToString(data)) as GatewayPayload;
    } catch (error) {
      this.fail(connection, 4002, `decode error: ${String(error)}`);
      return;
    }
    const d = (payload.d ?? {}) as Json;
    switch (payload.op) {
      case 1:
        this.stats.heartbeats += 1;
        connection.send({ op: 11, d: null, s: null, t: null });
        break;
      case 2:
        this.identify(connection, d);
        break;
      case 6:
        this.resume(connection, d);
        break;
      case 8:
        this.requestGuildMembers(connection, d);
        break;
      case 3: // presence update
      case 4: // voice state update
        break;
      default:
        this.stats.errors.push(`unhandled opcode ${String(payload.op)}`);
    }
    this.state.notify();
  }

  private identify(connection: Connection, d: Json): void {
    if (connection.session) return this.fail(connection, 4005, 'already authenticated');
    if (d.token !== this.state.token) return this.fail(connection, 4004, 'Authentication failed.');
    const intents = typeof d.intents === 'number' ? d.intents : 0;
    const enabledPrivileged = this.state.options.privilegedIntents ?? PRIVILEGED_INTENTS;
    if (intents & PRIVILEGED_INTENTS & ~enabledPrivileged) return this.fail(connection, 4014, 'Disallowed intent(s).');
    this.stats.identifies.push({ intents, shard: d.shard, compress: d.compress === true });
    if (d.compress === true) connection.encode = async (text) => zlib.deflateSync(text);

    const session: Session = { id: snowflake().slice(-12) + 'fake', seq: 0, log: [], connection };
    this.sessions.set(session.id, session);
    connection.session = session;

    const guilds = [...this.state.guilds.values()];
    this.dispatchTo(session, 'READY', {
      v: 10,
      user: { ...this.state.botUser, verified: true, mfa_enabled: false },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.url(),
      shard: Array.isArray(d.shard) ? d.shard : [0, 1],
      application: { id: this.state.applicationId, flags: 0 },
      user_settings: {},
      relationships: [],
      private_channels: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ['fake-discord'],
    });
    // Without the Guilds intent Discord sends no GUILD_CREATE and discord.js does not wait for one.
    if (intents & GUILDS_INTENT) {
      for (const guild of guilds) {
        this.dispatchTo(session, 'GUILD_CREATE', guildCreateJson(guild, this.state.users, this.state.botUser.id));
      }
    }
    connection.ready = true;
  }

  private resume(connection: Connection, d: Json): void {
    if (d.token !== this.state.token) return this.fail(connection, 4004, 'Authentication failed.');
    const session = typeof d.session_id === 'string' ? this.sessions.get(d.session_id) : undefined;
    if (!session) {
      // Not resumable: the client must IDENTIFY again.
      connection.send({ op: 9, d: false, s: null, t: null });
      return;
    }
    this.stats.resumes += 1;
    session.connection?.ws.terminate();
    session.connection = connection;
    connection.session = session;
    const seq = typeof d.seq === 'number' ? d.seq : 0;
    for (const missed of session.log.filter((p) => (p.s ?? 0) > seq)) connection.send(missed);
    this.dispatchTo(session, 'RESUMED', { _trace: ['fake-discord'] });
    connection.ready = true;
  }

  /** Answers `guild.members.fetch()` (op 8) from the fake's member list. */
  private requestGuildMembers(connection: Connection, d: Json): void {
    const session = connection.session;
    const guildIds = Array.isArray(d.guild_id) ? d.guild_id : [d.guild_id];
    if (!session) return;
    for (const guildId of guildIds) {
      const guild = this.state.guilds.get(String(guildId));
      if (!guild) continue;
      const full = guildCreateJson(guild, this.state.users, this.state.botUser.id);
      let members = full.members as Json[];
      const userIds = Array.isArray(d.user_ids) ? d.user_ids.map(String) : typeof d.user_ids === 'string' ? [d.user_ids] : undefined;
      if (userIds) members = members.filter((m) => userIds.includes(String((m.user as Json).id)));
      else if (typeof d.query === 'string' && d.query) {
        const query = d.query.toLowerCase();
        members = members.filter((m) => String((m.user as Json).username).toLowerCase().startsWith(query));
      }
      if (typeof d.limit === 'number' && d.limit > 0) members = members.slice(0, d.limit);
      this.dispatchTo(session, 'GUILD_MEMBERS_CHUNK', {
        guild_id: guild.id,
        members,
        chunk_index: 0,
        chunk_count: 1,
        not_found: userIds ? userIds.filter((id) => !members.some((m) => (m.user as Json).id === id)) : [],
        ...(typeof d.nonce === 'string' ? { nonce: d.nonce } : {}),
      });
    }
  }

  private dispatchTo(session: Session, t: string, d: unknown): void {
    session.seq += 1;
    const payload: GatewayPayload = { op: 0, d, s: session.seq, t };
    if (!this.state.options.lean) session.log.push(payload);
    session.connection?.send(payload);
  }

  /** True while a client has an identified (or resumed) connection. */
  get hasReadyClient(): boolean {
    return [...this.connections].some((c) => c.ready);
  }

  /**
   * Dispatches an event to every live session (including one that is reconnecting: it gets the
   * event on RESUME). Throws if no client ever identified, since the event would go nowhere.
   */
  dispatch(t: string, d: unknown): void {
    if (this.sessions.size === 0) throw new Error(`fake-discord: cannot dispatch ${t}: no gateway session (call waitForReady() first)`);
    for (const session of this.sessions.values()) this.dispatchTo(session, t, d);
    this.state.notify();
  }

  /** Sends op 7 RECONNECT; discord.js reconnects to resume_gateway_url and RESUMEs. */
  requestReconnect(): void {
    for (const connection of this.connections) connection.send({ op: 7, d: null, s: null, t: null });
  }

  /** Drops every socket without a close frame, as a network failure would. */
  dropConnections(): void {
    for (const connection of this.connections) connection.ws.terminate();
  }

  close(): void {
    for (const connection of this.connections) connection.ws.terminate();
    this.connections.clear();
    this.wss.close();
  }

  get liveConnections(): number {
    return this.connections.size;
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/**
 * `compress=zlib-stream`: one deflate context for the whole connection, every payload ending in
 * a Z_SYNC_FLUSH (00 00 ff ff) — which is how the client knows a payload is complete.
 */
function zlibStreamEncoder(): Encoder {
  const deflate = zlib.createDeflate();
  let pending: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => pending.push(chunk));
  return (text) =>
    new Promise((resolve) => {
      deflate.write(text);
      deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
        const out = Buffer.concat(pending);
        pending = [];
        resolve(out);
      });
    });
}
