import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import { blobs, fileShares, files, folders, groups, users } from '../../src/db/schema';
import { seedFiles } from '../../src/seed/files';
import { storeBytesIn } from '../../src/seed/stored-bytes';
import { openTestDatabase } from '../context';

// The demo file manager (seed/files.ts): real small files made at seed time, stored as uploads are
// (by hash, typed from the content), the same on every machine.

const opened: { database: DatabaseHandle; dir: string }[] = [];
afterAll(async () => {
  for (const { database, dir } of opened) {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function seeded() {
  const database = await openTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-files-seed-'));
  opened.push({ database, dir });
  await database.migrate();
  const { db } = database;
  const people = await db
    .insert(users)
    .values(
      ['admin', 'colleague'].map((name) => ({
        email: `${name}@seed.test`,
        username: name,
        firstName: name,
        lastName: 'Seed',
      })),
    )
    .returning({ id: users.id });
  const [group] = await db.insert(groups).values({ name: 'Budget officers' }).returning();
  await seedFiles(db, storeBytesIn(dir), {
    adminId: people[0]?.id ?? '',
    colleagueId: people[1]?.id,
    groupId: group?.id,
  });
  const folderRows = await db.select().from(folders).orderBy(asc(folders.name));
  const nameOf = new Map(folderRows.map((f) => [f.id, f.name]));
  const fileRows = await db.select().from(files).orderBy(asc(files.name));
  const shares = await db.select().from(fileShares);
  return {
    dir,
    snapshot: {
      folders: folderRows.map((f) => [f.name, f.parentId ? nameOf.get(f.parentId) : null]),
      files: fileRows.map((f) => [
        f.name,
        f.folderId ? nameOf.get(f.folderId) : null,
        f.blobHash,
        f.size,
        f.mime,
        f.kind,
      ]),
      shares: shares.map((s) => [nameOf.get(s.folderId ?? ''), s.userId ? 'user' : 'group', s.access]),
      blobs: (await db.select({ hash: blobs.hash }).from(blobs).orderBy(asc(blobs.hash))).map((b) => b.hash),
    },
  };
}

describe('the demo files', () => {
  it('are a budgeting office’s tree of real files, the same bytes on every run, stored by hash', async () => {
    const first = await seeded();
    const second = await seeded();
    expect(second.snapshot).toEqual(first.snapshot);

    const { folders: tree, files: list, shares } = first.snapshot;
    expect(tree).toEqual(
      expect.arrayContaining([
        ['Documents', null],
        ['Budgets 2026', 'Documents'],
        ['Invoices', 'Documents'],
        ['Contracts', 'Documents'],
        ['Media', null],
        ['Photos', 'Media'],
        ['Sales deck', null],
      ]),
    );
    const byName = new Map(list.map((f) => [f[0], f]));
    expect(byName.get('Budget 2026.pdf')?.[4]).toBe('application/pdf');
    expect(byName.get('Team offsite.jpg')?.slice(4)).toEqual(['image/jpeg', 'Media']);
    expect(byName.get('Board room.png')?.[4]).toBe('image/png');
    expect(byName.get('Budget 2026 - overview.csv')?.[5]).toBe('Documents');
    expect(shares).toEqual(
      expect.arrayContaining([
        ['Budgets 2026', 'group', 'view'],
        ['Sales deck', 'user', 'edit'],
      ]),
    );
    // The bytes are in the store under their hash, and are what the type says.
    const pdf = byName.get('Budget 2026.pdf')?.[2] as string;
    const stored = path.join(first.dir, 'files', pdf.slice(0, 2), pdf.slice(2, 4), pdf);
    expect(existsSync(stored)).toBe(true);
    expect(readFileSync(stored).subarray(0, 5).toString()).toBe('%PDF-');
    for (const hash of first.snapshot.blobs) {
      expect(existsSync(path.join(first.dir, 'files', hash.slice(0, 2), hash.slice(2, 4), hash))).toBe(true);
    }
  });
});
