// Budget of the record search (issue 12): GET /api/search answers in ≤ 50 ms server time (p95,
// app.inject as an administrator, who may view every area: all fourteen kinds in one query), with
// BENCH_ROWS records of each kind (100,000 at scale 1: 1.4 million records), on PGlite and, when
// BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there.
// The records are the demo's, copied: each copy's title gets one of twelve words and its copy
// number ("Acme Nordic 4217"), so a word matches 1 record in 12 of every kind, and a word with a
// number a handful; unique texts get the copy number too, other unique values are left empty.
//
// Run: npx tsx bench/search.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/search.ts
// Options: BENCH_ROWS=100000 (records of each kind); BENCH_RUNS=40 (calls of each term);
// BENCH_KEEP=1 keeps the data (<tmpdir>/ledgerdesk-bench-search) for the next run.
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, benchEngines, type Engine, openBench } from './harness';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const KEEP = process.env.BENCH_KEEP === '1';
const BUDGET_MS = 50;

/** The tables the search reads, each with the column that holds its records' titles. */
const titled: Record<string, string> = {
  crm_companies: 'name',
  crm_contacts: 'name',
  crm_leads: 'name',
  crm_deals: 'deal_name',
  invoices: 'customer_name',
  tickets: 'title',
  projects: 'name',
  tasks: 'task',
  products: 'name',
  customers: 'name',
  orders: 'customer_name',
  jobs: 'job_title',
  candidates: 'candidate_name',
  team_members: 'name',
};
const words = [
  'Nordic',
  'Urban',
  'Harbor',
  'Summit',
  'Cedar',
  'Atlas',
  'Beacon',
  'Granite',
  'Meadow',
  'Orbit',
  'Quartz',
  'Willow',
];

/** The terms measured: a word (1 record in 12 of each kind), a word and number, a short and an absent term. */
const terms = ['nordic', 'Harbor 4217', 'an', 'ceda', 'zzqxj', 'inv-20'];

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Copies `table`'s rows until it holds `ROWS`: the title varied, unique text columns made unique. */
async function fill(db: Database, table: string, title: string) {
  const [present] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  const have = present?.n ?? 0;
  if (have === 0 || have >= ROWS) return;
  const columns = await rowsOf<{ name: string; type: string; is_unique: boolean }>(
    db,
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
               exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisunique
                         and not i.indisprimary
                         and pg_get_indexdef(i.indexrelid) ~ ('\\m' || a.attname || '\\M')) as is_unique
          from pg_attribute a
         where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
           and a.attidentity = '' and a.attgenerated = '' and a.attname <> 'id'`,
  );
  const wordArray = sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);
  const picked = columns.map(({ name, type, is_unique }) => {
    const column = sql`s.${sql.identifier(name)}`;
    if (name === title) return sql`${column} || ' ' || (${wordArray})[1 + g % ${words.length}] || ' ' || g`;
    // A unique text gets the copy number; another unique value (a team member's user) is left empty.
    if (is_unique) return type === 'text' ? sql`${column} || '-' || g` : sql`null`;
    return column;
  });
  const copies = Math.ceil((ROWS - have) / have);
  await db.execute(sql`
    insert into ${sql.identifier(table)} (${sql.join(
      columns.map(({ name }) => sql.identifier(name)),
      sql`, `,
    )})
    select ${sql.join(picked, sql`, `)}
      from ${sql.identifier(table)} s, generate_series(1, ${copies}) g
     limit ${ROWS - have}`);
}

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('search', engine, { SEED_DEMO: 'true', RATE_LIMIT: 'off' }, { keep: KEEP });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const started = performance.now();
    for (const [table, title] of Object.entries(titled)) await fill(database.db, table, title);
    await database.db.execute(sql`vacuum (analyze)`);
    say(
      `${Object.keys(titled).length} kinds × ${ROWS.toLocaleString('en')} records ready in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    say(
      `term: p50 / p95 of ${RUNS} calls after a warm-up, ms (hits); budget p95 ≤ ${BUDGET_MS} ms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    let ok = true;
    const all: number[] = [];
    for (const term of terms) {
      const url = `/api/search?q=${encodeURIComponent(term)}&limit=5`;
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i <= RUNS; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const ms = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i === 0) {
          hits = (res.json().groups as { hits: unknown[] }[]).reduce((n, group) => n + group.hits.length, 0);
          continue;
        }
        times.push(ms);
      }
      all.push(...times);
      const p95 = percentile(times, 95);
      if (p95 > BUDGET_MS) ok = false;
      say(
        `  "${term}": ${percentile(times, 50).toFixed(1)} / ${p95.toFixed(1)} (${hits})${p95 > BUDGET_MS ? '  OVER BUDGET' : ''}`,
      );
    }
    say(
      `all terms: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms — ${ok ? 'within' : 'OVER'} budget`,
    );
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

let ok = true;
for (const engine of benchEngines()) ok = (await run(engine)) && ok;
if (!ok) process.exitCode = 1;
