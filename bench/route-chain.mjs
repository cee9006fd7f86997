// How long a page takes to open from the signed-in shell, on a slow CPU (Chromium throttled 4×, as
// a busy machine or a low-end laptop) 80 ms from the server: a click on a sidebar link to the page's title, for pages
// whose code is several imports deep. Each figure is the median (min–max) of 3 runs.
// Run `npm run build` first; then `node bench/route-chain.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { BENCH_ADMIN, chromiumArgs, chromiumPath, startServer, stopServer } from './server.mjs';

const pages = [
  { link: 'Profile', title: 'Profile' },
  { link: 'Calendar', title: 'Calendar' },
  { link: 'Code library', title: 'Code library' },
];
const RUNS = 3;
const BUDGET_MS = 1500;

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-chain-'));
const { child: server, url } = await startServer(dataDir);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  for (const { link, title } of pages) {
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      // A new browser context each run: nothing of the page is cached yet.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${url}/login`);
      await page.getByLabel('Email').fill(BENCH_ADMIN.email);
      await page.getByLabel('Password').fill(BENCH_ADMIN.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      // And 80 ms between the browser and the server, as over the internet (each request waits it).
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 80,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const started = Date.now();
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: link })
        .click();
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      times.push(Date.now() - started);
      await context.close();
    }
    const value = median(times);
    console.log(
      `${value <= BUDGET_MS ? 'ok   ' : 'OVER '} ${link}: click to title, CPU 4× slower, 80 ms away, median ${value} ms (${Math.min(...times)}–${Math.max(...times)}) (budget ${BUDGET_MS} ms)`,
    );
  }
} finally {
  await browser.close();
  stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
