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
  };
}
