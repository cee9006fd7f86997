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
  external,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
});
