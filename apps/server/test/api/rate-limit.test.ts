import path from 'node:path';
import { messages } from '@ledgerdesk/contracts';
import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app';
import { authThrottle } from '../../src/db/schema';
import { createThrottle } from '../../src/lib/throttle';
import { createLeasedCounter, leaseSize, type RateClass, rateLimitOf } from '../../src/plugins/rate-limit';
import { ADMIN, createTestContext, type TestContext } from '../context';

// A tenth of the production limits: the same code, fewer calls to reach each limit.
const FACTOR = 0.1;
const limit = (rateClass: RateClass) => rateLimitOf(rateClass, FACTOR);

let ctx: TestContext;
/** A second server process on the same database, as two nodes behind a load balancer. */
let otherNode: App;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT: String(FACTOR) });
  otherNode = await buildApp({
    config: ctx.config,
    database: ctx.database,
    webDistDir: path.join(ctx.config.dataDir, 'no-web-app'),
  });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await otherNode.close();
  await ctx.close();
});

/** Ends every rate-limit window of the class, as if the minute had passed (no waiting in tests). */
const endWindows = (rateClass: RateClass) =>
  ctx.database.db
    .update(authThrottle)
    .set({ windowStartedAt: sql`now() - interval '2 minutes'` })
    .where(like(authThrottle.key, `rate:${rateClass}:%`));

/** A sign-in with an empty body: refused by validation, after the rate limit has counted it. */
const emptySignIn = (app: App, ip: string) =>
  app.inject({ method: 'POST', url: '/api/users/login/', payload: {}, remoteAddress: ip });

function expectLimited(res: Awaited<ReturnType<App['inject']>>) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.json()).toEqual({
    errorCode: 'TOO_MANY_REQUESTS',
    errorMessage: messages.tooManyRequests(retryAfter),
  });
}

describe('the rate limit', () => {
  it('limits the sign-in class per address, counted on the database that every node shares', async () => {
    const ip = '10.60.0.1';
    const n = limit('auth');
    // Half the calls to one node, half to the other: they count against one number.
    for (let i = 0; i < n; i++) {
      const res = await emptySignIn(i % 2 ? otherNode : ctx.app, ip);
      expect(res.statusCode).toBe(400);
    }
    expectLimited(await emptySignIn(ctx.app, ip));
    expectLimited(await emptySignIn(otherNode, ip));
    // Other routes of the class share the count; another address has its own.
    expectLimited(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {}, remoteAddress: ip }),
    );
    expect((await emptySignIn(ctx.app, '10.60.0.2')).statusCode).toBe(400);
    // When the window is over, the address may call again.
    await endWindows('auth');
    expect((await emptySignIn(otherNode, ip)).statusCode).toBe(400);
  });

  it('limits other public routes per address, apart from the sign-in class; health probes never', async () => {
    const ip = '10.61.0.1';
    const countries = (app: App) =>
      app.inject({ method: 'GET', url: '/api/countries?pageSize=1', remoteAddress: ip });
    for (let i = 0; i < limit('public'); i++) expect((await countries(ctx.app)).statusCode).toBe(200);
    expectLimited(await countries(otherNode));
    expect((await emptySignIn(ctx.app, ip)).statusCode).toBe(400);
    for (let i = 0; i < limit('public') + 2; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz', remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits signed-in reads and writes per user, each class on its own count', async () => {
    await ctx.createUser({ email: 'busy@test.local', password: 'busy-password-1' });
    // ctx.login signs in from the default address, whose sign-in allowance is small at this factor.
    await endWindows('auth');
    const busy = await ctx.login('busy@test.local', 'busy-password-1');
    const ip = '10.62.0.1';
    const read = (token: string) =>
      ctx.call(token, 'GET', '/api/users/me/', undefined, { remoteAddress: ip });
    const write = (token: string) =>
      ctx.call(token, 'PUT', '/api/users/me/preferences/', { language: 42 }, { remoteAddress: ip });

    for (let i = 0; i < limit('read'); i++) expect((await read(busy)).statusCode).toBe(200);
    expectLimited(await read(busy));
    // The limit is the user's, not the address's: a colleague behind the same address reads on.
    expect((await read(admin)).statusCode).toBe(200);
    // And reads spent do not spend writes.
    for (let i = 0; i < limit('write'); i++) expect((await write(busy)).statusCode).toBe(400);
    expectLimited(await write(busy));
  });

  it('limits exports and imports hardest', async () => {
    const exportLibrary = () =>
      ctx.call(admin, 'GET', '/api/library/export/', undefined, { remoteAddress: '10.63.0.1' });
    for (let i = 0; i < limit('expensive'); i++) expect((await exportLibrary()).statusCode).toBe(200);
    expectLimited(await exportLibrary());
    const exportTasks = await ctx.call(admin, 'GET', '/api/apps/task/export', undefined, {
      remoteAddress: '10.63.0.1',
    });
    expectLimited(exportTasks);
    // Ordinary reads of the same user are another class.
    expect((await ctx.call(admin, 'GET', '/api/users/me/')).statusCode).toBe(200);
  });
});

describe('leased counts (what the limit counts with)', () => {
  const WINDOW_MS = 60_000;
  const stored = async (key: string) =>
    (await ctx.database.db.select().from(authThrottle).where(like(authThrottle.key, key)))[0]?.failures;

  it('two nodes taking from one count never let more than the limit through, in blocks of a fiftieth', async () => {
    const max = 600;
    const block = leaseSize(max);
    expect(block).toBe(12);
    const throttle = createThrottle(ctx.database.db);
    const nodes = [createLeasedCounter(throttle), createLeasedCounter(throttle)];
    const key = 'rate:test:leases-two-nodes';
    const numbers: number[] = [];
    for (let i = 0; i < max + 40; i++) {
      const node = nodes[i % 2];
      if (!node) throw new Error('no node');
      numbers.push((await node(key, WINDOW_MS, max)).hits);
    }
    // Every request has a number of its own; those within the limit are let through.
    expect(new Set(numbers).size).toBe(numbers.length);
    const allowed = numbers.filter((n) => n <= max).length;
    expect(allowed).toBeLessThanOrEqual(max);
    // What the other node holds unused can refuse a little early: at most a block per node.
    expect(allowed).toBeGreaterThanOrEqual(max - 2 * block);
    // The database was written once a block, not once a request.
    const total = await stored(key);
    expect(total).toBeGreaterThanOrEqual(numbers.length);
    expect((total ?? 0) % block).toBe(0);
  });

  it('requests arriving together on one node share one claim', async () => {
    const max = 600;
    const count = createLeasedCounter(createThrottle(ctx.database.db));
    const key = 'rate:test:leases-together';
    const answers = await Promise.all(Array.from({ length: 10 }, () => count(key, WINDOW_MS, max)));
    expect(answers.map((a) => a.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await stored(key)).toBe(leaseSize(max));
    for (const { msLeft } of answers) {
      expect(msLeft).toBeGreaterThan(0);
      expect(msLeft).toBeLessThanOrEqual(WINDOW_MS);
    }
  });

  it('small limits are counted request by request in the database', async () => {
    const count = createLeasedCounter(createThrottle(ctx.database.db));
    const key = 'rate:test:leases-small';
    for (let i = 1; i <= 5; i++) {
      expect((await count(key, WINDOW_MS, 20)).hits).toBe(i);
      expect(await stored(key)).toBe(i);
    }
  });
});
