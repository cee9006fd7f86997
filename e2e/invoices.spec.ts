import { readFile } from 'node:fs/promises';
import {
  deleteFromDetailPage,
  editFromRowMenu,
  expect,
  expectToast,
  searchList,
  signInAsAdmin,
  test,
  unique,
} from './fixtures';

// Invoices: the engine's list, form and detail page with the area's own parts — line items with
// live totals, the server's figures after saving, the status widgets, the print view and the PDF.
test.describe('invoices', () => {
  test('create with line items, find by search, edit, delete — with the toasts', async ({ page }) => {
    const customer = `Harbour Trust ${unique()}`;
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Invoices' })
      .click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    // The status widgets of the demo invoices.
    await expect(page.getByRole('list', { name: 'Invoices by status' })).toContainText('All invoices');

    // Create: the contract's checks first, on the fields and on the line.
    await page.getByRole('link', { name: 'Add Invoice' }).click();
    await expect(page.getByRole('heading', { name: 'New Invoice', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Invoice' }).click();
    // The customer's name, and the line's description and unit price.
    await expect(page.getByText('Required', { exact: true })).toHaveCount(3);

    await page.getByRole('textbox', { name: 'Customer', exact: true }).fill(customer);
    await page.getByRole('textbox', { name: 'Line 1: Description' }).fill('Printed drawing sets (A1)');
    await page.getByRole('textbox', { name: 'Line 1: Quantity' }).fill('3');
    await page.getByRole('textbox', { name: 'Line 1: Unit price' }).fill('19.99');
    await page.getByRole('textbox', { name: 'Tax rate (%)' }).fill('7.25');
    // Totals as typed: 3 × 19.99 = 59.97, tax 4.35 (7.25 %, half up), total 64.32.
    const totals = page.getByTestId('invoice-totals');
    await expect(totals).toContainText('59.97');
    await expect(totals).toContainText('4.35');
    await expect(totals).toContainText('64.32');
    await page.getByRole('button', { name: 'Add Invoice' }).click();
    await expectToast(page, 'Invoice Added Successfully');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/^INV-\d{4}-\d{5,}$/);
    const invoiceNumber = (await heading.textContent()) ?? '';
    const main = page.getByRole('main');
    await expect(main.getByTestId('invoice-total')).toHaveText('64.32');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

    // The invoice as a PDF: fetched with the session, saved under its number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const pdf = await readFile((await download.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // Find it by search, by customer and by number; the search stays in the URL.
    await page.getByRole('link', { name: 'Invoices' }).first().click();
    await searchList(page, 'Invoices', customer);
    const table = await searchList(page, 'Invoices', invoiceNumber);
    await expect(table.getByRole('row').filter({ hasText: customer })).toBeVisible();

    // Edit: mark it paid and add a line; the server's new total is shown.
    await editFromRowMenu(page, invoiceNumber);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Paid', exact: true }).click();
    await page.getByRole('button', { name: 'Add line' }).click();
    await page.getByRole('textbox', { name: 'Line 2: Description' }).fill('Mileage (per mile)');
    await page.getByRole('textbox', { name: 'Line 2: Unit price' }).fill('0.45');
    // 60.42 + 7.25 % (4.38045 → 4.38) = 64.80
    await expect(totals).toContainText('64.80');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(main.getByTestId('invoice-total')).toHaveText('64.80');
    await expect(main.getByText('Paid', { exact: true }).first()).toBeVisible();

    // Delete from the detail page: asked first, then gone from the list.
    await deleteFromDetailPage(page, {
      entity: 'Invoice',
      listUrl: /\/apps\/invoices$/,
      search: customer,
      noMatch: 'No invoices match these filters',
    });
  });
});
