import path from 'node:path';
import { z } from 'zod/mini';

/** The only reader of process.env (ARCHITECTURE.md "Configuration"). */

const bool = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  z.transform((v) => v === 'true' || v === '1' || v === 'yes'),
);

const url = (protocols: string[]) =>
  z.string().check(
    z.refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    ),
  );

const number = (message: string, ...checks: Parameters<ReturnType<typeof z.number>['check']>) =>
  z.coerce.number(message).check(...checks);

const envSchema = z.object({
  PORT: z._default(
    number(
      'must be a port number',
      z.int('must be a whole number'),
      z.minimum(0, 'must be between 0 and 65535'),
      z.maximum(65535, 'must be between 0 and 65535'),
    ),
    3000,
  ),
  HOST: z._default(z.string().check(z.minLength(1, 'must not be empty')), '127.0.0.1'),
  DATA_DIR: z._default(z.string().check(z.minLength(1, 'must not be empty')), './data'),
  DATABASE_URL: z.optional(url(['postgres:', 'postgresql:'])),
  PUBLIC_URL: z.optional(url(['http:', 'https:'])),
  SMTP_URL: z.optional(url(['smtp:', 'smtps:'])),
  MAIL_FROM: z.optional(
    z.string().check(z.minLength(3, 'must be an address such as "Ledgerdesk <no-reply@example.com>"')),
  ),
  ADMIN_EMAIL: z.optional(z.email('must be an email address')),
  ADMIN_PASSWORD: z.optional(z.string().check(z.minLength(8, 'must be at least 8 characters'))),
  SEED_DEMO: z._default(bool, true),
  LOG_LEVEL: z._default(
    z.enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ),
    'info',
  ),
  SESSION_TTL_HOURS: z._default(
    number(
      'must be a number of hours',
      z.positive('must be more than 0'),
      z.maximum(24 * 90, 'must be at most 2160 (90 days)'),
    ),
    12,
  ),
  AUTH_CACHE_SECONDS: z._default(
    number(
      'must be a number of seconds',
      z.minimum(0, 'must be 0 (off) or more'),
      z.maximum(60, 'must be at most 60'),
    ),
    5,
  ),
  SHUTDOWN_TIMEOUT: z._default(
    number(
      'must be a number of seconds',
      z.positive('must be more than 0'),
      z.maximum(600, 'must be at most 600 (10 minutes)'),
    ),
    10,
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  logLevel: z.output<typeof envSchema>['LOG_LEVEL'];
  sessionTtlMs: number;
  /** How long who a token belongs to is remembered (modules/auth/callers.ts); 0: not at all. */
  authCacheMs: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {}

/** Reads the configuration; a bad value throws a ConfigError whose message names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as it does in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${name} ${issue?.message ?? 'is not valid'} (got "${env[name] ?? ''}")`);
  }
  const e = parsed.data;
  if (e.ADMIN_PASSWORD && !e.ADMIN_EMAIL)
    throw new ConfigError('ADMIN_EMAIL must be set with ADMIN_PASSWORD');
  const publicHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://${publicHost}:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Ledgerdesk <no-reply@ledgerdesk.local>',
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    authCacheMs: e.AUTH_CACHE_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
  };
}
