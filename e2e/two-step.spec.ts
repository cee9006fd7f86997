import type { APIRequestContext, Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, expect, expectAccessible, preparePage, signIn, test, unique } from './fixtures';

/** A new user made by the administrator through the API, with a password of their own. */
async function newUser(request: APIRequestContext) {
  const admin = await request.post('/api/users/login/', { data: ADMIN });
  const token = (await admin.json()).accessToken as string;
  const name = `twostep${unique()}`;
  const user = { email: `${name}@e2e.local`, password: 'Plum-orchard-4417-kites' };
  const created = await request.post('/api/users/user/', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...user, username: name, firstName: 'Tess', lastName: 'Two-Step' },
  });
  expect(created.status()).toBe(201);
  return user;
}

/** A code of the time step after the current one: never the step a code was just used for. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

const dashboard = (page: Page) => page.getByRole('heading', { name: 'Dashboard', level: 1 });

async function signOut(page: Page) {
  await page.getByRole('button', { name: /user menu/i }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test.describe('two-step verification', () => {
  test('set up in the profile with the QR code, then a code after the password', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    await page.goto('/login');
    await signIn(page, user.email, user.password);
    await expect(dashboard(page)).toBeVisible();

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Two-step verification' });
    await section.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step verification' });
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expectAccessible(page, 'two-step set-up dialog', { include: '.mantine-Modal-content' });
    const secret = (await dialog.getByTestId('two-step-secret').innerText()).replace(/\s+/g, '');
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByText('This code is not valid.', { exact: false })).toBeVisible();
    await dialog.getByLabel('Code from the app').fill(await generate({ secret }));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(section.getByText('10 recovery codes left', { exact: false })).toBeVisible();

    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/two-step$/);
    await expectAccessible(page, 'two-step page');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(dashboard(page)).toBeVisible();
  });

  test('a recovery code signs in once; a remembered browser skips the step until forgotten', async ({
    page,
    request,
  }) => {
    const user = await newUser(request);
    const token = (await (await request.post('/api/users/login/', { data: user })).json()).accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const { secret } = await (await request.post('/api/users/me/two-step/enrol/', { headers: auth })).json();
    const confirmed = await request.post('/api/users/me/two-step/confirm/', {
      headers: auth,
      data: { code: await generate({ secret }) },
    });
    const [recoveryCode] = (await confirmed.json()).data.recoveryCodes as string[];

    await page.goto('/login');
    await signIn(page, user.email, user.password);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(recoveryCode ?? '');
    await page.getByLabel('Remember this browser for 30 days').check();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(dashboard(page)).toBeVisible();

    // Remembered: the password alone signs in.
    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(dashboard(page)).toBeVisible();

    await page.goto('/profile');
    const browsers = page.getByRole('region', { name: 'Remembered browsers' });
    await browsers
      .getByRole('list')
      .getByRole('button', { name: /^Forget / })
      .click();
    await expect(browsers.getByText('No browser is remembered.')).toBeVisible();
    await signOut(page);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/auth\/two-step$/);
    // The recovery code was spent.
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(recoveryCode ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('This code is not valid.', { exact: false })).toBeVisible();
  });

  test('keep me signed in: a new tab is signed in too; without it, not; signing out ends it', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Keep me signed in').check();
    await signIn(page);
    await expect(dashboard(page)).toBeVisible();
    const tab = await context.newPage();
    await preparePage(tab);
    await tab.goto('/');
    await expect(dashboard(tab)).toBeVisible();

    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('ledgerdesk.session'))).toBeNull();
    await tab.reload();
    await expect(tab).toHaveURL(/\/login/);
    await tab.close();

    // The default: this tab only (SPEC §9).
    await signIn(page);
    await expect(dashboard(page)).toBeVisible();
    const other = await context.newPage();
    await preparePage(other);
    await other.goto('/');
    await expect(other).toHaveURL(/\/login/);
  });
});
