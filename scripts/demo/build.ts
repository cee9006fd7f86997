// `npm run demo`: the browser-only demo as a static folder, apps/web/dist-demo/ (DEMO_BASE sets the
// path it is served from, "/" by default): the web app built in mode "demo", msw's service worker,
// and demo-data.json, the real server's answers on the demo data set (./snapshot.ts).
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { takeSnapshot } from './snapshot';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const web = path.join(root, 'apps/web');
const outDir = path.join(web, 'dist-demo');
const started = performance.now();

const snapshot = await takeSnapshot();
await build({ configFile: path.join(web, 'vite.config.ts'), mode: 'demo', logLevel: 'warn' });
writeFileSync(path.join(outDir, 'demo-data.json'), JSON.stringify(snapshot));
// The worker of the msw version installed (its script must match the library's).
const require = createRequire(path.join(web, 'package.json'));
copyFileSync(require.resolve('msw/mockServiceWorker.js'), path.join(outDir, 'mockServiceWorker.js'));
// Static hosts without a fallback to index.html (GitHub Pages) serve 404.html for a deep link.
copyFileSync(path.join(outDir, 'index.html'), path.join(outDir, '404.html'));
console.log(
  `Demo built in ${((performance.now() - started) / 1000).toFixed(0)} s: ${path.relative(root, outDir)}/`,
);
