import { defineConfig } from 'vitest/config';

// The API suite runs once on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, once
// more on it: the same tests, the same SQL, two engines.
// The OpenAPI fuzzer (test/fuzz) runs on both engines too, bounded by FUZZ_RUNS and FUZZ_SECONDS.
const serverTests = ['apps/server/test/api/**/*.test.ts', 'apps/server/test/fuzz/**/*.test.ts'];
// Those named *postgres.test.ts need a PostgreSQL server (several nodes on one database).
const processOnPostgres = 'apps/server/test/process/*postgres.test.ts';
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // Two files at a time. Vitest's default is one less than the cores, one on a 2-core machine,
    // which leaves a core idle while a test waits on PostgreSQL, on a server process or on disk.
    maxWorkers: 2,
    projects: [
      ...engines.map((engine) => ({
        test: {
          name: `api:${engine}`,
          include: serverTests,
          env: { TEST_DB: engine },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One migrated database per run, copied by every file (test/template.ts).
          globalSetup: ['apps/server/test/template.ts'],
          // The files of a worker share its process and its imported modules (the server's code is
          // imported once per worker, not once per file: 90 s of a 270 s run on 2 cores). Each file
          // builds its own app and database (test/context.ts); one that changes the process (its
          // time zone) puts it back.
          isolate: false,
        },
      })),
      {
        test: {
          name: 'unit',
          include: [
            'apps/server/test/unit/**/*.test.ts',
            'apps/server/test/process/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
          ],
          exclude: [processOnPostgres],
        },
      },
      // The web app's units and components, in a simulated browser (jsdom).
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      // The browser-only demo's guard (npm run test:demo): every route of the server answered by the
      // mock or listed as deliberately unserved, the mock's answers in the contracts' shapes.
      {
        test: {
          name: 'demo',
          include: ['scripts/demo/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
        },
      },
      // Real server processes sharing one PostgreSQL server (several nodes, one database).
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'process:postgres', include: [processOnPostgres] } }]
        : []),
    ],
  },
});
