import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startServer, twoNodeDatabase } from './server';

// Runs in the `process:postgres` project (vitest.config.ts), only when TEST_DATABASE_URL is set.
const { databaseUrl, dataDirs, create, drop } = twoNodeDatabase('ledgerdesk_process');

beforeAll(create, 60_000);
afterAll(drop, 60_000);

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
