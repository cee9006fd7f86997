// The built server as `npm start` runs it (same command and Node flags), for the benchmarks that
// drive a browser: on a free port, in a data directory of its own, signed in as BENCH_ADMIN.
import { spawn } from 'node:child_process';
import { serverCommand } from '../scripts/server-command.mjs';

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };

/** Spawns the server; resolves when it logs its ready line, with its URL and the time to it. */
export function startServer(dataDir, env = {}) {
  const began = performance.now();
  const [node, ...args] = serverCommand();
  const child = spawn(node, args, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...env,
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

export function stopServer(child) {
  return new Promise((done) => {
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

/** Debian's Chromium with the flags every browser bench uses (no background traffic). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A tab of Debian's Chromium (puppeteer-core) signed in as BENCH_ADMIN through the login page. The
 * session lives in that tab's sessionStorage: Lighthouse runs in the same tab with
 * `disableStorageReset` to load pages as the signed-in user.
 */
export async function signedInTab(server) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    defaultViewport: null,
  });
  const page = await browser.newPage();
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type=email], input[name=email]').fill(BENCH_ADMIN.email);
  await page.locator('input[type=password]').fill(BENCH_ADMIN.password);
  await page.locator('button[type=submit]').click();
  await page.waitForFunction(() => Boolean(sessionStorage.getItem('ledgerdesk.session')));
  return { browser, page };
}
