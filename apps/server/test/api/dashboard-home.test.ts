import { libraryCsvColumns } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { auditLog, invoices } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// The server's zone for this file: neither UTC nor the callers' zones below, so that a test can
// tell which one a figure was computed in. Put back after it: the API files share their worker's
// process, one after the other (vitest.config.ts, isolate: false).
const zoneBefore = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

// "Now" for the dashboards: Wednesday 18 November 2026, 09:30 UTC — 10:30 in Paris, 04:30 in New
// York, and still Tuesday the 17th, 22:30, in Pago Pago (UTC−11). A test may move it, and puts it back.
const NOW = new Date('2026-11-18T09:30:00Z');
let clock = NOW;
let ctx: TestContext;
let admin: string;
let units: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  units = Object.fromEntries(
    (await call('GET', '/api/library/units/'))
      .json()
      .map((u: { name: string; id: string }) => [u.name, u.id]),
  );
});
afterAll(() => ctx.close());
afterEach(() => {
  clock = NOW;
});

const call = apiCaller(() => ({ ctx, token: admin }));
const home = async (query: string, token = admin) => {
  const res = await ctx.call(token, 'GET', `/api/dashboard/home?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};

type Code = { id: string; codeComb: string };
async function code(level: number, fields: Record<string, unknown>): Promise<Code> {
  return createdData(
    await call('POST', `/api/library/l${level}codes/`, { description: `Code ${fields.code}`, ...fields }),
  );
}
async function put(level: number, id: string, fields: Record<string, unknown>) {
  const res = await call('PUT', `/api/library/l${level}codes/${id}/`, { id, ...fields });
  expect(res.statusCode).toBe(200);
}

type Item = { key: string; label: string; value: number; count?: number; group?: string; href?: string };

describe('home: the budget', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    // Income: 1000 × 2 (and an inactive 500, left out) + 19.99 × 3 = 2059.97.
    // Expenses: 125.50 × 4 + 10 × 3.5 + 0.10 × 3 = 537.30. An expense L1 with nothing below.
    const hi = await code(1, { code: 'HI', description: 'Grants and fees', kind: 'income' });
    const hi1 = await code(2, { code: '1', description: 'Grants', parentId: hi.id });
    const hi11 = await code(3, { code: '1', parentId: hi1.id });
    const a = await code(4, {
      code: 'a',
      parentId: hi11.id,
      unitId: units.h,
      unitPrice: '1000',
      quantity: '2',
    });
    await code(4, { code: 'b', parentId: hi11.id, unitPrice: '500', quantity: '1', isActive: false });
    const hi2 = await code(2, { code: '2', description: 'Fees', parentId: hi.id });
    const hi21 = await code(3, { code: '1', parentId: hi2.id });
    await code(4, { code: 'c', parentId: hi21.id, unitPrice: '19.99', quantity: '3' });
    const he = await code(1, { code: 'HE', description: 'Works' });
    const he1 = await code(2, { code: '1', description: 'Structure', parentId: he.id });
    const he11 = await code(3, { code: '1', parentId: he1.id });
    await code(4, { code: 'd', parentId: he11.id, unitPrice: '125.50', quantity: '4' });
    await code(4, { code: 'e', parentId: he11.id, unitPrice: '10', quantity: '3.5' });
    const he2 = await code(2, { code: '2', description: 'Finishes', parentId: he.id });
    const he21 = await code(3, { code: '1', parentId: he2.id });
    await code(4, { code: 'f', parentId: he21.id, unitPrice: '0.10', quantity: '3' });
    const hz = await code(1, { code: 'HZ', description: 'Reserve' });
    Object.assign(ids, {
      hi: hi.id,
      hi1: hi1.id,
      hi2: hi2.id,
      he: he.id,
      he1: he1.id,
      he2: he2.id,
      hz: hz.id,
      a: a.id,
    });
  });

  it('income and expenses apart, and the balance of the one less the other (no period, no change)', async () => {
    const { widgets } = await home('period=monthly&tz=Europe/Paris');
    expect(widgets.budgetIncome).toMatchObject({
      kind: 'kpi',
      unit: 'money',
      counter: 2059.97,
      previous: null,
    });
    expect(widgets.budgetExpenses).toMatchObject({ counter: 537.3, previous: null, percentage: null });
    expect(widgets.budgetBalance).toMatchObject({ counter: 1522.67, href: '/library' });
  });

  it('by L1 (income first, each with its kind) and by L2 (under its L1), each opening the library there', async () => {
    const { widgets } = await home('period=all');
    expect(widgets.budgetByL1.items).toEqual([
      {
        key: ids.hi,
        label: 'HI · Grants and fees',
        value: 2059.97,
        count: 2,
        group: 'income',
        href: `/library?code=${ids.hi}`,
      },
      {
        key: ids.he,
        label: 'HE · Works',
        value: 537.3,
        count: 3,
        group: 'expense',
        href: `/library?code=${ids.he}`,
      },
      {
        key: ids.hz,
        label: 'HZ · Reserve',
        value: 0,
        count: 0,
        group: 'expense',
        href: `/library?code=${ids.hz}`,
      },
    ]);
    expect(
      widgets.budgetByL2.items.map((item: Item) => [item.label, item.value, item.count, item.group]),
    ).toEqual([
      ['HE-1 · Structure', 537, 2, 'HE · Works'],
      ['HE-2 · Finishes', 0.3, 1, 'HE · Works'],
      ['HI-1 · Grants', 2000, 1, 'HI · Grants and fees'],
      ['HI-2 · Fees', 59.97, 1, 'HI · Grants and fees'],
    ]);
    expect(widgets.budgetByL2.items[2].href).toBe(`/library?code=${ids.hi1}`);
  });

  it('the largest active items, by amount', async () => {
    const { widgets } = await home('period=monthly');
    const { largestItems } = widgets;
    expect(largestItems.columns.map((column: { key: string }) => column.key)).toEqual([
      'code',
      'description',
      'unit',
      'unitPrice',
      'quantity',
      'amount',
    ]);
    expect(
      largestItems.rows.map((row: { cells: { code: string; amount: number } }) => [
        row.cells.code,
        row.cells.amount,
      ]),
    ).toEqual([
      ['HI-1-1-a', 2000],
      ['HE-1-1-d', 502],
      ['HI-2-1-c', 59.97],
      ['HE-1-1-e', 35],
      ['HE-2-1-f', 0.3],
    ]);
    expect(largestItems.rows[0]).toEqual({
      key: ids.a,
      cells: {
        code: 'HI-1-1-a',
        description: 'Code a',
        unit: 'h',
        unitPrice: 1000,
        quantity: 2,
        amount: 2000,
      },
      href: `/library?code=${ids.a}`,
    });
  });
});

describe('the roll-up behind the budget follows every change to the library', () => {
  /** Codes whose row in library_rollups differs from a count of their active L4 items. */
  const mismatches = () =>
    rowsOf<{ code_id: string }>(
      ctx.database.db,
      sql`with counted as (
            select a.code_id, count(*)::int as items, sum(c.amount) as total
              from library_codes c cross join lateral unnest(array[c.l1_id, c.l2_id, c.l3_id]) as a(code_id)
             where c.level = 4 and c.is_active and a.code_id is not null
             group by a.code_id)
          select coalesce(counted.code_id, r.code_id) as code_id
            from counted full join library_rollups r on r.code_id = counted.code_id
           where coalesce(counted.items, 0) <> coalesce(r.items, 0)
              or coalesce(counted.total, 0) <> coalesce(r.total, 0)`,
    );
  /** [total, items] of the R… codes, as the budget widgets show them. */
  async function budget() {
    const { widgets } = await home('period=monthly');
    const pick = (items: Item[]) =>
      Object.fromEntries(
        items
          .filter((item) => item.label.startsWith('R'))
          .map((item) => [item.label.split(' · ')[0], [item.value, item.count]]),
      );
    return { l1: pick(widgets.budgetByL1.items), l2: pick(widgets.budgetByL2.items) };
  }

  it('inserts, price and quantity changes, moves, deactivation, import and deletions', async () => {
    const ra = await code(1, { code: 'RA' });
    const rb = await code(1, { code: 'RB', kind: 'income' });
    const ra1 = await code(2, { code: '1', parentId: ra.id });
    const ra2 = await code(2, { code: '2', parentId: ra.id });
    const rb1 = await code(2, { code: '1', parentId: rb.id });
    const ra11 = await code(3, { code: '1', parentId: ra1.id });
    const rb11 = await code(3, { code: '1', parentId: rb1.id });
    const x = await code(4, { code: 'x', parentId: ra11.id, unitPrice: '10', quantity: '2' }); // 20
    const y = await code(4, { code: 'y', parentId: ra11.id, unitPrice: '5', quantity: '1' }); // 5
    await code(4, { code: 'z', parentId: rb11.id, unitPrice: '100', quantity: '1' }); // 100
    expect(await mismatches()).toEqual([]);
    expect(await budget()).toEqual({
      l1: { RB: [100, 1], RA: [25, 2] },
      l2: { 'RA-1': [25, 2], 'RA-2': [0, 0], 'RB-1': [100, 1] },
    });

    await put(4, x.id, { unitPrice: '12' }); // 24
    await put(4, y.id, { quantity: '3' }); // 15
    expect(await mismatches()).toEqual([]);
    expect((await budget()).l2['RA-1']).toEqual([39, 2]);

    // The L3 under another L2 of the same L1, then that L2 under the income L1.
    await put(3, ra11.id, { parentId: ra2.id });
    expect(await mismatches()).toEqual([]);
    expect(await budget()).toEqual({
      l1: { RB: [100, 1], RA: [39, 2] },
      l2: { 'RA-1': [0, 0], 'RA-2': [39, 2], 'RB-1': [100, 1] },
    });
    await put(2, ra2.id, { parentId: rb.id });
    expect(await mismatches()).toEqual([]);
    expect(await budget()).toEqual({
      l1: { RB: [139, 3], RA: [0, 0] },
      l2: { 'RA-1': [0, 0], 'RB-1': [100, 1], 'RB-2': [39, 2] },
    });

    await put(4, x.id, { isActive: false });
    expect(await mismatches()).toEqual([]);
    expect((await budget()).l1.RB).toEqual([115, 2]);

    // An import updates z (100 × 2) and adds w (7.50 × 2).
    const file = [
      libraryCsvColumns.join(','),
      '4,RB-1-1-z,RB-1-1,z,Code z,true,,100.00,2,false,,',
      '4,RB-1-1-w,RB-1-1,w,Code w,true,,7.50,2,false,,',
    ].join('\n');
    const imported = await call('POST', '/api/library/import/', file, {
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body).toContain('"type":"done"');
    expect(await mismatches()).toEqual([]);
    expect(await budget()).toEqual({
      l1: { RB: [230, 3], RA: [0, 0] },
      l2: { 'RA-1': [0, 0], 'RB-1': [215, 2], 'RB-2': [15, 1] },
    });

    expect((await call('DELETE', `/api/library/l4codes/${y.id}/`)).statusCode).toBe(200);
    expect(await mismatches()).toEqual([]);
    expect((await call('DELETE', `/api/library/l3codes/${rb11.id}/?cascade=true`)).statusCode).toBe(200);
    expect(await mismatches()).toEqual([]);
    expect(await budget()).toEqual({
      l1: { RB: [0, 0], RA: [0, 0] },
      l2: { 'RA-1': [0, 0], 'RB-1': [0, 0], 'RB-2': [0, 0] },
    });
  });
});

const money = (amount: number) => amount.toFixed(2);
async function invoice(issueDate: string, total: number, status = 'Unpaid', dueDate: string | null = null) {
  await ctx.database.db.insert(invoices).values({
    customerName: 'Northgate',
    issueDate,
    dueDate,
    status,
    subtotal: money(total),
    tax: '0',
    total: money(total),
  });
}
const noInvoices = () => ctx.database.db.delete(invoices);

describe('home: invoices', () => {
  // The month in Paris: 1–18 November (until 10:30); the previous one: 1–18 October (until 10:30).
  beforeAll(async () => {
    await noInvoices();
    await invoice('2026-11-01', 100, 'Paid', '2026-11-15');
    await invoice('2026-11-05', 200, 'Unpaid', '2026-11-17'); // overdue: due yesterday
    await invoice('2026-11-10', 300, 'Pending', '2026-11-18'); // due today: not late yet
    await invoice('2026-11-12', 50, 'Cancelled');
    await invoice('2026-11-19', 999, 'Unpaid', '2026-11-19'); // tomorrow: not issued yet
    await invoice('2026-10-02', 400, 'Paid');
    await invoice('2026-10-10', 70, 'Unpaid', '2026-10-15'); // overdue now, and on 18 October
    await invoice('2026-10-17', 30, 'Pending', '2026-10-17'); // the same
    await invoice('2026-10-20', 80, 'Unpaid', '2026-10-25'); // after the previous period's cut
    await invoice('2026-09-01', 1000, 'Pending'); // no due date: never overdue
  });

  it('paid, unpaid and overdue, each against the previous period', async () => {
    const { widgets } = await home('period=monthly&tz=Europe/Paris');
    expect(widgets.invoicesIssued).toMatchObject({ counter: 600, previous: 500, percentage: 20 });
    expect(widgets.invoicesPaid).toMatchObject({ counter: 100, previous: 400, percentage: -75 });
    expect(widgets.invoicesUnpaid).toMatchObject({ counter: 500, previous: 100, percentage: 400 });
    // Now: 200 + 70 + 30 + 80; on 18 October, 10:30: 70 + 30 (the others were not issued yet).
    expect(widgets.invoicesOverdue).toMatchObject({ counter: 380, previous: 100, percentage: 280 });
  });

  it('issued, paid and unpaid per day; what is owed by age', async () => {
    const { widgets } = await home('period=monthly&tz=Europe/Paris');
    const { invoicesOverTime, receivablesByAge } = widgets;
    expect(invoicesOverTime.buckets).toHaveLength(18);
    expect(invoicesOverTime.buckets[0]).toBe('2026-10-31T23:00:00.000Z');
    const day = (n: number) => invoicesOverTime.series.map((s: { values: number[] }) => s.values[n - 1]);
    expect([day(1), day(5), day(10), day(12)]).toEqual([
      [100, 100, 0],
      [200, 0, 200],
      [300, 0, 300],
      [0, 0, 0], // cancelled
    ]);
    expect(invoicesOverTime.series.map((s: { key: string; total: number }) => [s.key, s.total])).toEqual([
      ['issued', 600],
      ['paid', 100],
      ['unpaid', 500],
    ]);
    expect(receivablesByAge.items.map((item: Item) => [item.key, item.value, item.count])).toEqual([
      ['0-30', 200 + 300 + 80, 3],
      ['31-60', 70 + 30, 2],
      ['61-90', 1000, 1],
      ['90+', 0, 0],
    ]);
  });

  it('answers the same at SPEC §7’s /api/monthly-data', async () => {
    const alias = await call('GET', '/api/monthly-data?tz=Europe/Paris');
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(await home('period=monthly&tz=Europe/Paris'));
  });
});

describe('period boundaries in the server’s zone and in the caller’s', () => {
  const issued = async (query: string) => {
    const { period, widgets } = await home(query);
    return {
      from: period.from,
      counter: widgets.invoicesIssued.counter,
      previous: widgets.invoicesIssued.previous,
    };
  };

  it('today: the day of the zone asked for', async () => {
    await noInvoices();
    await invoice('2026-11-17', 1);
    await invoice('2026-11-18', 10);
    await invoice('2026-11-19', 100);
    // Paris: the 18th since midnight, against the 17th until 10:30.
    expect(await issued('period=today&tz=Europe/Paris')).toEqual({
      from: '2026-11-17T23:00:00.000Z',
      counter: 10,
      previous: 1,
    });
    // Pago Pago: it is still the 17th there.
    expect(await issued('period=today&tz=Pacific/Pago_Pago')).toEqual({
      from: '2026-11-17T11:00:00.000Z',
      counter: 1,
      previous: 0,
    });
    // No zone: the server's (New York, 04:30 on the 18th).
    const own = await home('period=today');
    expect(own.period.timeZone).toBe('America/New_York');
    expect(await issued('period=today')).toEqual({
      from: '2026-11-18T05:00:00.000Z',
      counter: 10,
      previous: 1,
    });
  });

  it('the month: an invoice of the 1st is in the month where the month has begun', async () => {
    await noInvoices();
    await invoice('2026-11-01', 1);
    await invoice('2026-11-30', 10);
    await invoice('2026-12-01', 100);
    clock = new Date('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Paris; 18:30 on the 30th in New York
    // Paris: December has begun (against 1 November until 00:30, which holds the invoice of the 1st).
    expect(await issued('period=monthly&tz=Europe/Paris')).toEqual({
      from: '2026-11-30T23:00:00.000Z',
      counter: 100,
      previous: 1,
    });
    expect((await issued('period=lastMonth&tz=Europe/Paris')).counter).toBe(11);
    // New York: still November, from its midnight of the 1st (summer time until 02:00 that day).
    expect(await issued('period=monthly')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      counter: 11,
      previous: 0,
    });
  });

  it('the quarter', async () => {
    await noInvoices();
    await invoice('2026-07-01', 1);
    await invoice('2026-09-30', 10);
    await invoice('2026-10-01', 100);
    clock = new Date('2026-09-30T23:00:00Z'); // 01:00 on 1 October in Paris; 19:00 on 30 September in New York
    expect(await issued('period=quarter&tz=Europe/Paris')).toEqual({
      from: '2026-09-30T22:00:00.000Z',
      counter: 100,
      previous: 1,
    });
    expect(await issued('period=quarter')).toEqual({
      from: '2026-07-01T04:00:00.000Z',
      counter: 11,
      previous: 0,
    });
  });
});

describe('home: what changed, and who sees it', () => {
  const actor = 'someone@test.local';
  let invoicesViewer: string;
  let invoicesKey: string;
  let libraryViewer: string;
  let auditor: string;
  let nobody: string;
  let itemId: string;
  const deletedKey = '00000000-0000-4000-8000-00000000dead';

  async function entry(
    at: string,
    entity: string,
    action: string,
    key: string,
    before: object | null,
    after: object | null,
  ) {
    await ctx.database.db.insert(auditLog).values({
      at: new Date(at),
      actorLabel: actor,
      action,
      entity,
      entityKey: key,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
    });
  }

  beforeAll(async () => {
    const user = async (
      email: string,
      permissions: Parameters<TestContext['createUser']>[0]['permissions'],
    ) => {
      await ctx.createUser({ email, password: 'a-long-password-1', permissions });
      return ctx.login(email, 'a-long-password-1');
    };
    invoicesViewer = await user('invoices@test.local', ['invoices.view', 'apiKeys.view', 'apiKeys.manage']);
    invoicesKey = createdData<{ secret: string }>(
      await ctx.call(invoicesViewer, 'POST', '/api/apps/api-key', { name: 'Dashboard' }),
    ).secret;
    libraryViewer = await user('library@test.local', ['library.view']);
    auditor = await user('auditor@test.local', ['audit.view']);
    nobody = await user('nobody@test.local', []);
    const [item] = (await call('GET', '/api/library/l4codes/?search=HI-1-1-a')).json().results;
    itemId = item.id;

    // The log holds only what this test writes (the sign-ins above are not what it is about).
    await ctx.database.db.delete(auditLog);
    for (let hour = 0; hour < 9; hour++) {
      await entry(
        `2026-11-02T0${hour}:00:00Z`,
        'l4code',
        'update',
        itemId,
        { quantity: `${hour}.000` },
        { quantity: `${hour + 1}.000` },
      );
    }
    await entry('2026-11-03T00:00:00Z', 'unit', 'create', units.h as string, null, {
      name: 'h',
      description: 'hour',
    });
    await entry('2026-11-04T00:00:00Z', 'library', 'import', '', null, { rows: 4, inserted: 3, updated: 1 });
    await entry(
      '2026-11-05T00:00:00Z',
      'l2code',
      'delete-cascade',
      deletedKey,
      { code: '9', codeComb: 'HE-9', description: 'Gone', descendants: 2 },
      null,
    );
    await entry(
      '2026-11-06T00:00:00Z',
      'invoice',
      'update',
      'invoice-1',
      { total: '10.00' },
      { total: '12.00' },
    );
    await entry(
      '2026-11-07T00:00:00Z',
      'user',
      'update',
      'user-1',
      { email: 'old@private.test' },
      { email: 'new@private.test' },
    );
    await entry('2026-11-08T00:00:00Z', 'outbox', 'send', 'mail-1', null, null);
    await entry('2026-11-09T00:00:00Z', 'apiKey', 'create', 'key-1', null, { name: 'Nightly' });
    await entry('2026-10-30T00:00:00Z', 'l4code', 'update', itemId, null, null); // the month before
    await entry('2026-11-18T10:00:00Z', 'invoice', 'create', 'invoice-2', null, null); // after now
  });

  it('the library’s latest changes in the period: what, to which code, by whom', async () => {
    const { widgets } = await home('period=monthly&tz=Europe/Paris');
    const rows = widgets.libraryChanges.rows;
    expect(rows).toHaveLength(10);
    expect(rows.slice(0, 4)).toEqual([
      {
        key: expect.any(String),
        cells: {
          at: '2026-11-05T00:00:00.000Z',
          actor,
          action: 'delete-cascade',
          entity: 'l2code',
          code: 'HE-9',
          description: 'Gone',
          change: 'descendants: 2',
        },
      },
      {
        key: expect.any(String),
        cells: {
          at: '2026-11-04T00:00:00.000Z',
          actor,
          action: 'import',
          entity: 'library',
          code: null,
          description: null,
          change: 'rows: 4; inserted: 3; updated: 1',
        },
      },
      {
        key: expect.any(String),
        cells: {
          at: '2026-11-03T00:00:00.000Z',
          actor,
          action: 'create',
          entity: 'unit',
          code: 'h',
          description: 'hour',
          change: '',
        },
      },
      {
        key: expect.any(String),
        cells: {
          at: '2026-11-02T08:00:00.000Z',
          actor,
          action: 'update',
          entity: 'l4code',
          code: 'HI-1-1-a',
          description: 'Code a',
          change: 'quantity: 8 → 9',
        },
        href: `/library?code=${itemId}`,
      },
    ]);
    // Then the item's six changes before, the latest first; its first two are past the ten.
    expect(rows.slice(4).map((row: { cells: { at: string } }) => row.cells.at)).toEqual(
      [7, 6, 5, 4, 3, 2].map((hour) => `2026-11-02T0${hour}:00:00.000Z`),
    );
  });

  const activity = (widgets: { recentActivity?: { rows: { cells: { entity: string } }[] } }) =>
    widgets.recentActivity?.rows.map((row) => row.cells.entity);

  it('recent activity: every entry for an auditor, never the values they held', async () => {
    const everything = [
      'apiKey',
      'outbox',
      'user',
      'invoice',
      'l2code',
      'library',
      'unit',
      'l4code',
      'l4code',
      'l4code',
    ];
    const { widgets } = await home('period=monthly&tz=Europe/Paris');
    expect(activity(widgets)).toEqual(everything);
    expect(widgets.recentActivity.columns.map((column: { key: string }) => column.key)).toEqual([
      'at',
      'actor',
      'action',
      'entity',
    ]);
    expect(widgets.recentActivity.rows[2]).toEqual({
      key: expect.any(String),
      cells: { at: '2026-11-07T00:00:00.000Z', actor, action: 'update', entity: 'user' },
      href: `/admin/audit?entry=${widgets.recentActivity.rows[2].key}`,
    });
    expect(JSON.stringify(widgets.recentActivity)).not.toContain('private.test');
    // audit.view alone: the activity, and no other widget.
    const audited = await home('period=monthly&tz=Europe/Paris', auditor);
    expect(Object.keys(audited.widgets)).toEqual(['recentActivity']);
    expect(activity(audited.widgets)).toEqual(everything);
  });

  it('a viewer of one area sees its widgets, and the activity of its records only', async () => {
    const invoicesOnly = await home('period=monthly&tz=Europe/Paris', invoicesViewer);
    expect(Object.keys(invoicesOnly.widgets).sort()).toEqual(
      [
        'invoicesIssued',
        'invoicesPaid',
        'invoicesUnpaid',
        'invoicesOverdue',
        'invoicesOverTime',
        'receivablesByAge',
        'recentActivity',
      ].sort(),
    );
    expect(activity(invoicesOnly.widgets)).toEqual(['apiKey', 'invoice']);
    expect(invoicesOnly.widgets.recentActivity.rows[1]).not.toHaveProperty('href');
    expect(invoicesOnly.widgets.recentActivity).not.toHaveProperty('href');

    const libraryOnly = await home('period=monthly&tz=Europe/Paris', libraryViewer);
    expect(Object.keys(libraryOnly.widgets).sort()).toEqual(
      [
        'budgetIncome',
        'budgetExpenses',
        'budgetBalance',
        'budgetByL1',
        'budgetByL2',
        'largestItems',
        'libraryChanges',
        'recentActivity',
      ].sort(),
    );
    expect(activity(libraryOnly.widgets)).toEqual(['l2code', 'library', 'unit', ...Array(7).fill('l4code')]);
    const alone = await ctx.call(invoicesViewer, 'GET', '/api/dashboard/home/budgetIncome');
    expect(alone.statusCode).toBe(403);
  });

  it('an API key sees what its owner sees', async () => {
    expect(await home('period=monthly&tz=Europe/Paris', invoicesKey)).toEqual(
      await home('period=monthly&tz=Europe/Paris', invoicesViewer),
    );
  });

  it('a user who may view nothing gets no widget at all, and no error', async () => {
    expect((await home('period=monthly', nobody)).widgets).toEqual({});
    const one = await ctx.call(nobody, 'GET', '/api/dashboard/home/recentActivity');
    expect(one.statusCode).toBe(403);
  });
});
