import {
  API_KEY_PREFIX,
  permissions as allPermissions,
  apiKeyMessages,
  errorCodes,
  isPermission,
  type LoginRequest,
  messages,
  REMEMBER_BROWSER_DAYS,
  type SessionUser,
  type SignInResult,
  type TwoStepVerifyRequest,
  type TwoStepVerifyResponse,
  twoStepMessages,
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
import type { TwoStepService } from '../two-step/service';
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

/**
 * Who is signing in, from where: what every kind of sign-in hands to `signIn` (see `signInClientOf`).
 * `rememberedBrowser`: the token of the "remember this browser" cookie, when the browser sent one.
 */
export type SignInClient = {
  ip: string;
  userAgent: string;
  requestId: string;
  rememberedBrowser?: string | null;
};

/**
 * The "remember this browser" token lives in a cookie, not in the page's storage: httpOnly, a
 * script (an injected one included) cannot read it; SameSite=Strict, another site cannot make the
 * browser send it; and its path is the sign-in routes' (/api/users/: the password login, the second
 * step, the social login), so no other request carries it.
 */
export const REMEMBER_COOKIE = 'ledgerdesk_remember';
const REMEMBER_COOKIE_PATH = '/api/users/';

/** The Set-Cookie value that keeps `token` for REMEMBER_BROWSER_DAYS. */
export function rememberCookie(token: string, secure: boolean): string {
  const maxAge = REMEMBER_BROWSER_DAYS * 24 * 60 * 60;
  return `${REMEMBER_COOKIE}=${token}; Path=${REMEMBER_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

/** The client of a sign-in request: its address, browser and remembered-browser cookie. */
export function signInClientOf(request: {
  ip: string;
  id: unknown;
  headers: { 'user-agent'?: string; cookie?: string };
}): SignInClient {
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REMEMBER_COOKIE}=`));
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    requestId: String(request.id),
    rememberedBrowser: cookie ? cookie.slice(REMEMBER_COOKIE.length + 1) : null,
  };
}

/** Audited changes of these may change who a token is, or what it may do: see callers.ts. */
export const AUTH_ENTITIES: ReadonlySet<string> = new Set(['session', 'user', 'group', 'apiKey']);

export function createAuthService(deps: {
  db: Database;
  config: Config;
  audit: AuditLog;
  twoStep: TwoStepService;
}) {
  const { db, config, audit, twoStep } = deps;
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

  /**
   * Opens a session: the end of every sign-in, once the identity and any second step are proven.
   * Answers its token; the caller describes the user once the transaction is over (PGlite has one
   * connection: a query outside the transaction would wait for it forever).
   */
  async function openSession(
    executor: Database,
    user: typeof users.$inferSelect,
    client: SignInClient,
  ): Promise<string> {
    const token = newToken();
    const [created] = await executor
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
    if (!created) throw new Error('session insert returned nothing');
    await executor.update(users).set({ lastLoginAt: sql`now()` }).where(eq(users.id, user.id));
    await audit.record(executor, actorFor(user, client), {
      action: 'login',
      entity: 'session',
      key: created.id,
      after: { userAgent: client.userAgent.slice(0, 200) },
    });
    return token;
  }

  const actorFor = (user: { id: string; email: string }, client: SignInClient): Actor => ({
    id: user.id,
    label: user.email,
    ip: client.ip,
    requestId: client.requestId,
  });

  /**
   * What follows a proven identity (a password, a provider): the one way every kind of sign-in
   * ends. With two-step verification on, a challenge for the second step (unless this browser is
   * remembered); not on but required by a group, a challenge to enrol; else a session.
   */
  async function signIn(user: typeof users.$inferSelect, client: SignInClient): Promise<SignInResult> {
    if (await twoStep.isEnabled(user.id)) {
      if (!(await twoStep.recognises(user.id, client.rememberedBrowser, client)))
        return { twoStep: { ticket: await twoStep.createChallenge(user.id, 'verify'), mode: 'verify' } };
    } else if (await twoStep.isRequired(user.id)) {
      return { twoStep: { ticket: await twoStep.createChallenge(user.id, 'enrol'), mode: 'enrol' } };
    }
    const accessToken = await db.transaction((tx) => openSession(tx as Database, user, client));
    return { ...(await describeUser(user)), accessToken };
  }

  /**
   * Refuses (429) a sign-in attempt while its counters are locked: the pair and the address, and the
   * account's ceiling unless the account has signed in from this address before.
   */
  async function assertMayTry(email: string, client: SignInClient, userId: string | null) {
    const keys = loginKeys(email, client.ip);
    assertNotLocked(await throttle.lockedUntil([keys.pair, keys.address]));
    const ceiling = await throttle.lockedUntil([keys.account]);
    if (ceiling && !(userId && (await signedInFrom(userId, client.ip)))) assertNotLocked(ceiling);
  }

  /** Counts a failed attempt (a wrong password or a wrong second-step code) on all three counters. */
  async function countFailure(email: string, ip: string) {
    const keys = loginKeys(email, ip);
    await throttle.hit(keys.pair, LOGIN_LIMITS.perAccountAndAddress);
    await throttle.hit(keys.address, LOGIN_LIMITS.perAddress);
    await throttle.hit(keys.account, LOGIN_LIMITS.perAccount);
  }

  /** The user of a waiting sign-in, who must still be allowed in. */
  async function userOfChallenge(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user?.isActive)
      throw new AppError(401, errorCodes.twoStepTicketInvalid, twoStepMessages.ticketInvalid);
    return user;
  }

  return {
    describeUser,
    signIn,

    async describeUserById(id: string): Promise<SessionUser> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw AppError.notFound();
      return describeUser(user);
    },

    async login(input: LoginRequest, client: SignInClient): Promise<SignInResult> {
      const email = input.email.trim().toLowerCase();
      const keys = loginKeys(email, client.ip);
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      await assertMayTry(email, client, user?.id ?? null);

      const passwordOk = await verifyPassword(user?.passwordHash, input.password);
      // An account whose address is not confirmed fails like a wrong password: anyone can sign up
      // with someone else's address and a password of their own, so a distinct answer for "right
      // password, not confirmed" would tell them whether the address already had an account (then
      // their password is not the one stored). The login page offers the link again on a failure.
      if (!user || !passwordOk || !user.isActive || !user.emailVerifiedAt) {
        await countFailure(email, client.ip);
        throw new AppError(401, errorCodes.loginFailed, messages.loginFailed);
      }
      const result = await signIn(user, client);
      // The owner's own mistakes from here are forgotten (once the second step is passed, when there
      // is one); the ceiling is not, or a guesser spread over many addresses would get a fresh
      // allowance each time the owner signs in.
      if (!('twoStep' in result)) await throttle.clear(keys.pair);
      return result;
    },

    /**
     * The second step of a sign-in: a code of the authenticator or a recovery code (mode 'verify'),
     * or the first code of the authenticator being set up (mode 'enrol': the answer holds the
     * recovery codes). A wrong code counts as a failed sign-in (LOGIN_LIMITS) and against the
     * ticket's attempts. With `remember`, the answer's `rememberToken` goes in the cookie.
     */
    async completeTwoStep(
      input: TwoStepVerifyRequest,
      client: SignInClient,
    ): Promise<{ response: TwoStepVerifyResponse; rememberToken: string | null }> {
      const challenge = await twoStep.challengeOf(input.ticket);
      const user = await userOfChallenge(challenge.userId);
      await assertMayTry(user.email, client, user.id);
      const actor = actorFor(user, client);
      const result = await db.transaction(async (tx) => {
        const executor = tx as Database;
        const proof =
          challenge.mode === 'enrol'
            ? await twoStep.confirmEnrolment(executor, user.id, input.code, actor)
            : await twoStep.checkCode(executor, user.id, input.code, actor);
        if (!proof) return null;
        await twoStep.consumeChallenge(executor, challenge);
        const rememberToken = input.remember
          ? await twoStep.rememberBrowser(executor, user.id, client)
          : null;
        const accessToken = await openSession(executor, user, client);
        return { accessToken, recoveryCodes: Array.isArray(proof) ? proof : undefined, rememberToken };
      });
      if (!result) {
        await countFailure(user.email, client.ip);
        const spent = await twoStep.failAttempt(challenge);
        if (spent) throw new AppError(401, errorCodes.twoStepTicketInvalid, twoStepMessages.ticketInvalid);
        throw new AppError(401, errorCodes.twoStepCodeInvalid, twoStepMessages.codeInvalid);
      }
      await throttle.clear(loginKeys(user.email, client.ip).pair);
      const { accessToken, recoveryCodes, rememberToken } = result;
      const session = { ...(await describeUser(user)), accessToken };
      return { response: recoveryCodes ? { ...session, recoveryCodes } : session, rememberToken };
    },

    /** A sign-in that must enrol: the secret to set up, for its ticket (409 for another kind of ticket). */
    async enrolmentOf(ticket: string) {
      const challenge = await twoStep.challengeOf(ticket);
      if (challenge.mode !== 'enrol') throw AppError.conflict(twoStepMessages.ticketWrongMode);
      const user = await userOfChallenge(challenge.userId);
      return twoStep.startEnrolment(user);
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
        // A browser remembered with the old password skips no second step with the new one.
        const browsersForgotten = await twoStep.forgetBrowsers(tx, userId);
        const keysRevoked = await tx
          .delete(apiKeys)
          .where(eq(apiKeys.userId, userId))
          .returning({ prefix: apiKeys.visiblePrefix });
        await audit.record(tx, actor, {
          action: options.action ?? 'password.set',
          entity: 'user',
          key: userId,
          after: { sessionsEnded, browsersForgotten, apiKeysRevoked: keysRevoked.map((k) => k.prefix) },
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
