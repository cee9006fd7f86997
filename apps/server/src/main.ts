import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveAdminCommands } from './admin/socket';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirBusyError } from './db/data-dir-lock';
import { scheduleIdleVacuum } from './db/upkeep';
import { describeError, loggerOptions } from './lib/logger';
import { type SeedResult, seedDatabase } from './seed';

/** Set in the environment of the process seedApart starts. */
const SEED_ROLE = 'LEDGERDESK_SEED_CHILD';

/**
 * Something that runs beside the HTTP server and stops with it: on SIGTERM/SIGINT every closer runs
 * while the server finishes its requests, all within SHUTDOWN_TIMEOUT, before the database closes.
 * A background worker (the mail outbox, ...) registers its stop here.
 */
export type Closer = { name: string; close(): Promise<void> };

/** How long past SHUTDOWN_TIMEOUT a stop that still hangs may take before the process gives up. */
const LAST_RESORT_MS = 5_000;

/** config → database → migrate → seed → app → listen; SIGINT/SIGTERM close it all within a deadline. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // A new embedded database is made in a process of its own, which then exits: see seedApart.
  const seededApart = !config.databaseUrl && isNewDataDir(config.dataDir) ? await seedApart() : undefined;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Several nodes starting together on one empty PostgreSQL: one migrates and seeds, then the next
  // finds the work done (and the first admin made) instead of inserting it again.
  const seededHere = await database.exclusive(async () => {
    await database.migrate();
    return seedDatabase(database.db, config);
  });
  const seeded = seededApart ?? seededHere;
  const app = await buildApp({
    config,
    database,
    logger: loggerOptions(config.logLevel, Boolean(process.stdout.isTTY)),
  });

  const closers: Closer[] = [];
  if (database.kind === 'pglite') {
    const upkeep = scheduleIdleVacuum({
      vacuum: () => database.vacuum(),
      onError: (error) => app.log.warn({ err: error }, 'idle VACUUM (ANALYZE) failed'),
    });
    app.addHook('onRequest', async (request) => upkeep.activity(request.method));
    app.addHook('onResponse', async (request) => upkeep.activity(request.method));
    closers.push({ name: 'idle vacuum', close: () => upkeep.stop() });
    // This process owns DATA_DIR: `npm run admin` reaches the database through it.
    const adminSocket = await serveAdminCommands(config.dataDir, app.adminCommands, (error) =>
      app.log.error({ err: error }, 'admin command failed'),
    );
    closers.push({ name: 'admin socket', close: () => adminSocket.close() });
  }

  let stopping = false;
  // A response given while stopping closes its connection: the client reconnects elsewhere.
  app.addHook('onSend', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const seconds = config.shutdownTimeoutMs / 1000;
    app.log.info(`${signal}: stopping; requests in flight have ${seconds} s to finish`);
    // Idle keep-alive connections close at once (app.close); a request still running at the
    // deadline (a stalled upload, a slow client) loses its connection.
    const deadline = setTimeout(() => {
      app.log.warn(`Requests still running after SHUTDOWN_TIMEOUT (${seconds} s): closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    const lastResort = setTimeout(() => {
      app.log.error('Could not stop cleanly in time: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs + LAST_RESORT_MS);
    lastResort.unref();
    try {
      await Promise.all([app.close(), ...closers.map((closer) => closer.close())]);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'could not close cleanly');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.outbox.start();
  app.crypto.ticker.start();
  app.nftAuctions.start();
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  if (seeded.createdAdmin)
    app.log.info(`New database: migrated and seeded${seeded.seededDemo ? ' with demo data' : ''}`);
  if (seeded.generatedAdmin) {
    app.log.warn(
      `First admin created. Sign in as ${seeded.generatedAdmin.email} with password ${seeded.generatedAdmin.password} — it is shown only this once.`,
    );
  }
  const { port } = app.server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // PORT=0 (any free port, as the tests use) leaves the default PUBLIC_URL without a real port.
  if (config.publicUrl.endsWith(':0')) config.publicUrl = url;
  app.log.info(
    `Ledgerdesk is ready in ${Math.round(performance.now() - startedAt)} ms on ${where}: open ${url}`,
  );
}

/** Whether DATA_DIR holds no embedded database yet. */
function isNewDataDir(dataDir: string) {
  return !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'));
}

/**
 * Migrates and seeds a new embedded database in a child process (this file, in the SEED_ROLE),
 * which hands back what it did and exits. Seeding the demo data grows the database's WebAssembly
 * memory and the compilers' native heaps by some 350 MB that a process never gives back: done
 * here, the server would keep them until its next restart (bench/startup.mjs).
 */
function seedApart(): Promise<SeedResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, [SEED_ROLE]: '1' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: SeedResult | undefined;
    const stopChild = () => child.kill('SIGTERM');
    process.once('exit', stopChild);
    child.once('message', (message) => {
      result = message as SeedResult;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0 && result) resolve(result);
      else reject(new Error(`preparing the new database failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** The child of seedApart: migrate and seed, tell the parent, close the database. */
async function seedRole() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const seeded = await seedDatabase(database.db, config);
    await new Promise<void>((done, fail) =>
      process.send?.(seeded, (error: Error | null) => (error ? fail(error) : done())),
    );
  } finally {
    await database.close();
  }
}

(process.env[SEED_ROLE] ? seedRole().then(() => process.exit(0)) : main()).catch((error) => {
  // One clear line: what is wrong, never the values of a failed query (describeError).
  if (error instanceof ConfigError) process.stderr.write(`Configuration error: ${error.message}\n`);
  else if (error instanceof DataDirBusyError)
    process.stderr.write(`Ledgerdesk cannot start: ${error.message}\n`);
  else process.stderr.write(`Ledgerdesk could not start: ${describeError(error)}\n`);
  process.exit(1);
});
