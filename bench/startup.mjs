// Budgets of the server's start and memory (issues 2 and 18), measured on the built app as
// `npm start` runs it, each figure the median (min–max) of RUNS runs:
//   first start on an empty data dir (migrate, seed the demo data) ≤ 15 s;
//   start to ready on an existing data dir ≤ 1 s;
//   RSS idle on PGlite ≤ 150 MB, after a first start that seeded the demo data and after a restart;
//   RSS idle on PostgreSQL ≤ 85 MB (when BENCH_DATABASE_URL names a database this may empty);
//   JavaScript the login page loads ≤ 150 KB gzip.
// Run `npm run build` first; then `node bench/startup.mjs` (BENCH_RUNS=5 for more runs).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, startServer, stopServer } from './server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** How long a server is left alone before its memory is read: the start's garbage collected. */
const IDLE_MS = 5000;

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-'));

const results = [];
/** A figure as median (min–max) of its runs, against its budget. */
function report(name, values, unit, budget) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const digits = unit === 'ms' ? 0 : 1;
  const show = (x) => x.toFixed(digits);
  results.push({
    name,
    value:
      sorted.length > 1
        ? `${show(median)} ${unit} (${show(sorted[0])}–${show(sorted.at(-1))}, ${sorted.length} runs)`
        : `${show(median)} ${unit}`,
    budget: `${budget} ${unit}`,
    ok: median <= budget,
  });
}

/** Starts the server, waits for it to idle, answers [ready ms, idle RSS MB]; stops it. */
async function startIdle(dataDir, env = {}) {
  const run = await startServer(dataDir, env);
  await sleep(IDLE_MS);
  const rss = rssMb(run.child.pid);
  await stopServer(run.child);
  return [run.ms, rss];
}

const dirs = [];
try {
  const firstMs = [];
  const firstRss = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const [ms, rss] = await startIdle(dataDir);
    firstMs.push(ms);
    firstRss.push(rss);
  }
  report('first start on an empty data dir (seeds the demo data)', firstMs, 'ms', 15_000);
  report('PGlite: server RSS idle after a first start that seeded', firstRss, 'MB', 150);

  const restartMs = [];
  const restartRss = [];
  for (let i = 0; i < Math.max(RUNS, 5); i++) {
    const [ms, rss] = await startIdle(dirs[0]);
    restartMs.push(ms);
    restartRss.push(rss);
  }
  report('start to ready on an existing data dir', restartMs, 'ms', 1_000);
  report('PGlite: server RSS idle after a restart', restartRss, 'MB', 150);

  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    const pgRss = [];
    for (let i = 0; i < RUNS; i++) {
      // An empty database each time: the server migrates and seeds it, then restarts on it.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('drop schema if exists public cascade; create schema public');
      await client.query('drop schema if exists drizzle cascade');
      await client.end();
      const dataDir = tempDir();
      dirs.push(dataDir);
      await startIdle(dataDir, { DATABASE_URL: url });
      pgRss.push((await startIdle(dataDir, { DATABASE_URL: url }))[1]);
    }
    report('PostgreSQL: server RSS idle after a restart', pgRss, 'MB', 85);
  } else {
    console.log('(PostgreSQL RSS skipped: set BENCH_DATABASE_URL to measure it)');
  }

  const loginJs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await startServer(dirs[0]);
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script')
        scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
    });
    await page.goto(`${run.url}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').waitFor();
    loginJs.push((await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024);
    if (i === 0) console.log(`login page loads ${scripts.length} script files`);
    await browser.close();
    await stopServer(run.child);
  }
  report('JavaScript the login page loads (gzip)', loginJs, 'KB', 150);
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.name}: ${r.value} (budget ${r.budget})`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
