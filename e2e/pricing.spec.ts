import { expect, expectToast, signInAsAdmin, test } from './fixtures';

// Pricing in the browser: the monthly/yearly switch and an administrator changing a plan's rate.

test.describe('pricing', () => {
  test('the yearly switch shows the yearly prices with the monthly ones struck through', async ({ page }) => {
    await signInAsAdmin(page, '/pricing');
    const starter = page.getByRole('article', { name: 'Starter' });
    await expect(starter.getByTestId('plan-price')).toHaveText('$19');
    await expect(starter.getByText('/ month')).toBeVisible();
    // The demo office is on the first plan: its button says so and cannot be pressed.
    await expect(starter.getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await page.getByText('Yearly', { exact: true }).click();
    await expect(starter.getByTestId('plan-price')).toHaveText('$171');
    await expect(starter.getByText('/ year')).toBeVisible();
    await expect(starter.locator('del')).toHaveText('Instead of $228');
    await expect(starter.getByText('Save 25%')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Business' }).getByText('35 GB storage')).toBeVisible();

    await page.getByText('Monthly', { exact: true }).click();
    await expect(starter.getByTestId('plan-price')).toHaveText('$19');
    await expect(starter.locator('del')).toHaveCount(0);
  });

  test('an administrator changes a rate and sees it on the card; a wrong one is refused on its field', async ({
    page,
  }) => {
    await signInAsAdmin(page, '/pricing');
    const card = page.getByRole('article', { name: 'Professional' });
    await card.getByRole('button', { name: 'Actions for Professional' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Professional' });
    const rate = dialog.getByLabel('Monthly price');
    await rate.fill('12.345');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The contract's decimal rule, in the reader's language (its code's text).
    await expect(dialog.getByText('Not in the expected format')).toBeVisible();

    const cents = String(10 + Math.floor(Math.random() * 90));
    await rate.fill(`31.${cents}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('plan-price')).toHaveText(`$31.${cents}`);
    await page.reload();
    await expect(page.getByRole('article', { name: 'Professional' }).getByTestId('plan-price')).toHaveText(
      `$31.${cents}`,
    );
  });
});
