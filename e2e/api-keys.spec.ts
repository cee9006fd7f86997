import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures';

// An API key made in the UI: its secret is shown once, it authenticates API calls as its creator,
// and it stops the moment it is disabled.
test('an API key created in the UI authenticates a request until it is disabled', async ({ page }) => {
  const name = `Nightly export ${unique()}`;
  await signInAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API keys' })
    .click();
  await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Create API key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an API key' });
  await form.getByRole('button', { name: 'Create key' }).click();
  await expect(form.getByText('Please name the key.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('button', { name: 'Create key' }).click();
  await expectToast(page, 'API Key Added Successfully');

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('it is shown only this once')).toBeVisible();
  const secret = ((await shown.getByTestId('api-key-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^ldk_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  await shown.getByRole('button', { name: 'Done' }).click();

  // The key is a bearer token of its own.
  const call = () => page.request.get('/api/apps/task', { headers: { authorization: `Bearer ${secret}` } });
  expect((await call()).status()).toBe(200);

  // The list shows its start, never the secret.
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expectToast(page, 'Updated Successfully');
  await expect(row).toContainText('Disabled');

  const denied = await call();
  expect(denied.status()).toBe(401);
  expect((await denied.json()).errorMessage).toBe('Invalid credentials');

  // Renamed in the change dialog, which starts from the key's name and checks it as the create one does.
  await row.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Rename or change expiry' }).click();
  const change = page.getByRole('dialog', { name: `Change ${name}` });
  await expect(change.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await change.getByRole('textbox', { name: 'Name' }).fill('');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(change.getByText('Please name the key.')).toBeVisible();
  await change.getByRole('textbox', { name: 'Name' }).fill(`${name} (old)`);
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Updated Successfully');
  await expect(change).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: `${name} (old)` })).toBeVisible();

  // The create dialog opens empty again.
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Deleted from the row's menu, after confirming.
  const renamed = page.getByRole('row').filter({ hasText: `${name} (old)` });
  await renamed.getByRole('button', { name: `Actions for ${name} (old)` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this API key?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Deleted Successfully');
  await expect(renamed).toHaveCount(0);
});
