import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// The dashboards read figures the database keeps by triggers (migration 0012) instead of the rows
// they count. Whatever is written — through the API or straight in SQL, one row or many at once —
// each figure table must equal what a GROUP BY over its base table gives, exactly.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
const run = (query: SQL) => ctx.database.db.execute(query);
const rows = (query: SQL) => rowsOf<Record<string, unknown>>(ctx.database.db, query);

/** Each figure table (its rows that count something) beside its recomputation from the base rows. */
const figures: Record<string, { kept: SQL; recomputed: SQL }> = {
  order_stats_hourly: {
    kept: sql`select hour::text, status, orders, revenue::text from order_stats_hourly
               where orders <> 0 or revenue <> 0 order by 1, 2`,
    recomputed: sql`select date_trunc('hour', created_at, 'UTC')::text as hour, status, count(*)::int as orders,
                           sum(total)::text as revenue
                      from orders group by 1, 2 order by 1, 2`,
  },
  order_category_stats_hourly: {
    kept: sql`select hour::text, status, category, quantity, revenue::text from order_category_stats_hourly
               where quantity <> 0 or revenue <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('hour', o.created_at, 'UTC')::text as hour, o.status, l.category,
                           sum(l.quantity)::int as quantity, sum(l.total)::text as revenue
                      from order_lines l join orders o on o.id = l.order_id
                     group by 1, 2, 3 order by 1, 2, 3`,
  },
  audit_stats_hourly: {
    kept: sql`select hour::text, entity, action, entries from audit_stats_hourly where entries <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('hour', at, 'UTC')::text as hour, entity, action, count(*)::int as entries
                      from audit_log group by 1, 2, 3 order by 1, 2, 3`,
  },
  order_stats_daily: {
    kept: sql`select day::text, status, orders, revenue::text from order_stats_daily
               where orders <> 0 or revenue <> 0 order by 1, 2`,
    recomputed: sql`select date_trunc('day', created_at, 'UTC')::text as day, status, count(*)::int as orders,
                           sum(total)::text as revenue
                      from orders group by 1, 2 order by 1, 2`,
  },
  order_category_stats_daily: {
    kept: sql`select day::text, status, category, quantity, revenue::text from order_category_stats_daily
               where quantity <> 0 or revenue <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('day', o.created_at, 'UTC')::text as day, o.status, l.category,
                           sum(l.quantity)::int as quantity, sum(l.total)::text as revenue
                      from order_lines l join orders o on o.id = l.order_id
                     group by 1, 2, 3 order by 1, 2, 3`,
  },
  audit_stats_daily: {
    kept: sql`select day::text, entity, action, entries from audit_stats_daily where entries <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('day', at, 'UTC')::text as day, entity, action, count(*)::int as entries
                      from audit_log group by 1, 2, 3 order by 1, 2, 3`,
  },
  order_totals_hourly: {
    kept: sql`select hour::text, orders from order_totals_hourly where orders <> 0 order by 1`,
    recomputed: sql`select date_trunc('hour', created_at, 'UTC')::text as hour, count(*)::int as orders
                      from orders group by 1 order by 1`,
  },
  audit_totals_hourly: {
    kept: sql`select hour::text, entries from audit_totals_hourly where entries <> 0 order by 1`,
    recomputed: sql`select date_trunc('hour', at, 'UTC')::text as hour, count(*)::int as entries
                      from audit_log group by 1 order by 1`,
  },
  order_product_sales_daily: {
    kept: sql`select day::text, product_id::text, seller_id::text, quantity, revenue::text
                from order_product_sales_daily where quantity <> 0 or revenue <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('day', o.created_at, 'UTC')::text as day, l.product_id::text,
                           l.seller_id::text, sum(l.quantity)::int as quantity, sum(l.total)::text as revenue
                      from order_lines l join orders o on o.id = l.order_id
                     where o.status in ('Pending', 'Inprogress', 'Pickups', 'Delivered')
                     group by 1, 2, 3 order by 1, 2, 3`,
  },
  order_product_sales_monthly: {
    kept: sql`select month::text, product_id::text, seller_id::text, quantity, revenue::text
                from order_product_sales_monthly where quantity <> 0 or revenue <> 0 order by 1, 2, 3`,
    recomputed: sql`select date_trunc('month', o.created_at, 'UTC')::text as month, l.product_id::text,
                           l.seller_id::text, sum(l.quantity)::int as quantity, sum(l.total)::text as revenue
                      from order_lines l join orders o on o.id = l.order_id
                     where o.status in ('Pending', 'Inprogress', 'Pickups', 'Delivered')
                     group by 1, 2, 3 order by 1, 2, 3`,
  },
  audit_actor_daily: {
    kept: sql`select day::text, actor_id::text, entries from audit_actor_daily where entries <> 0 order by 1, 2`,
    recomputed: sql`select (at at time zone 'UTC')::date::text as day, actor_id::text, count(*)::int as entries
                      from audit_log where actor_id is not null group by 1, 2 order by 1, 2`,
  },
  audit_actor_monthly: {
    kept: sql`select month::text, actor_id::text, entries from audit_actor_monthly where entries <> 0 order by 1, 2`,
    recomputed: sql`select date_trunc('month', at, 'UTC')::date::text as month, actor_id::text, count(*)::int as entries
                      from audit_log where actor_id is not null group by 1, 2 order by 1, 2`,
  },
};

async function expectFiguresToMatch() {
  // Run in UTC and in Paris: the figures must not depend on the session's zone.
  for (const zone of ['UTC', 'Europe/Paris']) {
    await run(sql`select set_config('TimeZone', ${zone}, false)`);
    for (const [table, { kept, recomputed }] of Object.entries(figures)) {
      const expected = await rows(recomputed);
      expect(await rows(kept), `${table} (${zone})`).toEqual(expected);
    }
  }
  const [negative] = await rows(sql`select
      (select count(*) from order_stats_hourly where orders < 0)
    + (select count(*) from order_category_stats_hourly where quantity < 0)
    + (select count(*) from audit_stats_hourly where entries < 0)
    + (select count(*) from audit_actor_daily where entries < 0)
    + (select count(*) from audit_actor_monthly where entries < 0)
    + (select count(*) from order_stats_daily where orders < 0)
    + (select count(*) from order_category_stats_daily where quantity < 0)
    + (select count(*) from audit_stats_daily where entries < 0)
    + (select count(*) from order_totals_hourly where orders < 0)
    + (select count(*) from audit_totals_hourly where entries < 0)
    + (select count(*) from order_product_sales_daily where quantity < 0)
    + (select count(*) from order_product_sales_monthly where quantity < 0) as n`);
  expect(Number(negative?.n)).toBe(0);
}

type Order = { _id: string; status: string };
async function someProducts(count: number) {
  const found = await rows(
    sql`select id from products where type = 'published' and stock > 20 order by name limit ${count}`,
  );
  return found.map((row) => String(row.id));
}

describe('figures kept by triggers', () => {
  it('match the demo data as seeded', async () => {
    const [counted] = await rows(sql`select (select count(*) from orders)::int as orders,
                                            (select count(*) from audit_log)::int as entries`);
    expect(counted).toMatchObject({ orders: 200 });
    expect(Number(counted?.entries)).toBeGreaterThan(0);
    await expectFiguresToMatch();
  });

  it('tell of months of demo history, which the analytics dashboard shows', async () => {
    // The demo people signed in over the past months, mostly on working days in office hours, and
    // changed the demo's records: the entries name records that exist.
    const [history] = await rows(sql`select
        count(*) filter (where entity = 'session' and action = 'login')::int as sign_ins,
        count(distinct actor_id) filter (where entity = 'session')::int as people,
        count(distinct date_trunc('month', at, 'UTC'))::int as months,
        count(*) filter (where entity = 'session' and action = 'login'
                           and extract(isodow from at at time zone 'UTC') < 6
                           and extract(hour from at at time zone 'UTC') between 6 and 14)::int as office_sign_ins,
        count(*) filter (where entity = 'task' and entity_key::uuid not in (select id from tasks))::int as stray_tasks,
        count(*) filter (where entity = 'l4code' and action = 'update')::int as library_changes,
        count(*) filter (where at > now())::int as future
      from audit_log where request_id = ''`);
    expect(Number(history?.sign_ins)).toBeGreaterThan(500);
    expect(Number(history?.people)).toBeGreaterThanOrEqual(10);
    expect(Number(history?.months)).toBeGreaterThanOrEqual(4);
    expect(Number(history?.office_sign_ins) / Number(history?.sign_ins)).toBeGreaterThan(0.9);
    expect(history).toMatchObject({ stray_tasks: 0, future: 0 });
    expect(Number(history?.library_changes)).toBeGreaterThan(0);

    const analytics = (await call('GET', '/api/dashboard/analytics?period=lastMonth&tz=Europe/Paris')).json();
    const w = analytics.widgets;
    expect(w.signIns.counter).toBeGreaterThan(50);
    expect(w.activeUsers.counter).toBeGreaterThan(5);
    expect(w.actions.counter).toBeGreaterThan(w.signIns.counter);
    expect(w.signIns.previous).toBeGreaterThan(0);
    expect(w.topUsers.rows.length).toBe(10);
    expect(w.recentSignIns.rows.length).toBe(10);
    expect(w.actionsByArea.items.length).toBeGreaterThan(3);
    expect(w.actionsByType.items.map((item: { key: string }) => item.key)).toEqual(
      expect.arrayContaining(['login', 'update', 'create']),
    );
    const heat = (w.activityHeatmap.values as number[][]).flat();
    expect(heat.filter((value) => value > 0).length).toBeGreaterThan(20);
  });

  it('follow orders placed, moved, re-lined and deleted through the API', async () => {
    const [customer] = await rows(sql`select id from customers order by email limit 1`);
    const [p1, p2, p3] = await someProducts(3);
    const placed: Order[] = [];
    for (const lines of [
      [{ productId: p1, quantity: 2 }],
      [
        { productId: p2, quantity: 1 },
        { productId: p3, quantity: 3 },
      ],
      [{ productId: p3, quantity: 1 }],
    ]) {
      placed.push(createdData(await call('POST', '/api/apps/order', { customerId: customer?.id, lines })));
    }
    await expectFiguresToMatch();
    const [first, second, third] = placed as [Order, Order, Order];

    // The lines are replaced (deleted and inserted) while the order is pending.
    const relined = await call('PATCH', `/api/apps/order/${first._id}`, {
      lines: [
        { productId: p2, quantity: 2 },
        { productId: p3, quantity: 1 },
      ],
    });
    expect(relined.statusCode).toBe(200);
    await expectFiguresToMatch();

    // A status change moves the order's figures and its lines' figures to the new status.
    for (const status of ['Inprogress', 'Delivered', 'Returned']) {
      const moved = await call('PATCH', `/api/apps/order/${second._id}`, { status });
      expect(moved.statusCode).toBe(200);
    }
    expect((await call('PATCH', `/api/apps/order/${third._id}`, { status: 'Cancelled' })).statusCode).toBe(
      200,
    );
    await expectFiguresToMatch();

    // Deleted with its lines (a cascade the figures must follow).
    expect((await call('DELETE', `/api/apps/order/${first._id}`)).statusCode).toBe(200);
    await expectFiguresToMatch();
  });

  it('follow many rows changed by one statement', async () => {
    // Orders moved in time and between statuses at once, some into the same hours.
    await run(sql`update orders set created_at = date_trunc('hour', created_at) - interval '1 day' * (number % 5)
                   where number % 3 = 0`);
    await run(sql`update orders set status = case when status = 'Delivered' then 'Pickups' else 'Delivered' end
                   where number % 4 = 1`);
    await expectFiguresToMatch();
    // Lines edited in place: quantities, totals, categories, and a line moved to another order.
    await run(sql`update order_lines set quantity = quantity + 1, total = total + price where position = 0`);
    await run(sql`update order_lines set category = 'Renamed' where category = 'Books'`);
    await run(sql`update order_lines set order_id = (select id from orders order by number desc limit 1)
                   where id = (select id from order_lines order by id limit 1)`);
    await expectFiguresToMatch();
    // A seller's lines lose their seller (set null) when the seller goes.
    await run(sql`update products set seller_id = null where seller_id = (select seller_id from order_lines
                   where seller_id is not null order by id limit 1)`);
    await run(sql`delete from sellers where id = (select seller_id from order_lines
                   where seller_id is not null order by id limit 1)`);
    await expectFiguresToMatch();
    // Lines deleted alone, then orders deleted together with theirs.
    await run(sql`delete from order_lines where position = 1 and quantity > 2`);
    await run(sql`delete from order_events where order_id in (select id from orders where number % 7 = 0)`);
    await run(sql`delete from orders where number % 7 = 0`);
    await expectFiguresToMatch();
  });

  it('follow audit entries added, changed and deleted', async () => {
    const [someone] = await rows(sql`select id from users order by email limit 1`);
    await run(sql`insert into audit_log (at, actor_id, entity, action, ip)
                  select timestamptz '2026-03-29 00:30:00+00' + g * interval '17 minutes',
                         case when g % 3 = 0 then null else ${someone?.id}::uuid end,
                         case when g % 2 = 0 then 'session' else 'order' end,
                         case when g % 2 = 0 then 'login' else 'updated' end, '10.0.0.9'
                    from generate_series(1, 300) g`);
    await expectFiguresToMatch();
    await run(sql`update audit_log set at = at + interval '1 day', entity = 'product'
                   where entity = 'order' and at < timestamptz '2026-03-30 00:00:00+00'`);
    await run(sql`update audit_log set actor_id = null where ip = '10.0.0.9' and action = 'login'
                   and at < timestamptz '2026-03-29 12:00:00+00'`);
    await expectFiguresToMatch();
    // Moved across the end of March: out of one month's actor figures and into the next.
    await run(sql`update audit_log set at = at + interval '3 days'
                   where ip = '10.0.0.9' and entity = 'product'`);
    await expectFiguresToMatch();
    await run(sql`delete from audit_log where ip = '10.0.0.9' and at > timestamptz '2026-03-30 06:00:00+00'`);
    await run(sql`delete from audit_log where entity = 'session' and action = 'login'`);
    await expectFiguresToMatch();
  });
});
