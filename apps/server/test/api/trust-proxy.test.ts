import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../src/db/schema';
import { LOGIN_LIMITS } from '../../src/modules/auth/service';
import { ADMIN, createTestContext, type TestContext } from '../context';

const PROXY = '10.0.0.1';

/** A sign-in that reached the server from `peer`, saying X-Forwarded-For `forwardedFor`. */
const signIn = (ctx: TestContext, payload: object, peer: string, forwardedFor?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/users/login/',
    payload,
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
  });

/** The address of the newest sign-in of the account, as its session and its audit entry hold it. */
async function lastSignInAddress(ctx: TestContext, email: string) {
  const [session] = await ctx.database.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(users.email, email))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  const [entry] = await ctx.database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'login'), eq(auditLog.actorLabel, email)))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return { session: session?.ip, audit: entry?.ip };
}

describe('behind a trusted proxy (TRUST_PROXY)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: `${PROXY},fd00::/8` });
  });
  afterAll(() => ctx.close());

  it('takes the client address from X-Forwarded-For: sessions and the audit log record the client', async () => {
    const res = await signIn(ctx, ADMIN, PROXY, '203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(await lastSignInAddress(ctx, ADMIN.email)).toEqual({
      session: '203.0.113.7',
      audit: '203.0.113.7',
    });
    // Through a chain, the nearest address the trusted proxy did not vouch for is the client.
    await signIn(ctx, ADMIN, PROXY, '198.51.100.9, 203.0.113.8');
    expect((await lastSignInAddress(ctx, ADMIN.email)).audit).toBe('203.0.113.8');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    await signIn(ctx, ADMIN, '192.0.2.50', '203.0.113.99');
    expect(await lastSignInAddress(ctx, ADMIN.email)).toEqual({ session: '192.0.2.50', audit: '192.0.2.50' });
  });

  it(`${LOGIN_LIMITS.perAddress.limit} failed sign-ins from one client lock that client, not the others behind the proxy`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress.limit; i++) {
      const res = await signIn(
        ctx,
        { email: `nobody${i}@test.local`, password: 'wrong-guess' },
        PROXY,
        '203.0.113.20',
      );
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn(ctx, ADMIN, PROXY, '203.0.113.20')).statusCode).toBe(429);
    expect((await signIn(ctx, ADMIN, PROXY, '203.0.113.21')).statusCode).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For: the address is the peer', async () => {
    expect(ctx.config.trustProxy).toBe(false);
    const res = await signIn(ctx, ADMIN, PROXY, '203.0.113.7');
    expect(res.statusCode).toBe(200);
    expect(await lastSignInAddress(ctx, ADMIN.email)).toEqual({ session: PROXY, audit: PROXY });
  });
});
