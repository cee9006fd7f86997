// Budgets of the code library (issue 4), on PGlite and, when BENCH_DATABASE_URL names a
// PostgreSQL server (a database this may fill and empty), on PostgreSQL too:
//   with 200,000 L4 codes (and their parents):
//   first page of an L4 list with a search term ≤ 50 ms server time; the children of a code with
//   5,000 children ≤ 100 ms; a roll-up of the whole library ≤ 500 ms; importing 100,000 rows ≤ 60 s.
// Run: npx tsx bench/library.ts
import { randomUUID } from 'node:crypto';
import { libraryCsvColumns } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { libraryCodes, libraryUnits } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, benchEngines, openBench } from './harness';

const L4_TOTAL = 200_000;
const BIG_PARENT_CHILDREN = 5_000;
const IMPORT_ROWS = 100_000;
const words = [
  'Concrete',
  'Steel',
  'Timber',
  'Brick',
  'Glass',
  'Copper',
  'Cable',
  'Pipe',
  'Tile',
  'Paint',
  'Beam',
  'Slab',
];
const shapes = ['wall', 'floor', 'roof', 'column', 'duct', 'panel', 'frame', 'door', 'window', 'stair'];

type Row = typeof libraryCodes.$inferInsert;

function* libraryRows(unitId: string): Generator<Row> {
  // 10 L1 × 10 L2 × 10 L3 = 1,000 L3 codes; the first L3 has 5,000 items, the rest share 195,000.
  let made = 0;
  for (let a = 1; a <= 10; a++) {
    const l1Id = randomUUID();
    yield { id: l1Id, level: 1, code: `B${a}`, codeComb: `B${a}`, description: `Budget ${a}`, l1Id };
    for (let b = 1; b <= 10; b++) {
      const l2Id = randomUUID();
      yield {
        id: l2Id,
        level: 2,
        parentId: l1Id,
        l1Id,
        l2Id,
        code: `${b}`,
        codeComb: `B${a}-${b}`,
        description: `Section ${a}.${b}`,
      };
      for (let c = 1; c <= 10; c++) {
        const l3Id = randomUUID();
        const comb = `B${a}-${b}-${c}`;
        yield {
          id: l3Id,
          level: 3,
          parentId: l2Id,
          l1Id,
          l2Id,
          l3Id,
          code: `${c}`,
          codeComb: comb,
          description: `Element ${a}.${b}.${c}`,
        };
        const first = a === 1 && b === 1 && c === 1;
        const n = first ? BIG_PARENT_CHILDREN : Math.round((L4_TOTAL - BIG_PARENT_CHILDREN) / 999);
        for (let i = 1; i <= n && made < L4_TOTAL; i++, made++) {
          yield {
            level: 4,
            parentId: l3Id,
            l1Id,
            l2Id,
            l3Id,
            code: String(i).padStart(4, '0'),
            codeComb: `${comb}-${String(i).padStart(4, '0')}`,
            description: `${words[made % words.length]} ${shapes[(made * 7) % shapes.length]} item ${made}`,
            unitId,
            unitPrice: ((made % 997) + 0.5).toFixed(2),
            quantity: ((made % 89) + 1).toFixed(3),
          };
        }
      }
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function run(engine: 'pglite' | 'postgres') {
  // One user calling as fast as it can: the rate limit counts every call but never refuses one.
  const bench = await openBench('library', engine, { RATE_LIMIT: '10000' });
  const { config, database } = bench;
  const results: { name: string; ms: number; budget: number }[] = [];
  try {
    await database.migrate();
    await database.db.delete(libraryCodes);
    await seedDatabase(database.db, config);
    const [unit] = await database.db.select().from(libraryUnits).limit(1);
    let t = performance.now();
    let batch: Row[] = [];
    let total = 0;
    for (const row of libraryRows(unit?.id ?? '')) {
      batch.push(row);
      if (batch.length === 2000) {
        await database.db.insert(libraryCodes).values(batch);
        total += batch.length;
        batch = [];
      }
    }
    if (batch.length) await database.db.insert(libraryCodes).values(batch);
    total += batch.length;
    // Keep the planner's statistics current after the bulk load, as autovacuum would.
    await database.db.execute(sql`analyze library_codes`);
    console.log(`[${engine}] loaded ${total} codes in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: BENCH_ADMIN,
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const time = async (url: string, runs = 15) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      return median(times);
    };
    const big = (
      await app.inject({
        method: 'GET',
        url: '/api/library/l3codes/?search=Element%201.1.1&pageSize=1',
        headers,
      })
    ).json().results[0];
    results.push({
      name: 'L4 list, first page, search "copper duct"',
      ms: await time('/api/library/l4codes/?search=copper%20duct'),
      budget: 50,
    });
    results.push({
      name: 'L4 list, first page, search "item 12345"',
      ms: await time('/api/library/l4codes/?search=item%2012345'),
      budget: 50,
    });
    results.push({
      name: `children of a code with ${BIG_PARENT_CHILDREN} children, first page`,
      ms: await time(`/api/library/l4codes/?parent=${big.id}`),
      budget: 100,
    });
    results.push({
      name: `children of a code with ${BIG_PARENT_CHILDREN} children, 500 a page`,
      ms: await time(`/api/library/l4codes/?parent=${big.id}&pageSize=500`),
      budget: 100,
    });
    // A page of L1–L3 codes shows each code's total (the items below it).
    results.push({
      name: 'L3 list, first page, with totals',
      ms: await time('/api/library/l3codes/'),
      budget: 100,
    });
    results.push({
      name: 'L1 list, with totals',
      ms: await time('/api/library/l1codes/'),
      budget: 100,
    });
    results.push({
      name: 'roll-up of the whole library',
      ms: await time('/api/library/rollup/', 5),
      budget: 500,
    });

    // Import 100,000 rows as a new L1 subtree, reading the progress stream as it comes.
    // Every row has every column of the header: the kind (last) is blank below L1, an expense here.
    let csv = `${libraryCsvColumns.join(',')}\n1,IMP,,IMP,Imported,true,,,,,,expense\n`;
    const l3s = Math.ceil(IMPORT_ROWS / 1000);
    let rows = 1;
    for (let b = 1; b <= 10; b++) {
      csv += `2,IMP-${b},IMP,${b},Imported section,true,,,,,,\n`;
      rows++;
      for (let c = 1; c <= l3s / 10; c++) {
        csv += `3,IMP-${b}-${c},IMP-${b},${c},Imported element,true,,,,,,\n`;
        rows++;
        for (let i = 1; i <= 1000 && rows < IMPORT_ROWS; i++, rows++) {
          csv += `4,IMP-${b}-${c}-${i},IMP-${b}-${c},${i},Imported item ${rows},true,${unit?.name},12.50,3,false,,\n`;
        }
      }
    }
    t = performance.now();
    const imported = await app.inject({
      method: 'POST',
      url: '/api/library/import/',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    const importMs = performance.now() - t;
    const events = imported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const last = events.at(-1);
    if (last?.type !== 'done') throw new Error(`import did not finish: ${imported.body.slice(0, 300)}`);
    console.log(`[${engine}] import: ${last.rows} rows, ${events.length - 1} progress events`);
    results.push({ name: `import of ${last.rows} rows`, ms: importMs, budget: 60_000 });
    await app.close();
  } finally {
    await database.db.delete(libraryCodes).catch(() => {});
    await bench.close();
  }
  for (const r of results) {
    console.log(
      `${r.ms <= r.budget ? 'ok  ' : 'OVER'}  [${engine}] ${r.name}: ${r.ms.toFixed(1)} ms (budget ${r.budget} ms)`,
    );
  }
  return results.every((r) => r.ms <= r.budget);
}

let ok = true;
for (const engine of benchEngines()) ok = (await run(engine)) && ok;
process.exitCode = ok ? 0 : 1;
