// Budget of the simulated market (issue 16): ticking takes ≤ 5 % of one core. A tick (every
// MARKET_TICK_MS, 5 s by default) moves the 12 demo coins (one statement: prices, candles, last
// prices, pruning), fills the Pending limit orders reached, and — on a node with viewers — reads the
// prices once for the live message. This runs TICKS consecutive steps on the demo market with
// PENDING limit orders waiting and prints this process's CPU time per tick against the tick's
// length: on PGlite the database's work is in this process too; on PostgreSQL the server's own CPU
// is not (its wall time is printed beside).
//
// Run: npx tsx bench/crypto-market.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/crypto-market.ts
// Options: BENCH_TICKS=120; BENCH_PENDING=2000.
import { availableParallelism, loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { seedCryptoMarket } from '../apps/server/src/seed/crypto';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, percentile } from './harness';

const TICKS = Number(process.env.BENCH_TICKS ?? 120);
const PENDING = Number(process.env.BENCH_PENDING ?? 2000);
const TICK_MS = 5000;
const BUDGET_SHARE = 0.05;

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('crypto_market', engine, { RATE_LIMIT: 'off', MARKET_TICK_MS: '0' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    await seedCryptoMarket(db, { now: new Date(), stepMs: TICK_MS });
    // Limit orders far from the market (a buy at a tenth of the price): waiting, never reached.
    await db.execute(sql`
      insert into crypto_orders (user_id, coin, type, kind, quantity, price, order_value, status)
      select ${me.id}, c.code, 'Buy', 'limit', 1, round(c.price / 10, 8), round(c.price / 10, 2), 'Pending'
        from crypto_coins c cross join generate_series(1, ${Math.ceil(PENDING / 12)}) g`);
    await database.vacuum();
    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const { market } = app.crypto;
    let step = market.currentStep();
    say(
      `${TICKS} ticks of 12 coins, ${PENDING} Pending orders; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );
    // Warm-up: the first ticks compile the statements.
    for (let i = 0; i < 5; i++) await market.tick(++step);
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < TICKS; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      const result = await market.tick(++step);
      await market.livePrices();
      wall.push(performance.now() - t0);
      const used = process.cpuUsage(c0);
      cpu.push((used.user + used.system) / 1000);
      if (result.inserted !== 12) throw new Error(`tick ${step} wrote ${result.inserted} prices`);
    }
    const mean = cpu.reduce((sum, ms) => sum + ms, 0) / cpu.length;
    const share = mean / TICK_MS;
    const ok = share <= BUDGET_SHARE;
    say(
      `CPU per tick: mean ${mean.toFixed(1)} ms, p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms → ${(share * 100).toFixed(2)} % of one core at ${TICK_MS} ms a tick (budget ≤ ${BUDGET_SHARE * 100} %) — ${ok ? 'within' : 'OVER'} budget; wall p50 ${percentile(wall, 50).toFixed(1)} ms, p95 ${percentile(wall, 95).toFixed(1)} ms; load ${loadavg()[0]?.toFixed(1)}`,
    );
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
