import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
import { messages } from '@ledgerdesk/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import { createThrottle, type Throttle } from '../lib/throttle';

/**
 * The general rate limit, by class of route: requests per minute, counted per client address or
 * per signed-in user (README "Rate limits"). RATE_LIMIT multiplies every number, or turns it off.
 */
export const RATE_LIMIT_CLASSES = {
  /** Sign-in, sign-up, forgotten and reset passwords: each hashes a password or sends mail. */
  auth: { perMinute: 20, per: 'address' },
  /** Every other route open without signing in. */
  public: { perMinute: 120, per: 'address' },
  /** Signed-in GET. */
  read: { perMinute: 600, per: 'user' },
  /** Signed-in POST, PUT, PATCH, DELETE. */
  write: { perMinute: 120, per: 'user' },
  /** Exports and imports: whole tables streamed or written. */
  expensive: { perMinute: 10, per: 'user' },
} as const satisfies Record<string, { perMinute: number; per: 'address' | 'user' }>;
export type RateClass = keyof typeof RATE_LIMIT_CLASSES;

/** Requests a class allows per minute, with RATE_LIMIT's factor (at least one). */
export const rateLimitOf = (rateClass: RateClass, factor: number) =>
  Math.max(1, Math.round(RATE_LIMIT_CLASSES[rateClass].perMinute * factor));

const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's rate-limit class, when it is not the one its access and method give ('public';
     * signed-in 'read' for GET, 'write' otherwise): 'auth' or 'expensive'. `rateLimit: false`
     * exempts a route (health probes).
     */
    rateClass?: RateClass;
  }
}

export function rateClassOf(request: FastifyRequest): RateClass {
  const { rateClass, access } = request.routeOptions.config;
  if (rateClass) return rateClass;
  if (access === 'public') return 'public';
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/**
 * @fastify/rate-limit's store over the database's counters (lib/throttle.ts), so that every node
 * counts against the same numbers: one atomic upsert per request.
 */
function databaseStore(throttle: Throttle, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      throttle.count(key, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => {
          // The request goes through (skipOnError): a database that fails says so on its own.
          log.warn({ err: error }, 'rate limit counter failed');
          callback(error);
        },
      );
    }
    child() {
      return this;
    }
  };
}

/**
 * Registers the rate limit on every route under /api (before the routes: it hooks each as it is
 * declared). Its hook runs after the app-wide onRequest hook of plugins/auth.ts, so the user is
 * known when the key is made. A limit reached answers 429 with Retry-After in the API's error shape.
 */
export async function registerRateLimit(app: FastifyInstance, deps: { db: Database; factor: number }) {
  if (deps.factor <= 0) return;
  await app.register(rateLimit, {
    global: true,
    timeWindow: WINDOW_MS,
    store: databaseStore(createThrottle(deps.db), app.log),
    skipOnError: true,
    allowList: (request) => !request.routeOptions.url?.startsWith('/api'),
    keyGenerator: (request) => {
      const rateClass = rateClassOf(request);
      const who =
        RATE_LIMIT_CLASSES[rateClass].per === 'user' && request.user
          ? `user:${request.user.id}`
          : normalizeIP(request.ip);
      return `rate:${rateClass}:${who}`;
    },
    max: (request) => rateLimitOf(rateClassOf(request), deps.factor),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return AppError.tooManyRequests(messages.tooManyRequests(seconds), seconds);
    },
  });
}
