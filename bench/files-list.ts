// Budget of the file manager's lists (issue 14): a folder of 100,000 files pages in ≤ 50 ms (p95,
// server time through app.inject, as the folder's owner): its first page, a deep page and a search,
// on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there.
// Also measured (no budget of their own): the page ordered by size, and the list of folders that
// shows the big folder's card (its files and bytes counted).
//
// Run: npx tsx bench/files-list.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/files-list.ts
// Options: BENCH_FILES=100000; BENCH_RUNS=30 (calls of each list after a warm-up).
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { blobs, folders, users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_MS = 50;
const HASH = 'a'.repeat(64);

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('files', engine, { RATE_LIMIT: 'off' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    // One blob for every file (listing reads no bytes), and the folder with its many files: names
    // as a scanner makes them, sizes and types varied.
    await db.insert(blobs).values({ hash: HASH, size: 1000, mime: 'application/pdf' });
    const [big] = await db.insert(folders).values({ name: 'Scans', ownerId: me.id }).returning();
    if (!big) throw new Error('no folder');
    await db.execute(sql`
      insert into files (name, blob_hash, size, mime, kind, folder_id, owner_id, updated_at)
      select 'Scan ' || lpad(g::text, 6, '0') || (array['.pdf', '.jpg', '.png', '.csv'])[1 + g % 4],
             ${HASH}, 1000 + (g * 7919) % 5000000,
             (array['application/pdf', 'image/jpeg', 'image/png', 'text/csv'])[1 + g % 4],
             (array['Documents', 'Media', 'Media', 'Documents'])[1 + g % 4],
             ${big.id}, ${me.id}, now() - (g || ' minutes')::interval
        from generate_series(1, ${FILES}) g`);
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze files`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const deepPage = Math.floor(FILES / 25 / 2);
    const lists: TimedCall[] = [
      ['first page (by name)', `/api/files?folderId=${big.id}`, true],
      [`deep page ${deepPage} (by name)`, `/api/files?folderId=${big.id}&page=${deepPage}`, true],
      ['search "042"', `/api/files?folderId=${big.id}&search=042`, true],
      ['search everywhere "Scan 0999"', '/api/files?search=Scan%200999', true],
      ['first page by size, largest first', `/api/files?folderId=${big.id}&ordering=-size`, false],
      ['the folders of the top level (the big one counted)', '/api/files/folders?parentId=root', false],
    ];
    const ok = await timeCalls(app, headers, lists, {
      about: `${FILES.toLocaleString('en')} files in one folder`,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      say,
      count: (body) => body.results?.length ?? 0,
    });
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
