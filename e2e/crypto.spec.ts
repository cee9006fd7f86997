import { expect, expectAccessible, expectToast, signInAsAdmin, test } from './fixtures';

/** The quantity the holdings table shows for a coin ("0" when the coin is not held). */
async function heldQuantity(page: import('@playwright/test').Page, code: string): Promise<number> {
  const cell = page.locator(`[data-holding="${code}"] [data-quantity]`);
  if ((await cell.count()) === 0) return 0;
  return Number((await cell.innerText()).replace(/[^\d.]/g, ''));
}

test.describe('crypto', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test('buying a coin at the market moves the holdings and the cash', async ({ page }) => {
    await page.goto('/apps/crypto/portfolio');
    await expect(page.getByRole('heading', { name: 'My portfolio', level: 1 })).toBeVisible();
    const form = page.getByTestId('trade-form');
    await form.getByRole('combobox', { name: 'Coin' }).click();
    await page.getByRole('option', { name: /\(ETH\)/ }).click();
    await expect(page.getByTestId('holdings')).toBeVisible();
    const before = await heldQuantity(page, 'ETH');
    const cashBefore = await page.getByTestId('portfolio-cash').innerText();

    await form.getByRole('textbox', { name: 'Quantity' }).fill('0.25');
    await form.getByRole('button', { name: 'Buy ETH' }).click();
    await expectToast(page, 'Order placed');
    await expect.poll(() => heldQuantity(page, 'ETH')).toBeCloseTo(before + 0.25, 6);
    await expect(page.getByTestId('portfolio-cash')).not.toHaveText(cashBefore);

    // The order is in the list, filled.
    await page.goto('/apps/crypto/orders?type=Buy');
    await expect(page.getByRole('row').filter({ hasText: 'Ethereum' }).first()).toContainText('Successful');
    await expectAccessible(page, 'crypto orders');
  });

  test('a sell beyond the holding is refused with a clear message', async ({ page }) => {
    await page.goto('/apps/crypto/portfolio');
    const form = page.getByTestId('trade-form');
    await form.getByText('Sell', { exact: true }).click();
    await form.getByRole('combobox', { name: 'Coin' }).click();
    await page.getByRole('option', { name: /\(ETH\)/ }).click();
    await form.getByRole('textbox', { name: 'Quantity' }).fill('100000');
    await form.getByRole('button', { name: 'Sell ETH' }).click();
    await expect(form.getByText(/You hold only .* ETH\./)).toBeVisible();
    await expectAccessible(page, 'crypto portfolio');
  });

  test('the portfolio is shown in BTC, USD or EUR', async ({ page }) => {
    await page.goto('/apps/crypto/portfolio');
    const total = page.getByTestId('portfolio-total');
    await expect(total).toContainText('$');
    await page.getByTestId('currency-select').getByText('BTC').click();
    await expect(page).toHaveURL(/currency=btc/);
    await expect(total).toHaveText(/^[\d.,]+ BTC$/);
    await page.getByTestId('currency-select').getByText('EUR').click();
    await expect(total).toContainText('€');
    // The choice is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByTestId('portfolio-total')).toContainText('€');
    // The crypto dashboard converts the same way, its currency chosen beside the period.
    await page.goto('/dashboards/crypto');
    await page.getByLabel('Currency').selectOption('btc');
    await expect(page).toHaveURL(/currency=btc/);
    await expect(
      page.getByRole('region', { name: 'Portfolio value' }).locator('[data-kpi-value]'),
    ).toHaveText(/ BTC$/);
    await expectAccessible(page, 'crypto dashboard');
    await page.goto('/apps/crypto/market');
    await expect(page.getByTestId('market-table').locator('[data-price]').first()).toContainText('$');
    await expectAccessible(page, 'crypto market');
  });
});
