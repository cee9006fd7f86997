// Budgets of the foundation (issue 2), measured on the built app:
//   start to ready on an existing data dir ≤ 2 s; first start on an empty one ≤ 15 s;
//   JavaScript the login page loads ≤ 150 KB gzip; server RSS idle after start ≤ 200 MB.
// Run `npm run build` first; then `node bench/startup.mjs`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serverCommand } from '../scripts/server-command.mjs';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-'));

/** Spawns the server; resolves when it logs its ready line, with the time from spawn to that line. */
function start() {
  const began = performance.now();
  const [node, ...args] = serverCommand();
  const child = spawn(node, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      log += chunk;
      const ready = /open (http:\/\/[\d.:]+)/.exec(log);
      if (ready) resolve({ child, url: ready[1], ms: performance.now() - began });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${log}`)));
  });
}
const stop = (child) =>
  new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
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
  const first = await start();
  report('first start on an empty data dir', first.ms, 'ms', 15_000);
  await stop(first.child);

  const restarts = [];
  let idleRss = 0;
  let loginJs = 0;
  for (let i = 0; i < 5; i++) {
    const run = await start();
    restarts.push(run.ms);
    if (i === 0) {
      await new Promise((r) => setTimeout(r, 3000));
      idleRss = rssMb(run.child.pid);
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
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
    await stop(run.child);
  }
  report('start to ready on an existing data dir (median of 5)', median(restarts), 'ms', 2_000);
  report('server RSS idle after start', idleRss, 'MB', 200);
  report('JavaScript the login page loads (gzip)', loginJs, 'KB', 150);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const r of results) console.log(`${r.ok ? 'ok  ' : 'OVER'}  ${r.name}: ${r.value} (budget ${r.budget})`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
