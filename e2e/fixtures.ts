import { test as base, expect, type Page } from '@playwright/test';
import { type Mail, readMailFrom } from './mail-peer';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };

/** The server of global-setup.ts; every page also fails its test on a CSP violation or a page error. */
export const test = base.extend<{ pageErrors: string[] }>({
  // The fixture needs no other fixture; it names one only because an empty pattern is not allowed.
  baseURL: async ({ browserName: _browserName }, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup.ts starts the server');
    await use(url);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
          errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The newest mail to `to` that the server sent through the test SMTP peer (e2e/mail-peer.ts),
 * waiting for it to arrive; `since` skips older ones.
 */
export function readMail(to: string, since = new Date(Date.now() - 60_000)): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global-setup.ts starts the mail peer');
  return readMailFrom(dir, to, since);
}

/** A suffix that keeps the records of one run apart from those of another (letters and digits). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Signs in as the administrator and waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The signed-in page's bearer token, to arrange data through the API. */
export function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('ledgerdesk.session') ?? '{}').accessToken as string,
  );
}

/** The toast (Mantine notification) with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
