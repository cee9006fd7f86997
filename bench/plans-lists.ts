// Budget of the pricing and releases lists (issue 16): each pages over 1,000,000 rows in ≤ 50 ms
// (p95, server time through app.inject, as an administrator): release groups (newest first, a
// deep page, a search), FAQs (in their order, a search) and plans (in their order, one table's).
// On PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there.
//
// Run: npx tsx bench/plans-lists.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/plans-lists.ts
// Options: BENCH_ROWS=1000000 (rows of each table); BENCH_RUNS=30 (calls of each list after a warm-up).
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { planTables } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BUDGET_MS = 50;

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('plans', engine, { RATE_LIMIT: 'off' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    // Rows made by the database in one statement each: ten tables of plans, dates over 30 years.
    const tables = await db
      .insert(planTables)
      .values(Array.from({ length: 10 }, (_, i) => ({ title: `Table ${i}`, position: i })))
      .returning({ id: planTables.id });
    const ids = sql.raw(`array[${tables.map((t) => `'${t.id}'::uuid`).join(',')}]`);
    await db.execute(sql`
      insert into release_groups (title, versions, latest_on)
      select 'Release line ' || lpad(g::text, 7, '0'),
             jsonb_build_array(jsonb_build_object('version', g || '.0.0', 'date', (date '2026-01-01' - (g % 11000))::text, 'notes', jsonb_build_array('Fixes'))),
             date '2026-01-01' - (g % 11000)
        from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into faqs (question, answer, position)
      select 'Question ' || lpad(g::text, 7, '0') || '?', 'Answer number ' || g, g % 50000
        from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`
      insert into plans (table_id, name, rate, rate_year, delrate_year, position)
      select (${ids})[1 + g % 10], 'Plan ' || lpad(g::text, 7, '0'), 10 + g % 90, (10 + g % 90) * 9, (10 + g % 90) * 12, g % 50000
        from generate_series(1, ${ROWS}) g`);
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze release_groups, faqs, plans`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const deepPage = Math.floor(ROWS / 25 / 2);
    const lists: TimedCall[] = [
      ['release groups, newest first', '/api/release-groups', true],
      [`release groups, deep page ${deepPage}`, `/api/release-groups?page=${deepPage}`, false],
      ['release groups, search "0424"', '/api/release-groups?search=0424', true],
      ['FAQs in their order', '/api/faqs', true],
      ['FAQs, search "0424"', '/api/faqs?search=0424', true],
      ['plans in their order', '/api/plans', true],
      ['plans of one table', `/api/plans?table=${tables[3]?.id}`, true],
      ['plans by monthly rate', '/api/plans?ordering=rate', false],
    ];
    const ok = await timeCalls(app, headers, lists, {
      about: `${ROWS.toLocaleString('en')} release groups, FAQs and plans`,
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
