import { userInfo } from 'node:os';
import pino from 'pino';
import { commandMap } from '../commands/index';
import { consoleFiles, runConsole, type ConsoleNames } from './adapters/console';
import { consoleDashboardPoster, consolePoster, discordDashboardPoster, discordPoster } from './adapters/posters';
import { DashboardSender, startDashboards } from './games/dashboard';
import { OutboxSender } from './games/outbox';
import { lazyPoolRenderer } from './games/maps';
import { createRenderPool } from './render/pool';
import { Scheduler } from './games/scheduler';
import { startDiscord, type DiscordBot } from './adapters/discord';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseFileError } from './db/file-check';
import { PeriodicBackup } from './db/backup';
import { Checkpointer } from './db/checkpointer';
import { acquireLease, LeaseHeldError, LeaseWaitAborted, type ProcessLease } from './db/lease';
import { openDb, type Db } from './db/open';
import { createLogger, type Logger } from './logger';
import { loadTrace } from './lib/load-trace';
import { startLoopStats } from './lib/loop-stats';
import { storageErrorCode } from './lib/storage-error';
import { MemoryStats } from './lib/memory-stats';
import { installProcessGuard } from './process-guard';
import { createServices } from './services/services';

/** How often the bot reveals server seeds whose time is up. */
const SWEEP_MS = 60_000;

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) { process.stderr.write(`${e.message}\n`); return 2; }
    throw e;
  }
  if (config.memoryStatsFile) new MemoryStats().start(config.memoryStatsFile);
  // In console mode stdout is the conversation: logs go to stderr.
  const log = createLogger(config.logLevel, config.discordToken ? undefined : pino.destination(2));
  // Until the bot runs, an uncaught error only has the log to flush; `shutdown` grows below.
  let shutdown: () => Promise<void> = async () => undefined;
  installProcessGuard(log, () => shutdown());

  let stopCode: number | null = null;
  let stop!: (code: number) => void;
  const leaseWait = new AbortController();
  const stopRequested = new Promise<number>((r) => { stop = (code) => { stopCode ??= code; leaseWait.abort(); r(code); }; });
  let db: Db;
  try {
    // Group commit (issue 12): a failed fsync of the WAL means commits already made may not be on
    // disk, and no later fsync can vouch for them. Nothing is acknowledged from then on (every
    // reply says so); the bot stops, and a restart reads what the disk really holds.
    db = openDb(config.databasePath, {
      onFailed: (e) => {
        log.fatal({ err: e }, 'the fsync of the database WAL failed: nothing more is acknowledged; stopping');
        process.stderr.write(`Estafette is stopping: its database storage failed (${e.message}). Check the disk, then start it again.\n`);
        stop(1);
      },
    });
  } catch (e) {
    log.fatal({ err: e, path: config.databasePath }, 'cannot open the database');
    // A DatabaseFileError's message names the file and says what to do; anything else gets the general advice.
    const storage = storageErrorCode(e);
    process.stderr.write(e instanceof DatabaseFileError
      ? `Cannot open the database: ${e.message}\n`
      : storage ? `Cannot open the database at ${config.databasePath}: its storage is full or failing (${storage}). Free space on its disk (or fix the disk) and start again.\n`
      : `Cannot open the database at ${config.databasePath}: ${(e as Error).message}\nCheck DATABASE_PATH; if the file is damaged, restore it from a backup or move it away to start a new one.\n`);
    return 1;
  }

  // One process per scope on this file, or every post would go out twice (issue 16).
  const onSignal = (signal: string) => { log.info({ signal }, 'shutting down'); stop(0); };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  let lease: ProcessLease;
  try {
    lease = await acquireLease({
      db, dbPath: config.databasePath, scope: 'all', ttlMs: config.leaseTtlMs, clock: Date.now,
      onLost: () => {
        log.fatal('lease lost: another process took over this database; stopping');
        process.stderr.write('Estafette is stopping: another process took over this database (its lease expired while this process could not renew it).\n');
        stop(1);
      },
      onRenewError: (e) => log.error({ err: e }, 'lease: renewal failed; will retry'),
      signal: leaseWait.signal,
      onWait: (h) => log.warn({ holder: h.holder, scope: h.scope, expiresAt: new Date(h.expiresAt).toISOString() }, 'lease: held by another process; waiting to see whether it is still alive'),
    });
  } catch (e) {
    db.$client.close();
    if (e instanceof LeaseWaitAborted) return stopCode ?? 0;
    if (e instanceof LeaseHeldError) {
      log.fatal({ holder: e.held.holder, scope: e.held.scope }, 'database in use by another process');
      process.stderr.write(`Estafette cannot start: ${e.message}\n`);
      return 1;
    }
    const storage = storageErrorCode(e);
    log.fatal({ err: e, storage }, 'cannot take the database lease');
    process.stderr.write(storage
      ? `Estafette cannot start: the storage of ${config.databasePath} is full or failing (${storage}). Free space on its disk (or fix the disk) and start again.\n`
      : `Estafette cannot start: cannot take the lease on ${config.databasePath}: ${(e as Error).message}\n`);
    return 1;
  }
  if (stopCode !== null) { lease.release(); db.$client.close(); return stopCode; } // a signal while we waited for the lease
  log.info({ holder: lease.holder, scope: lease.scope }, 'lease taken');

  // WAL checkpoints in a worker thread, never inside a roll's commit (issue 12).
  const checkpoints = new Checkpointer(db.$client, config.databasePath, { log }).start();

  // Maps are drawn in a small pool of child processes so the bot never stalls while canvas works.
  const maps = lazyPoolRenderer(() => createRenderPool({ size: 2 }));
  const services = createServices(db, {
    seedEpochHours: config.seedEpochHours, dbPath: config.databasePath, maps,
    // Settling saves Discord requests; the console has no rate limit and shows each receipt at once (a piped script sees them all before EOF).
    receiptSettleMs: config.discordToken ? config.receiptSettleMs : 0,
  });
  // In the background: verify's worker threads then start from one bundle, not through tsx, and
  // are warmed up on a synthetic trail, so the first `/rolls verify` meets warm workers (issue 12).
  // The local console stays cold: a try-out or a test pays no warm-up (VERIFY_WARM, README).
  void services.rolls.prepareVerify((e) => log.warn({ err: e }, 'verify workers: could not bundle or warm them up (they will start on demand)'), { warm: config.discordToken !== undefined && config.verifyWarm });
  const verifyWarmStart = performance.now();
  void services.rolls.verifyWarmed?.then((ok) => { if (ok) log.info({ ms: Math.round(performance.now() - verifyWarmStart) }, 'verify workers warmed up'); });
  const commands = commandMap();
  const sweep = setInterval(() => revealDue(services.trail, log), SWEEP_MS);
  sweep.unref();
  revealDue(services.trail, log);

  // Optional periodic online backups (BACKUP_DIR); off by default.
  const backups = config.backup ? new PeriodicBackup(db.$client, config.backup, Date.now, log) : null;
  backups?.start();

  // The durable turn scheduler: deadlines and reminders live in the database.
  const scheduler = new Scheduler(services.games, Date.now, log);
  scheduler.start();
  let outbox: OutboxSender | undefined;
  let dashboards: NodeJS.Timeout | undefined;
  let bot: DiscordBot | undefined;
  let closing: Promise<void> | null = null;
  // Each step runs even if one before it failed (a full disk must not keep the lease held).
  const step = async (what: string, f: () => unknown) => {
    try { await f(); } catch (e) { log.error({ err: e }, `shutdown: ${what} failed`); }
  };
  const close = () => (closing ??= (async () => {
    clearInterval(sweep);
    clearInterval(dashboards);
    scheduler.stop();
    await step('Discord', () => bot?.stop());
    await step('outbox', () => outbox?.stop());
    await step('render pool', () => maps.close());
    await step('verify workers', () => services.rolls.close());
    await step('backups', () => backups?.stop());
    await step('checkpoints', () => checkpoints.stop());
    await step('lease', () => lease.release());
    await step('database', () => db.$client.close());
  })());
  shutdown = close;

  if (!config.discordToken) {
    const files = consoleFiles(config.consoleOutputDir, 'post');
    const names: ConsoleNames = new Map();
    outbox = new OutboxSender(services.games.repo, consolePoster(process.stdout, files, { names, now: services.clock }), Date.now, log, maps, { retentionMs: config.outboxRetentionMs });
    outbox.start(500);
    dashboards = startDashboards(new DashboardSender(services.db, services.games, consoleDashboardPoster(process.stdout, { names, now: services.clock }), Date.now, log));
    services.games.onPosted = () => outbox?.kick();
    const reading = new AbortController();
    const session = runConsole({
      commands, services, log, input: process.stdin, output: process.stdout, outputDir: config.consoleOutputDir,
      user: { id: 'console-user', name: safeUserName() }, interactive: process.stdin.isTTY === true, names, signal: reading.signal,
    });
    const ended = await Promise.race([session.then(() => 'eof' as const), stopRequested]);
    // A signal: stop reading, let the command under way finish (its map still renders), then close.
    if (ended !== 'eof') { reading.abort(); await session; }
    await outbox.flush();
    await close();
    // Stopped by a signal or a lost lease: stdin may still be open and would keep the process alive.
    if (ended !== 'eof') process.exit(ended);
    return 0;
  }

  const trace = loadTrace(config.loadTraceFile);
  try {
    // One transaction, one commit, per turn of interactions (issue 12; TURN_BATCH, README).
    const turn = config.turnBatch ? (items: () => void) => db.$batch.run(items) : undefined;
    bot = await startDiscord({ token: config.discordToken, restApi: config.restApi, commands, services, log, trace, turn });
  } catch (e) {
    log.fatal({ err: e }, 'could not start the Discord adapter');
    process.stderr.write(`${(e as Error).message}\n`);
    await close();
    return 1;
  }
  const client = bot.client;
  // A WAL that no longer restarts under sustained commands holds them back a moment (issue 12).
  checkpoints.quiesce = () => bot!.pause();
  // Load tests only: the event loop's delay and the CPU, logged every LOAD_STATS ms (bench/load-games.ts).
  const stopStats = config.loadStatsEveryMs ? startLoopStats(log, config.loadStatsEveryMs) : null;
  outbox = new OutboxSender(services.games.repo, discordPoster(client), Date.now, log, maps, { retentionMs: config.outboxRetentionMs });
  outbox.start();
  dashboards = startDashboards(new DashboardSender(services.db, services.games, discordDashboardPoster(client), Date.now, log));
  // Posts go out as soon as the transaction that wrote them commits; the poll is the safety net.
  services.games.onPosted = () => outbox?.kick();
  const code = await stopRequested;
  stopStats?.();
  trace.write();
  await close();
  return code;
}

function revealDue(trail: ReturnType<typeof createServices>['trail'], log: Logger): void {
  try {
    for (const e of trail.revealDue()) log.info({ guild: e.guildId, epoch: e.id }, 'seed revealed on schedule');
  } catch (e) {
    log.error({ err: e }, 'seed reveal sweep failed');
  }
}

function safeUserName(): string {
  try { return userInfo().username || 'you'; } catch { return 'you'; }
}

main().then((code) => { process.exitCode = code; }, (e) => {
  process.stderr.write(`Estafette stopped on an unexpected error: ${(e as Error).stack ?? e}\n`);
  process.exitCode = 1;
});
