// Budget of a kanban move (issue 13): POST /api/apps/tasks/:id/move is stored in ≤ 50 ms (p95, server
// time through app.inject as an administrator), on a board of BENCH_CARDS cards (5,000) over its six
// columns, on PGlite and, when BENCH_DATABASE_URL names a PostgreSQL server, on a database of its own
// there. The moves go to a random column, after a random card of it (or to the top), as a user drags.
// Also measured: GET /api/apps/tasks (the board's first screen: each column's count and first cards).
//
// Run: npx tsx bench/kanban-move.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/kanban-move.ts
// Options: BENCH_CARDS=5000; BENCH_MOVES=200; BENCH_RUNS=20 (board reads).
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { rowsOf } from '../apps/server/src/db/rows';
import { seedDatabase } from '../apps/server/src/seed';
import { createRandom } from '../apps/server/src/seed/random';
import { BENCH_ADMIN, benchEngines, type Engine, openBench, percentile } from './harness';

const CARDS = Number(process.env.BENCH_CARDS ?? 5000);
const MOVES = Number(process.env.BENCH_MOVES ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BUDGET_MS = 50;

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('kanban', engine, { RATE_LIMIT: 'off' });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    // The cards, spread over the default board's columns, each column in order ('d' and 4 digits).
    await database.db.execute(sql`
      insert into tasks (task, description, status, priority, column_id, rank, tags, subtasks)
      select 'Card ' || g, 'Bench card ' || g, coalesce(c.status, 'New'), (array['High','Medium','Low'])[1 + g % 3],
             c.id, 'd' || lpad(to_hex(g), 4, '0'), array['Bench'], '[{"title":"One","done":true},{"title":"Two","done":false}]'::jsonb
        from generate_series(1, ${CARDS}) g
        join (select id, status, row_number() over (order by rank) - 1 as i from task_board_columns) c on c.i = g % 6`);
    await database.db.execute(sql`analyze`);
    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const columns = await rowsOf<{ id: string }>(
      database.db,
      sql`select id from task_board_columns order by rank`,
    );
    const cards = await rowsOf<{ id: string; column_id: string }>(
      database.db,
      sql`select id, column_id from tasks`,
    );
    const random = createRandom(13);
    say(
      `${CARDS.toLocaleString('en')} cards over ${columns.length} columns; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    );

    const moves: number[] = [];
    for (let i = 0; i <= MOVES; i++) {
      const card = random.pick(cards);
      const target = random.pick(columns).id;
      const neighbours = cards.filter((c) => c.column_id === target && c.id !== card.id);
      const after = random.next() < 0.2 ? null : (random.pick(neighbours)?.id ?? null);
      const t0 = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/apps/tasks/${card.id}/move`,
        headers,
        payload: { columnId: target, afterId: after },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`move: ${res.statusCode} ${res.body.slice(0, 300)}`);
      card.column_id = target;
      if (i > 0) moves.push(ms); // the first is a warm-up
    }
    const p95 = percentile(moves, 95);
    const ok = p95 <= BUDGET_MS;
    say(
      `move: median ${percentile(moves, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${MOVES} moves (budget p95 ≤ ${BUDGET_MS} ms) — ${ok ? 'within' : 'OVER'} budget`,
    );

    // For comparison: the plainest audited write of a task, a PATCH of its priority through the list.
    const patches: number[] = [];
    for (let i = 0; i <= 50; i++) {
      const card = random.pick(cards);
      const t0 = performance.now();
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/apps/task/${card.id}`,
        headers,
        payload: { priority: i % 2 ? 'High' : 'Low' },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`patch: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i > 0) patches.push(ms);
    }
    say(
      `for comparison, PATCH of a task's priority: median ${percentile(patches, 50).toFixed(1)} ms, p95 ${percentile(patches, 95).toFixed(1)} ms`,
    );

    const reads: number[] = [];
    let shown = 0;
    for (let i = 0; i <= RUNS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/apps/tasks', headers });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`board: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i === 0) {
        shown = (res.json().columns as { cards: unknown[] }[]).reduce((n, c) => n + c.cards.length, 0);
        continue;
      }
      reads.push(ms);
    }
    say(
      `GET /api/apps/tasks (${shown} cards shown): median ${percentile(reads, 50).toFixed(1)} ms, p95 ${percentile(reads, 95).toFixed(1)} ms over ${RUNS} reads`,
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
