// What the benchmarks that drive the app share: a data directory of their own, the configuration
// of a bench run, and the database of the engine measured (PGlite in that directory, or the
// PostgreSQL server of BENCH_DATABASE_URL), migrated and with the first admin.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

export type Engine = 'pglite' | 'postgres';
export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** A migrated database for one bench run; `close` closes it and removes the data directory. */
export async function openBench(name: string, engine: Engine, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `ledgerdesk-bench-${name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: engine === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined,
    dataDir,
  });
  return {
    config,
    database,
    /** Where the app looks for the web build: nowhere, the benchmarks call the API. */
    webDistDir: path.join(dataDir, 'none'),
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
