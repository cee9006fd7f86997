import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer } from './server';

// Runs in the `process:postgres` project (vitest.config.ts), only when TEST_DATABASE_URL is set.
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const name = `ledgerdesk_process_${randomBytes(6).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'ledgerdesk-process-pg-')));

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(() => onServer(`create database ${name}`), 60_000);
afterAll(async () => {
  await onServer(`drop database if exists ${name} with (force)`);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('several servers on one PostgreSQL', () => {
  it('two nodes started together on an empty database both come up: one seeds, and no log shows a password hash', async () => {
    const admin = { email: 'boss@example.com', password: 'first-password-1' };
    const nodes = await Promise.all(
      dataDirs.map((dataDir) =>
        startServer({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          LOG_LEVEL: 'debug',
        }),
      ),
    );
    for (const node of nodes) expect((await signIn(node.url, admin.email, admin.password)).status).toBe(200);
    const seeded = nodes.filter((node) => node.log().includes('New database: migrated and seeded'));
    expect(seeded).toHaveLength(1);
    for (const node of nodes) expect(await node.stop()).toBe(0);
    for (const node of nodes) expect(node.log()).not.toContain('$argon2');
  }, 300_000);
});
