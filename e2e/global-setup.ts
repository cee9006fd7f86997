import { existsSync } from 'node:fs';
import path from 'node:path';
import { ADMIN } from './fixtures';
import { startBuiltServer } from './server';

export default async function globalSetup() {
  const root = path.resolve(import.meta.dirname, '..');
  for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
    if (!existsSync(path.join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const server = await startBuiltServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  });
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
