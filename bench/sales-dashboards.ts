// Budget of the e-commerce and analytics dashboards (issue 11): with 1,000,000 orders (2,000,000
// lines) and 1,000,000 audit entries over the last two years, each dashboard answers in ≤ 100 ms
// server time, for every period up to `all`. PGlite, and PostgreSQL too when BENCH_DATABASE_URL names
// a database this may fill and empty. Prints each widget's time for the year, to find a slow one.
// Run: npx tsx bench/sales-dashboards.ts   (ORDERS=… and ENTRIES=… for a smaller load)
import { productCategories } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Database } from '../apps/server/src/db/client';
import { rowsOf } from '../apps/server/src/db/rows';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, openBench } from './harness';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const ENTRIES = Number(process.env.ENTRIES ?? 1_000_000);
const BATCH = 100_000;
const BUDGET_MS = 100;
const periods = ['today', 'monthly', 'quarter', 'yearly', 'all'];
const dashboards = ['ecommerce', 'analytics'];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Sellers, products in every category, customers, people who act; the orders and the audit log. */
async function load(db: Database, engine: string) {
  let t = performance.now();
  // Sellers, products in every category, customers and people who act.
  await db.execute(sql`insert into sellers (name, company, email)
    select 'Seller ' || g, 'Shop ' || g, 'seller' || g || '@bench.example' from generate_series(1, 20) g`);
  await db.execute(sql`insert into products (name, category, price, stock, type, seller_id)
    select 'Product ' || g, (${sql.raw(`array[${productCategories.map((c) => `'${c.replace(/'/g, "''")}'`).join(',')}]`)})[1 + g % ${productCategories.length}],
           (5 + g % 200)::numeric(10, 2), 1000, 'published',
           (select id from sellers order by email offset g % 20 limit 1)
      from generate_series(1, 500) g`);
  await db.execute(sql`insert into customers (name, email, created_at)
    select 'Customer ' || g, 'customer' || g || '@bench.example', now() - interval '730 days' * (g / 5000.0)
      from generate_series(1, 5000) g`);
  await db.execute(sql`insert into users (email, username, first_name, last_name)
    select 'person' || g || '@bench.example', 'person' || g, 'Person', g::text from generate_series(1, 50) g`);

  // Orders spread over the last 730 days, two lines each, in batches of a statement each. The i-th
  // order's lines are products i·7 and i·7 + 13 (of 500), and its total is theirs.
  const product = (n: SQL) =>
    sql`(select id, seller_id, name, category, price, row_number() over (order by id) - 1 as n from products) ${n}`;
  const [{ first } = { first: 0 }] = await rowsOf<{ first: number }>(
    db,
    sql`select coalesce(max(number), 1000)::int + 1 as first from orders`,
  );
  for (let start = 0; start < ORDERS; start += BATCH) {
    const end = Math.min(start + BATCH, ORDERS);
    await db.execute(sql`insert into orders (customer_id, customer_name, status, payment_method, subtotal, total, created_at)
      select c.id, c.name,
             (array['Pending','Inprogress','Pickups','Delivered','Delivered','Delivered','Returned','Cancelled'])[1 + g % 8],
             'Card', a.price * (1 + g % 3) + b.price * (1 + (g + 1) % 3), a.price * (1 + g % 3) + b.price * (1 + (g + 1) % 3),
             now() - interval '730 days' * (1 - g::float8 / ${ORDERS})
        from generate_series(${start}::int, ${end - 1}::int) g
        join (select id, name, row_number() over (order by id) - 1 as n from customers) c on c.n = g % 5000
        join ${product(sql`a`)} on a.n = (g * 7) % 500
        join ${product(sql`b`)} on b.n = (g * 7 + 13) % 500
       order by g`);
    await db.execute(sql`insert into order_lines (order_id, position, product_id, seller_id, name, category, price, quantity, total)
      select o.id, k, p.id, p.seller_id, p.name, p.category, p.price, 1 + (o.number - ${first} + k) % 3,
             p.price * (1 + (o.number - ${first} + k) % 3)
        from orders o
        cross join generate_series(0, 1) k
        join ${product(sql`p`)} on p.n = ((o.number - ${first}) * 7 + k * 13) % 500
       where o.number >= ${first + start} and o.number < ${first + end}`);
  }
  console.log(`[${engine}] ${ORDERS} orders in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  t = performance.now();
  const entities = ['session', 'order', 'product', 'customer', 'task', 'ticket', 'invoice', 'deal', 'user'];
  const actions = ['login', 'created', 'updated', 'updated', 'deleted'];
  for (let start = 0; start < ENTRIES; start += BATCH) {
    const end = Math.min(start + BATCH, ENTRIES);
    await db.execute(sql`insert into audit_log (at, actor_id, actor_label, action, entity, ip)
      select now() - interval '730 days' * (g::float8 / ${ENTRIES}), u.id, u.email,
             (${sql.raw(`array[${actions.map((a) => `'${a}'`).join(',')}]`)})[1 + g % ${actions.length}],
             case when g % ${actions.length} = 0 then 'session'
                  else (${sql.raw(`array[${entities.map((e) => `'${e}'`).join(',')}]`)})[1 + g % ${entities.length}] end,
             '10.0.' || (g % 256) || '.' || (g % 200)
        from generate_series(${start + 1}::int, ${end}::int) g
        join (select id, email, row_number() over (order by id) - 1 as n from users) u on u.n = g % 51`);
  }
  console.log(`[${engine}] ${ENTRIES} audit entries in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

async function run(engine: 'pglite' | 'postgres') {
  const bench = await openBench('dashboards', engine, { RATE_LIMIT: '10000' });
  const { config, database } = bench;
  const db = database.db;
  const results: { name: string; ms: number; budget: number }[] = [];
  try {
    await database.migrate();
    await seedDatabase(db, config);
    // A PostgreSQL database loaded by an earlier run is measured as it is (the load takes minutes).
    const [loaded] = await rowsOf<{ orders: number }>(db, sql`select count(*)::int as orders from orders`);
    if ((loaded?.orders ?? 0) < ORDERS) await load(db, engine);
    await db.execute(sql`analyze`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const time = async (url: string, runs = 5) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return median(times);
    };
    for (const name of dashboards) {
      for (const period of periods) {
        results.push({
          name: `${name} dashboard, ${period}`,
          ms: await time(`/api/dashboard/${name}?period=${period}&tz=Europe/Paris`),
          budget: BUDGET_MS,
        });
      }
      const { widgets } = (
        await app.inject({ method: 'GET', url: `/api/dashboard/${name}?period=yearly`, headers })
      ).json();
      // Each widget on its own, for the periods of WIDGET_PERIODS (the year by default).
      for (const period of (process.env.WIDGET_PERIODS ?? 'yearly').split(',')) {
        const each: string[] = [];
        for (const id of Object.keys(widgets)) {
          const ms = await time(`/api/dashboard/${name}/${id}?period=${period}&tz=Europe/Paris`, 3);
          each.push(`${id} ${ms.toFixed(1)}`);
        }
        console.log(`[${engine}] ${name}, ${period}, per widget (ms): ${each.join(', ')}`);
      }
      // Each query of the year's dashboard, explained: which of them read the base tables, and how.
      const queries: SQL[] = [];
      const execute = db.execute.bind(db);
      db.execute = ((query: SQL) => {
        queries.push(query);
        return execute(query);
      }) as typeof db.execute;
      await app.inject({
        method: 'GET',
        url: `/api/dashboard/${name}?period=yearly&tz=Europe/Paris`,
        headers,
      });
      db.execute = execute;
      for (const query of queries) {
        const plan = (await rowsOf<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        const base = plan.match(
          /(Seq|Index|Index Only|Bitmap Heap) Scan( Backward)? (using \S+ )?on (orders|order_lines|audit_log)\b.*/g,
        );
        if (base) console.log(`[${engine}] ${name}, yearly, reads base rows:\n  ${base.join('\n  ')}`);
      }
    }
    await app.close();
  } finally {
    await bench.close();
  }
  for (const r of results) {
    console.log(
      `${r.ms <= r.budget ? 'ok  ' : 'OVER'}  [${engine}] ${r.name}: ${r.ms.toFixed(1)} ms (budget ${r.budget} ms)`,
    );
  }
  return results.every((r) => r.ms <= r.budget);
}

const engines: ('pglite' | 'postgres')[] = [
  'pglite',
  ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : []),
];
const only = process.env.BENCH_ENGINE as 'pglite' | 'postgres' | undefined;
let ok = true;
for (const engine of engines.filter((e) => !only || e === only)) ok = (await run(engine)) && ok;
process.exitCode = ok ? 0 : 1;
