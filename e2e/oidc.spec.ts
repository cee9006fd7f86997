import type { Page } from '@playwright/test';
import { expect, preparePage, signInAsAdmin, test } from './fixtures';
import { PROVIDER_LABEL, SOCIAL_PERSON } from './oidc-peer';

/**
 * A hang guard for the whole round trip (the app, the provider in the test process, the callback,
 * the code exchanged): five requests in a row, slow when both workers and the server share two cores.
 */
const ROUND_TRIP = { timeout: 45_000 };

const sessionEmail = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('ledgerdesk.session') ?? '{}').user?.email as string);

test.describe('social sign-in', () => {
  test('the provider button signs a new person in, whose profile shows the link it cannot remove', async ({
    page,
  }) => {
    await page.goto('/login?next=/profile');
    await page.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` }).click();
    // Through the provider (it signs the person in without a page) and back, signed in, where `next` said.
    await expect(page).toHaveURL(/\/profile$/, ROUND_TRIP);
    expect(await sessionEmail(page)).toBe(SOCIAL_PERSON.email);
    const linked = page.getByRole('region', { name: 'Linked accounts' });
    await expect(linked.getByText(PROVIDER_LABEL, { exact: true })).toBeVisible();
    await expect(linked.getByText(SOCIAL_PERSON.email)).toBeVisible();
    // No password: this link is the only way in.
    await expect(linked.getByRole('button', { name: `Unlink ${PROVIDER_LABEL}` })).toBeDisabled();
    await expect(linked.getByText(/only way to sign in/)).toBeVisible();

    // Signed out, the same button signs the same account in again.
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` }).click();
    await expect(page).not.toHaveURL(/\/(login|auth\/social)/, ROUND_TRIP);
    expect(await sessionEmail(page)).toBe(SOCIAL_PERSON.email);
  });

  test('a provider account already linked to someone else is not linked from the profile', async ({
    page,
    browser,
  }) => {
    // The provider's person has an account of their own (made now, or by the test above).
    const elsewhere = await browser.newPage();
    await preparePage(elsewhere);
    await elsewhere.goto('/login');
    await elsewhere.getByRole('link', { name: `Sign in with ${PROVIDER_LABEL}` }).click();
    await expect(elsewhere).not.toHaveURL(/\/(login|auth\/social)/, ROUND_TRIP);
    await elsewhere.close();

    await signInAsAdmin(page, '/profile');
    const linked = page.getByRole('region', { name: 'Linked accounts' });
    await linked.getByRole('button', { name: `Link ${PROVIDER_LABEL}` }).click();
    await expect(page).toHaveURL(/\/auth\/social\/error\?reason=already-linked/, ROUND_TRIP);
    await expect(page.getByRole('alert')).toContainText('already linked to another Ledgerdesk account');
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await expect(linked.getByText('No account is linked yet.')).toBeVisible();
  });
});
