import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './seed';

/** config → database → migrate → seed → app → listen; SIGINT/SIGTERM close it all cleanly. */
async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const logger = {
    level: config.logLevel,
    ...(process.stdout.isTTY
      ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : {}),
  };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const seeded = await seedDatabase(database.db, config);
  const app = await buildApp({ config, database, logger });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
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

main().catch((error) => {
  process.stderr.write(
    `Ledgerdesk could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
