import { ecommerceMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// E-commerce on the resource engine: products, sellers, customers and orders, and the area's rules.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
async function add<T = Record<string, unknown>>(path: string, fields: object): Promise<T & { _id: string }> {
  return createdData(await call('POST', `/api/apps/${path}`, fields));
}
const get = async (url: string) => {
  const res = await call('GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
type Product = { _id: string; name: string; price: string; stock: number; orders: number; type: string };
type Order = {
  _id: string;
  orderId: string;
  status: string;
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  lines: { name: string; price: string; quantity: number; total: string; color: string; size: string }[];
  timeline: { status: string; actor: { name: string } | null }[];
  customer: { id: string; name: string } | null;
};

let seller: { _id: string };
let otherSeller: { _id: string };
let customer: { _id: string };
const product = (fields: object) =>
  add<Product>('product', { category: 'Electronics', price: '10', stock: 10, type: 'published', ...fields });
beforeAll(async () => {
  seller = await add('seller', {
    name: 'Marta Lind',
    company: 'Nordic Living',
    email: 'marta@nordic.example',
  });
  otherSeller = await add('seller', { name: 'Tom Cruz', company: 'Casa Cruz', email: 'tom@cruz.example' });
  customer = await add('customer', {
    name: 'Alice Andersen',
    email: 'alice@mail.example',
    country: 'Denmark',
  });
});

describe('products', () => {
  it('creates with defaults and the price as a decimal string; publishing dates it', async () => {
    const res = await call('POST', '/api/apps/product', {
      name: 'Oak Dining Chair',
      category: 'Home & Furniture',
      categories: ['New arrival', 'New arrival'],
      price: 129.5,
      stock: 12,
      sellerId: seller._id,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      successMessage: 'Product Added Successfully',
      data: {
        name: 'Oak Dining Chair',
        price: '129.50',
        stock: 12,
        orders: 0,
        type: 'unpublished',
        publishedDate: null,
        rating: 0,
        ratingCount: 0,
        categories: ['New arrival'],
        // Pictures are uploaded as attachments (product-images.test.ts).
        images: [],
        image: null,
        seller: { id: seller._id, name: 'Nordic Living' },
      },
    });
    const id = created.data._id;
    const published = await call('PATCH', `/api/apps/product/${id}`, { type: 'published' });
    expect(published.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { type: 'published' },
    });
    const date = published.json().data.publishedDate;
    expect(Date.now() - Date.parse(date)).toBeLessThan(60_000);
    // Unpublished again, it keeps the date it was published on.
    const unpublished = await call('PATCH', `/api/apps/product/${id}`, { type: 'unpublished' });
    expect(unpublished.json().data).toMatchObject({
      type: 'unpublished',
      publishedDate: date,
      price: '129.50',
    });
    expect((await get(`/api/apps/product/${id}`)).name).toBe('Oak Dining Chair');
    const gone = await call('DELETE', `/api/apps/product/${id}`);
    expect(gone.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id } });
    expect((await call('GET', `/api/apps/product/${id}`)).statusCode).toBe(404);
  });

  it('validates with field errors', async () => {
    const bad = await call('POST', '/api/apps/product', {
      name: '',
      category: 'Toys',
      price: '12.345',
      stock: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Please enter the product name.',
      category: expect.stringMatching(/^The category must be one of: Appliances, /),
      price: 'The price must be a number ≥ 0 with at most 2 decimals.',
      stock: 'The stock cannot be negative.',
    });
    const tooDear = await call('POST', '/api/apps/product', {
      name: 'Gold',
      category: 'Fashion',
      price: '123456789',
      stock: 1,
    });
    expect(tooDear.json().fieldErrors).toEqual({ price: 'The price must be less than 100,000,000.' });
    const ghost = await call('POST', '/api/apps/product', {
      name: 'Ghost',
      category: 'Fashion',
      price: '1',
      stock: 1,
      sellerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fieldErrors).toEqual({ sellerId: ecommerceMessages.unknownSeller });
  });

  it('lists with search, filters and ordering, and counts that follow the writes', async () => {
    await product({
      name: 'Walnut Desk Lamp',
      category: 'Home & Furniture',
      price: '45.00',
      stock: 0,
      sellerId: seller._id,
    });
    await product({
      name: 'Walnut Coffee Table',
      category: 'Home & Furniture',
      price: '320.00',
      stock: 5,
      sellerId: otherSeller._id,
    });
    await product({
      name: 'Walnut Phone Stand',
      category: 'Mobiles',
      price: '19.99',
      stock: 50,
      type: 'unpublished',
    });
    const walnut = await get('/api/apps/product?search=walnut&ordering=-price');
    expect(walnut.count).toBe(3);
    expect(walnut.results.map((p: Product) => p.price)).toEqual(['320.00', '45.00', '19.99']);
    // The search covers the category too.
    expect((await get('/api/apps/product?search=lamp%20home')).results.map((p: Product) => p.name)).toEqual([
      'Walnut Desk Lamp',
    ]);
    expect((await get('/api/apps/product?search=walnut&category=Home%20%26%20Furniture')).count).toBe(2);
    expect((await get('/api/apps/product?search=walnut&type=unpublished')).results[0].name).toBe(
      'Walnut Phone Stand',
    );
    expect((await get(`/api/apps/product?search=walnut&seller=${otherSeller._id}`)).results[0].name).toBe(
      'Walnut Coffee Table',
    );
    expect((await get('/api/apps/product?search=walnut&availability=out-of-stock')).results[0].name).toBe(
      'Walnut Desk Lamp',
    );
    expect((await get('/api/apps/product?search=walnut&availability=low-stock')).count).toBe(1);
    expect((await get('/api/apps/product?search=walnut&minPrice=20&maxPrice=320')).count).toBe(2);
    const paged = await get('/api/apps/product?search=walnut&ordering=price&pageSize=1&page=2');
    expect(paged).toMatchObject({ count: 3, page: 2, pageSize: 1, results: [{ name: 'Walnut Desk Lamp' }] });

    // Counts and pages are cached, and every write voids them: the next page is read afresh.
    const extra = await product({ name: 'Walnut Bowl', category: 'Home & Furniture' });
    expect((await get('/api/apps/product?search=walnut')).count).toBe(4);
    await call('PATCH', `/api/apps/product/${extra._id}`, { price: '11.11' });
    expect((await get('/api/apps/product?search=walnut%20bowl')).results[0].price).toBe('11.11');
    await call('DELETE', `/api/apps/product/${extra._id}`);
    expect((await get('/api/apps/product?search=walnut')).count).toBe(3);

    const badFilter = await call('GET', '/api/apps/product?category=Toys&minRating=7');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fieldErrors).toMatchObject({
      category: expect.stringMatching(/^category must be one of/),
      minRating: 'minRating must be 0 to 5.',
    });
    expect((await call('GET', '/api/apps/product?ordering=images')).statusCode).toBe(400);
  });

  it('exports the current filter as CSV', async () => {
    await product({
      name: 'Export Lamp, "brass"',
      category: 'Home & Furniture',
      price: '12.5',
      sellerId: seller._id,
    });
    const res = await call('GET', '/api/apps/product/export?search=export%20lamp');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,name,category,tags,price,stock,orders,type,rating,publishedDate,seller');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',"Export Lamp, ""brass""",Home & Furniture,,12.50,10,0,published,0.0,');
    expect(lines[1]).toMatch(/,Nordic Living$/);
  });

  it('audits every change with the fields that changed', async () => {
    const p = await product({ name: 'Audit Kettle', category: 'Appliances', price: '30' });
    await call('PATCH', `/api/apps/product/${p._id}`, { price: '27.99' });
    const entries = (await get(`/api/audit/?entity=product&entityKey=${p._id}`)).results;
    expect(entries.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'update']);
    const change = entries.find((e: { action: string }) => e.action === 'update');
    expect(change).toMatchObject({
      actorLabel: ADMIN.email,
      before: { price: '30.00' },
      after: { price: '27.99' },
    });
    expect(Object.keys(change.after)).toEqual(expect.not.arrayContaining(['name', 'stock']));
  });
});

describe('customers and sellers', () => {
  it('one customer per email address (409 on the email field), whatever its case', async () => {
    const dup = await call('POST', '/api/apps/customer', {
      name: 'Other Alice',
      email: 'ALICE@mail.example',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      errorMessage: ecommerceMessages.customerEmailTaken,
      fieldErrors: { email: ecommerceMessages.customerEmailTaken },
    });
    const bob = await add('customer', {
      name: 'Bob Brown',
      email: 'bob@mail.example',
      phone: '+45 12 34 56 78',
    });
    const clash = await call('PATCH', `/api/apps/customer/${bob._id}`, { email: 'alice@mail.example' });
    expect(clash.statusCode).toBe(409);
    const bad = await call('POST', '/api/apps/customer', {
      name: 'X',
      email: 'not-an-email',
      phone: 'call me',
      status: 'Gone',
    });
    expect(bad.json().fieldErrors).toMatchObject({
      email: 'Please enter a valid email address.',
      phone: 'Use digits, spaces, ( ) - . and a leading +.',
      status: 'The status must be one of: Active, Block.',
    });
    expect(
      (await get('/api/apps/customer?search=brown&status=Active')).results.map(
        (c: { email: string }) => c.email,
      ),
    ).toEqual(['bob@mail.example']);
    expect((await call('DELETE', `/api/apps/customer/${bob._id}`)).statusCode).toBe(200);
  });

  it('sellers: GET /api/sellers reads the same list, with products and revenue; a seller with products stays', async () => {
    const list = await get('/api/sellers?search=nordic');
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ _id: seller._id, company: 'Nordic Living', revenue: '0.00' });
    expect(list.results[0].productsCount).toBeGreaterThan(0);
    const dup = await call('POST', '/api/apps/seller', {
      name: 'M',
      company: 'N',
      email: 'marta@nordic.example',
    });
    expect(dup.json().fieldErrors).toEqual({ email: ecommerceMessages.sellerEmailTaken });
    const refused = await call('DELETE', `/api/apps/seller/${seller._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(ecommerceMessages.sellerHasProducts);
  });

  it('a user with ecommerce.view reads but cannot change', async () => {
    await ctx.createUser({
      email: 'shop-reader@test.local',
      password: 'reader-password-1',
      permissions: ['ecommerce.view'],
    });
    const token = await ctx.login('shop-reader@test.local', 'reader-password-1');
    for (const path of ['product', 'order', 'customer', 'seller']) {
      expect((await call('GET', `/api/apps/${path}`, undefined, { token })).statusCode).toBe(200);
      expect((await call('POST', `/api/apps/${path}`, {}, { token })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/sellers', undefined, { token })).statusCode).toBe(200);
  });
});

describe('orders', () => {
  it('prices lines from the products and computes exact totals: 3 × 19.99 + tax + shipping', async () => {
    expect((await get('/api/apps/product?search=stoneware%20mug')).count).toBe(0);
    const mug = await product({
      name: 'Stoneware Mug',
      category: 'Home & Furniture',
      price: '19.99',
      stock: 5,
      sellerId: seller._id,
    });
    const res = await call('POST', '/api/apps/order', {
      customerId: customer._id,
      // A price from the client is not part of the contract and is ignored.
      lines: [{ productId: mug._id, quantity: 3, color: 'Blue', price: '0.01' }],
      paymentMethod: 'Card',
    });
    expect(res.statusCode).toBe(201);
    const order: Order = res.json().data;
    expect(res.json().successMessage).toBe('Order Added Successfully');
    expect(order).toMatchObject({
      orderId: expect.stringMatching(/^#LD\d+$/),
      status: 'Pending',
      customer: { id: customer._id, name: 'Alice Andersen' },
      lines: [
        { name: 'Stoneware Mug', price: '19.99', quantity: 3, total: '59.97', color: 'Blue', size: '' },
      ],
      subtotal: '59.97',
      discount: '0.00',
      tax: '6.00',
      shipping: '5.00',
      total: '70.97',
      timeline: [{ status: 'Pending', actor: { name: 'Ada Admin' } }],
    });
    const after = await get(`/api/apps/product/${mug._id}`);
    expect(after).toMatchObject({ stock: 2, orders: 1 });
    // The catalogue's cached pages follow an order's write too.
    expect((await get('/api/apps/product?search=stoneware%20mug')).results[0]).toMatchObject({
      stock: 2,
      orders: 1,
    });
    const sold = (await get('/api/sellers?search=nordic')).results[0];
    expect(sold.revenue).toBe('59.97');
  });

  it('ships free from 100.00 after the discount, and refuses a discount above the subtotal', async () => {
    const lamp = await product({ name: 'Brass Floor Lamp', category: 'Home & Furniture', price: '55.55' });
    const order: Order = await add('order', {
      customerId: customer._id,
      lines: [{ productId: lamp._id, quantity: 2 }],
      discount: '10.10',
    });
    expect(order).toMatchObject({
      subtotal: '111.10',
      discount: '10.10',
      tax: '10.10',
      shipping: '0.00',
      total: '111.10',
    });
    const cheaper = await call('PATCH', `/api/apps/order/${order._id}`, { discount: '20' });
    expect(cheaper.json().data).toMatchObject({
      subtotal: '111.10',
      tax: '9.11',
      shipping: '5.00',
      total: '105.21',
    });
    const tooMuch = await call('PATCH', `/api/apps/order/${order._id}`, { discount: '111.11' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fieldErrors).toEqual({ discount: ecommerceMessages.discountTooLarge });
  });

  it('checks stock (409 naming the line), gives it back on cancel and takes it again on reopen', async () => {
    const bike = await product({ name: 'Balance Bike', category: 'Kids', price: '89.00', stock: 2 });
    const short = await call('POST', '/api/apps/order', {
      customerId: customer._id,
      lines: [{ productId: bike._id, quantity: 3 }],
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({
      errorMessage: 'Only 2 of Balance Bike left in stock.',
      fieldErrors: { 'lines.0.quantity': 'Only 2 of Balance Bike left in stock.' },
    });
    // Nothing of the refused order remains.
    expect((await get(`/api/apps/order?product=${bike._id}`)).count).toBe(0);

    const order: Order = await add('order', {
      customerId: customer._id,
      lines: [{ productId: bike._id, quantity: 2 }],
    });
    expect(await get(`/api/apps/product/${bike._id}`)).toMatchObject({ stock: 0, orders: 1 });
    const sold = await call('POST', '/api/apps/order', {
      customerId: customer._id,
      lines: [{ productId: bike._id, quantity: 1 }],
    });
    expect(sold.json().errorMessage).toBe('Balance Bike is out of stock.');

    const cancelled = await call('PATCH', `/api/apps/order/${order._id}`, { status: 'Cancelled' });
    expect(cancelled.json().data.timeline.map((e: { status: string }) => e.status)).toEqual([
      'Pending',
      'Cancelled',
    ]);
    expect(await get(`/api/apps/product/${bike._id}`)).toMatchObject({ stock: 2, orders: 0 });

    const reopened = await call('PATCH', `/api/apps/order/${order._id}`, { status: 'Pending' });
    expect(reopened.statusCode).toBe(200);
    expect(await get(`/api/apps/product/${bike._id}`)).toMatchObject({ stock: 0, orders: 1 });

    await call('PATCH', `/api/apps/order/${order._id}`, { status: 'Inprogress' });
    const locked = await call('PATCH', `/api/apps/order/${order._id}`, {
      lines: [{ productId: bike._id, quantity: 1 }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().errorMessage).toBe(ecommerceMessages.linesLocked);

    // Deleting an order that holds stock gives it back; an ordered product cannot be deleted.
    const refused = await call('DELETE', `/api/apps/product/${bike._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(ecommerceMessages.productInOrders);
    expect((await call('DELETE', `/api/apps/order/${order._id}`)).statusCode).toBe(200);
    expect(await get(`/api/apps/product/${bike._id}`)).toMatchObject({ stock: 2, orders: 0 });
  });

  it('changes the lines of a pending order: the old ones go back to stock', async () => {
    const a = await product({ name: 'Yoga Mat', category: 'Sports & Fitness', price: '25.00', stock: 4 });
    const b = await product({ name: 'Foam Roller', category: 'Sports & Fitness', price: '15.00', stock: 4 });
    const order: Order = await add('order', {
      customerId: customer._id,
      lines: [{ productId: a._id, quantity: 2 }],
    });
    const changed = await call('PATCH', `/api/apps/order/${order._id}`, {
      lines: [
        { productId: b._id, quantity: 1, size: 'M' },
        { productId: a._id, quantity: 1 },
      ],
    });
    expect(changed.json().data).toMatchObject({
      lines: [{ name: 'Foam Roller', size: 'M' }, { name: 'Yoga Mat' }],
      subtotal: '40.00',
    });
    expect(await get(`/api/apps/product/${a._id}`)).toMatchObject({ stock: 3 });
    expect(await get(`/api/apps/product/${b._id}`)).toMatchObject({ stock: 3 });
  });

  it('refuses unknown, blocked and unpublished things with field errors', async () => {
    const hidden = await product({ name: 'Hidden Watch', type: 'unpublished' });
    const unknown = await call('POST', '/api/apps/order', {
      customerId: '00000000-0000-4000-8000-000000000000',
      lines: [{ productId: hidden._id, quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ customerId: ecommerceMessages.unknownCustomer });
    const unpublished = await call('POST', '/api/apps/order', {
      customerId: customer._id,
      lines: [{ productId: hidden._id, quantity: 1 }],
    });
    expect(unpublished.json().fieldErrors).toEqual({
      'lines.0.productId': ecommerceMessages.unpublishedProduct,
    });
    const blocked = await add('customer', {
      name: 'Blocked Bert',
      email: 'bert@mail.example',
      status: 'Block',
    });
    const refused = await call('POST', '/api/apps/order', {
      customerId: blocked._id,
      lines: [{ productId: hidden._id, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(409);
    const empty = await call('POST', '/api/apps/order', { customerId: customer._id, lines: [] });
    expect(empty.json().fieldErrors).toEqual({ lines: 'An order needs at least one line.' });
    const zero = await call('POST', '/api/apps/order', {
      customerId: customer._id,
      lines: [{ productId: hidden._id, quantity: 0 }],
    });
    expect(zero.json().fieldErrors).toEqual({ 'lines.0.quantity': 'The quantity must be at least 1.' });
  });

  it('lists by number, customer, status and product; a customer with orders cannot be deleted', async () => {
    const carol = await add('customer', { name: 'Carol Castro', email: 'carol@mail.example' });
    const tea = await product({ name: 'Green Tea', category: 'Grocery', price: '4.50', stock: 100 });
    const first: Order = await add('order', {
      customerId: carol._id,
      lines: [{ productId: tea._id, quantity: 1 }],
    });
    await add('order', {
      customerId: carol._id,
      lines: [{ productId: tea._id, quantity: 2 }],
      status: 'Delivered',
    });
    expect((await get('/api/apps/order?search=carol%20castro')).count).toBe(2);
    expect((await get(`/api/apps/order?search=${encodeURIComponent(first.orderId)}`)).results[0]._id).toBe(
      first._id,
    );
    expect((await get(`/api/apps/order?customer=${carol._id}&status=Delivered`)).count).toBe(1);
    expect(
      (await get(`/api/apps/order?product=${tea._id}&ordering=total`)).results.map((o: Order) => o.total),
    ).toEqual(['9.95', '14.90']);
    expect((await get('/api/apps/customer?search=carol')).results[0].ordersCount).toBe(2);
    const refused = await call('DELETE', `/api/apps/customer/${carol._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(ecommerceMessages.customerHasOrders);
    const csv = await call('GET', `/api/apps/order/export?customer=${carol._id}&ordering=total`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe(
      'id,orderId,customer,email,orderDate,status,paymentMethod,items,subtotal,discount,shipping,tax,total',
    );
    expect(rows).toHaveLength(3);
  });
});
