import { createHash } from 'node:crypto';
import { messages } from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle, sessions, users } from '../../src/db/schema';
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
    expect(body.fieldErrors.email).toBe('Please enter a valid email.');
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
  it(`locks an account after ${LOGIN_LIMITS.perEmail} failures, even for the right password`, async () => {
    await ctx.createUser({ email: 'target@test.local', password: 'target-password-1' });
    for (let i = 0; i < LOGIN_LIMITS.perEmail; i++) {
      // From different addresses: the account's own counter must trip.
      const res = await login({ email: 'target@test.local', password: 'wrong-guess' }, `10.1.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: 'target@test.local', password: 'target-password-1' }, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorMessage).toBe(messages.tooManyLoginAttempts(LOGIN_LIMITS.lockMinutes));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60 * (LOGIN_LIMITS.lockMinutes - 1));
    // The counter lives in the database, where another server process would read it too.
    const [row] = await ctx.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, 'email:target@test.local'));
    expect(row?.failures).toBe(LOGIN_LIMITS.perEmail);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
  });

  it(`locks an address after ${LOGIN_LIMITS.perAddress} failures across accounts`, async () => {
    const address = '10.2.0.1';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const res = await login({ email: `guess${i}@test.local`, password: 'wrong-guess' }, address);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ email: ADMIN.email, password: ADMIN.password }, address);
    expect(locked.statusCode).toBe(429);
    // Another address is not affected.
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account counter', async () => {
    await ctx.createUser({ email: 'forgetful@test.local', password: 'forgetful-password-1' });
    for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++) {
      await login({ email: 'forgetful@test.local', password: 'wrong-guess' }, '10.3.0.1');
    }
    expect(
      (await login({ email: 'forgetful@test.local', password: 'forgetful-password-1' }, '10.3.0.1'))
        .statusCode,
    ).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, 'email:forgetful@test.local'));
    expect(rows).toHaveLength(0);
    // So one more mistake does not lock the account.
    expect(
      (await login({ email: 'forgetful@test.local', password: 'wrong-guess' }, '10.3.0.1')).statusCode,
    ).toBe(401);
  });

  it('a failure after the window has passed starts a new count', async () => {
    await ctx.createUser({ email: 'slow@test.local', password: 'slow-password-1' });
    for (let i = 0; i < LOGIN_LIMITS.perEmail - 1; i++) {
      await login({ email: 'slow@test.local', password: 'wrong-guess' }, '10.4.0.1');
    }
    await ctx.database.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`now() - interval '1 hour'` })
      .where(eq(authThrottle.key, 'email:slow@test.local'));
    await login({ email: 'slow@test.local', password: 'wrong-guess' }, '10.4.0.1');
    const [row] = await ctx.database.db
      .select()
      .from(authThrottle)
      .where(eq(authThrottle.key, 'email:slow@test.local'));
    expect(row?.failures).toBe(1);
    expect(row?.lockedUntil).toBeNull();
  });
});
