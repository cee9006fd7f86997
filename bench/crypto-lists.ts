// Budget of the crypto lists (issue 16): a wallet of 1,000,000 orders and 1,000,000 transactions
// pages in ≤ 50 ms (p95, server time through app.inject, as the wallet's owner): the first page of
// /api/order-list and /api/transaction-list in their default order (newest first) and filtered, on
// PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own there.
// Also measured (no budget of their own): a page 40 deep, another ordering, a search.
//
// Run: npx tsx bench/crypto-lists.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/crypto-lists.ts
// Options: BENCH_CRYPTO_ROWS=1000000 (of each); BENCH_RUNS=30; BENCH_KEEP=1 keeps the generated
// database for the next run (minutes to make on PGlite).
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { cryptoCoins, users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { seedCryptoMarket } from '../apps/server/src/seed/crypto';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const ROWS = Number(process.env.BENCH_CRYPTO_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const KEEP = process.env.BENCH_KEEP === '1';
const BUDGET_MS = 50;
/** Rows per INSERT: a million at once would hold them all in one statement's memory. */
const BATCH = 100_000;

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench(
    `crypto_${ROWS}`,
    engine,
    { RATE_LIMIT: 'off', MARKET_TICK_MS: '0' },
    { keep: KEEP },
  );
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    const [listed] = await db.select({ code: cryptoCoins.code }).from(cryptoCoins).limit(1);
    if (!listed) await seedCryptoMarket(db, { now: new Date(), stepMs: 5000 });
    // Kept from an earlier run (BENCH_KEEP): the generation goes on where it stopped.
    const [made] = await db
      .execute(sql`select count(*)::int as n from crypto_orders`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows);
    const done = made?.n ?? 0;
    if (done < ROWS) {
      const started = performance.now();
      // A year of one trader's activity a million times over: every coin, both sides, all statuses.
      for (let from = done + 1; from <= ROWS; from += BATCH) {
        const to = Math.min(ROWS, from + BATCH - 1);
        // Both tables' batch in one transaction: a run stopped midway leaves them the same length.
        await db.transaction(async (tx) => {
          await tx.execute(sql`
          insert into crypto_orders (user_id, coin, type, kind, quantity, price, avg_price, order_value, status, created_at, closed_at)
          select ${me.id}, (array['BTC','ETH','BNB','SOL','XRP','ADA','DOGE','DOT','LTC','LINK','XMR','DASH'])[1 + g % 12],
                 (array['Buy','Sell'])[1 + g % 2], (array['market','limit','market'])[1 + g % 3],
                 (1 + g % 997) / 100.0, 10 + (g::bigint * 7919) % 60000, 10 + (g::bigint * 7919) % 60000,
                 round((1 + g % 997) / 100.0 * (10 + (g::bigint * 7919) % 60000), 2),
                 (array['Successful','Successful','Successful','Cancelled','Pending'])[1 + g % 5],
                 now() - (g * 30 || ' seconds')::interval, now() - (g * 30 || ' seconds')::interval
            from generate_series(${from}::int, ${to}::int) g`);
          await tx.execute(sql`
          insert into crypto_transactions (user_id, type, currency, amount, amount_usd, status, from_address, to_address, details, created_at)
          select ${me.id}, (array['Deposit','Withdraw'])[1 + g % 2], (array['USD','BTC','ETH','USD'])[1 + g % 4],
                 (1 + g % 9973) / 10.0, round((1 + g % 9973) * 6.4, 2),
                 (array['Success','Success','Success','Processing','Failed'])[1 + g % 5],
                 'Bank transfer', '', 'Transfer ' || g, now() - (g * 30 || ' seconds')::interval
            from generate_series(${from}::int, ${to}::int) g`);
        });
        say(`generated ${to.toLocaleString('en')} of each`);
      }
      say(`generated in ${Math.round((performance.now() - started) / 1000)} s`);
    }
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();
    if (engine === 'postgres') await db.execute(sql`vacuum analyze crypto_orders, crypto_transactions`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const lists: TimedCall[] = [
      ['orders: first page (newest first)', '/api/order-list', true],
      ['orders: first page of the Pending', '/api/order-list?status=Pending', true],
      ['orders: first page of the sells', '/api/order-list?type=Sell', true],
      ['orders: first page of one coin', '/api/order-list?coin=ETH', false],
      ['orders: page 40', '/api/order-list?page=40', false],
      ['orders: largest value first', '/api/order-list?ordering=-orderValue', false],
      ['transactions: first page (newest first)', '/api/transaction-list', true],
      ['transactions: first page of the withdrawals', '/api/transaction-list?type=Withdraw', true],
      ['transactions: first page of the failed', '/api/transaction-list?status=Failed', true],
      ['transactions: search "Transfer 4242"', '/api/transaction-list?search=Transfer%204242', false],
    ];
    const ok = await timeCalls(app, headers, lists, {
      about: `${ROWS.toLocaleString('en')} orders and ${ROWS.toLocaleString('en')} transactions in one wallet`,
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
