// What the benchmarks that drive the app share: a data directory of their own, the configuration
// of a bench run, and the database of the engine measured (PGlite in that directory, or a database
// of its own on the PostgreSQL server of BENCH_DATABASE_URL), migrated and with the first admin.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
