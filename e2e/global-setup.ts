import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  const server = await startBuiltServer({
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
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await oidc.close();
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
