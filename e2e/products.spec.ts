import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import {
  ADMIN,
  deleteFromDetailPage,
  editFromRowMenu,
  expect,
  expectToast,
  searchList,
  sessionToken,
  signIn,
  signInAsAdmin,
  test,
  unique,
} from './fixtures';

// E-commerce in the browser: products on the resource engine (with their pictures and publishing),
// and the cart whose checkout places a real order.

/** A PNG made here: a warm lamp shade on a pale backdrop. */
const lampPhoto = () =>
  sharp({ create: { width: 480, height: 480, channels: 3, background: '#efe6da' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><path d="M170 110h140l50 130H120z" fill="#d9a441"/><rect x="232" y="240" width="16" height="150" fill="#6f757d"/><ellipse cx="240" cy="395" rx="80" ry="14" fill="#4b5059"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** The image is shown, and its bytes were served and decoded (not a broken image). */
async function expectPicture(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}
test.describe('products', () => {
  test('create, find by search, edit, delete — with the toasts', async ({ page }) => {
    const name = `Brass Desk Lamp ${unique()}`;
    await signInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'E-commerce' })
      .click();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();

    // Create: the contract's checks first, then the server's answer.
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page.getByRole('heading', { name: 'New Product', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Required', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Product', exact: true })).toBeFocused();
    await page.getByRole('textbox', { name: 'Product', exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Home & Furniture' }).click();
    await page.getByRole('textbox', { name: 'Price' }).fill('45.5');
    await page.getByRole('textbox', { name: 'Stock' }).fill('12');
    // A real picture, chosen before the product exists: uploaded when it is added.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose files' }).click();
    await (await chooser).setFiles({
      name: 'brass-lamp.png',
      mimeType: 'image/png',
      buffer: await lampPhoto(),
    });
    await expect(page.getByRole('img', { name: 'brass-lamp.png, picture 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product Added Successfully');
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('45.50')).toBeVisible();
    await expectPicture(page.getByRole('img', { name: `${name}, picture 1` }));
    // Opened, it is shown large in the preview.
    await page.getByRole('button', { name: `Open ${name}, picture 1, in the preview` }).click();
    await expectPicture(page.getByRole('dialog').getByRole('img', { name: 'brass-lamp.png' }));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Publish it: a change of its status.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(page.getByText('Published', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();

    // Find it by search, in the list.
    await page.getByRole('link', { name: 'Products' }).first().click();
    const table = await searchList(page, 'Products', name);
    const row = table.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('45.50');
    // Its row shows the picture (the thumbnail once the server has made it).
    await expectPicture(row.locator('img[src*="/api/files/"]'));

    // Edit from the row's menu.
    await editFromRowMenu(page, name);
    await page.getByRole('textbox', { name: 'Price' }).fill('39.99');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Updated Successfully');
    await expect(page.getByText('39.99')).toBeVisible();

    // Delete from the detail page: asked first, then gone from the list.
    await deleteFromDetailPage(page, {
      entity: 'Product',
      listUrl: /\/apps\/ecommerce\/products$/,
      search: name,
      noMatch: 'No products match these filters',
    });
  });

  test('the cart’s checkout places an order priced by the server, and takes the stock', async ({ page }) => {
    const mark = unique();
    await signInAsAdmin(page);
    const headers = { authorization: `Bearer ${await sessionToken(page)}` };
    const product = await page.request.post('/api/apps/product', {
      headers,
      data: {
        name: `Stoneware Mug ${mark}`,
        category: 'Home & Furniture',
        price: '19.99',
        stock: 5,
        type: 'published',
      },
    });
    expect(product.status()).toBe(201);
    const { _id: productId } = (await product.json()).data;
    const customer = await page.request.post('/api/apps/customer', {
      headers,
      data: { name: `Cora Checkout ${mark}`, email: `cora.${mark}@mail.example` },
    });
    expect(customer.status()).toBe(201);

    await page.goto(`/apps/ecommerce/products/${productId}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expectToast(page, `Stoneware Mug ${mark} is in the cart`);
    await page.goto('/apps/ecommerce/cart');
    await page.getByRole('textbox', { name: `Quantity of Stoneware Mug ${mark}` }).fill('3');
    // 3 × 19.99 = 59.97; tax 10 % = 6.00; shipping 5.00: 70.97.
    await expect(page.getByText('70.97')).toBeVisible();
    await page.getByRole('link', { name: 'Checkout' }).click();

    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Choose who the order is for.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Customer' }).fill(`Cora Checkout ${mark}`);
    await page.getByRole('option', { name: new RegExp(`Cora Checkout ${mark}`) }).click();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expectToast(page, 'Order Added Successfully');
    await expect(page.getByRole('heading', { name: /^#LD\d+$/, level: 1 })).toBeVisible();
    const items = page.getByRole('table', { name: 'Items' });
    await expect(items.getByRole('row').filter({ hasText: `Stoneware Mug ${mark}` })).toContainText('59.97');
    await expect(page.getByText('70.97').first()).toBeVisible();
    await expect(page.getByText('Status timeline')).toBeVisible();

    const after = await page.request.get(`/api/apps/product/${productId}`, { headers });
    expect(await after.json()).toMatchObject({ stock: 2, orders: 1 });
  });

  test('with only ecommerce.view: the shop’s lists, but no cart tab and no add to cart', async ({
    page,
    request,
  }) => {
    const mark = unique();
    // The admin arranges the data through the API; the browser signs in as the reader only.
    const login = await request.post('/api/users/login/', { data: ADMIN });
    const headers = { authorization: `Bearer ${(await login.json()).accessToken}` };
    const group = await request.post('/api/users/group/', {
      headers,
      data: { name: `Shop readers ${mark}`, permissions: ['ecommerce.view'] },
    });
    expect(group.status()).toBe(201);
    const reader = { email: `shop.reader.${mark}@example.com`, password: 'violet-lantern-58' };
    const user = await request.post('/api/users/user/', {
      headers,
      data: {
        ...reader,
        username: `shopreader${mark}`,
        firstName: 'Shop',
        lastName: 'Reader',
        groupIds: [(await group.json()).data.id],
      },
    });
    expect(user.status()).toBe(201);
    const product = await request.post('/api/apps/product', {
      headers,
      data: { name: `Linen Apron ${mark}`, category: 'Fashion', price: '24.00', stock: 3, type: 'published' },
    });
    expect(product.status()).toBe(201);

    await page.goto('/login');
    await signIn(page, reader.email, reader.password);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goto('/apps/ecommerce/products');
    const tabs = page.getByRole('tablist', { name: 'E-commerce' });
    await expect(tabs.getByRole('tab')).toHaveText(['Products', 'Orders', 'Customers', 'Sellers']);
    await page.goto(`/apps/ecommerce/products/${(await product.json()).data._id}`);
    await expect(page.getByRole('heading', { name: `Linen Apron ${mark}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  });
});
