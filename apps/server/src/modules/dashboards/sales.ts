import { stockHoldingStatuses } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { periodFigures, periodSeries, totalOf, windowRows } from './figures';
import { shared, type WidgetContext, type WidgetDefinition } from './widgets';

/*
 * Sales from orders, shared by the home and e-commerce dashboards, read from the figures the triggers
 * keep (order_stats_*, order_category_stats_*: figures.ts), never from the orders themselves.
 *
 * A sale is an order that holds its goods: Cancelled and Returned orders gave them back and are no
 * sale, so they are left out of every sales figure (revenue, orders sold, average, categories).
 */
export const isSale = (status: SQL = sql`status`) =>
  sql`${status} in (${sql.join(
    stockHoldingStatuses.map((name) => sql`${name}`),
    sql`, `,
  )})`;

/** Revenue, orders sold and revenue per order over the period and the previous one. */
export const salesFigures = (context: WidgetContext) =>
  shared(context, 'sales', () =>
    periodFigures(context.db, context.window, {
      table: 'order_stats',
      where: isSale(),
      figures: {
        revenue: sql`round(sum(revenue), 2)`,
        orders: sql`sum(orders)`,
        average: sql`round(sum(revenue) / nullif(sum(orders), 0), 2)`,
      },
    }),
  );

/** Revenue per bucket of the period, and the orders sold beside it (a count). */
export const salesOverTime: WidgetDefinition<'series'> = {
  needs: ['ecommerce.view'],
  async compute({ db, window }) {
    const { buckets, values } = await periodSeries(db, window, {
      table: 'order_stats',
      where: isSale(),
      figures: { revenue: sql`round(sum(revenue), 2)`, orders: sql`sum(orders)` },
    });
    return {
      kind: 'series',
      chart: 'area',
      unit: 'money',
      bucket: window.bucket,
      buckets,
      series: [
        { key: 'revenue', values: values.revenue, total: totalOf(values.revenue) },
        { key: 'orders', unit: 'count', values: values.orders, total: totalOf(values.orders) },
      ],
    };
  },
};

/**
 * Revenue by the category the products had when ordered, largest first; `count` is the units sold.
 */
export const salesByCategory: WidgetDefinition<'breakdown'> = {
  needs: ['ecommerce.view'],
  async compute({ db, window }) {
    const rows = await rowsOf<{ category: string; revenue: number; quantity: number }>(
      db,
      sql`select category, round(sum(revenue), 2)::float8 as revenue, sum(quantity)::int as quantity
            from ${windowRows('order_category_stats', window, isSale())} r
           group by category
          having sum(quantity) <> 0 or sum(revenue) <> 0
           order by revenue desc, category`,
    );
    return {
      kind: 'breakdown',
      chart: 'donut',
      unit: 'money',
      items: rows.map((row) => ({
        key: row.category,
        label: row.category,
        value: row.revenue,
        count: row.quantity,
      })),
    };
  },
};
