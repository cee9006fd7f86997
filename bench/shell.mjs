// Budgets of the application shell (issue 5), measured in Chromium on the built app:
//   switching any layout setting re-renders in ≤ 50 ms (no reload);
//   the shell adds ≤ 60 KB gzip to the JavaScript of the first page after sign-in.
// Run `npm run build` first; then `node bench/shell.mjs`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, startServer, stopServer } from './server.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-shell-'));
const { child: server, url } = await startServer(dataDir);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const results = [];
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const scripts = new Map();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      scripts.set(
        res.url(),
        res.body().then((b) => gzipSync(b, { level: 9 }).length),
      );
  });
  await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
  const atLogin = new Set(scripts.keys());
  await page.getByLabel('Email').fill('bench@example.com');
  await page.getByLabel('Password').fill('bench-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  const added = [...scripts.keys()].filter((u) => !atLogin.has(u));
  const sizes = await Promise.all(added.map((u) => scripts.get(u)));
  const addedKb = sizes.reduce((a, b) => a + b, 0) / 1024;
  const loginKb =
    (await Promise.all([...atLogin].map((u) => scripts.get(u)))).reduce((a, b) => a + b, 0) / 1024;
  results.push({
    name: `JavaScript the login page loads (${atLogin.size} files, gzip)`,
    value: loginKb,
    unit: 'KB',
    budget: 150,
  });
  if (process.env.BENCH_VERBOSE) {
    console.log('  the login page:');
    for (const u of atLogin)
      console.log(`  ${((await scripts.get(u)) / 1024).toFixed(1)} KB  ${new URL(u).pathname}`);
    console.log('  added by the first page after sign-in:');
  }
  if (process.env.BENCH_VERBOSE)
    for (const [index, u] of added.entries())
      console.log(`  ${(sizes[index] / 1024).toFixed(1)} KB  ${new URL(u).pathname}`);
  results.push({
    name: `JavaScript the first page after sign-in adds to the login page's (${added.length} files, gzip)`,
    value: addedKb,
    unit: 'KB',
    budget: 60,
  });

  // Each setting: from the click on its option to the second animation frame after <html> changed.
  await page.getByRole('button', { name: 'Layout settings' }).click();
  const drawer = page.getByRole('dialog', { name: 'Layout settings' });
  await drawer.waitFor();
  await page.evaluate(() => {
    const w = window;
    w.__switch = { start: 0, painted: 0 };
    document.addEventListener(
      'pointerdown',
      () => {
        w.__switch.start = performance.now();
      },
      true,
    );
    new MutationObserver(() => {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          w.__switch.painted = performance.now();
        }),
      );
    }).observe(document.documentElement, { attributes: true });
  });
  const options = [
    ['Two column', 'Vertical'],
    ['Horizontal', 'Vertical'],
    ['Semi box', 'Vertical'],
    ['Dark', 'Light'],
    ['Small (icons)', 'Large'],
    ['Gradient 2', 'Dark'],
    ['Image 3', 'None'],
    ['Boxed', 'Fluid'],
    ['Scrollable', 'Fixed'],
  ];
  const times = [];
  for (const [option, back] of options) {
    for (const label of [option, back]) {
      await page.evaluate(() => {
        window.__switch.painted = 0;
      });
      await drawer.getByText(label, { exact: true }).first().click();
      await page.waitForFunction(() => window.__switch.painted > 0);
      times.push({ label, ms: await page.evaluate(() => window.__switch.painted - window.__switch.start) });
    }
  }
  if (process.env.BENCH_VERBOSE)
    console.log(times.map((time) => `${time.label} ${time.ms.toFixed(1)}`).join(', '));
  const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
  const median = [...times].sort((a, b) => a.ms - b.ms)[Math.floor(times.length / 2)].ms;
  results.push({ name: 'layout setting switch to painted, median', value: median, unit: 'ms', budget: 50 });
  results.push({
    name: `layout setting switch to painted, worst ("${worst.label}")`,
    value: worst.ms,
    unit: 'ms',
    budget: 50,
  });
  await drawer.getByRole('button', { name: 'Reset to defaults' }).click();
} finally {
  await browser.close();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
for (const r of results)
  console.log(
    `${r.value <= r.budget ? 'ok  ' : 'OVER'}  ${r.name}: ${r.value.toFixed(1)} ${r.unit} (budget ${r.budget} ${r.unit})`,
  );
process.exitCode = results.every((r) => r.value <= r.budget) ? 0 : 1;
