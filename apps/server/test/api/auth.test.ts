import { createHash } from 'node:crypto';
import { messages } from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle, passwordResetTokens, sessions, users } from '../../src/db/schema';
import { LOGIN_LIMITS } from '../../src/modules/auth/service';
import { ADMIN, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/users/login/', payload: payload as object, remoteAddress });
const me = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/users/me/',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('POST /api/users/login/', () => {
  it('answers the user, their permissions and a token', async () => {
    const res = await login({ email: ADMIN.email, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email: ADMIN.email, username: 'admin', role: 'admin', groups: [] });
    expect(body.permissions).toContain('users.manage');
    expect(body.permissions).toContain('audit.view');
    expect(body.accessToken).toMatch(/^[\w-]{43}$/);
    expect(body).not.toHaveProperty('passwordHash');
  });

  it('matches the email without regard to case or surrounding spaces', async () => {
    const res = await login({ email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const wrong = await login({ email: ADMIN.email, password: 'not-the-password' }, '10.0.0.1');
    const unknown = await login({ email: 'nobody@test.local', password: 'whatever-it-is' }, '10.0.0.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ errorCode: 'LOGIN_FAILED', errorMessage: messages.loginFailed });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a deactivated account with the same message', async () => {
    await ctx.createUser({ email: 'gone@test.local', password: 'gone-password-1', isActive: false });
    const res = await login({ email: 'gone@test.local', password: 'gone-password-1' }, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorMessage).toBe(messages.loginFailed);
  });

  it('answers 400 with field errors for missing or malformed fields', async () => {
    const res = await login({ email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errorCode).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors.email).toBe('Please enter a valid email address.');
    expect(body.fieldErrors.password).toBeTruthy();
  });

  it('stores only the SHA-256 of the token, and an argon2id hash of the password', async () => {
    const token = await ctx.login(ADMIN.email, ADMIN.password);
    const digest = createHash('sha256').update(token).digest('hex');
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, digest));
    expect(session).toBeDefined();
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, token))).toHaveLength(
      0,
    );
    const [admin] = await ctx.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin?.lastLoginAt).toBeInstanceOf(Date);
  });
});

describe('bearer sessions', () => {
  it('GET /api/users/me/ answers the signed-in user', async () => {
    const token = await ctx.login(ADMIN.email, ADMIN.password);
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: ADMIN.email, role: 'admin' });
    expect(res.json()).not.toHaveProperty('accessToken');
  });

  it.each([
    ['no token', undefined],
    ['an unknown token', 'x'.repeat(43)],
  ])('answers 401 Invalid credentials with %s', async (_label, token) => {
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errorCode: 'UNAUTHORIZED', errorMessage: messages.invalidCredentials });
  });

  it('answers 401 for a malformed Authorization header', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('logout revokes the token of the request and only that one', async () => {
    const first = await ctx.login(ADMIN.email, ADMIN.password);
    const second = await ctx.login(ADMIN.email, ADMIN.password);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/logout/',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('an expired session is refused', async () => {
    const token = await ctx.login(ADMIN.email, ADMIN.password);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a deactivated user loses their sessions at once', async () => {
    await ctx.createUser({ email: 'leaver@test.local', password: 'leaver-password-1' });
    const token = await ctx.login('leaver@test.local', 'leaver-password-1');
    expect((await me(token)).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'leaver@test.local'));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expiry slides forward when the session is used', async () => {
    const token = await ctx.login(ADMIN.email, ADMIN.password);
    const tokenHash = createHash('sha256').update(token).digest('hex');
    // Pretend the session was last used ten minutes ago and expires in one minute.
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '10 minutes'`, expiresAt: sql`now() + interval '1 minute'` })
      .where(eq(sessions.tokenHash, tokenHash));
    expect((await me(token)).statusCode).toBe(200);
    const [session] = await ctx.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    const remainingHours = ((session?.expiresAt.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(remainingHours).toBeGreaterThan(11.9);
    expect(remainingHours).toBeLessThanOrEqual(12);
  });
});

describe('throttling of failed sign-ins', () => {
  const pairRule = LOGIN_LIMITS.perAccountAndAddress;
  const counter = async (key: string) => {
    const [row] = await ctx.database.db.select().from(authThrottle).where(eq(authThrottle.key, key));
    return row;
  };
  /** Ends the key's lock, as if its time had passed (no waiting in tests). */
  const endLock = (key: string) =>
    ctx.database.db
      .update(authThrottle)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(authThrottle.key, key));
  const retryMinutes = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']) / 60;

  it(`locks an account for the guessing address after ${pairRule.limit} failures; its owner still signs in`, async () => {
    await ctx.createUser({ email: 'target@test.local', password: 'target-password-1' });
    const attacker = '10.1.0.1';
    for (let i = 0; i < pairRule.limit; i++) {
      const res = await login({ email: 'target@test.local', password: `wrong-guess-${i}` }, attacker);
      expect(res.statusCode).toBe(401);
    }
    // The attacker is stopped, even with the right password, for the first lock's minute.
    const locked = await login({ email: 'target@test.local', password: 'target-password-1' }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      errorCode: 'TOO_MANY_REQUESTS',
      errorMessage: messages.tooManyLoginAttempts(pairRule.lockMinutes),
    });
    expect(retryMinutes(locked)).toBeGreaterThan(pairRule.lockMinutes - 1);
    expect(retryMinutes(locked)).toBeLessThanOrEqual(pairRule.lockMinutes);
    // The owner, from their own address, signs in while the attacker keeps hammering.
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: 'target@test.local', password: 'wrong-again' }, attacker);
      expect(res.statusCode).toBe(429);
    }
    const owner = await login({ email: 'target@test.local', password: 'target-password-1' }, '10.1.9.9');
    expect(owner.statusCode).toBe(200);
    // The counters live in the database, where another server process reads them too; a locked
    // attempt is not even tried, so it does not count.
    expect((await counter('email-ip:target@test.local 10.1.0.1'))?.failures).toBe(pairRule.limit);
    expect((await counter('email:target@test.local'))?.failures).toBe(pairRule.limit);
  });

  it(`doubles the lock with each further failure, up to ${pairRule.maxLockMinutes} minutes`, async () => {
    await ctx.createUser({ email: 'doubled@test.local', password: 'doubled-password-1' });
    const address = '10.1.1.1';
    const key = `email-ip:doubled@test.local ${address}`;
    for (let i = 0; i < pairRule.limit; i++) {
      await login({ email: 'doubled@test.local', password: 'wrong-guess' }, address);
    }
    for (const minutes of [2, 4, 8, 15, 15]) {
      await endLock(key);
      expect(
        (await login({ email: 'doubled@test.local', password: 'wrong-guess' }, address)).statusCode,
      ).toBe(401);
      const locked = await login({ email: 'doubled@test.local', password: 'doubled-password-1' }, address);
      expect(locked.statusCode).toBe(429);
      expect(retryMinutes(locked)).toBeGreaterThan(minutes - 1);
      expect(retryMinutes(locked)).toBeLessThanOrEqual(minutes);
    }
    // Once the lock is over, the right password gets in and the owner's own count is forgotten.
    await endLock(key);
    expect(
      (await login({ email: 'doubled@test.local', password: 'doubled-password-1' }, address)).statusCode,
    ).toBe(200);
    expect(await counter(key)).toBeUndefined();
  });

  it(`the ceiling of ${LOGIN_LIMITS.perAccount.limit} failures per account bounds guesses from many addresses, but not from the owner's`, async () => {
    await ctx.createUser({ email: 'spread@test.local', password: 'spread-password-1' });
    const ownersAddress = '10.5.0.1';
    expect(
      (await login({ email: 'spread@test.local', password: 'spread-password-1' }, ownersAddress)).statusCode,
    ).toBe(200);
    // All at once, from as many addresses: each count is one atomic statement, so none is lost.
    const answers = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perAccount.limit }, (_, i) =>
        login(
          { email: 'spread@test.local', password: `guess-${i}` },
          `10.5.${1 + Math.floor(i / 200)}.${(i % 200) + 1}`,
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 401));
    expect((await counter('email:spread@test.local'))?.failures).toBe(LOGIN_LIMITS.perAccount.limit);

    const fresh = await login({ email: 'spread@test.local', password: 'spread-password-1' }, '10.5.9.9');
    expect(fresh.statusCode).toBe(429);
    expect(retryMinutes(fresh)).toBeGreaterThan(LOGIN_LIMITS.perAccount.lockMinutes - 1);
    // From an address the account signed in from before, the owner still gets in.
    expect(
      (await login({ email: 'spread@test.local', password: 'spread-password-1' }, ownersAddress)).statusCode,
    ).toBe(200);
  });

  it("a password reset forgets the account's failures, from every address", async () => {
    const userId = await ctx.createUser({ email: 'reset-me@test.local', password: 'reset-me-password-1' });
    const address = '10.6.0.1';
    for (let i = 0; i < pairRule.limit; i++) {
      await login({ email: 'reset-me@test.local', password: 'wrong-guess' }, address);
    }
    expect(
      (await login({ email: 'reset-me@test.local', password: 'reset-me-password-1' }, address)).statusCode,
    ).toBe(429);
    const token = 'a-reset-token-known-to-the-test-only';
    await ctx.database.db.insert(passwordResetTokens).values({
      userId,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'harbour-lantern-77' },
      remoteAddress: address,
    });
    expect(reset.statusCode).toBe(200);
    expect(await counter('email:reset-me@test.local')).toBeUndefined();
    expect(await counter(`email-ip:reset-me@test.local ${address}`)).toBeUndefined();
    expect(
      (await login({ email: 'reset-me@test.local', password: 'harbour-lantern-77' }, address)).statusCode,
    ).toBe(200);
  });

  it(`locks an address after ${LOGIN_LIMITS.perAddress.limit} failures across accounts`, async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit; i++) {
      const res = await login({ email: `guess${i}@test.local`, password: 'wrong-guess' }, address);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: ADMIN.email, password: ADMIN.password }, address);
    expect(locked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the count of that account from that address', async () => {
    await ctx.createUser({ email: 'forgetful@test.local', password: 'forgetful-password-1' });
    for (let i = 0; i < pairRule.limit - 1; i++) {
      await login({ email: 'forgetful@test.local', password: 'wrong-guess' }, '10.3.0.1');
    }
    expect(
      (await login({ email: 'forgetful@test.local', password: 'forgetful-password-1' }, '10.3.0.1'))
        .statusCode,
    ).toBe(200);
    expect(await counter('email-ip:forgetful@test.local 10.3.0.1')).toBeUndefined();
    // So one more mistake does not lock the account.
    expect(
      (await login({ email: 'forgetful@test.local', password: 'wrong-guess' }, '10.3.0.1')).statusCode,
    ).toBe(401);
    expect(
      (await login({ email: 'forgetful@test.local', password: 'forgetful-password-1' }, '10.3.0.1'))
        .statusCode,
    ).toBe(200);
  });

  it('a failure after the window has passed starts a new count', async () => {
    await ctx.createUser({ email: 'slow@test.local', password: 'slow-password-1' });
    const key = 'email-ip:slow@test.local 10.4.0.1';
    for (let i = 0; i < pairRule.limit - 1; i++) {
      await login({ email: 'slow@test.local', password: 'wrong-guess' }, '10.4.0.1');
    }
    await ctx.database.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`now() - interval '2 hours'` })
      .where(eq(authThrottle.key, key));
    await login({ email: 'slow@test.local', password: 'wrong-guess' }, '10.4.0.1');
    const row = await counter(key);
    expect(row?.failures).toBe(1);
    expect(row?.lockedUntil).toBeNull();
  });
});
