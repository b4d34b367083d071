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
      // Errors keep their type, message, stack, code and cause (an Error has no enumerable
      // own properties: serialised as plain JSON it would be `{}`).
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
      hooks: {
        // The finished line, after serialisers and redaction: a token quoted anywhere (an
        // error message from discord.js, its stack, a nested string, the message itself) is
        // masked here. The token's characters need no JSON escaping, so the pattern matches.
        streamWrite(line) {
          return line.replace(TOKEN_RE, '[redacted-token]');
        },
      },
    },
    destination,
  );
}
