import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db/client';
import { groups, libraryCodes, tasks, users } from '../../src/db/schema';
import { verifyPassword } from '../../src/lib/passwords';
import { seedDatabase } from '../../src/seed';
import { openTestDatabase } from '../context';

const opened: DatabaseHandle[] = [];
async function freshDatabase() {
  const database = await openTestDatabase();
  opened.push(database);
  await database.migrate();
  return database;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});

describe('first start', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD, and nothing else without demo data', async () => {
    const { db } = await freshDatabase();
    const config = loadConfig({
      ADMIN_EMAIL: 'Chief@Example.org',
      ADMIN_PASSWORD: 'chief-password-1',
      SEED_DEMO: 'false',
    });
    const result = await seedDatabase(db, config);
    expect(result).toEqual({ createdAdmin: true, seededDemo: false });
    const all = await db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: 'chief@example.org', isAdmin: true, isActive: true });
    expect(await verifyPassword(all[0]?.passwordHash, 'chief-password-1')).toBe(true);
  });

  it('generates a password for admin@example.com when none is given, and reports it once', async () => {
    const { db } = await freshDatabase();
    const config = loadConfig({ SEED_DEMO: 'false' });
    const first = await seedDatabase(db, config);
    expect(first.generatedAdmin?.email).toBe('admin@example.com');
    expect(first.generatedAdmin?.password).toMatch(/^[\w-]{18}$/);
    const [admin] = await db.select().from(users);
    expect(await verifyPassword(admin?.passwordHash, first.generatedAdmin?.password ?? '')).toBe(true);
    // A second start finds users and does nothing, and has no password to print.
    const second = await seedDatabase(db, config);
    expect(second).toEqual({ createdAdmin: false, seededDemo: false });
    expect(await db.select().from(users)).toHaveLength(1);
  });

  it('seeds the same demo data on every machine', async () => {
    const config = loadConfig({
      ADMIN_EMAIL: 'a@example.org',
      ADMIN_PASSWORD: 'password-123',
      SEED_DEMO: 'true',
      // The demo files' bytes go to DATA_DIR/files: a directory of the test's own.
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ledgerdesk-seed-')),
    });
    const snapshots = [];
    for (let i = 0; i < 2; i++) {
      const { db } = await freshDatabase();
      expect((await seedDatabase(db, config)).seededDemo).toBe(true);
      snapshots.push({
        users: await db
          .select({ email: users.email, username: users.username, isActive: users.isActive })
          .from(users)
          .orderBy(asc(users.email)),
        groups: await db
          .select({ name: groups.name, permissions: groups.permissions })
          .from(groups)
          .orderBy(asc(groups.name)),
        tasks: await db
          .select({ task: tasks.task, status: tasks.status, dueDate: tasks.dueDate })
          .from(tasks)
          .orderBy(asc(tasks.task)),
        library: await db
          .select({
            codeComb: libraryCodes.codeComb,
            description: libraryCodes.description,
            amount: libraryCodes.amount,
          })
          .from(libraryCodes)
          .orderBy(asc(libraryCodes.codeComb)),
      });
    }
    expect(snapshots[0]?.users.length).toBeGreaterThan(10);
    expect(snapshots[0]?.groups.length).toBeGreaterThan(1);
    // A construction budget of a few hundred codes, income and expenses, priced L4 items.
    expect(snapshots[0]?.library.length).toBeGreaterThan(200);
    expect(snapshots[0]?.tasks.length).toBeGreaterThan(20);
    expect(snapshots[0]?.library.filter((c) => !c.codeComb.includes('-')).map((c) => c.description)).toEqual([
      'Income',
      'Expenses',
    ]);
    expect(snapshots[0]?.library.some((c) => Number(c.amount) > 0)).toBe(true);
    expect(snapshots[1]).toEqual(snapshots[0]);
    // The contract covers the works with a margin: income is the active expenses plus 8%, to a cent
    // per instalment.
    const { db } = await freshDatabase();
    await seedDatabase(db, config);
    const [budget] = await db
      .execute<{ income: string; expenses: string }>(
        sql`select sum(c.amount) filter (where l1.kind = 'income') as income,
                 sum(c.amount) filter (where l1.kind = 'expense' and c.is_active) as expenses
            from library_codes c join library_codes l1 on l1.id = c.l1_id
           where c.level = 4`,
      )
      .then((result) => (result as unknown as { rows: { income: string; expenses: string }[] }).rows);
    const margin = Number(budget?.income) / Number(budget?.expenses);
    expect(margin).toBeGreaterThan(1.0799);
    expect(margin).toBeLessThan(1.0801);
  }, 120_000); // two whole demo seeds: about 6 s alone, several times that on a busy machine

  it('applying the migrations again changes nothing', async () => {
    const database = await freshDatabase();
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
