import { defineConfig } from '@playwright/test';

// Browser tests run in Debian's Chromium against the built app, served by the real server on a
// free port with a temporary DATA_DIR (see e2e/global-setup.ts).
export default defineConfig({
  testDir: 'e2e',
  // e2e/demo/ runs against the static demo build, no server (playwright.demo.config.ts).
  testIgnore: [/e2e\/demo\//],
  globalSetup: './e2e/global-setup.ts',
  // Two workers on the two cores of CI: each spec file runs in one of them, in order (the files that
  // mark themselves parallel spread their tests); tests that change what an account keeps sign in as
  // an account of their own (fixtures.ts createAdmin), and toasts are checked against what was shown.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Hang guards, not budgets: a long flow on a busy 2-core machine (CI runs the suite beside the
  // server and Chromium) can take a minute; a condition a while to appear.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
