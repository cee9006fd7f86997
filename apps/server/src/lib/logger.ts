import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyServerOptions } from 'fastify';

/**
 * The server's log options (pino through Fastify). Logs never carry secrets or personal data held
 * in SQL parameters: password hashes, tokens, passwords and reset links' tokens are redacted.
 */

const SECRET_KEYS = ['password', 'passwordHash', 'newPassword', 'currentPassword', 'token', 'secret'];

/** pino redaction paths: secret fields at the top of a log object or one level down, auth headers. */
export const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers.authorization',
  'headers.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  // SQL parameters (a failed query's error) may hold anything a user typed.
  'err.params',
  '*.params',
];

const SECRET_QUERY = /([?&](?:token|code|password|key)=)[^&#]*/gi;

/** A secret in a path: the token of a calendar feed's address (/api/calendar/feed/<token>.ics). */
const SECRET_PATH = /(\/calendar\/feed\/)[^/?#]+/gi;

/** A URL as it may be logged: the values of secret query parameters (reset links) redacted. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

/**
 * An error as it may be logged or printed. A failed query's message lists its parameters (drizzle
 * writes "params: ..."), and PostgreSQL's detail quotes the row ("Key (email)=(...)"): keep the SQL
 * and the database's own message, drop the values.
 */
export function describeError(error: unknown): string {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `Failed query: ${error.query}${cause}`;
  }
  return error instanceof Error ? error.message : String(error);
}

type SerializedError = { type: string; message: string; stack: string; code?: unknown };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const code = (error as { code?: unknown }).code ?? (error.cause as { code?: unknown } | undefined)?.code;
  const message = describeError(error);
  // The stack's first line repeats the message: rebuild it from the safe one.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  return {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    ...(code === undefined ? {} : { code }),
  };
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

export function loggerOptions(level: string, pretty: boolean): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      err: serializeError,
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
  };
}
