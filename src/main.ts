import { userInfo } from 'node:os';
import pino from 'pino';
import { commandMap } from '../commands/index';
import { consoleFiles, runConsole, type ConsoleNames } from './adapters/console';
import { consolePoster, discordPoster } from './adapters/posters';
import { OutboxSender } from './games/outbox';
import { lazyPoolRenderer } from './games/maps';
import { createRenderPool } from './render/pool';
import { Scheduler } from './games/scheduler';
import { startDiscord } from './adapters/discord';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseFileError } from './db/file-check';
import { openDb } from './db/open';
import { createLogger, type Logger } from './logger';
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
  // In console mode stdout is the conversation: logs go to stderr.
  const log = createLogger(config.logLevel, config.discordToken ? undefined : pino.destination(2));

  let db;
  try {
    db = openDb(config.databasePath);
  } catch (e) {
    log.fatal({ err: e, path: config.databasePath }, 'cannot open the database');
    // A DatabaseFileError's message names the file and says what to do; anything else gets the general advice.
    process.stderr.write(e instanceof DatabaseFileError
      ? `Cannot open the database: ${e.message}\n`
      : `Cannot open the database at ${config.databasePath}: ${(e as Error).message}\nCheck DATABASE_PATH; if the file is damaged, restore it from a backup or move it away to start a new one.\n`);
    return 1;
  }
  // Maps are drawn in a small pool of child processes so the bot never stalls while canvas works.
  const maps = lazyPoolRenderer(() => createRenderPool({ size: 2 }));
  const services = createServices(db, { seedEpochHours: config.seedEpochHours, dbPath: config.databasePath, maps });
  const commands = commandMap();
  const sweep = setInterval(() => revealDue(services.trail, log), SWEEP_MS);
  sweep.unref();
  revealDue(services.trail, log);

  // The durable turn scheduler: deadlines and reminders live in the database.
  const scheduler = new Scheduler(services.games, Date.now, log);
  scheduler.start();
  let outbox: OutboxSender | undefined;
  const close = async () => { clearInterval(sweep); scheduler.stop(); await outbox?.stop(); await maps.close(); await services.rolls.close(); db.$client.close(); };
  if (!config.discordToken) {
    const files = consoleFiles(config.consoleOutputDir, 'post');
    const names: ConsoleNames = new Map();
    outbox = new OutboxSender(services.games.repo, consolePoster(process.stdout, files, { names, now: services.clock }), Date.now, log, maps);
    outbox.start(500);
    services.games.onPosted = () => outbox?.kick();
    await runConsole({
      commands, services, log, input: process.stdin, output: process.stdout, outputDir: config.consoleOutputDir,
      user: { id: 'console-user', name: safeUserName() }, interactive: process.stdin.isTTY === true, names,
    });
    await outbox.flush();
    await close();
    return 0;
  }

  let bot;
  try {
    bot = await startDiscord({ token: config.discordToken, restApi: config.restApi, commands, services, log });
  } catch (e) {
    log.fatal({ err: e }, 'could not start the Discord adapter');
    process.stderr.write(`${(e as Error).message}\n`);
    await close();
    return 1;
  }
  outbox = new OutboxSender(services.games.repo, discordPoster(bot.client), Date.now, log, maps);
  outbox.start();
  // Posts go out as soon as the transaction that wrote them commits; the poll is the safety net.
  services.games.onPosted = () => outbox?.kick();
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => { log.info({ signal }, 'shutting down'); resolve(); };
    process.once('SIGINT', () => stop('SIGINT'));
    process.once('SIGTERM', () => stop('SIGTERM'));
  });
  await bot.stop();
  await close();
  return 0;
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
