import {
  API_KEY_PREFIX,
  permissions as allPermissions,
  apiKeyMessages,
  errorCodes,
  isPermission,
  type LoginRequest,
  type LoginResponse,
  messages,
  type SessionUser,
} from '@ledgerdesk/contracts';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { apiKeys, groups, sessions, userGroups, users } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { hashToken, newToken } from '../../lib/tokens';
import { nextVersion } from '../../lib/versions';
import type { AuthUser } from '../../plugins/auth';
import { createCallerCache } from './callers';

/**
 * Failed sign-ins: the attacker is throttled, not the account's owner (README "Sign-in
 * throttling"). An account guessed at from one address locks for that address alone, with a lock
 * that doubles; an address failing across accounts locks whole; and a ceiling per account bounds a
 * guesser spread over many addresses, except from an address the account has signed in from before.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: 5 failures, then locks of 1, 2, 4, 8, then 15 minutes. */
  perAccountAndAddress: { limit: 5, windowMinutes: 60, lockMinutes: 1, maxLockMinutes: 15 },
  /** One address, all accounts. */
  perAddress: { limit: 20, windowMinutes: 15, lockMinutes: 15 },
  /** One account, all addresses: the ceiling. */
  perAccount: { limit: 50, windowMinutes: 60, lockMinutes: 60 },
} as const satisfies Record<string, ThrottleRule>;

/** The counters of a sign-in attempt (lib/throttle.ts keys). */
const loginKeys = (email: string, ip: string) => ({
  pair: `email-ip:${email} ${ip}`,
  address: `ip:${ip}`,
  account: `email:${email}`,
});

// A session's expiry slides forward on use, but at most once a minute, so that reading does not
// turn every request into a write.
const SLIDE_EVERY_MS = 60_000;

/** Audited changes of these may change who a token is, or what it may do: see callers.ts. */
export const AUTH_ENTITIES: ReadonlySet<string> = new Set(['session', 'user', 'group', 'apiKey']);

export function createAuthService(deps: { db: Database; config: Config; audit: AuditLog }) {
  const { db, config, audit } = deps;
  const throttle = createThrottle(db);
  const callers = createCallerCache<AuthUser>(config.authCacheMs);
  audit.onRecord((entry) => {
    if (AUTH_ENTITIES.has(entry.entity)) callers.clear();
  });

  async function describeUser(user: typeof users.$inferSelect): Promise<SessionUser> {
    const memberships = await db
      .select({ id: groups.id, name: groups.name, permissions: groups.permissions })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, user.id))
      .orderBy(groups.name);
    const granted = user.isAdmin
      ? [...allPermissions]
      : [...new Set(memberships.flatMap((g) => g.permissions))].filter(isPermission).sort();
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.isAdmin ? 'admin' : 'user',
      groups: memberships.map(({ id, name }) => ({ id, name })),
      permissions: granted,
    };
  }

  /** Throws 429 while the lock lasts (until `lockedUntil`); nothing when there is none. */
  function assertNotLocked(lockedUntil: Date | null): void {
    if (lockedUntil) {
      const seconds = (lockedUntil.getTime() - Date.now()) / 1000;
      throw AppError.tooManyRequests(
        messages.tooManyLoginAttempts(Math.max(1, Math.ceil(seconds / 60))),
        seconds,
      );
    }
  }

  /** Whether the account has had a session opened from this address (the owner's own place). */
  async function signedInFrom(userId: string, ip: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
      .limit(1);
    return Boolean(row);
  }

  /** Ends a user's sessions, but for `exceptSessionId`; answers how many ended. */
  async function revokeSessions(
    executor: Database,
    userId: string,
    actor: Actor,
    exceptSessionId?: string | null,
  ): Promise<number> {
    const ended = await executor
      .update(sessions)
      .set({ revokedAt: sql`now()`, updatedBy: actor.id })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return ended.length;
  }

  /**
   * The creator behind an API key, with their current permissions: null when the key is unknown,
   * disabled or expired, or its creator deactivated. Its last use is recorded at most once a minute.
   */
  async function authenticateKey(secret: string): Promise<AuthUser | null> {
    const [row] = await db
      .select({
        key: { id: apiKeys.id, prefix: apiKeys.visiblePrefix, lastUsedAt: apiKeys.lastUsedAt },
        user: users,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(
        and(
          eq(apiKeys.secretHash, hashToken(secret)),
          eq(apiKeys.status, 'Active'),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    const { key, user } = row;
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > SLIDE_EVERY_MS) {
      // A use is not a change of the key: updated_at stays.
      await db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()`, updatedAt: sql`${apiKeys.updatedAt}` })
        .where(eq(apiKeys.id, key.id));
    }
    return {
      ...(await describeUser(user)),
      sessionId: null,
      apiKey: { id: key.id, prefix: key.prefix },
      isAdmin: user.isAdmin,
    };
  }

  /** The user behind a bearer token, or null when it is unknown, expired or revoked. */
  async function findCaller(token: string): Promise<AuthUser | null> {
    if (token.startsWith(API_KEY_PREFIX)) {
      const user = await authenticateKey(token);
      if (user) return user;
    }
    const [row] = await db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!row) return null;
    if (Date.now() - row.session.lastSeenAt.getTime() > SLIDE_EVERY_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()`, expiresAt: new Date(Date.now() + config.sessionTtlMs) })
        .where(eq(sessions.id, row.session.id));
    }
    return {
      ...(await describeUser(row.user)),
      sessionId: row.session.id,
      apiKey: null,
      isAdmin: row.user.isAdmin,
    };
  }

  return {
    describeUser,

    async describeUserById(id: string): Promise<SessionUser> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw AppError.notFound();
      return describeUser(user);
    },

    async login(
      input: LoginRequest,
      client: { ip: string; userAgent: string; requestId: string },
    ): Promise<LoginResponse> {
      const email = input.email.trim().toLowerCase();
      const keys = loginKeys(email, client.ip);
      assertNotLocked(await throttle.lockedUntil([keys.pair, keys.address]));

      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      const ceiling = await throttle.lockedUntil([keys.account]);
      if (ceiling && !(user && (await signedInFrom(user.id, client.ip)))) assertNotLocked(ceiling);

      const passwordOk = await verifyPassword(user?.passwordHash, input.password);
      // An account whose address is not confirmed fails like a wrong password: anyone can sign up
      // with someone else's address and a password of their own, so a distinct answer for "right
      // password, not confirmed" would tell them whether the address already had an account (then
      // their password is not the one stored). The login page offers the link again on a failure.
      if (!user || !passwordOk || !user.isActive || !user.emailVerifiedAt) {
        await throttle.hit(keys.pair, LOGIN_LIMITS.perAccountAndAddress);
        await throttle.hit(keys.address, LOGIN_LIMITS.perAddress);
        await throttle.hit(keys.account, LOGIN_LIMITS.perAccount);
        throw new AppError(401, errorCodes.loginFailed, messages.loginFailed);
      }
      // The owner's own mistakes from here are forgotten; the ceiling is not, or a guesser spread
      // over many addresses would get a fresh allowance each time the owner signs in.
      await throttle.clear(keys.pair);
      const token = newToken();
      const session = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(sessions)
          .values({
            userId: user.id,
            tokenHash: hashToken(token),
            expiresAt: new Date(Date.now() + config.sessionTtlMs),
            ip: client.ip,
            userAgent: client.userAgent.slice(0, 500),
            createdBy: user.id,
            updatedBy: user.id,
          })
          .returning({ id: sessions.id });
        await tx.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
        const actor: Actor = { id: user.id, label: user.email, ip: client.ip, requestId: client.requestId };
        await audit.record(tx as Database, actor, {
          action: 'login',
          entity: 'session',
          key: created?.id ?? '',
          after: { userAgent: client.userAgent.slice(0, 200) },
        });
        return created;
      });
      if (!session) throw new Error('session insert returned nothing');
      return { ...(await describeUser(user)), accessToken: token };
    },

    /** The user behind a bearer token, or null: as findCaller says, remembered a few seconds. */
    authenticate: (token: string): Promise<AuthUser | null> =>
      callers.remember(hashToken(token), () => findCaller(token)),
    /**
     * The same without the cache: the live sockets re-check their tokens with it after a change
     * anywhere (another node's sign-out leaves this node's cache a few seconds behind).
     */
    authenticateNow: (token: string): Promise<AuthUser | null> => findCaller(token),

    revokeSessions,

    /** After a password reset the guesses at the old password no longer matter: forgets them all. */
    forgetFailedSignIns: (email: string): Promise<void> => {
      const keys = loginKeys(email.toLowerCase(), '');
      return throttle.clearWithPrefix(keys.account, keys.pair);
    },

    /**
     * Sets a user's password, revokes their sessions (all, or all but `keepSessionId`) and deletes
     * their API keys: whatever was opened or minted with the old password stops working, so a
     * reset after a theft locks the thief out (a key made since must be made again).
     */
    async setPassword(
      userId: string,
      password: string,
      actor: Actor,
      options: { action?: string; keepSessionId?: string | null; executor?: Database } = {},
    ): Promise<void> {
      const passwordHash = await hashPassword(password);
      const run = async (tx: Database) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedBy: actor.id, version: nextVersion(users.version) })
          .where(eq(users.id, userId));
        const sessionsEnded = await revokeSessions(tx, userId, actor, options.keepSessionId);
        const keysRevoked = await tx
          .delete(apiKeys)
          .where(eq(apiKeys.userId, userId))
          .returning({ prefix: apiKeys.visiblePrefix });
        await audit.record(tx, actor, {
          action: options.action ?? 'password.set',
          entity: 'user',
          key: userId,
          after: { sessionsEnded, apiKeysRevoked: keysRevoked.map((k) => k.prefix) },
        });
      };
      if (options.executor) await run(options.executor);
      else await db.transaction((tx) => run(tx as Database));
    },

    async logout(user: AuthUser, actor: Actor): Promise<void> {
      const { sessionId } = user;
      if (!sessionId) throw AppError.forbidden(apiKeyMessages.sessionOnly);
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`now()`, updatedBy: user.id })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
        await audit.record(tx as Database, actor, {
          action: 'logout',
          entity: 'session',
          key: sessionId,
        });
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
