// What the benchmarks that drive the app share: a data directory of their own, the configuration
// of a bench run, and the database of the engine measured (PGlite in that directory, or a database
// of its own on the PostgreSQL server of BENCH_DATABASE_URL), migrated and with the first admin.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

export type Engine = 'pglite' | 'postgres';
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** PGlite always; PostgreSQL too when BENCH_DATABASE_URL names a server. */
export const benchEngines = (): Engine[] => [
  'pglite',
  ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : []),
];

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of the bench's own on the BENCH_DATABASE_URL server (that URL names any database the
 * user may connect to and create databases from): `ledgerdesk_bench_<name>` when kept between runs,
 * with a random suffix otherwise. `drop` removes it.
 */
export async function serverDatabase(name: string, keep = false) {
  const database = `ledgerdesk_bench_${name}${keep ? '' : `_${randomBytes(6).toString('hex')}`}`;
  await onServer(`create database ${database}`).catch((error: { code?: string }) => {
    // 42P04: a kept database is already there.
    if (!(keep && error.code === '42P04')) throw error;
  });
  const url = new URL(process.env.BENCH_DATABASE_URL as string);
  url.pathname = `/${database}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${database} with (force)`) };
}

/**
 * A migrated database for one bench run; `close` closes it and removes the data directory (and the
 * PostgreSQL database). With `keep`, both stay for the next run under a fixed name
 * (`<tmpdir>/ledgerdesk-bench-<name>`, `ledgerdesk_bench_<name>`), so a bench can reuse data it
 * took minutes to generate.
 */
export async function openBench(
  name: string,
  engine: Engine,
  env: Record<string, string> = {},
  options: { keep?: boolean } = {},
) {
  const keep = options.keep ?? false;
  const dataDir = keep
    ? path.join(tmpdir(), `ledgerdesk-bench-${name}`)
    : mkdtempSync(path.join(tmpdir(), `ledgerdesk-bench-${name}-`));
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const server = engine === 'postgres' ? await serverDatabase(name, keep) : null;
  const database = await openDatabase({ databaseUrl: server?.url, dataDir });
  return {
    config,
    database,
    /** Where the app looks for the web build: nowhere, the benchmarks call the API. */
    webDistDir: path.join(dataDir, 'none'),
    async close() {
      await database.close();
      if (keep) return;
      await server?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value under which p percent of `xs` lie (nearest rank). */
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** A GET of the API to time: what to call it, its URL, and whether the budget applies to it. */
export type TimedCall = readonly [label: string, url: string, budgeted: boolean];

/**
 * Times each call `runs` times after one warm-up (whose answer gives the item count printed) and
 * prints p50 and p95 against `budgetMs`, with this process's CPU time per call: on a loaded machine
 * the wall time counts the waits for a core, the CPU time does not (PGlite runs in this process; a
 * server's own CPU is not in it). True when every budgeted call's p95 is within the budget.
 */
export async function timeCalls(
  app: FastifyInstance,
  headers: Record<string, string>,
  calls: readonly TimedCall[],
  options: {
    /** What the calls run against (printed first, with the machine's load). */
    about: string;
    runs: number;
    budgetMs: number;
    say: (line: string) => void;
    /** The number of items in an answer (shown beside the figures). */
    count: (body: { items?: unknown[]; results?: unknown[] }) => number;
  },
): Promise<boolean> {
  const { runs, budgetMs, say } = options;
  say(`${options.about}; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
  let ok = true;
  for (const [label, url, budgeted] of calls) {
    const times: number[] = [];
    const cpu: number[] = [];
    let count = 0;
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await app.inject({ method: 'GET', url, headers });
      const ms = performance.now() - t0;
      const used = process.cpuUsage(c0);
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (i === 0) count = options.count(res.json());
      else {
        times.push(ms);
        cpu.push((used.user + used.system) / 1000);
      }
    }
    const p95 = percentile(times, 95);
    const within = p95 <= budgetMs;
    if (budgeted) ok = ok && within;
    say(
      `${label}: ${count} items; p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms of ${runs} calls${budgeted ? ` (budget p95 ≤ ${budgetMs} ms) — ${within ? 'within' : 'OVER'} budget` : ''}; CPU p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${percentile(cpu, 95).toFixed(1)} ms; load ${loadavg()[0]?.toFixed(1)}`,
    );
  }
  return ok;
}

/** Runs the bench on every engine of benchEngines(); a run answering false (over budget) sets exit code 1. */
export async function onEveryEngine(run: (engine: Engine) => Promise<boolean>) {
  let ok = true;
  for (const engine of benchEngines()) ok = (await run(engine)) && ok;
  if (!ok) process.exitCode = 1;
}
