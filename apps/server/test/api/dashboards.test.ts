import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';

// "Now" for every dashboard of this file: Wednesday 18 November 2026, 10:30 in Paris (09:30 UTC).
const NOW = new Date('2026-11-18T09:30:00Z');
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const money = (amount: number) => amount.toFixed(2);
async function invoice(issueDate: string, total: number, status = 'Unpaid') {
  await ctx.database.db.insert(invoices).values({
    customerName: 'Northgate',
    issueDate,
    status,
    subtotal: money(total),
    tax: '0',
    total: money(total),
  });
}

describe('periods', () => {
  it('resolves a month in the caller’s zone, its previous period cut at the same point', async () => {
    const res = await ctx.call(admin, 'GET', '/api/dashboard/home?period=monthly&tz=Europe/Paris');
    expect(res.statusCode).toBe(200);
    expect(res.json().period).toEqual({
      period: 'monthly',
      timeZone: 'Europe/Paris',
      from: '2026-10-31T23:00:00.000Z',
      to: NOW.toISOString(),
      previousFrom: '2026-09-30T22:00:00.000Z',
      previousTo: '2026-10-18T08:30:00.000Z',
      bucket: 'day',
    });
  });
  it('refuses an unknown period or zone with a clear message', async () => {
    const bad = await ctx.call(admin, 'GET', '/api/dashboard/home?period=fortnight');
    expect(bad.statusCode).toBe(400);
    const zone = await ctx.call(admin, 'GET', '/api/dashboard/home?tz=Mars/Olympus');
    expect(zone.statusCode).toBe(400);
    expect(zone.json().fieldErrors.tz).toContain('time zone');
    expect(bad.json().fieldErrors.period).toContain('The period must be one of');
  });
});

describe('home: invoices', () => {
  it('sums invoices issued in the period against the previous one', async () => {
    await invoice('2026-11-02', 100);
    await invoice('2026-11-18', 50.5, 'Paid');
    await invoice('2026-11-19', 999); // after now: not yet issued
    await invoice('2026-10-10', 80);
    await invoice('2026-10-20', 70); // after the previous period's cut (18 October, 10:30)
    await invoice('2026-11-03', 40, 'Cancelled');
    const res = await ctx.call(admin, 'GET', '/api/dashboard/home?period=monthly&tz=Europe/Paris');
    const { invoicesIssued, receivablesByAge, invoicesOverTime } = res.json().widgets;
    expect(invoicesIssued).toMatchObject({ kind: 'kpi', counter: 150.5, previous: 80, percentage: 88.1 });
    expect(invoicesOverTime.buckets).toHaveLength(18);
    expect(invoicesOverTime.series[0]).toMatchObject({ key: 'issued', total: 150.5 });
    expect(
      receivablesByAge.items.map((item: { key: string; value: number }) => [item.key, item.value]),
    ).toEqual([
      ['0-30', 100 + 70], // the invoice of tomorrow is not owed yet
      ['31-60', 80],
      ['61-90', 0],
      ['90+', 0],
    ]);
  });
});
