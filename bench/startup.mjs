// Budgets of the foundation (issue 2), measured on the built app:
//   start to ready on an existing data dir ≤ 2 s; first start on an empty one ≤ 15 s;
//   JavaScript the login page loads ≤ 150 KB gzip; server RSS idle after start ≤ 200 MB.
// Run `npm run build` first; then `node bench/startup.mjs`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath, startServer, stopServer } from './server.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-'));

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const results = [];
const report = (name, value, unit, budget) =>
  results.push({
    name,
    value: `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`,
    budget: `${budget} ${unit}`,
    ok: value <= budget,
  });

try {
  const first = await startServer(dataDir);
  report('first start on an empty data dir', first.ms, 'ms', 15_000);
  await stopServer(first.child);

  const restarts = [];
  let idleRss = 0;
  let loginJs = 0;
  for (let i = 0; i < 5; i++) {
    const run = await startServer(dataDir);
    restarts.push(run.ms);
    if (i === 0) {
      await new Promise((r) => setTimeout(r, 3000));
      idleRss = rssMb(run.child.pid);
      const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
      const page = await browser.newPage();
      const scripts = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script')
          scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length));
      });
      await page.goto(`${run.url}/login`, { waitUntil: 'networkidle' });
      await page.getByLabel('Email').waitFor();
      loginJs = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) / 1024;
      console.log(`login page loads ${scripts.length} script files`);
      await browser.close();
    }
    await stopServer(run.child);
  }
  report('start to ready on an existing data dir (median of 5)', median(restarts), 'ms', 2_000);
  report('server RSS idle after start', idleRss, 'MB', 200);
  report('JavaScript the login page loads (gzip)', loginJs, 'KB', 150);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.name}: ${r.value} (budget ${r.budget})`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
