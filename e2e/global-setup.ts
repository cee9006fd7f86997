import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN } from './fixtures';
import { startMailPeer } from './mail-peer';
import { freePort, startOidcPeer } from './oidc-peer';
import { startBuiltServer } from './server';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const mailDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-e2e-mail-'));
  const mail = await startMailPeer(mailDir);
  process.env.E2E_MAIL_DIR = mailDir;
  // The sign-in provider's client names the server's callback: the server's port is chosen first.
  const port = await freePort();
  const oidc = await startOidcPeer(`http://127.0.0.1:${port}`);
  // Not in the mail folder: the tests read every file there as a mail.
  const logDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-e2e-log-'));
  const serverLog = path.join(logDir, 'server.log');
  const server = await startBuiltServer(
    {
      PORT: String(port),
      ...oidc.env,
      SMTP_URL: mail.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      // Every spec signs in from this one address within a few minutes: the rate limit stays on, at
      // a hundred times its defaults.
      RATE_LIMIT: '100',
    },
    serverLog,
  );
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    reportSlowRequests(readFileSync(serverLog, 'utf8'));
    await oidc.close();
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  };
}

/**
 * The requests the server took longest to answer during the run, printed at the end: a test that
 * timed out waiting for a page may have waited on the server, and this says whether it did.
 */
function reportSlowRequests(log: string) {
  // Fastify logs a request twice: when it comes in (method and address), and when it is answered
  // (the time it took), both with its id.
  const requested = new Map<string, string>();
  const answered: { ms: number; request: string }[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as {
        reqId?: string;
        responseTime?: number;
        req?: { method?: string; url?: string };
        res?: { statusCode?: number };
      };
      if (entry.req && entry.reqId) requested.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
      if (typeof entry.responseTime === 'number')
        answered.push({
          ms: entry.responseTime,
          request: `${requested.get(entry.reqId ?? '') ?? '?'} → ${entry.res?.statusCode ?? '?'}`,
        });
    } catch {
      // Not a log entry of the server's (a warning a dependency printed).
    }
  }
  const slow = answered.filter(({ ms }) => ms >= 1000).sort((a, b) => b.ms - a.ms);
  // On stderr: stdout may be a reporter's (--reporter=json).
  console.error(`\ne2e server: ${answered.length} requests answered, ${slow.length} took 1 s or more`);
  for (const { ms, request } of slow.slice(0, 10)) console.error(`  ${Math.round(ms)} ms  ${request}`);
}
