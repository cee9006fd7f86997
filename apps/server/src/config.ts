import { isIP } from 'node:net';
import path from 'node:path';
import {
  DEFAULT_MAX_UPLOAD_FILES,
  DEFAULT_MAX_UPLOAD_MB,
  DEFAULT_UPLOAD_QUOTA_MB,
  email,
} from '@ledgerdesk/contracts';
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
  // The contracts' e-mail rule, with this file's wording of the message.
  ADMIN_EMAIL: z.optional(
    z.string().check(z.refine((value) => email.safeParse(value).success, 'must be an email address')),
  ),
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
  TRUST_PROXY: z.optional(z.string()),
  RATE_LIMIT: z.optional(z.string()),
  SHUTDOWN_TIMEOUT: z._default(
    number(
      'must be a number of seconds',
      z.positive('must be more than 0'),
      z.maximum(600, 'must be at most 600 (10 minutes)'),
    ),
    10,
  ),
  MAX_UPLOAD_MB: z._default(
    number(
      'must be a number of megabytes',
      z.positive('must be more than 0'),
      z.maximum(1024 * 1024, 'must be at most 1048576 (1 TB)'),
    ),
    DEFAULT_MAX_UPLOAD_MB,
  ),
  MAX_UPLOAD_FILES: z._default(
    number(
      'must be a number of files',
      z.int('must be a whole number'),
      z.minimum(1, 'must be at least 1'),
      z.maximum(1000, 'must be at most 1000'),
    ),
    DEFAULT_MAX_UPLOAD_FILES,
  ),
  MARKET_TICK_MS: z._default(
    number(
      'must be a number of milliseconds',
      z.int('must be a whole number'),
      z.refine(
        (value) => value === 0 || (value >= 1000 && value <= 3_600_000),
        'must be 0 (off) or 1000 to 3600000',
      ),
    ),
    5000,
  ),
  UPLOAD_QUOTA_MB: z._default(
    number(
      'must be a number of megabytes',
      z.positive('must be more than 0'),
      z.maximum(1024 * 1024 * 1024, 'must be at most 1073741824 (1 PB)'),
    ),
    DEFAULT_UPLOAD_QUOTA_MB,
  ),
  NFT_AUCTION_SWEEP_MS: z._default(
    number(
      'must be a number of milliseconds (0: off)',
      z.int('must be a whole number'),
      z.minimum(0, 'must be 0 (off) or more'),
      z.maximum(3_600_000, 'must be at most 3600000 (an hour)'),
    ),
    5000,
  ),
});

/** Names @fastify/proxy-addr knows for the private ranges, allowed in TRUST_PROXY beside addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which peers may say who the client is (X-Forwarded-For): none (false), or peers at these
 * addresses or CIDRs. Refused: `true` (anyone: every client could then choose its own address and
 * walk past the per-address limits) and a hop count (it cannot tell the proxy from a client that
 * sends its own header, and Fastify 5 trusts no one when given a number).
 */
function parseTrustProxy(value: string | undefined): false | string[] {
  if (value === undefined || value === 'false') return false;
  const fail = (why: string): never => {
    throw new ConfigError(`TRUST_PROXY ${why} (got "${value}")`);
  };
  const instead = "give the proxy's addresses or CIDRs, such as 127.0.0.1 or 10.0.0.0/8,fd00::/8";
  if (value === 'true')
    fail(`must not be true: that would believe any X-Forwarded-For a client sends; ${instead}`);
  if (/^\d+$/.test(value))
    fail(`must not be a hop count: it cannot tell the proxy from a client; ${instead}`);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (!family || !prefixOk || extra !== undefined)
      fail(
        `must be false or a comma-separated list of addresses, CIDRs (such as 10.0.0.0/8) or ${PROXY_RANGE_NAMES.join('/')}: "${entry}" is none of these`,
      );
  }
  return entries;
}

/** `off` (no general rate limit), or a factor for every class's limit (1: the defaults). */
function parseRateLimit(value: string | undefined): number {
  if (value === undefined) return 1;
  if (value === 'off' || value === 'false' || value === '0') return 0;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor <= 0 || factor > 10_000)
    throw new ConfigError(
      `RATE_LIMIT must be off or a factor for the limits between 0 and 10000, such as 1 or 2.5 (got "${value}")`,
    );
  return factor;
}

/** A sign-in provider (OpenID Connect) of OIDC_PROVIDERS, with its OIDC_<ID>_* settings. */
export type OidcProviderConfig = {
  /** As in OIDC_PROVIDERS, lower case: the addresses name it (/api/auth/oidc/<id>/…). */
  id: string;
  /** The button's text ("Sign in with <label>"). */
  label: string;
  /** The issuer identifier: its /.well-known/openid-configuration is read. */
  issuer: string;
  clientId: string;
  clientSecret: string;
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http on this machine only (a provider for development or tests). */
const issuerUrl = z.string('must be set').check(
  z.refine((value) => {
    try {
      const { protocol, hostname, search, hash } = new URL(value);
      if (search || hash) return false;
      return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.has(hostname));
    } catch {
      return false;
    }
  }, 'must be an https URL (http only on localhost), without query or fragment'),
);

const oidcProviderSchema = z.object({
  ISSUER: issuerUrl,
  CLIENT_ID: z.string('must be set').check(z.minLength(1, 'must be set')),
  CLIENT_SECRET: z.string('must be set').check(z.minLength(1, 'must be set')),
  LABEL: z.optional(z.string().check(z.maxLength(40, 'must be at most 40 characters'))),
});

/**
 * OIDC_PROVIDERS=acme,corp, then OIDC_ACME_ISSUER, OIDC_ACME_CLIENT_ID, OIDC_ACME_CLIENT_SECRET and
 * OIDC_ACME_LABEL (the label defaults to the id) for each.
 */
function parseOidcProviders(env: Record<string, string | undefined>): OidcProviderConfig[] {
  const list = env.OIDC_PROVIDERS;
  if (list === undefined) return [];
  const ids = list.split(',').map((id) => id.trim().toLowerCase());
  const found: OidcProviderConfig[] = [];
  for (const id of ids) {
    if (!/^[a-z][a-z0-9_]{0,29}$/.test(id))
      throw new ConfigError(
        `OIDC_PROVIDERS must be a comma-separated list of ids (a letter, then letters, digits or _), such as acme,corp (got "${list}")`,
      );
    if (found.some((provider) => provider.id === id))
      throw new ConfigError(`OIDC_PROVIDERS names "${id}" twice (got "${list}")`);
    const prefix = `OIDC_${id.toUpperCase()}_`;
    const settings = Object.fromEntries(
      Object.entries(env)
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, value]) => [name.slice(prefix.length), value]),
    );
    const parsed = oidcProviderSchema.safeParse(settings);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const name = `${prefix}${String(issue?.path[0] ?? 'ISSUER')}`;
      throw new ConfigError(`${name} ${issue?.message ?? 'is not valid'} (got "${env[name] ?? ''}")`);
    }
    const p = parsed.data;
    found.push({
      id,
      label: p.LABEL ?? id,
      issuer: p.ISSUER,
      clientId: p.CLIENT_ID,
      clientSecret: p.CLIENT_SECRET,
    });
  }
  return found;
}

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
  /** Fastify's `trustProxy`: false, or the proxies' addresses and CIDRs. */
  trustProxy: false | string[];
  /** Factor for the limits of plugins/rate-limit.ts; 0: no general rate limit. */
  rateLimit: number;
  /** On SIGTERM/SIGINT, how long requests in flight may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The largest file an upload may send, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** The most files one upload request may send (MAX_UPLOAD_FILES). */
  maxUploadFiles: number;
  /** What each user's files may take in all, in bytes (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** The simulated crypto market's step, in ms (MARKET_TICK_MS); 0: the market does not tick. */
  marketTickMs: number;
  /** How often each node closes the NFT auctions that have ended; 0: never (tests sweep themselves). */
  nftAuctionSweepMs: number;
  /** The sign-in providers (OpenID Connect), in the order of OIDC_PROVIDERS; none by default. */
  oidcProviders: OidcProviderConfig[];
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
    adminEmail: e.ADMIN_EMAIL === undefined ? undefined : email.parse(e.ADMIN_EMAIL),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    authCacheMs: e.AUTH_CACHE_SECONDS * 1000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimit: parseRateLimit(e.RATE_LIMIT),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxUploadFiles: e.MAX_UPLOAD_FILES,
    uploadQuotaBytes: Math.floor(e.UPLOAD_QUOTA_MB * 1024 * 1024),
    marketTickMs: e.MARKET_TICK_MS,
    nftAuctionSweepMs: e.NFT_AUCTION_SWEEP_MS,
    oidcProviders: parseOidcProviders(present),
  };
}
