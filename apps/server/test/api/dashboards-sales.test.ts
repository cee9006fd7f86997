import { orderStatuses, stockHoldingStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { auditLog, customers, orderLines, orders, products, sellers, users } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';

// The e-commerce and analytics dashboards (and home's sales widgets) on a small data set placed at
// chosen times. "Now": Wednesday 18 November 2026, 10:30 in Paris (09:30 UTC, winter time).
const NOW = new Date('2026-11-18T09:30:00Z');
let ctx: TestContext;
let admin: string;
const PARIS = 'tz=Europe/Paris';

let books: string;
let toys: string;
let garden: string;
let sellerId: string;
let customerId: string;
const orderIds: Record<string, string> = {};

async function order(
  name: string,
  at: string,
  status: string,
  total: number,
  lines: { product: string; category: string; quantity: number; total: number }[] = [],
) {
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      customerId,
      customerName: `Customer ${name}`,
      status,
      paymentMethod: 'Card',
      subtotal: total.toFixed(2),
      total: total.toFixed(2),
      createdAt: new Date(at),
    })
    .returning({ id: orders.id });
  if (!row) throw new Error('order insert returned nothing');
  orderIds[name] = row.id;
  if (lines.length > 0) {
    await ctx.database.db.insert(orderLines).values(
      lines.map((line, position) => ({
        orderId: row.id,
        position,
        productId: line.product,
        sellerId,
        name: line.category,
        category: line.category,
        price: (line.total / line.quantity).toFixed(2),
        quantity: line.quantity,
        total: line.total.toFixed(2),
      })),
    );
  }
}

let uma: string;
let vic: string;
async function entry(at: string, actorId: string | null, entity: string, action: string, ip = '') {
  await ctx.database.db.insert(auditLog).values({ at: new Date(at), actorId, entity, action, ip });
}

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  const db = ctx.database.db;
  const [seller] = await db
    .insert(sellers)
    .values({ name: 'Marta Lind', company: 'Nordic Living', email: 'marta@nordic.example' })
    .returning({ id: sellers.id });
  sellerId = seller?.id ?? '';
  const made = await db
    .insert(products)
    .values(
      (['Books', 'Toys', 'Garden'] as const).map((category) => ({
        name: `A ${category} product`,
        category,
        price: '10.00',
        sellerId,
      })),
    )
    .returning({ id: products.id });
  [books, toys, garden] = made.map((p) => p.id) as [string, string, string];
  const [customer] = await db
    .insert(customers)
    .values({ name: 'Alice', email: 'alice@mail.example', createdAt: new Date('2026-11-03T10:00:00Z') })
    .returning({ id: customers.id });
  customerId = customer?.id ?? '';
  // Another customer in the previous month's span, one after its cut.
  await db.insert(customers).values([
    { name: 'Bob', email: 'bob@mail.example', createdAt: new Date('2026-10-04T10:00:00Z') },
    { name: 'Cem', email: 'cem@mail.example', createdAt: new Date('2026-10-04T11:00:00Z') },
    { name: 'Dan', email: 'dan@mail.example', createdAt: new Date('2026-10-25T11:00:00Z') },
  ]);

  // Monday 2 November, 11:15 in Paris.
  await order('A', '2026-11-02T10:15:00Z', 'Delivered', 100, [
    { product: books, category: 'Books', quantity: 2, total: 80 },
    { product: toys, category: 'Toys', quantity: 1, total: 20 },
  ]);
  // Today, Wednesday 18 November, 09:10 in Paris.
  await order('B', '2026-11-18T08:10:00Z', 'Pending', 50.5, [
    { product: books, category: 'Books', quantity: 1, total: 50.5 },
  ]);
  // Cancelled and returned: no sale.
  await order('C', '2026-11-10T12:00:00Z', 'Cancelled', 999, [
    { product: garden, category: 'Garden', quantity: 9, total: 999 },
  ]);
  await order('D', '2026-11-11T13:00:00Z', 'Returned', 500, [
    { product: garden, category: 'Garden', quantity: 5, total: 500 },
  ]);
  // Saturday 31 October 23:30 UTC: Sunday 1 November, 00:30 in Paris.
  await order('E', '2026-10-31T23:30:00Z', 'Delivered', 30, [
    { product: toys, category: 'Toys', quantity: 3, total: 30 },
  ]);
  // October: in the previous month's span (cut on 18 October, 10:30), then after it.
  await order('F', '2026-10-10T09:00:00Z', 'Delivered', 80);
  await order('G', '2026-10-20T09:00:00Z', 'Delivered', 70);
  // Tuesday 17 November 23:40 in Paris: yesterday, but within the last 24 hours.
  await order('J', '2026-11-17T22:40:00Z', 'Delivered', 5);
  // Tuesday 17 November 09:50 in Paris: its hour ended before the last 24 hours began.
  await order('K', '2026-11-17T08:50:00Z', 'Inprogress', 7);
  // The third quarter, before its cut (18 August).
  await order('I', '2026-08-15T12:00:00Z', 'Delivered', 50);

  const people = await db
    .insert(users)
    .values([
      {
        email: 'uma@ledgerdesk.example',
        username: 'uma',
        firstName: 'Uma',
        lastName: 'Stone',
        lastLoginAt: new Date('2026-11-16T08:00:00Z'),
        createdAt: new Date('2026-11-05T10:00:00Z'),
      },
      {
        email: 'vic@ledgerdesk.example',
        username: 'vic',
        firstName: 'Vic',
        lastName: 'Reyes',
        lastLoginAt: new Date('2026-11-17T18:00:00Z'),
        createdAt: new Date('2026-10-03T10:00:00Z'),
      },
    ])
    .returning({ id: users.id });
  [uma, vic] = people.map((p) => p.id) as [string, string];
  // Monday 16 November, 09:00–09:20 in Paris.
  await entry('2026-11-16T08:00:00Z', uma, 'session', 'login', '10.0.0.1');
  await entry('2026-11-16T08:05:00Z', uma, 'order', 'created');
  await entry('2026-11-16T08:20:00Z', uma, 'order', 'updated');
  // Tuesday 17 November, 19:00 and 19:30 in Paris.
  await entry('2026-11-17T18:00:00Z', vic, 'session', 'login', '10.0.0.2');
  await entry('2026-11-17T18:30:00Z', vic, 'product', 'deleted');
  // Sunday 1 November 00:15 in Paris (31 October in UTC); Tuesday 10 November 04:00 in Paris.
  await entry('2026-10-31T23:15:00Z', uma, 'session', 'login', '10.0.0.3');
  await entry('2026-11-10T03:00:00Z', null, 'user', 'clean-up');
  // The previous month.
  await entry('2026-10-05T10:00:00Z', vic, 'session', 'login', '10.0.0.2');
  await entry('2026-10-05T10:10:00Z', vic, 'job', 'created');
});
afterAll(() => ctx.close());

async function widgets(dashboard: string, query: string, token = admin) {
  const res = await ctx.call(token, 'GET', `/api/dashboard/${dashboard}?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().widgets;
}
const pairs = (items: { key: string; value: number }[]) => items.map((item) => [item.key, item.value]);

describe('e-commerce dashboard', () => {
  it('counts this month’s sales in Paris against the month before, cut at the same point', async () => {
    const w = await widgets('ecommerce', `period=monthly&${PARIS}`);
    // A 100 + B 50.50 + E 30 + J 5 + K 7; C (cancelled) and D (returned) are no sale; before: F.
    expect(w.revenue).toMatchObject({
      kind: 'kpi',
      unit: 'money',
      counter: 192.5,
      previous: 80,
      percentage: 140.6,
    });
    expect(w.orders).toMatchObject({ counter: 5, previous: 1, percentage: 400 });
    // 192.50 / 5 = 38.50 against 80: −51.875 %.
    expect(w.averageOrder).toMatchObject({ counter: 38.5, previous: 80, percentage: -51.9 });
    // Alice (3 November) against Bob and Cem (4 October; Dan joined after the cut).
    expect(w.newCustomers).toMatchObject({ counter: 1, previous: 2, percentage: -50 });
    expect(pairs(w.ordersByStatus.items)).toEqual([
      ['Pending', 1],
      ['Inprogress', 1],
      ['Pickups', 0],
      ['Delivered', 3],
      ['Returned', 1],
      ['Cancelled', 1],
    ]);
  });

  it('puts a sale at 23:30 UTC on 31 October in November for Paris, in October for UTC', async () => {
    const paris = await widgets('ecommerce', `period=monthly&${PARIS}`);
    const utc = await widgets('ecommerce', 'period=monthly&tz=UTC');
    expect(paris.revenue.counter - utc.revenue.counter).toBe(30);
    // Paris's 1 November, its first bucket, holds E; UTC's November starts without it.
    expect(paris.revenueOverTime.buckets[0]).toBe('2026-10-31T23:00:00.000Z');
    expect(paris.revenueOverTime.series[0].values[0]).toBe(30);
    expect(utc.revenueOverTime.series[0].values[0]).toBe(0);

    const yearParis = await widgets('ecommerce', `period=yearly&${PARIS}`);
    const yearUtc = await widgets('ecommerce', 'period=yearly&tz=UTC');
    const month = (w: { revenueOverTime: { series: { values: number[] }[] } }, index: number) =>
      w.revenueOverTime.series[0]?.values[index];
    // Twelve months from December 2025: August, October and November are the last ones.
    expect(yearParis.revenueOverTime.buckets).toHaveLength(12);
    expect([month(yearParis, 8), month(yearParis, 10), month(yearParis, 11)]).toEqual([50, 150, 192.5]);
    expect([month(yearUtc, 8), month(yearUtc, 10), month(yearUtc, 11)]).toEqual([50, 180, 162.5]);
    expect(yearParis.revenueOverTime.series[1]).toMatchObject({ key: 'orders', unit: 'count', total: 8 });
  });

  it('sums the quarter by week against the third quarter cut at the same point', async () => {
    const w = await widgets('ecommerce', `period=quarter&${PARIS}`);
    // From Monday 28 September (the week of 1 October) to the week of 16 November.
    expect(w.revenueOverTime.bucket).toBe('week');
    expect(w.revenueOverTime.buckets).toHaveLength(8);
    expect(w.revenueOverTime.series[0].total).toBe(342.5);
    expect(w.revenue).toMatchObject({ counter: 342.5, previous: 50, percentage: 585 });
  });

  it('tells today from the last 24 hours', async () => {
    const today = await widgets('ecommerce', `period=today&${PARIS}`);
    const day = await widgets('ecommerce', `period=hour&${PARIS}`);
    expect(today.revenue.counter).toBe(50.5); // B; J was yesterday in Paris
    expect(day.revenue.counter).toBe(55.5); // B and J; K's hour ended before 09:30 yesterday
    expect(today.revenueOverTime.buckets).toHaveLength(11); // 00:00 to 10:00 in Paris
    expect(day.revenueOverTime.buckets).toHaveLength(25); // 09:00 yesterday (UTC) to 09:00 today
  });

  it('breaks sales down by category, without cancelled or returned orders', async () => {
    const w = await widgets('ecommerce', `period=monthly&${PARIS}`);
    expect(w.salesByCategory.items).toEqual([
      { key: 'Books', label: 'Books', value: 130.5, count: 3 },
      { key: 'Toys', label: 'Toys', value: 50, count: 4 },
    ]);
  });

  it('places each order of the period on the heatmap in the caller’s zone', async () => {
    const { ordersHeatmap } = await widgets('ecommerce', `period=monthly&${PARIS}`);
    expect(ordersHeatmap.hours).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]);
    const cells: [number, number, number][] = [];
    ordersHeatmap.values.forEach((day: number[], d: number) => {
      day.forEach((value, column) => {
        if (value) cells.push([d, ordersHeatmap.hours[column], value]);
      });
    });
    expect(cells).toEqual([
      [0, 11, 1], // A: Monday 11:15
      [1, 9, 1], // K: Tuesday 09:50
      [1, 13, 1], // C: Tuesday 10 November 13:00
      [1, 23, 1], // J: Tuesday 23:40
      [2, 9, 1], // B: Wednesday 09:10
      [2, 14, 1], // D: Wednesday 11 November 14:00
    ]);
    expect(ordersHeatmap.outside).toBe(1); // E: Sunday 00:30
  });

  it('lists the top products and sellers, and the latest orders with their links', async () => {
    const w = await widgets('ecommerce', `period=monthly&${PARIS}`);
    expect(w.topProducts.rows.map((row: { cells: object }) => row.cells)).toEqual([
      { product: 'A Books product', category: 'Books', quantity: 3, revenue: 130.5 },
      { product: 'A Toys product', category: 'Toys', quantity: 4, revenue: 50 },
    ]);
    expect(w.topProducts.rows[0].href).toBe(`/apps/ecommerce/products/${books}`);
    // The year and all time read E from the month of October (UTC), A from the days of November and
    // B from its lines (today): the same sales, whatever holds them.
    for (const period of ['yearly', 'all']) {
      const { topProducts } = await widgets('ecommerce', `period=${period}&${PARIS}`);
      expect(topProducts.rows.map((row: { cells: object }) => row.cells)).toEqual([
        { product: 'A Books product', category: 'Books', quantity: 3, revenue: 130.5 },
        { product: 'A Toys product', category: 'Toys', quantity: 4, revenue: 50 },
      ]);
    }
    expect(w.topSellers.rows).toEqual([
      {
        key: sellerId,
        cells: { seller: 'Marta Lind', company: 'Nordic Living', quantity: 7, revenue: 180.5 },
        href: `/apps/ecommerce/sellers/${sellerId}`,
      },
    ]);
    const recent = w.recentOrders.rows;
    expect(recent.map((row: { cells: { customer: string } }) => row.cells.customer)).toEqual(
      ['B', 'J', 'K', 'D', 'C', 'A', 'E'].map((name) => `Customer ${name}`),
    );
    expect(recent[0]).toEqual({
      key: orderIds.B,
      cells: {
        number: expect.stringMatching(/^#LD\d{4}$/),
        customer: 'Customer B',
        total: 50.5,
        status: 'Pending',
        date: '2026-11-18T08:10:00.000Z',
      },
      href: `/apps/ecommerce/orders/${orderIds.B}`,
    });
  });
});

describe('what a sale is', () => {
  it('is the same in the database’s triggers as in the contract', async () => {
    const rows = await rowsOf<{ status: string; sale: boolean }>(
      ctx.database.db,
      sql`select s as status, order_is_sale(s) as sale
            from unnest(${sql.raw(`array[${orderStatuses.map((s) => `'${s}'`).join(', ')}]`)}) s`,
    );
    expect(rows).toEqual(
      orderStatuses.map((status) => ({ status, sale: stockHoldingStatuses.includes(status) })),
    );
  });
});

describe('analytics dashboard', () => {
  it('counts sign-ins, actions and active people against the month before', async () => {
    const w = await widgets('analytics', `period=monthly&${PARIS}`);
    expect(w.signIns).toMatchObject({ counter: 3, previous: 1, percentage: 200 });
    expect(w.actions).toMatchObject({ counter: 7, previous: 2, percentage: 250 });
    expect(w.activeUsers).toMatchObject({ counter: 2, previous: 1, percentage: 100 });
    // Uma (5 November) against Vic (3 October); the test's own accounts are made after "now".
    expect(w.newUsers).toMatchObject({ counter: 1, previous: 1, percentage: 0 });
  });

  it('draws the activity per day, on the heatmap, by area and by action', async () => {
    const w = await widgets('analytics', `period=monthly&${PARIS}`);
    const [signIns, actions] = w.activityOverTime.series;
    expect(w.activityOverTime.buckets).toHaveLength(18);
    expect(signIns).toMatchObject({ key: 'signIns', total: 3 });
    expect(actions).toMatchObject({ key: 'actions', total: 7 });
    // 1 November (Paris) holds the sign-in of 31 October 23:15 UTC; the 16th three entries.
    expect([signIns.values[0], actions.values[15], actions.values[16]]).toEqual([1, 3, 2]);
    expect(w.activityHeatmap.values[0][9 - 6]).toBe(3);
    expect(w.activityHeatmap.values[1][19 - 6]).toBe(2);
    expect(w.activityHeatmap.outside).toBe(2);
    expect(pairs(w.actionsByArea.items)).toEqual([
      ['users', 4],
      ['ecommerce', 3],
    ]);
    expect(pairs(w.actionsByType.items)).toEqual([
      ['login', 3],
      ['clean-up', 1],
      ['created', 1],
      ['deleted', 1],
      ['updated', 1],
    ]);
  });

  it('lists the most active people and the latest sign-ins', async () => {
    const w = await widgets('analytics', `period=monthly&${PARIS}`);
    expect(w.topUsers.rows).toEqual([
      {
        key: uma,
        cells: {
          user: 'Uma Stone',
          email: 'uma@ledgerdesk.example',
          entries: 4,
          lastSignIn: '2026-11-16T08:00:00.000Z',
        },
      },
      {
        key: vic,
        cells: {
          user: 'Vic Reyes',
          email: 'vic@ledgerdesk.example',
          entries: 2,
          lastSignIn: '2026-11-17T18:00:00.000Z',
        },
      },
    ]);
    expect(w.recentSignIns.rows.map((row: { cells: object }) => row.cells)).toEqual([
      { time: '2026-11-17T18:00:00.000Z', user: 'Vic Reyes', address: '10.0.0.2' },
      { time: '2026-11-16T08:00:00.000Z', user: 'Uma Stone', address: '10.0.0.1' },
      { time: '2026-10-31T23:15:00.000Z', user: 'Uma Stone', address: '10.0.0.3' },
    ]);
  });
});

describe('who sees what', () => {
  const ecommerceWidgets = [
    'revenue',
    'orders',
    'averageOrder',
    'newCustomers',
    'revenueOverTime',
    'salesByCategory',
    'ordersByStatus',
    'ordersHeatmap',
    'topProducts',
    'topSellers',
    'recentOrders',
  ];
  async function signedIn(email: string, permissions: string[]) {
    await ctx.createUser({ email, password: 'a-long-password', permissions });
    return ctx.login(email, 'a-long-password');
  }

  it('shows an e-commerce viewer the shop and home’s sales, and no analytics', async () => {
    const shop = await signedIn('shop@test.local', ['ecommerce.view']);
    expect(Object.keys(await widgets('ecommerce', PARIS, shop)).sort()).toEqual([...ecommerceWidgets].sort());
    expect(await widgets('analytics', PARIS, shop)).toEqual({});
    const home = await widgets('home', PARIS, shop);
    expect(Object.keys(home)).toEqual(expect.arrayContaining(['salesByMonth', 'salesByCategory']));
    expect(home.salesByMonth.series[0].key).toBe('revenue');
    const one = await ctx.call(shop, 'GET', '/api/dashboard/analytics/signIns');
    expect(one.statusCode).toBe(403);
  });

  it('shows a users viewer only the new users, and an auditor the rest', async () => {
    const people = await signedIn('people@test.local', ['users.view']);
    expect(Object.keys(await widgets('analytics', PARIS, people))).toEqual(['newUsers']);
    expect(await widgets('ecommerce', PARIS, people)).toEqual({});
    const auditor = await signedIn('auditor@test.local', ['audit.view']);
    expect(Object.keys(await widgets('analytics', PARIS, auditor)).sort()).toEqual(
      [
        'signIns',
        'activeUsers',
        'actions',
        'activityOverTime',
        'activityHeatmap',
        'actionsByArea',
        'actionsByType',
        'topUsers',
        'recentSignIns',
      ].sort(),
    );
  });

  it('answers one widget on its own', async () => {
    const res = await ctx.call(
      admin,
      'GET',
      `/api/dashboard/ecommerce/ordersHeatmap?period=monthly&${PARIS}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().widget).toMatchObject({ id: 'ordersHeatmap', kind: 'heatmap', outside: 1 });
  });
});
