// Budgets of the dashboards (issue 11), on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL
// server, on a database of its own there (created and dropped by the bench):
//   with 1,000,000 orders (≈2,500,000 lines), 1,000,000 audit entries and 200,000 library items,
//   besides the demo data of the other areas, every dashboard answers in ≤ 100 ms server time
//   (app.inject as an administrator: routing, queries and serialisation, no network), for its
//   default period, `yearly` and `all`. Each figure is the median (min–max) of BENCH_RUNS runs (5)
//   after a warm-up call.
// Also measured: the bulk load, set-based and through the dashboard triggers (the pre-aggregation's
// cost at load), and one order (3 lines) and one audit entry written with and without the triggers
// (its cost per write). A dashboard over budget is timed widget by widget, and the slowest query of
// each slow widget is explained (EXPLAIN ANALYZE) into a file named at the end.
//
// Run: npx tsx bench/dashboards.ts                       (PGlite)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/dashboards.ts
//      (both engines; the URL names a server database to connect to and create databases from)
// On 2 cores the load takes ~12 min on PGlite and ~5 min on PostgreSQL; the measures a few more.
// Options: BENCH_KEEP=1 keeps the generated data (<tmpdir>/ledgerdesk-bench-dashboards, database
// ledgerdesk_bench_dashboards) and reuses it on the next run (new migrations still apply);
// BENCH_SCALE=0.01 makes 1% of the data (a quick try); BENCH_RUNS=5; BENCH_PERIODS=today,all
// (the periods measured; `default` is each dashboard's own); BENCH_DASHBOARDS=home,crm (those
// measured); BENCH_ENGINES=pglite (one engine); BENCH_WIDGETS=1 times every widget, not only those of the dashboards over budget.
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DashboardName,
  type DashboardPeriod,
  dashboardNames,
  dashboardPeriods,
  paymentMethods,
} from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { defaultPeriod } from '../apps/server/src/modules/dashboards/service';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, benchEngines, type Engine, openBench } from './harness';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const KEEP = process.env.BENCH_KEEP === '1';
const ALL_WIDGETS = process.env.BENCH_WIDGETS === '1';
const ORDERS = Math.round(1_000_000 * SCALE);
const AUDIT_ENTRIES = Math.round(1_000_000 * SCALE);
/** 4 L1 × 10 L2 × 50 L3, each L3 with this many L4 items: 200,000 at scale 1. */
const L4_PER_L3 = Math.max(1, Math.round(100 * SCALE));
/** Actors of the audit log: the demo's 17 people and these. */
const EXTRA_ACTORS = 33;
const DAYS = 730;
const CHUNK = 100_000;
const BUDGET_MS = 100;
const TIME_ZONE = 'Europe/Paris';
/** The periods measured: each dashboard's default one, and any of the contract's (BENCH_PERIODS=a,b). */
type Period = DashboardPeriod | 'default';
const PERIODS = (process.env.BENCH_PERIODS?.split(',') ?? ['default', 'yearly', 'all']) as Period[];
for (const period of PERIODS)
  if (period !== 'default' && !(dashboardPeriods as readonly string[]).includes(period))
    throw new Error(`BENCH_PERIODS: ${period} is not a dashboard period`);
/** The dashboards measured: all of them, or those of BENCH_DASHBOARDS=home,analytics. */
const DASHBOARDS = (process.env.BENCH_DASHBOARDS?.split(',') ?? dashboardNames) as DashboardName[];
for (const name of DASHBOARDS)
  if (!dashboardNames.includes(name)) throw new Error(`BENCH_DASHBOARDS: ${name} is not a dashboard`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)})`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * An instant in the last DAYS days, from a row number `g` of `total`: days spread by `days` (an SQL
 * expression of g in [0, 1): sqrt makes recent days busier, as a growing shop's are), hours weighted
 * to office hours (UTC, the zone of the bulk of callers being Europe/Paris), never after now.
 */
function spreadTime(g: SQL, days: SQL) {
  const hours = sql.raw(
    'array[6,7,7,8,8,8,9,9,9,9,10,10,10,10,11,11,11,12,12,13,13,13,14,14,14,15,15,15,16,16,17,17,18,19,20,21,22,23,0,3]',
  );
  const at = sql`date_trunc('day', now(), 'UTC') - make_interval(days => ${DAYS - 1} - floor(${DAYS} * ${days})::int)
      + make_interval(hours => (${hours})[1 + (${g}::bigint * 7919 % 40)::int], mins => (${g} * 37) % 60, secs => (${g} * 13) % 60)`;
  // A time of today still to come is taken the day before (not piled up at now).
  return sql`(case when ${at} > now() then ${at} - interval '1 day' else ${at} end)`;
}

/** The shop's products and customers as arrays, to pick from by a row number. */
const catalogueArrays = sql`
  p as (select array_agg(id order by id) as ids, array_agg(name order by id) as names,
               array_agg(category order by id) as categories, array_agg(price order by id) as prices,
               array_agg(seller_id order by id) as sellers, count(*)::int as n from products),
  c as (select array_agg(id order by id) as ids, array_agg(name order by id) as names, count(*)::int as n
          from customers)`;

/**
 * Order k's lines: 1 to 4 (2.5 on average), each a product picked from k and the line's position,
 * 1 to 3 of it at the product's price. Orders and lines both compute them, so totals agree.
 */
const lineCount = (k: SQL) => sql`(1 + (${k} * 7) % 4)`;
const lineProduct = (k: SQL, i: SQL) => sql`(1 + (${k} * 31 + ${i} * 17) % p.n)`;
const lineQuantity = (k: SQL, i: SQL) => sql`(1 + (${k} + ${i}) % 3)`;

async function loadOrders(db: Database, admin: string) {
  const [first] = await rowsOf<{ base: number }>(
    db,
    sql`select coalesce(max(number), 1000)::int as base from orders`,
  );
  const base = first?.base ?? 1000;
  const payments = sql.raw(`array[${paymentMethods.map((m) => `'${m}'`).join(', ')}]`);
  for (let from = 1; from <= ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK - 1);
    const g = sql.raw('g');
    // Numbers are given (not drawn from the identity) so that the lines find their order by number.
    await db.execute(sql`
      with ${catalogueArrays}
      insert into orders (number, customer_id, customer_name, status, payment_method, subtotal, discount,
                          shipping, tax, total, created_at, updated_at, created_by, updated_by)
      overriding system value
      select ${base} + g, c.ids[1 + (g * 13) % c.n], c.names[1 + (g * 13) % c.n],
             case when g % 100 < 60 then 'Delivered' when g % 100 < 70 then 'Cancelled'
                  when g % 100 < 78 then 'Returned' when g % 100 < 86 then 'Pending'
                  when g % 100 < 93 then 'Inprogress' else 'Pickups' end,
             (${payments})[1 + g % 4],
             s.subtotal, s.discount, s.shipping, round((s.subtotal - s.discount) * 0.08, 2),
             s.subtotal - s.discount + s.shipping + round((s.subtotal - s.discount) * 0.08, 2),
             t.at, t.at, ${admin}::uuid, ${admin}::uuid
        from generate_series(${from}::int, ${to}::int) g, p, c,
             lateral (select ${spreadTime(g, sql`sqrt((g - 1)::float8 / ${ORDERS})`)} as at) t,
             lateral (select l.subtotal,
                             case when g % 10 = 0 then round(l.subtotal * 0.05, 2) else 0 end as discount,
                             case when l.subtotal >= 100 then 0 else 7.50 end as shipping
                        from (select sum(p.prices[${lineProduct(g, sql.raw('i'))}] * ${lineQuantity(g, sql.raw('i'))}) as subtotal
                                from generate_series(1, ${lineCount(g)}) i) l) s`);
    const k = sql`(o.number - ${base})`;
    const i = sql.raw('i');
    await db.execute(sql`
      with ${catalogueArrays}
      insert into order_lines (order_id, position, product_id, seller_id, name, category, price, quantity,
                               total, created_at, updated_at, created_by, updated_by)
      select o.id, i, p.ids[x.product], p.sellers[x.product], p.names[x.product], p.categories[x.product],
             p.prices[x.product], x.quantity, p.prices[x.product] * x.quantity,
             o.created_at, o.created_at, o.created_by, o.created_by
        from orders o, p, generate_series(1, ${lineCount(k)}) i,
             lateral (select ${lineProduct(k, i)} as product, ${lineQuantity(k, i)} as quantity) x
       where o.number between ${base + from} and ${base + to}`);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('orders', 'number'), (select max(number) from orders))`,
  );
}

/** Entity and action of an audit entry, weighted as an office's day goes (sign-ins the most). */
const auditKinds: [string, string, number][] = [
  ['session', 'login', 20],
  ['session', 'logout', 5],
  ['order', 'create', 8],
  ['order', 'update', 8],
  ['product', 'update', 4],
  ['product', 'create', 1],
  ['customer', 'create', 2],
  ['customer', 'update', 2],
  ['invoice', 'create', 4],
  ['invoice', 'update', 3],
  ['library', 'update', 6],
  ['library', 'create', 3],
  ['library', 'delete', 1],
  ['task', 'create', 4],
  ['task', 'update', 6],
  ['task', 'delete', 1],
  ['ticket', 'create', 3],
  ['ticketReply', 'create', 3],
  ['deal', 'update', 3],
  ['lead', 'create', 2],
  ['contact', 'create', 2],
  ['project', 'update', 2],
  ['user', 'update', 1],
  ['jobApplication', 'create', 2],
  ['todo', 'create', 2],
];

async function loadAudit(db: Database, admin: string) {
  await db.execute(sql`
    insert into users (email, username, first_name, last_name, created_by, updated_by)
    select 'actor' || a || '@bench.example', 'benchactor' || a, 'Actor', 'No. ' || a, ${admin}::uuid, ${admin}::uuid
      from generate_series(1, ${EXTRA_ACTORS}) a
    on conflict do nothing`);
  const weighted = auditKinds.flatMap(([entity, action, weight]) =>
    Array.from({ length: weight }, () => [entity, action]),
  );
  const entities = sql.raw(`array[${weighted.map(([e]) => `'${e}'`).join(',')}]`);
  const actions = sql.raw(`array[${weighted.map(([, a]) => `'${a}'`).join(',')}]`);
  const g = sql.raw('g');
  for (let from = 1; from <= AUDIT_ENTRIES; from += CHUNK) {
    const to = Math.min(AUDIT_ENTRIES, from + CHUNK - 1);
    // A few people do most of the work: the actor is picked with a skew towards the first ones.
    await db.execute(sql`
      with u as (select array_agg(id order by created_at, id) as ids, array_agg(email order by created_at, id) as emails,
                        count(*)::int as n from users)
      insert into audit_log (at, actor_id, actor_label, action, entity, entity_key, before, after, ip, request_id,
                             created_at, updated_at, created_by, updated_by)
      select t.at, u.ids[x.actor], u.emails[x.actor], x.action, x.entity,
             case when x.entity = 'session' then u.ids[x.actor]::text else (g % 50000)::text end,
             case when x.action = 'update' then jsonb_build_object('status', 'before') end,
             case when x.action in ('create', 'update') then jsonb_build_object('status', 'after', 'n', g) end,
             '192.0.2.' || (g % 250), 'bench-' || g, t.at, t.at, u.ids[x.actor], u.ids[x.actor]
        from generate_series(${from}::int, ${to}::int) g, u,
             lateral (select 1 + floor(u.n * power((g::bigint * 7919 % 10007) / 10007.0, 2))::int as actor,
                             (${entities})[1 + (g::bigint * 104729 % ${weighted.length})::int] as entity,
                             (${actions})[1 + (g::bigint * 104729 % ${weighted.length})::int] as action) x,
             lateral (select ${spreadTime(g, sql`((g - 1)::float8 / ${AUDIT_ENTRIES})`)} as at) t`);
  }
}

async function loadLibrary(db: Database, admin: string) {
  const by = sql`${admin}::uuid, ${admin}::uuid`;
  // Each level in one statement; a subquery draws each new code's id once, for id and l<n>_id.
  await db.execute(sql`
    insert into library_codes (id, level, l1_id, code, code_comb, description, kind, created_by, updated_by)
    select x.id, 1, x.id, 'Z' || a, 'Z' || a,
           case when a = 1 then 'Income (bench)' else 'Expenses ' || a || ' (bench)' end,
           case when a = 1 then 'income' else 'expense' end, ${by}
      from (select gen_random_uuid() as id, a from generate_series(1, 4) a) x`);
  await db.execute(sql`
    insert into library_codes (id, level, parent_id, l1_id, l2_id, code, code_comb, description, created_by, updated_by)
    select x.id, 2, x.l1, x.l1, x.id, b::text, x.comb || '-' || b, 'Section ' || x.comb || '.' || b, ${by}
      from (select gen_random_uuid() as id, c.id as l1, c.code_comb as comb, b
              from library_codes c, generate_series(1, 10) b where c.level = 1 and c.code_comb like 'Z%') x`);
  await db.execute(sql`
    insert into library_codes (id, level, parent_id, l1_id, l2_id, l3_id, code, code_comb, description, created_by, updated_by)
    select x.id, 3, x.l2, x.l1, x.l2, x.id, e::text, x.comb || '-' || e, 'Element ' || x.comb || '.' || e, ${by}
      from (select gen_random_uuid() as id, c.l1_id as l1, c.id as l2, c.code_comb as comb, e
              from library_codes c, generate_series(1, 50) e where c.level = 2 and c.code_comb like 'Z%') x`);
  const words = sql.raw(
    "array['Concrete','Steel','Timber','Brick','Glass','Copper','Cable','Pipe','Tile','Paint','Beam','Slab']",
  );
  const shapes = sql.raw(
    "array['wall','floor','roof','column','duct','panel','frame','door','window','stair']",
  );
  await db.execute(sql`
    insert into library_codes (level, parent_id, l1_id, l2_id, l3_id, code, code_comb, description, is_active,
                               unit_id, unit_price, quantity, created_by, updated_by)
    select 4, c.id, c.l1_id, c.l2_id, c.id, lpad(i::text, 4, '0'), c.code_comb || '-' || lpad(i::text, 4, '0'),
           (${words})[1 + k % 12] || ' ' || (${shapes})[1 + (k * 7) % 10] || ' item ' || k,
           k % 50 <> 0, u.id, ((k * 37) % 99900 + 100) / 100.0, (k % 89) + 1, ${by}
      from library_codes c, generate_series(1, ${L4_PER_L3}) i,
           (select id from library_units order by name limit 1) u,
           lateral (select (hashtext(c.code_comb) & 65535)::bigint * 1000 + i as k) h
     where c.level = 3 and c.code_comb like 'Z%'`);
}

/** Every query the app sends while `on`, with its time: a slow widget's slowest query is explained. */
function queryRecorder(db: Database) {
  type Client = { query: (...args: unknown[]) => Promise<unknown> };
  const client = (db as unknown as { $client: Client }).$client;
  const original = client.query.bind(client);
  const recorder = { on: false, queries: [] as { text: string; params: unknown[]; ms: number }[] };
  client.query = async (...args: unknown[]) => {
    if (!recorder.on) return original(...args);
    const started = performance.now();
    try {
      return await original(...args);
    } finally {
      const [query, params] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      const text = typeof query === 'string' ? query : query.text;
      const values = (typeof query === 'string' ? params : (query.values ?? params)) ?? [];
      recorder.queries.push({ text, params: values, ms: performance.now() - started });
    }
  };
  return { recorder, original };
}

async function run(engine: Engine) {
  const bench = await openBench(
    'dashboards',
    engine,
    { SEED_DEMO: 'true', RATE_LIMIT: 'off' },
    { keep: KEEP },
  );
  const { config, database } = bench;
  const { db } = database;
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(`[${engine}] ${line}`);
    lines.push(line);
  };
  const explains: string[] = [];
  let ok = true;
  try {
    await database.migrate();
    await seedDatabase(db, config);
    const [admin] = await rowsOf<{ id: string }>(
      db,
      sql`select id from users where email = ${BENCH_ADMIN.email}`,
    );
    if (!admin) throw new Error('no bench admin');
    const [present] = await rowsOf<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
    if ((present?.orders ?? 0) >= ORDERS) {
      say(`reusing the data of a previous run (${present?.orders.toLocaleString('en')} orders)`);
    } else {
      // One transaction: a load that fails leaves no half of it for the next run to build on.
      const load = { orders: 0, audit: 0, library: 0 };
      await db.transaction(async (tx) => {
        load.orders = await timed(() => loadOrders(tx as unknown as Database, admin.id));
        load.audit = await timed(() => loadAudit(tx as unknown as Database, admin.id));
        load.library = await timed(() => loadLibrary(tx as unknown as Database, admin.id));
      });
      // The planner's statistics and the visibility map after the bulk load, as autovacuum would
      // leave them (PGlite has no autovacuum: the app's upkeep vacuums it).
      const vacuumMs = await timed(() => database.db.execute(sql`vacuum (analyze)`));
      say(
        `bulk load through the triggers: orders and lines ${seconds(load.orders)}, audit ${seconds(load.audit)}, library ${seconds(load.library)}; vacuum analyze ${seconds(vacuumMs)}`,
      );
    }
    const [sizes] = await rowsOf<Record<string, number>>(
      db,
      sql`select (select count(*) from orders)::int as orders, (select count(*) from order_lines)::int as lines,
                 (select count(*) from audit_log)::int as audit, (select count(*) from library_codes where level = 4)::int as items,
                 (select count(distinct actor_id) from audit_log)::int as actors,
                 (select count(*) from order_stats_hourly)::int as order_hours,
                 (select count(*) from audit_stats_hourly)::int as audit_hours`,
    );
    say(
      `data: ${Object.entries(sizes ?? {})
        .map(([k, v]) => `${v.toLocaleString('en')} ${k.replace('_', ' ')}`)
        .join(', ')}`,
    );

    const { recorder, original } = queryRecorder(db);
    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const get = async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, body: res.json() };
    };
    const measure = async (url: string, runs = RUNS) => {
      const first = await get(url);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await get(url)).ms);
      return { times, body: first.body };
    };
    const query = (period: Period) =>
      `?tz=${encodeURIComponent(TIME_ZONE)}${period === 'default' ? '' : `&period=${period}`}`;

    // Other work on the machine inflates every figure: say how busy it was.
    say(
      `dashboard, period: median (min–max) of ${RUNS} runs after a warm-up, ms; budget ${BUDGET_MS} ms; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    const slow: { name: DashboardName; period: Period }[] = [];
    for (const name of DASHBOARDS) {
      for (const period of PERIODS) {
        const { times, body } = await measure(`/api/dashboard/${name}${query(period)}`);
        const widgets = Object.keys(body.widgets).length;
        const pass = median(times) <= BUDGET_MS;
        ok &&= pass;
        if (!pass || ALL_WIDGETS) slow.push({ name, period });
        const label = period === 'default' ? `default (${defaultPeriod[name]})` : period;
        say(
          `${pass ? 'PASS' : 'FAIL'}  ${name.padEnd(10)} ${label.padEnd(19)} ${spread(times).padStart(24)}  (${widgets} widgets)`,
        );
      }
    }

    // Widget by widget, for each slow dashboard: each widget's time and its slowest query.
    for (const { name, period } of slow) {
      // The whole dashboard once more, its queries recorded: the database's share of its time.
      recorder.queries = [];
      recorder.on = true;
      const { body, ms } = await get(`/api/dashboard/${name}${query(period)}`);
      recorder.on = false;
      const inDatabase = recorder.queries.reduce((total, q) => total + q.ms, 0);
      say(
        `${name} (${period}) once more: ${ms.toFixed(1)} ms, of which ${recorder.queries.length} queries ${inDatabase.toFixed(1)} ms`,
      );
      const rows: {
        widget: string;
        times: number[];
        query?: { text: string; params: unknown[]; ms: number };
      }[] = [];
      for (const widget of Object.keys(body.widgets)) {
        const { times } = await measure(`/api/dashboard/${name}/${widget}${query(period)}`, 3);
        recorder.queries = [];
        recorder.on = true;
        await get(`/api/dashboard/${name}/${widget}${query(period)}`);
        recorder.on = false;
        const slowest = [...recorder.queries].sort((a, b) => b.ms - a.ms)[0];
        rows.push({ widget, times, query: slowest });
      }
      rows.sort((a, b) => median(b.times) - median(a.times));
      say(`widgets of ${name} (${period}), slowest first: median (min–max) of 3, ms`);
      for (const row of rows) {
        say(
          `    ${row.widget.padEnd(24)} ${spread(row.times).padStart(24)}   slowest query ${row.query?.ms.toFixed(1) ?? '–'} ms`,
        );
        if (row.query && median(row.times) >= 10) {
          const plan = (await original(`explain (analyze, buffers) ${row.query.text}`, row.query.params)) as {
            rows: Record<string, string>[];
          };
          explains.push(
            `=== [${engine}] ${name} / ${row.widget} (${period}): ${median(row.times).toFixed(1)} ms\n` +
              `${row.query.text}\n-- params: ${JSON.stringify(row.query.params)}\n` +
              plan.rows.map((r) => Object.values(r)[0]).join('\n'),
          );
        }
      }
    }
    await app.close();

    // The write cost of the pre-aggregation: one order with 3 lines, one audit entry, each committed
    // on its own, with the dashboard triggers and without them.
    const tables = ['orders', 'order_lines', 'audit_log'];
    const writeOnce = async () => {
      const order = await timed(() =>
        db.transaction(async (tx) => {
          const [o] = await rowsOf<{ id: string }>(
            tx as unknown as Database,
            sql`insert into orders (customer_id, customer_name, status, payment_method, subtotal, total)
                select id, 'bench write', 'Pending', 'Card', 30, 30 from customers limit 1 returning id`,
          );
          await tx.execute(sql`
            insert into order_lines (order_id, position, product_id, name, category, price, quantity, total)
            select ${o?.id}::uuid, n, p.id, p.name, p.category, 10, 1, 10
              from (select id, name, category from products limit 3) p, generate_series(1, 1) n`);
        }),
      );
      const audit = await timed(() =>
        db.execute(sql`insert into audit_log (actor_id, action, entity, entity_key, request_id)
                       values (${admin.id}::uuid, 'login', 'session', ${admin.id}, 'bench-write')`),
      );
      return { order, audit };
    };
    const writes = async () => {
      const samples = { order: [] as number[], audit: [] as number[] };
      for (let i = 0; i < 23; i++) {
        const { order, audit } = await writeOnce();
        if (i < 3) continue; // warm-up
        samples.order.push(order);
        samples.audit.push(audit);
      }
      return samples;
    };
    const forget = () =>
      db.execute(sql`with gone as (delete from orders where customer_name = 'bench write' returning 1)
                     delete from audit_log where request_id = 'bench-write'`);
    const withTriggers = await writes();
    await forget();
    // Without: the tables' own triggers off (the dashboards' are their only ones; foreign keys are
    // system triggers and stay), for the writes and for their removal, which the figures never saw.
    for (const table of tables) await db.execute(sql.raw(`alter table ${table} disable trigger user`));
    let withoutTriggers: typeof withTriggers;
    try {
      withoutTriggers = await writes();
      await forget();
    } finally {
      for (const table of tables) await db.execute(sql.raw(`alter table ${table} enable trigger user`));
    }
    say(`one write, committed: median (min–max) of 20, ms`);
    say(
      `    order with 3 lines: ${spread(withTriggers.order)} with the triggers, ${spread(withoutTriggers.order)} without`,
    );
    say(
      `    audit entry:        ${spread(withTriggers.audit)} with the triggers, ${spread(withoutTriggers.audit)} without`,
    );
  } finally {
    await bench.close();
  }
  if (explains.length) {
    const file = path.join(tmpdir(), `ledgerdesk-bench-dashboards-explain-${engine}.txt`);
    writeFileSync(file, `${explains.join('\n\n')}\n`);
    console.log(`[${engine}] EXPLAIN ANALYZE of the slow widgets' slowest queries: ${file}`);
  }
  return { ok, lines };
}

let ok = true;
const summary: string[] = [];
// BENCH_ENGINES=postgres measures one engine of those benchEngines() gives (two runs side by side).
const engines = benchEngines().filter(
  (engine) => process.env.BENCH_ENGINES?.split(',').includes(engine) ?? true,
);
for (const engine of engines) {
  const result = await run(engine);
  ok &&= result.ok;
  summary.push(...result.lines.map((line) => `[${engine}] ${line}`));
}
console.log(`\n${summary.join('\n')}`);
process.exitCode = ok ? 0 : 1;
