import AxeBuilder from '@axe-core/playwright';
import { ADMIN, expect, signIn, test } from './fixtures';

test.describe('signing in and out', () => {
  test('spinner, then login, then the dashboard in the shell, then sign out', async ({ page }) => {
    // Hold the app's entry script back so the spinner of index.html can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.getByText('Loading...')).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/login\?next=%2F$/);
    await expect(page).toHaveTitle('Sign in · Ledgerdesk');
    await signIn(page);

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Dashboard · Ledgerdesk');
    await expect(page.getByRole('navigation')).toBeVisible();

    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => Object.keys(sessionStorage).length)).toBe(0);

    // The token is revoked: going back does not get in.
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('a wrong password shows the catalogue message and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ADMIN.email, 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Login Failed: Incorrect email or password.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    let called = false;
    page.on('request', (request) => {
      if (request.url().includes('/api/users/login/')) called = true;
    });
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    expect(called).toBe(false);
  });

  test('a reload keeps the session', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a protected URL while signed out goes to login, and back after signing in', async ({ page }) => {
    await page.goto('/reports/2026?view=summary');
    await expect(page).toHaveURL(/\/login\?next=/);
    await signIn(page);
    await expect(page).toHaveURL(/\/reports\/2026\?view=summary$/);
    // Not a page of the app: the 404 page, inside the shell.
    await expect(page.getByText(/could not be found|not found/i).first()).toBeVisible();
  });

  test('a 401 from any call sends the user to login and back', async ({ page, request }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The session ends behind the page's back (signed out elsewhere, or expired).
    const token = await page.evaluate(() => {
      const raw = Object.values(sessionStorage)[0] ?? '{}';
      return (JSON.parse(raw) as { accessToken?: string }).accessToken ?? '';
    });
    expect(token).not.toBe('');
    const revoked = await request.post('/api/users/logout/', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status()).toBe(204);

    await page.goto('/settings/somewhere');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings%2Fsomewhere/);
    await signIn(page);
    await expect(page).toHaveURL(/\/settings\/somewhere$/);
  });

  test('the login page has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

test.describe('failures of the app itself', () => {
  test('a route chunk that fails to load shows a message with a reload button', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // Every lazy chunk but the entry now fails, as after a deployment removed the old files.
    await page.route(/\/assets\/(?!index-)[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.getByText(/could not be loaded/i)).toBeVisible();
    const reload = page.getByRole('button', { name: /reload/i });
    await expect(reload).toBeVisible();
    await page.unroute(/\/assets\/(?!index-)[\w-]+\.js$/);
    await reload.click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('an unknown URL under the app shows the 404 page and a way back', async ({ page }) => {
    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByText(/could not be found|not found/i).first()).toBeVisible();
  });
});
