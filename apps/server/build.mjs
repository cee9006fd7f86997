// Bundles the server into dist/main.js and dist/cli.js. The workspace's own packages (TypeScript
// sources) are bundled in; everything from node_modules stays external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@ledgerdesk/'));

await build({
  entryPoints: ['src/main.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Without comments or layout, and ASCII only: V8 keeps every module's source in memory, and one
  // non-ASCII character (a comment's dash) doubles it (two bytes per character). Names stay, for
  // the logs' stack traces; the source map leads back to the code.
  minifyWhitespace: true,
  legalComments: 'none',
  charset: 'ascii',
  external,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
