import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { groups, userGroups, users } from '../src/db/schema';
import type { OutboxOptions } from '../src/lib/outbox';
import { hashPassword } from '../src/lib/passwords';
import type { LiveSettings } from '../src/plugins/live';
import { seedDatabase } from '../src/seed';

/** The engine this run of the suite is on (see vitest.config.ts). */
export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export const ADMIN = { email: 'admin@test.local', password: 'correct-horse-battery' };

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL, dropped again on close. Both are copies of the run's
 * migrated template (test/template.ts); `{ migrated: false }` gives an empty one instead (a test of a
 * migration runs the migrations before it itself).
 */
export async function openTestDatabase({ migrated = true } = {}): Promise<DatabaseHandle> {
  if (engine === 'pglite') {
    if (!migrated) return openDatabase({});
    return openDatabase({ pgliteDump: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ledgerdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    migrated ? `create database ${name} template ${inject('postgresTemplate')}` : `create database ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type CallOptions = { headers?: Record<string, string>; remoteAddress?: string };

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /**
   * One API call through inject with `Authorization: Bearer <token>` (a session token or an API key);
   * the payload only when one is given, so a GET or DELETE goes without a body.
   */
  call(
    token: string,
    method: Method,
    url: string,
    payload?: object | string,
    options?: CallOptions,
  ): Promise<LightMyRequestResponse>;
  /** Signs in through the API and returns the bearer token. */
  login(email: string, password: string): Promise<string>;
  /** Creates a user straight in the database, in the given groups (made on the fly). */
  createUser(options: {
    email: string;
    password: string;
    isAdmin?: boolean;
    isActive?: boolean;
    permissions?: string[];
  }): Promise<string>;
  close(): Promise<void>;
};

export async function createTestContext(
  env: Record<string, string> = {},
  options: { outbox?: OutboxOptions; now?: () => Date; live?: LiveSettings } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests change sessions and users straight in the database and expect it to apply at once; the
    // cache of callers would hide that for seconds (auth-cache.test.ts tests it on its own).
    AUTH_CACHE_SECONDS: '0',
    // Tests call many routes quickly from one address: limits a thousand times the defaults keep the
    // rate limit's counting in every call without ever tripping it (rate-limit.test.ts passes '1').
    RATE_LIMIT: '1000',
    ...env,
  });
  const database = await openTestDatabase();
  await database.migrate();
  await seedDatabase(database.db, config);
  const app = await buildApp({
    config,
    database,
    outbox: options.outbox,
    now: options.now,
    live: options.live,
    webDistDir: path.join(dataDir, 'no-web-app'),
  });
  let counter = 0;

  return {
    app,
    database,
    config,
    call(token, method, url, payload, { headers, remoteAddress } = {}) {
      return app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(payload === undefined ? {} : { payload }),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
    },
    async login(email, password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/users/login/',
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().accessToken as string;
    },
    async createUser({ email, password, isAdmin = false, isActive = true, permissions }) {
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          username: email.split('@')[0] ?? email,
          firstName: 'Test',
          lastName: 'User',
          passwordHash: await hashPassword(password),
          isAdmin,
          isActive,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      if (permissions) {
        counter += 1;
        const [group] = await database.db
          .insert(groups)
          .values({ name: `group-${counter}-${email}`, permissions })
          .returning({ id: groups.id });
        if (group) await database.db.insert(userGroups).values({ userId: user.id, groupId: group.id });
      }
      return user.id;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `call(method, url, payload?, { token?, headers? })` as the user of `signedIn().token` unless another
 * token is given; `defaults` apply to every call (an address, say). A getter, because a test file
 * declares its call helper before beforeAll makes the context and signs in.
 */
export function apiCaller(signedIn: () => { ctx: TestContext; token: string }, defaults: CallOptions = {}) {
  return (
    method: Method,
    url: string,
    payload?: object | string,
    options: CallOptions & { token?: string } = {},
  ) => {
    const { ctx, token } = signedIn();
    const { token: other, ...rest } = options;
    return ctx.call(other ?? token, method, url, payload, {
      remoteAddress: rest.remoteAddress ?? defaults.remoteAddress,
      headers: { ...defaults.headers, ...rest.headers },
    });
  };
}

/**
 * The `data` of a 201 answer. Any other answer throws with its status and body, so a test whose setup
 * could not add a record stops at that step instead of failing later on an undefined.
 */
export function createdData<T>(res: LightMyRequestResponse): T {
  if (res.statusCode !== 201) {
    throw new Error(`${res.raw.req.method} ${res.raw.req.url}: ${res.statusCode} ${res.body}`);
  }
  return res.json().data;
}
