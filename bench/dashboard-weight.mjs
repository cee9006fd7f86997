// Budget of the dashboards (issue 11), measured in Chromium on the built app with the demo data:
//   a cold load of the home dashboard (signed in, empty cache) fetches ≤ 250 KB gzip of JavaScript,
//   charts included.
// Run `npm run build` first; then `node bench/dashboard-weight.mjs` (BENCH_VERBOSE=1 lists the files).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, chromiumArgs, chromiumPath, startServer, stopServer } from './server.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-dashboards-'));
const { child: server, url } = await startServer(dataDir, { SEED_DEMO: 'true' });
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
let total = 0;
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(BENCH_ADMIN.email);
  await page.getByLabel('Password').fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  // The session stays (sessionStorage); the cache goes: every script is fetched again.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.set(
        res.url(),
        res.body().then((b) => gzipSync(b, { level: 9 }).length),
      );
  });
  await page.reload();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.locator('[data-chart] svg').first().waitFor();
  await page.waitForLoadState('networkidle');
  const entries = await Promise.all([...scripts].map(async ([u, size]) => [new URL(u).pathname, await size]));
  entries.sort((a, b) => b[1] - a[1]);
  total = entries.reduce((sum, [, size]) => sum + size, 0) / 1024;
  if (process.env.BENCH_VERBOSE)
    for (const [name, size] of entries) console.log(`  ${(size / 1024).toFixed(1)} KB  ${name}`);
  console.log(
    `${total <= 250 ? 'ok  ' : 'OVER'}  JavaScript of a cold load of the home dashboard (${entries.length} files, gzip): ${total.toFixed(1)} KB (budget 250 KB)`,
  );
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = total <= 250 ? 0 : 1;
