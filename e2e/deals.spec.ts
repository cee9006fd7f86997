import {
  deleteFromDetailPage,
  editFromRowMenu,
  expect,
  expectAccessible,
  expectToast,
  pickDate,
  searchList,
  sessionToken,
  signInAsAdmin,
  test,
  unique,
} from './fixtures';

// CRM deals on the resource engine, and the pipeline board showing the same deal by stage.
test.describe('deals', () => {
  test('create, find by search, edit, delete — with the toasts', async ({ page }) => {
    const name = `Bridge inspection ${unique()}`;
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'CRM' })
      .click();
    await expect(page).toHaveURL(/\/apps\/crm\/contacts$/);
    await page.getByRole('tab', { name: 'Deals' }).click();
    await expect(page.getByRole('heading', { name: 'Deals', level: 1 })).toBeVisible();

    // Create: the contract's checks first, then the server's answer.
    await page.getByRole('link', { name: 'Add Deal' }).click();
    await expect(page.getByRole('heading', { name: 'New Deal', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Deal' }).click();
    // The deal's name, sales rep, amount and close date; focus on the first of them.
    await expect(page.getByText('Required', { exact: true })).toHaveCount(4);
    await expect(page.getByRole('textbox', { name: 'Deal', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Deal', exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Sales rep' }).fill('Ada');
    await page.getByRole('option', { name: 'Ada Admin' }).click();
    await page.getByRole('textbox', { name: 'Amount' }).fill('12500.5');
    await pickDate(page, 'Close date', '2026-12-24');
    await page.getByRole('combobox', { name: 'Stage' }).click();
    await page.getByRole('option', { name: 'Needs Identified' }).click();
    await page.getByRole('button', { name: 'Add Deal' }).click();
    await expectToast(page, 'Deal Added Successfully');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('12,500.50')).toBeVisible();

    // Find it by search; the search is in the URL, so a reload keeps it.
    await page.getByRole('link', { name: 'Deals' }).first().click();
    await searchList(page, 'Deals', name, { reload: true });

    // Edit from the row's menu.
    await editFromRowMenu(page, name);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Stuck' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(page.getByText('Stuck', { exact: true })).toBeVisible();

    // Delete from the detail page: asked first, then gone from the list.
    await deleteFromDetailPage(page, {
      entity: 'Deal',
      listUrl: /\/apps\/crm\/deals$/,
      search: name,
      noMatch: 'No deals match these filters',
    });
  });

  test('the pipeline board: the deal in its stage with the totals, moved from its card', async ({ page }) => {
    const name = `Roof survey ${unique()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const me = await (await page.request.get('/api/users/me/', { headers: { authorization } })).json();
    const created = await page.request.post('/api/apps/deal', {
      headers: { authorization },
      data: {
        dealName: name,
        salesRepId: me.id,
        amount: '12500.50',
        closeDate: '2026-12-24',
        stage: 'Needs Identified',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/apps/crm/pipeline?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { name: 'Deal pipeline', level: 1 })).toBeVisible();
    const column = (stage: string) => page.getByRole('region', { name: stage });
    await expect(column('Needs Identified').getByRole('link', { name })).toBeVisible();
    // The column's total and the card's amount.
    await expect(column('Needs Identified').getByText('12,500.50')).toHaveCount(2);
    await page.getByRole('button', { name: `Move ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Offer Accepted' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(column('Offer Accepted').getByRole('link', { name })).toBeVisible();
    await expect(column('Needs Identified').getByText('No deals at this stage')).toBeVisible();
    await page.reload();
    await expect(column('Offer Accepted').getByRole('link', { name })).toBeVisible();
    await expect(column('Offer Accepted').getByText('12,500.50')).toHaveCount(2);
  });

  test('the pipeline board: a deal dragged to another stage by keyboard, then by mouse; kept after reload', async ({
    page,
  }) => {
    const name = `Boiler swap ${unique()}`;
    await signInAsAdmin(page);
    const authorization = `Bearer ${await sessionToken(page)}`;
    const me = await (await page.request.get('/api/users/me/', { headers: { authorization } })).json();
    const created = await page.request.post('/api/apps/deal', {
      headers: { authorization },
      data: {
        dealName: name,
        salesRepId: me.id,
        amount: '900.00',
        closeDate: '2026-11-30',
        stage: 'Contact Initiated',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`/apps/crm/pipeline?search=${encodeURIComponent(name)}`);
    const column = (stage: string) => page.getByRole('region', { name: stage });
    await expect(column('Contact Initiated').getByRole('link', { name })).toBeVisible();
    await expectAccessible(page, 'pipeline');

    // Keyboard: the card's handle, space to pick it up, arrow right to the next stage, space to drop.
    const handle = page.getByRole('button', { name: `Drag ${name}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(
      page.getByText(`Picked up ${name}. ${name} is in column Contact Initiated, position 1 of 1.`),
    ).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(column('Needs Identified').getByRole('link', { name })).toBeVisible();
    await page.keyboard.press('Space');
    await expectToast(page, 'Updated Successfully');
    await expect(column('Needs Identified').getByRole('link', { name })).toBeVisible();
    await expect(column('Contact Initiated').getByText('No deals at this stage')).toBeVisible();
    // The handle keeps the focus after the drop.
    await expect(page.getByRole('button', { name: `Drag ${name}` })).toBeFocused();
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.reload();
    await expect(column('Needs Identified').getByRole('link', { name })).toBeVisible();

    // Mouse (on a screen wide enough for every stage): press on the card, move past the few pixels that tell a drag from a click, drop on a stage.
    const from = await page.getByRole('button', { name: `Drag ${name}` }).boundingBox();
    const to = await column('Offer Accepted').boundingBox();
    if (!from || !to) throw new Error('the card or the column is not on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 12 });
    await expect(column('Offer Accepted')).toHaveAttribute('data-drop-target', '');
    await page.mouse.up();
    await expectToast(page, 'Updated Successfully');
    await expect(column('Offer Accepted').getByRole('link', { name })).toBeVisible();
    await expect(column('Needs Identified').getByText('No deals at this stage')).toBeVisible();
    await page.reload();
    await expect(column('Offer Accepted').getByRole('link', { name })).toBeVisible();
    await expect(column('Offer Accepted').getByText('900.00')).toHaveCount(2);
  });
});
