import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, sessionToken, signIn, signInAsAdmin, test, toast, unique } from './fixtures';

/** Adds a code in the open add dialog and waits for the server's answer. */
async function addCode(
  page: Page,
  level: number,
  fields: { code: string; description: string; unitPrice?: string; quantity?: string },
) {
  const dialog = page.getByRole('dialog', { name: `Add L${level} code` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Code', exact: true }).fill(fields.code);
  await dialog.getByLabel('Description').fill(fields.description);
  if (fields.unitPrice !== undefined) await dialog.getByLabel('Unit price').fill(fields.unitPrice);
  if (fields.quantity !== undefined) await dialog.getByLabel('Quantity').fill(fields.quantity);
  // The answer itself, not its toast: the fixture closes toasts that could stand in the way.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/library/l${level}codes/`) && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: `Add L${level} code` }).click();
  expect((await answered).status()).toBe(201);
  await expect(dialog).toBeHidden();
}

/** The column of the browser that lists the codes of a level. */
const column = (page: Page, level: number) => page.getByRole('region', { name: `L${level} codes` });

test.describe('code library', () => {
  test('an admin builds an L1 → L4 chain, exports and imports its subtree, then deletes it with its codes', async ({
    page,
  }, testInfo) => {
    const l1 = `E2E${unique().toUpperCase()}`;
    const full = `${l1}-1-1-01`;

    await page.goto('/login');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Code library' })
      .click();
    await expect(page).toHaveURL(/\/library$/);
    await expect(page).toHaveTitle('Code library · Ledgerdesk');
    await expect(page.getByRole('heading', { name: 'Code library', level: 1 })).toBeVisible();

    // The budget at the top: income, expenses and their balance, apart (no grand total of both).
    const summary = page.getByRole('region', { name: 'Budget totals' });
    const cents = async (figure: 'Income' | 'Expenses' | 'Balance') => {
      const value = summary
        .getByRole('term')
        .filter({ hasText: figure })
        .locator('xpath=following-sibling::dd[1]');
      const digits = ((await value.textContent()) ?? '').replace(/[^\d.-]/g, '');
      return digits ? Math.round(Number(digits) * 100) : Number.NaN;
    };
    await expect.poll(() => cents('Balance')).not.toBeNaN();
    const [income, expenses, balance] = [
      await cents('Income'),
      await cents('Expenses'),
      await cents('Balance'),
    ];
    await expect(summary).not.toContainText('Budget total');

    // L1, then each level under the code just added (the new code opens, the next column is its own).
    await column(page, 1).getByRole('button', { name: 'Add L1 code' }).click();
    await addCode(page, 1, { code: l1, description: 'E2E section' });
    const detail = page.getByRole('region', { name: new RegExp(`^${l1} E2E section`) });
    await expect(detail).toBeVisible();
    const l1Url = page.url();
    expect(l1Url).toMatch(/\/library\?code=/);

    await column(page, 2).getByRole('button', { name: 'Add L2 code' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Add L2 code' }).getByLabel(/^Parent/)).toHaveValue(
      `${l1} · E2E section`,
    );
    await addCode(page, 2, { code: '1', description: 'E2E group' });
    await column(page, 3).getByRole('button', { name: 'Add L3 code' }).first().click();
    await addCode(page, 3, { code: '1', description: 'E2E sub-group' });
    await column(page, 4).getByRole('button', { name: 'Add L4 code' }).first().click();
    const itemDialog = page.getByRole('dialog', { name: 'Add L4 code' });
    await itemDialog.getByLabel('Unit price').fill('12.50');
    await itemDialog.getByLabel('Quantity').fill('4');
    await expect(itemDialog.getByText('Amount (price × quantity): 50.00')).toBeVisible();
    await addCode(page, 4, { code: '01', description: 'E2E item' });

    // The item: its full code and amount; the path shows where it sits.
    const item = page.getByRole('region', { name: new RegExp(`^${full} E2E item`) });
    await expect(item).toBeVisible();
    await expect(item.getByRole('definition').first()).toHaveText(full);
    await expect(item).toContainText('50.00');
    const path = page.getByRole('navigation', { name: 'Code path' });
    await expect(path).toContainText(`${l1} E2E section`);
    await expect(path).toContainText(`${full} E2E item`);

    // A new L1 is an expense: the item's 50.00 joins the expenses, and comes off the balance.
    await expect.poll(() => cents('Expenses')).toBe(expenses + 5000);
    expect(await cents('Income')).toBe(income);
    expect(await cents('Balance')).toBe(balance - 5000);

    // Up to the L1 through the path: its roll-up is the item's amount.
    await path.getByRole('link', { name: `${l1} E2E section` }).click();
    await expect(page).toHaveURL(l1Url);
    await expect(detail.getByText('Total', { exact: true })).toBeVisible();
    await expect(detail).toContainText('50.00');
    await expect(column(page, 1).getByRole('option', { name: new RegExp(`^${l1}`) })).toContainText('50.00');

    // Export the L1's subtree: four codes, parents first.
    const downloading = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Export subtree' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`code-library-${l1}.csv`);
    const file = testInfo.outputPath(`${l1}.csv`);
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'level,code_comb,parent_code_comb,code,description,is_active,unit,unit_price,quantity,taxable,notes,kind',
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toContain(full);

    // Import it back: the preview finds no error, the import writes every row (all updates).
    await page
      .getByRole('navigation', { name: 'Code library pages' })
      .getByRole('link', { name: 'Import and export' })
      .click();
    await expect(page).toHaveTitle('Import and export · Ledgerdesk');
    await page.locator('input[type="file"]').setInputFiles(file);
    await expect(page.getByText('No errors')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Errors in the file' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Import 4 rows' }).click();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toContainText(
      '4 rows imported: 0 added, 4 updated.',
    );

    // Delete the L1: refused at first (codes below it), the count is shown, then deleted with them.
    await page.goto(l1Url);
    await detail.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete L1 code' });
    await expect(confirm).toContainText(`${l1} · E2E section`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const cascade = page.getByRole('dialog', { name: `Delete ${l1} and everything below it` });
    await expect(cascade).toContainText('This L1 code has 3 codes below it.');
    await expect(toast(page, 'Failed to delete')).toHaveCount(0);
    await cascade.getByRole('button', { name: 'Delete 4 codes' }).click();
    await expect(cascade).toBeHidden();
    await expect(page).toHaveURL(/\/library$/);
    await expect(column(page, 1).getByRole('option', { name: new RegExp(`^${l1}`) })).toHaveCount(0);
  });

  test('a level list: the selection deactivated, exported and deleted, one request each, all or none', async ({
    page,
  }, testInfo) => {
    const l1 = `BLK${unique().toUpperCase()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const add = async (level: number, data: Record<string, unknown>) => {
      const res = await page.request.post(`/api/library/l${level}codes/`, {
        headers: { authorization },
        data,
      });
      expect(res.status()).toBe(201);
      return (await res.json()).data as { id: string };
    };
    const section = await add(1, { code: l1, description: 'Bulk section' });
    const group = await add(2, { code: '1', parentId: section.id, description: 'Bulk group' });
    const sub = await add(3, { code: '1', parentId: group.id, description: 'Bulk sub-group' });
    for (const code of ['01', '02', '03'])
      await add(4, {
        code,
        parentId: sub.id,
        description: `Bulk item ${code}`,
        unitPrice: '10',
        quantity: '2',
      });

    // Every change the page asks of the server, with its answer's status.
    const writes: string[] = [];
    page.on('response', (response) => {
      const request = response.request();
      if (request.url().includes('/api/library/') && !['GET', 'OPTIONS'].includes(request.method()))
        writes.push(`${request.method()} ${new URL(request.url()).pathname} ${response.status()}`);
    });

    await page.goto(`/library/l4?search=${l1}`);
    const table = page.getByRole('table', { name: 'L4 codes' });
    await expect(table.getByRole('row')).toHaveCount(4);
    // The parent under the description, the unit beside the quantity: every column shows.
    await expect(table.getByRole('row', { name: new RegExp(`${l1}-1-1-01`) })).toContainText(
      `${l1}-1-1 Bulk sub-group`,
    );
    await expect(table.getByRole('columnheader', { name: 'Updated' })).toBeInViewport({ ratio: 1 });

    const select = (code: string) =>
      table.getByRole('checkbox', { name: `Select ${l1}-1-1-${code} · Bulk item ${code}` });
    await select('01').check();
    await select('02').check();
    const banner = page.getByRole('region', { name: 'Selected codes' });
    await expect(banner).toContainText('2 codes selected');

    // Deactivated in one request.
    await banner.getByRole('button', { name: 'Deactivate' }).click();
    await expect(table.getByRole('row', { name: /Inactive/ })).toHaveCount(2);
    expect(writes).toEqual(['POST /api/library/l4codes/bulk-update/ 200']);

    // The selection exported by the server, in the import format.
    await select('01').check();
    await select('02').check();
    const downloading = page.waitForEvent('download');
    await banner.getByRole('button', { name: 'Export selected' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('l4-codes.csv');
    const file = testInfo.outputPath('selected.csv');
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
    expect(lines).toEqual([
      'level,code_comb,parent_code_comb,code,description,is_active,unit,unit_price,quantity,taxable,notes,kind',
      `4,${l1}-1-1-01,${l1}-1-1,01,Bulk item 01,false,,10.00,2.000,false,,`,
      `4,${l1}-1-1-02,${l1}-1-1,02,Bulk item 02,false,,10.00,2.000,false,,`,
    ]);
    expect(writes).toEqual(['POST /api/library/l4codes/bulk-update/ 200', 'POST /api/library/export/ 200']);

    // Deleted in one request.
    await banner.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 L4 codes' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    expect(writes.slice(2)).toEqual(['POST /api/library/l4codes/bulk-delete/ 200']);

    // An L2 with codes below it: the whole delete waits for the cascade to be confirmed.
    await page.goto(`/library/l2?search=${l1}`);
    const groups = page.getByRole('table', { name: 'L2 codes' });
    await groups.getByRole('checkbox', { name: `Select ${l1}-1 · Bulk group` }).check();
    await page
      .getByRole('region', { name: 'Selected codes' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete 1 L2 code' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const cascade = page.getByRole('dialog', { name: 'Delete them with the codes below them' });
    await expect(cascade).toContainText('nothing was deleted');
    await expect(cascade).toContainText('2 codes below');
    await expect(toast(page, 'Failed to delete')).toHaveCount(0);
    await cascade.getByRole('button', { name: 'Delete 3 codes' }).click();
    await expect(cascade).toBeHidden();
    // Refused whole (409), then deleted whole with the cascade.
    expect(writes.slice(3)).toEqual([
      'POST /api/library/l2codes/bulk-delete/ 409',
      'POST /api/library/l2codes/bulk-delete/ 200',
    ]);
    await expect(groups.getByRole('row', { name: new RegExp(`${l1}-1`) })).toHaveCount(0);
  });
});
