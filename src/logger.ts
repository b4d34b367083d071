import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. The token must never reach a log line, whatever a caller passes:
 * known secret keys are redacted and any string that looks like a bot token is masked.
 */
const TOKEN_RE = /[\w-]{23,28}\.[\w-]{6,7}\.[\w-]{27,}/g;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: 'estafette' },
      redact: { paths: ['token', '*.token', 'discordToken', '*.discordToken', 'config.discordToken', 'headers.authorization', '*.headers.authorization'], censor: '[redacted]' },
      hooks: {
        logMethod(args, method) {
          const masked = args.map((a) => (typeof a === 'string' ? a.replace(TOKEN_RE, '[redacted-token]') : a));
          method.apply(this, masked as Parameters<typeof method>);
        },
      },
      formatters: {
        log(obj) {
          // Error messages from discord.js can quote a token; mask inside nested strings too.
          return JSON.parse(JSON.stringify(obj).replace(TOKEN_RE, '[redacted-token]')) as Record<string, unknown>;
        },
      },
    },
    destination,
  );
}
