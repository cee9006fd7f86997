// The first half of `npm start`: builds the web app and the server when their sources are newer
// than the build (or there is none yet). The second half runs apps/server/dist/main.js.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(entry, name))));
}

function buildIfStale(output, inputs, workspace) {
  if (newest(output) > Math.max(...inputs.map(newest))) return;
  console.log(`Building ${workspace}...`);
  execSync(`npm run build --silent -w ${workspace}`, { cwd: root, stdio: 'inherit' });
}

const contracts = 'packages/contracts/src';
buildIfStale(
  'apps/web/dist/index.html',
  [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    contracts,
    'package-lock.json',
  ],
  'apps/web',
);
buildIfStale(
  'apps/server/dist/main.js',
  ['apps/server/src', 'apps/server/build.mjs', contracts, 'package-lock.json'],
  'apps/server',
);
