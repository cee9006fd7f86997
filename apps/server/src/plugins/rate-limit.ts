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

/** How many numbers a node takes at once from a key's shared count: a fiftieth of the limit, 1 to 100. */
export const leaseSize = (max: number) => Math.min(100, Math.max(1, Math.floor(max / 50)));

/** After this many claims a node forgets the leases whose window is over. */
const FORGET_EVERY = 1000;

/**
 * A key's count is shared by every node (lib/throttle.ts), but a database write for each request
 * was a quarter of a signed-in read's cost. So a node claims a block of numbers at once (one write,
 * leaseSize) and gives them to its next requests of that key until the block or its window runs
 * out. Every number is claimed once across the nodes, so no more than the limit is ever let through;
 * numbers another node holds unused can make a key refused a little early (at most a block per
 * node). Limits under 100 a window take blocks of one: each request is counted in the database.
 */
export function createLeasedCounter(throttle: Throttle) {
  const leases = new Map<string, { next: number; last: number; endsAt: number }>();
  const claiming = new Map<string, Promise<unknown>>();
  let claims = 0;

  const forgetEnded = (now: number) => {
    for (const [key, lease] of leases) if (lease.endsAt <= now) leases.delete(key);
  };

  return async function count(key: string, windowMs: number, max: number) {
    for (;;) {
      const now = Date.now();
      const lease = leases.get(key);
      if (lease && lease.next <= lease.last && now < lease.endsAt) {
        return { hits: lease.next++, msLeft: lease.endsAt - now };
      }
      // A claim under way for this key: its block serves this request too, once it has come.
      const pending = claiming.get(key);
      if (pending) {
        await pending.catch(() => {});
        continue;
      }
      const size = leaseSize(max);
      const claim = throttle.count(key, windowMs, size);
      claiming.set(key, claim);
      try {
        const { hits: total, msLeft } = await claim;
        const first = total - size + 1;
        if (size > 1) leases.set(key, { next: first + 1, last: total, endsAt: Date.now() + msLeft });
        else leases.delete(key);
        if (++claims % FORGET_EVERY === 0) forgetEnded(Date.now());
        return { hits: first, msLeft };
      } finally {
        claiming.delete(key);
      }
    }
  };
}

/** @fastify/rate-limit's store over the leased counts: every node counts against the same numbers. */
function databaseStore(throttle: Throttle, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const count = createLeasedCounter(throttle);
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      count(key, timeWindow, max).then(
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
