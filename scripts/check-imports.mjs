// The import direction of ARCHITECTURE.md, checked on every `npm run lint` (and so in CI).
//
// Server (apps/server/src), from the bottom up; a file may import its own layer and those below:
//   lib, db, config, paths  →  plugins  →  resources  →  modules  →  seed  →  app, main, cli, admin
// and a module reaches another module only through that module's service.ts.
// Web (apps/web/src): app → demo → features → resources → components → lib, i18n → contracts; a feature
// never imports another feature. The engine (resources/) builds on the shared UI and route helpers
// (components/: lazy-route, RouteError, PageHeader; lib/: route-handle), never the other way, and
// neither reaches up into the shell (app/).
// Relative imports only: packages (`@ledgerdesk/contracts`, npm) are always allowed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const serverLayers = [
  ['lib', 'db', 'config.ts', 'paths.ts'],
  ['plugins'],
  ['resources'],
  ['modules'],
  ['seed'],
  ['app.ts', 'main.ts', 'cli.ts', 'admin'],
];
const webLayers = [
  ['locales'],
  ['lib', 'i18n'],
  ['components'],
  ['resources'],
  ['features'],
  // demo/: the browser-only demo's mock backend and banner, started by main.tsx in the demo build only.
  ['demo'],
  // test/: the component tests' harness (the app's theme and providers, around any layer).
  ['app', 'main.tsx', 'test'],
];

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The relative specifiers a file imports or re-exports (static and dynamic). */
function importsOf(source) {
  const found = [];
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(pattern)) found.push(match[1] ?? match[2]);
  return found;
}

function check(srcDir, layers, extraRule) {
  const layerOf = (file) => {
    const top = path.relative(srcDir, file).split(path.sep)[0];
    const index = layers.findIndex((names) => names.includes(top));
    return index === -1 ? null : index;
  };
  const problems = [];
  for (const file of sourceFiles(srcDir)) {
    const from = layerOf(file);
    if (from === null) {
      problems.push(
        `${path.relative(root, file)}: in no layer (place its folder in scripts/check-imports.mjs)`,
      );
      continue;
    }
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), specifier);
      if (!target.startsWith(srcDir + path.sep)) continue;
      const to = layerOf(target);
      const where = `${path.relative(root, file)} imports ${specifier}`;
      if (to !== null && to > from) {
        problems.push(`${where}: ${layers[to].join('/')} is above ${layers[from].join('/')}`);
        continue;
      }
      const extra = extraRule(path.relative(srcDir, file), path.relative(srcDir, target));
      if (extra) problems.push(`${where}: ${extra}`);
    }
  }
  return problems;
}

const areaOf = (relative, folder) => {
  const parts = relative.split(path.sep);
  return parts[0] === folder ? parts[1] : null;
};

const problems = [
  ...check(path.join(root, 'apps/server/src'), serverLayers, (from, to) => {
    const own = areaOf(from, 'modules');
    const other = areaOf(to, 'modules');
    if (own && other && own !== other && !/^service(\.ts)?$/.test(path.basename(to))) {
      return `module ${own} reaches module ${other} other than through its service`;
    }
    return null;
  }),
  ...check(path.join(root, 'apps/web/src'), webLayers, (from, to) => {
    const own = areaOf(from, 'features');
    const other = areaOf(to, 'features');
    return own && other && own !== other ? `feature ${own} imports feature ${other}` : null;
  }),
];

if (problems.length) {
  console.error(`Import direction (ARCHITECTURE.md): ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log('Import direction: ok');
