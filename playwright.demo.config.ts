import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The browser-only demo (npm run test:demo, after `npm run demo`): e2e/demo/ in Chromium against
// apps/web/dist-demo/ served by a tiny static server (scripts/demo/serve.mjs) — no API server at
// all: the mock service worker answers every /api call.
const port = Number(process.env.DEMO_PORT ?? 4317);
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  ...base,
  testDir: 'e2e/demo',
  testIgnore: [],
  globalSetup: undefined,
  outputDir: 'test-results/demo',
  webServer: {
    command: `node scripts/demo/serve.mjs apps/web/dist-demo ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    stdout: 'ignore',
  },
  // The service worker must be allowed (Playwright's default) and each test starts with an empty
  // IndexedDB: a new browser context per test.
  use: { ...base.use, serviceWorkers: 'allow' },
});
