import { expect, expectToast, signInAsAdmin, test, unique } from './fixtures';

// Phone fields pick the country's dial prefix from the country list and keep one string.
test('a phone number is entered as a country and a number, and read back the same way', async ({ page }) => {
  const name = `Phone Contact ${unique()}`;
  await signInAsAdmin(page, '/apps/crm/contacts/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  const prefix = page.getByRole('combobox', { name: 'Phone: country' });
  await prefix.click();
  await prefix.fill('France');
  await page.getByRole('option', { name: /France/ }).click();
  await page.getByLabel('Phone', { exact: true }).fill('6 12 34 56 78');
  await page.getByRole('button', { name: 'Add Contact' }).click();
  await expectToast(page, 'Contact Added Successfully');
  await expect(page.getByText('+33 6 12 34 56 78')).toBeVisible();

  // Editing shows the country found from the prefix, and the number without it.
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Phone: country' })).toHaveValue(/\+33 France/);
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('6 12 34 56 78');
});
