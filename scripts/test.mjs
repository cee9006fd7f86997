// `npm test`: every check, in order, stopping at the first that fails — lint, typecheck, the
// browser-only demo's build, the unit and API tests (on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set), the build, the browser tests in Chromium against the built app, and
// the same main flows against the demo build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const steps = [
  ['lint', 'npm run --silent lint'],
  ['typecheck', 'npm run --silent typecheck'],
  // Before the unit tests: the demo's guard reads the snapshot this writes (else it takes its own).
  ['demo build', 'npm run --silent demo'],
  ['unit and API tests', 'npx vitest run'],
  ['build', 'npm run --silent build'],
  ['browser tests', 'npx playwright test'],
  ['demo browser tests', 'npx playwright test -c playwright.demo.config.ts'],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the API tests run on PGlite only (CI sets it to a PostgreSQL server).',
  );
}
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { cwd: root, stdio: 'inherit', shell: true });
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
  console.log(`=== ${name}: passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log('\nAll checks passed.');
