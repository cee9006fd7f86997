// Budgets of the home dashboard in the browser (issue 11), on the built app with the demo data:
//   Lighthouse desktop preset: performance ≥ 95, accessibility 100 (medians of RUNS runs).
// (The JavaScript of its cold load is bench/dashboard-weight.mjs's.)
// Lighthouse drives Debian's Chromium through puppeteer-core. The session lives in sessionStorage
// (one tab's), so the bench signs in through the login page in a tab and Lighthouse loads the home
// dashboard in that same tab with its storage kept (disableStorageReset) and the HTTP cache
// cleared before each run (a cold load of a signed-in user).
// Run `npm run build` first; then `node bench/lighthouse.mjs` (BENCH_RUNS=3).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signedInTab, startServer, stopServer } from './server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs, digits = 0) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-lighthouse-'));
const server = await startServer(dataDir, { SEED_DEMO: 'true' });
const { browser, page } = await signedInTab(server);
const runs = [];
try {
  const cdp = await page.createCDPSession();
  for (let i = 0; i < RUNS; i++) {
    await cdp.send('Network.clearBrowserCache');
    const { lhr } = await lighthouse(
      `${server.url}/`,
      { disableStorageReset: true, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      desktopConfig,
      page,
    );
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== '/')
      throw new Error(`the home dashboard was not shown (ended at ${lhr.finalDisplayedUrl})`);
    const failed = Object.values(lhr.audits).filter(
      (a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) && a.score === 0,
    );
    runs.push({
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      failed: failed.map((a) => a.id),
    });
    // Where the main thread's time went, for whoever works on the score.
    const bootup = (lhr.audits['bootup-time'].details?.items ?? [])
      .slice(0, 3)
      .map(
        (item) =>
          `${URL.canParse(item.url) ? new URL(item.url).pathname : item.url} ${Math.round(item.total)} ms`,
      );
    console.log(
      `run ${i + 1}: main thread by script: ${bootup.join(', ')}; unused JavaScript ${Math.round((lhr.audits['unused-javascript'].details?.overallSavingsBytes ?? 0) / 1024)} KB`,
    );
    console.log(
      `run ${i + 1}: performance ${runs.at(-1).performance}, accessibility ${runs.at(-1).accessibility}` +
        `${failed.length ? ` (failing: ${failed.map((a) => a.id).join(', ')})` : ''}`,
    );
  }
} finally {
  await browser.close();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}

const of = (key) => runs.map((r) => r[key]);
const results = [
  {
    name: 'Lighthouse performance (desktop)',
    value: median(of('performance')),
    text: spread(of('performance')),
    ok: (v) => v >= 95,
    budget: '≥ 95',
  },
  {
    name: 'Lighthouse accessibility',
    value: median(of('accessibility')),
    text: spread(of('accessibility')),
    ok: (v) => v >= 100,
    budget: '100',
  },
];
console.log(`home dashboard, median (min–max) of ${RUNS} Lighthouse runs:`);
console.log(`  LCP ${spread(of('lcp'))} ms, TBT ${spread(of('tbt'))} ms, CLS ${spread(of('cls'), 3)}`);
for (const r of results)
  console.log(`${r.ok(r.value) ? 'ok  ' : 'OVER'}  ${r.name}: ${r.text} (budget ${r.budget})`);
process.exitCode = results.every((r) => r.ok(r.value)) ? 0 : 1;
