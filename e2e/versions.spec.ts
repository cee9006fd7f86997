import type { Page } from '@playwright/test';
import { expect, expectToast, sessionToken, signInAsAdmin, test, unique } from './fixtures';

// Lost updates: an edit form sends the version it loaded; when someone else saved the record in the
// meantime, the form says so and offers Reload (their version) or Overwrite (mine over theirs).

/** A task made through the API, and a call that changes it "elsewhere" (as another user would). */
async function arrange(page: Page) {
  const name = `Stale check ${unique()}`;
  const authorization = `Bearer ${await sessionToken(page)}`;
  const created = await page.request.post('/api/apps/task', {
    headers: { authorization },
    data: { task: name, description: 'As first written' },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data._id;
  return {
    name,
    id,
    changeElsewhere: async (description: string) => {
      const res = await page.request.patch(`/api/apps/task/${id}`, {
        headers: { authorization },
        data: { description },
      });
      expect(res.status()).toBe(200);
    },
    read: async () => (await page.request.get(`/api/apps/task/${id}`, { headers: { authorization } })).json(),
  };
}

test.describe('a record changed while its edit form was open', () => {
  test('Reload shows the other change; saving then applies over it', async ({ page }) => {
    await signInAsAdmin(page);
    const task = await arrange(page);
    await page.goto(`/apps/tasks/${task.id}/edit`);
    await expect(page.getByRole('heading', { name: `Edit ${task.name}`, level: 1 })).toBeVisible();
    const title = page.getByRole('textbox', { name: 'Task', exact: true });
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue('As first written');

    await task.changeElsewhere('Changed by someone else');
    await title.fill(`${task.name} (mine)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const notice = page.getByRole('alert', { name: 'Changed meanwhile' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Someone else changed this record after you opened it.');
    // Nothing of mine was saved.
    expect((await task.read()).task).toBe(task.name);

    await notice.getByRole('button', { name: 'Reload' }).click();
    await expect(notice).toBeHidden();
    await expect(description).toHaveValue('Changed by someone else');
    await expect(title).toHaveValue(task.name);

    await title.fill(`${task.name} (after reload)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    const saved = await task.read();
    expect(saved).toMatchObject({
      task: `${task.name} (after reload)`,
      description: 'Changed by someone else',
    });
  });

  test('Overwrite saves my edits over the other change', async ({ page }) => {
    await signInAsAdmin(page);
    const task = await arrange(page);
    await page.goto(`/apps/tasks/${task.id}/edit`);
    await expect(page.getByRole('heading', { name: `Edit ${task.name}`, level: 1 })).toBeVisible();
    const description = page.getByRole('textbox', { name: 'Description' });
    await expect(description).toHaveValue('As first written');

    await task.changeElsewhere('Changed by someone else');
    await description.fill('Mine wins');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const notice = page.getByRole('alert', { name: 'Changed meanwhile' });
    await expect(notice).toBeVisible();

    await notice.getByRole('button', { name: 'Overwrite' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(page.getByRole('heading', { name: task.name, level: 1 })).toBeVisible();
    expect((await task.read()).description).toBe('Mine wins');
  });
});

test('the library code form: a code changed meanwhile is reported, and Overwrite saves', async ({ page }) => {
  await signInAsAdmin(page);
  const authorization = `Bearer ${await sessionToken(page)}`;
  const code = `V${unique().toUpperCase()}`;
  const created = await page.request.post('/api/library/l1codes/', {
    headers: { authorization },
    data: { code, description: 'As first written' },
  });
  expect(created.status()).toBe(201);
  const id: string = (await created.json()).data.id;
  await page.goto(`/library?code=${id}`);
  const detail = page.getByRole('region', { name: new RegExp(`^${code} As first written`) });
  await detail.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${code}` });
  const description = dialog.getByLabel('Description');
  await expect(description).toHaveValue('As first written');

  const elsewhere = await page.request.put(`/api/library/l1codes/${id}/`, {
    headers: { authorization },
    data: { id, code, description: 'Changed by someone else' },
  });
  expect(elsewhere.status()).toBe(200);
  await description.fill('Mine wins');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const notice = dialog.getByRole('alert', { name: 'Changed meanwhile' });
  await expect(notice).toBeVisible();

  // Reload: their description in the form; then Overwrite is not needed to save again.
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(description).toHaveValue('Changed by someone else');
  await description.fill('Mine after reload');
  const again = await page.request.put(`/api/library/l1codes/${id}/`, {
    headers: { authorization },
    data: { id, code, description: 'Changed again elsewhere' },
  });
  expect(again.status()).toBe(200);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await notice.getByRole('button', { name: 'Overwrite' }).click();
  await expect(dialog).toBeHidden();
  const saved = await page.request.get(`/api/library/codes/${id}/`, { headers: { authorization } });
  expect((await saved.json()).description).toBe('Mine after reload');
});

test('checkout refuses a price the buyer did not see, shows the new one, then places the order', async ({
  page,
}) => {
  const mark = unique();
  await signInAsAdmin(page);
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const created = await page.request.post('/api/apps/product', {
    headers,
    data: {
      name: `Repriced Kettle ${mark}`,
      category: 'Appliances',
      price: '20.00',
      stock: 5,
      type: 'published',
    },
  });
  expect(created.status()).toBe(201);
  const productId: string = (await created.json()).data._id;
  const customer = await page.request.post('/api/apps/customer', {
    headers,
    data: { name: `Rita Reprice ${mark}`, email: `rita.${mark}@mail.example` },
  });
  expect(customer.status()).toBe(201);

  await page.goto(`/apps/ecommerce/products/${productId}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectToast(page, `Repriced Kettle ${mark} is in the cart`);
  await page.goto('/apps/ecommerce/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await page.getByRole('combobox', { name: 'Customer' }).fill(`Rita Reprice ${mark}`);
  await page.getByRole('option', { name: new RegExp(`Rita Reprice ${mark}`) }).click();

  // The price goes up while the buyer looks at the old one.
  const raised = await page.request.patch(`/api/apps/product/${productId}`, {
    headers,
    data: { price: '25.00' },
  });
  expect(raised.status()).toBe(200);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'changed from 20.00 to 25.00' })).toBeVisible();
  await expect(page.getByText('The cart now shows today’s prices')).toBeVisible();
  expect((await (await page.request.get(`/api/apps/product/${productId}`, { headers })).json()).stock).toBe(
    5,
  );

  // Placed again, at the price now shown.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expectToast(page, 'Order Added Successfully');
  const items = page.getByRole('table', { name: 'Items' });
  await expect(items.getByRole('row').filter({ hasText: `Repriced Kettle ${mark}` })).toContainText('25.00');
});
