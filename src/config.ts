import { z } from 'zod';

/**
 * The environment, parsed once. This is the only file that reads `process.env`; everything
 * else receives a `Config`. Names are stable: operators and tests rely on them.
 */
const Env = z.object({
  /** Absent → the bot runs as a local console on stdin/stdout instead of connecting to Discord. */
  DISCORD_TOKEN: z
    .string()
    .trim()
    .min(1)
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'DISCORD_TOKEN must look like a bot token: three dot-separated parts (Developer Portal → Bot → Reset Token)')
    .optional(),
  /** The application (client) id; needed to register slash commands. */
  DISCORD_APPLICATION_ID: z.string().regex(/^\d{17,20}$/, 'DISCORD_APPLICATION_ID must be a numeric snowflake (Developer Portal → General Information → Application ID)').optional(),
  /** Register commands to this guild only (instant, for development) instead of globally. */
  DISCORD_DEV_GUILD_ID: z.string().regex(/^\d{17,20}$/, 'DISCORD_DEV_GUILD_ID must be a numeric guild id').optional(),
  /** Optional REST base URL for a Discord REST proxy (e.g. http://127.0.0.1:8080/api); the end-to-end tests use it too. */
  DISCORD_REST_API: z.url({ message: 'DISCORD_REST_API must be a URL such as http://127.0.0.1:8080/api' }).optional(),
  DATABASE_PATH: z.string().min(1).default('./data/estafette.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the local console writes image attachments. */
  CONSOLE_OUTPUT_DIR: z.string().min(1).default('./data/console-out'),
  /** Server-wide dice seeds are revealed and replaced after this many hours (0 = only on demand). */
  SEED_EPOCH_HOURS: z.coerce.number().int().min(0).max(24 * 365).default(24),
  /** A process's lease on the database expires this long after its last renewal (it renews every third of it). */
  LEASE_TTL_SECONDS: z.coerce.number({ message: 'LEASE_TTL_SECONDS must be a number of seconds, e.g. 30' }).int().min(3, 'LEASE_TTL_SECONDS must be at least 3').max(600, 'LEASE_TTL_SECONDS must be at most 600').default(30),
  /** Periodic online backups go to this folder; unset = no periodic backup. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Hours between periodic backups (fractions allowed, e.g. 0.5). */
  BACKUP_EVERY_HOURS: z.coerce.number({ message: 'BACKUP_EVERY_HOURS must be a number of hours, e.g. 6' }).positive('BACKUP_EVERY_HOURS must be more than 0').max(24 * 30).default(6),
  /** How many periodic backups to keep; older ones are deleted. */
  BACKUP_KEEP: z.coerce.number({ message: 'BACKUP_KEEP must be a whole number, e.g. 7' }).int().min(1, 'BACKUP_KEEP must be at least 1').max(10_000).default(7),
  /** Days a sent receipt stays in the outbox before it is pruned (0: pruned once sent). */
  OUTBOX_RETENTION_DAYS: z.coerce.number({ message: 'OUTBOX_RETENTION_DAYS must be a number of days, e.g. 7' }).min(0, 'OUTBOX_RETENTION_DAYS must be 0 or more').max(3650).default(7),
  /**
   * A sealed receipt is posted this long after it is written; an amendment within it replaces the
   * unsent receipt, so a burst of amendments posts one receipt (the newest). 0: post at once.
   */
  RECEIPT_SETTLE_MS: z.coerce.number({ message: 'RECEIPT_SETTLE_MS must be a number of milliseconds, e.g. 1000' }).int().min(0, 'RECEIPT_SETTLE_MS must be 0 or more').max(60_000, 'RECEIPT_SETTLE_MS must be at most 60000 (a minute)').default(1_000),
  /**
   * Warm the two `/rolls verify` worker threads up as the bot starts and keep them (Discord only):
   * the first verify then runs at warm speed, for ~2.5 s of CPU once and ~20–40 MiB held. `off`
   * on a small host: workers then start, cold, on the first large verify and leave when idle.
   */
  VERIFY_WARM: z.enum(['on', 'off'], { message: 'VERIFY_WARM must be on or off' }).default('on'),
  /**
   * Run each turn of the interaction queue (≤ 20 ms of inputs) in one SQLite transaction, one
   * commit for all its inputs (Discord only). `off` to rule it out when diagnosing: every command
   * then commits on its own, as the local console always does.
   */
  TURN_BATCH: z.enum(['on', 'off'], { message: 'TURN_BATCH must be on or off' }).default('on'),
  /** Measuring: sample the process's memory every second and write a summary (JSON) to this file at exit. */
  MEMORY_STATS: z.string().min(1).optional(),
  /** Load tests only: where the bot writes each interaction's trace when it stops (src/lib/load-trace.ts). */
  LOAD_TRACE: z.string().min(1).optional(),
  /** Measuring: log the event loop's delay and the CPU every this many milliseconds (bench/load-games.ts). */
  LOAD_STATS: z.coerce.number({ message: 'LOAD_STATS must be a number of milliseconds, e.g. 1000' }).int().min(100, 'LOAD_STATS must be at least 100 (ms)').max(3_600_000).optional(),
});

export interface Config {
  readonly discordToken: string | undefined;
  readonly applicationId: string | undefined;
  readonly devGuildId: string | undefined;
  readonly restApi: string | undefined;
  readonly databasePath: string;
  readonly logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  readonly consoleOutputDir: string;
  readonly seedEpochHours: number;
  readonly leaseTtlMs: number;
  /** Periodic backups, or null when BACKUP_DIR is unset. */
  readonly backup: { readonly dir: string; readonly everyMs: number; readonly keep: number } | null;
  /** Sent receipts older than this leave the outbox (OutboxSender.prune). */
  readonly outboxRetentionMs: number;
  /** VERIFY_WARM: warm verify's workers up at start and keep them (used with Discord only). */
  readonly verifyWarm: boolean;
  /** TURN_BATCH: one transaction per turn of the interaction queue (Discord only). */
  readonly turnBatch: boolean;
  /** RECEIPT_SETTLE_MS: how long a sealed receipt waits for a newer one before it is posted. */
  readonly receiptSettleMs: number;
  /** Where the memory summary goes at exit (bench:load), or null: no sampling. */
  readonly memoryStatsFile: string | null;
  /** LOAD_STATS: milliseconds between event-loop/CPU log lines, or null (off). */
  readonly loadStatsEveryMs: number | null;
  /** LOAD_TRACE: where each interaction's trace is written at stop (bench:load), or null (off). */
  readonly loadTraceFile: string | null;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parse an environment (defaults to `process.env`). Empty strings count as unset. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = Env.safeParse(cleaned);
  if (!parsed.success) {
    // Never echo values: one of them may be the token.
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    discordToken: e.DISCORD_TOKEN,
    applicationId: e.DISCORD_APPLICATION_ID,
    devGuildId: e.DISCORD_DEV_GUILD_ID,
    restApi: e.DISCORD_REST_API,
    databasePath: e.DATABASE_PATH,
    logLevel: e.LOG_LEVEL,
    consoleOutputDir: e.CONSOLE_OUTPUT_DIR,
    seedEpochHours: e.SEED_EPOCH_HOURS,
    leaseTtlMs: e.LEASE_TTL_SECONDS * 1000,
    backup: e.BACKUP_DIR ? { dir: e.BACKUP_DIR, everyMs: Math.round(e.BACKUP_EVERY_HOURS * 3_600_000), keep: e.BACKUP_KEEP } : null,
    outboxRetentionMs: Math.round(e.OUTBOX_RETENTION_DAYS * 24 * 3_600_000),
    receiptSettleMs: e.RECEIPT_SETTLE_MS,
    verifyWarm: e.VERIFY_WARM === 'on',
    turnBatch: e.TURN_BATCH === 'on',
    memoryStatsFile: e.MEMORY_STATS ?? null,
    loadStatsEveryMs: e.LOAD_STATS ?? null,
    loadTraceFile: e.LOAD_TRACE ?? null,
  };
}
