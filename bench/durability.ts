// What durable commits cost on PGlite (issue 10): ms per acknowledged write, each write its own
// transaction (an insert, as an API call makes), with fsync off (PGlite's own default: a commit
// reaches the OS cache only) and on (Ledgerdesk's default: the WAL is fsynced at each commit).
// Prints median (min–max) over RUNS runs of WRITES writes each, on a fresh data directory per run.
// Run: npx tsx bench/durability.ts   (WRITES=200 RUNS=3 by default)
// To see the fsync calls: strace -f -c -e trace=fsync,fdatasync npx tsx bench/durability.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';

const WRITES = Number(process.env.WRITES ?? 200);
const RUNS = Number(process.env.RUNS ?? 3);

async function msPerWrite(durable: boolean): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-durability-'));
  try {
    const database = await openDatabase({ dataDir, durable });
    await database.db.execute(
      sql`create table bench_writes (id serial primary key, note text not null, at timestamptz default now())`,
    );
    const started = performance.now();
    for (let i = 0; i < WRITES; i++) {
      await database.db.execute(sql`insert into bench_writes (note) values (${`write ${i}`})`);
    }
    const elapsed = performance.now() - started;
    await database.close();
    return elapsed / WRITES;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const f = (n: number) => n.toFixed(2);
  return `${f(median)} ms (${f(sorted[0] ?? 0)}–${f(sorted.at(-1) ?? 0)})`;
}

const results: Record<string, number[]> = { 'fsync off': [], 'fsync on (default)': [] };
for (let run = 0; run < RUNS; run++) {
  results['fsync off']?.push(await msPerWrite(false));
  results['fsync on (default)']?.push(await msPerWrite(true));
}
console.log(`PGlite, ${WRITES} single-row commits per run, ${RUNS} runs: ms per write, median (min–max)`);
for (const [mode, values] of Object.entries(results)) console.log(`  ${mode.padEnd(20)} ${summary(values)}`);
