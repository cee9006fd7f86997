import { type FigureUnit, orderStatuses } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { inWindow } from '../../lib/periods';
import { hourlyHeatmap, windowRows } from './figures';
import { countWithPrevious } from './period-figures';
import { isSale, salesByCategory, salesFigures, salesOverTime } from './sales';
import { type DashboardDefinition, kpi, shared, type WidgetContext, type WidgetDefinition } from './widgets';

const iso = (date: Date | string) => new Date(date).toISOString();

const DAY = 86_400_000;
/** A span of time in ms, [start, end); a null start is the beginning of time. */
type Span = [number | null, number];
const monthOf = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
const ceilMonth = (ms: number) =>
  monthOf(ms) === ms ? ms : Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth() + 1, 1);

/**
 * A period cut into the UTC months wholly inside it, the UTC days around those, and the instants
 * around the days: what order_product_sales_monthly, _daily and the order lines each answer.
 */
function splitPeriod(from: number | null, to: number): { months: Span[]; days: Span[]; instants: Span[] } {
  const endDay = Math.floor(to / DAY) * DAY;
  const firstDay = from === null ? null : Math.ceil(from / DAY) * DAY;
  if (from !== null && firstDay !== null && firstDay >= endDay)
    return { months: [], days: [], instants: [[from, to]] };
  const instants: Span[] = [[endDay, to]];
  if (from !== null && firstDay !== null) instants.push([from, firstDay]);
  const endMonth = monthOf(endDay);
  const firstMonth = firstDay === null ? null : ceilMonth(firstDay);
  if (firstDay !== null && firstMonth !== null && firstMonth >= endMonth) {
    return { months: [], days: [[firstDay, endDay]], instants };
  }
  const days: Span[] = [[endMonth, endDay]];
  if (firstDay !== null && firstMonth !== null) days.push([firstDay, firstMonth]);
  return { months: [[firstMonth, endMonth]], days, instants };
}

/** `column` in any of the spans. */
function inSpans(column: SQL, spans: Span[]): SQL {
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const each = spans
    .filter(([start, end]) => start === null || start < end)
    .map(([start, end]) =>
      start === null
        ? sql`${column} < ${at(end)}`
        : sql`(${column} >= ${at(start)} and ${column} < ${at(end)})`,
    );
  return each.length > 0 ? sql`(${sql.join(each, sql` or `)})` : sql`false`;
}

type BestSeller = {
  side: 'product' | 'seller';
  id: string;
  name: string;
  detail: string;
  quantity: number;
  revenue: number;
};

/**
 * The period's ten best products and ten best sellers by revenue, in one pass over the sales
 * (grouping sets): whole UTC months and days from the product figures, the hours at either end
 * from the lines of the orders placed then (through orders_created_idx). Each with its name and
 * detail (a product's category, a seller's company).
 */
function bestSellers(context: WidgetContext): Promise<BestSeller[]> {
  return shared(context, 'ecommerce.bestSellers', () => {
    const { window } = context;
    const { months, days, instants } = splitPeriod(window.from?.getTime() ?? null, window.to.getTime());
    return rowsOf<BestSeller>(
      context.db,
      sql`with totals as (
            select case when grouping(product_id) = 0 then 'product' else 'seller' end as side,
                   case when grouping(product_id) = 0 then product_id else seller_id end as id,
                   sum(quantity)::int as quantity, round(sum(revenue), 2) as revenue
              from (select product_id, seller_id, quantity, revenue
                      from order_product_sales_monthly where ${inSpans(sql`month`, months)}
                    union all
                    select product_id, seller_id, quantity, revenue
                      from order_product_sales_daily where ${inSpans(sql`day`, days)}
                    union all
                    select l.product_id, l.seller_id, l.quantity, l.total
                      from orders o join order_lines l on l.order_id = o.id
                     where ${isSale(sql`o.status`)} and ${inSpans(sql`o.created_at`, instants)}) s
             group by grouping sets ((product_id), (seller_id))),
          ranked as (
            select t.*, row_number() over (partition by side order by revenue desc, id) as rank
              from totals t
             where id is not null)
          select r.side, r.id, coalesce(p.name, s.name) as name, coalesce(p.category, s.company) as detail,
                 r.quantity, r.revenue::float8 as revenue
            from ranked r
            left join products p on r.side = 'product' and p.id = r.id
            left join sellers s on r.side = 'seller' and s.id = r.id
           where r.rank <= 10 and coalesce(p.id, s.id) is not null
           order by r.side, r.revenue desc, name`,
    );
  });
}

/** A table of the period's best sellers (products or sellers) by revenue; each row opens its record. */
async function bestSellersTable(
  context: WidgetContext,
  table: { side: BestSeller['side']; name: string; detail: string; path: string },
) {
  const rows = (await bestSellers(context)).filter((row) => row.side === table.side);
  return {
    kind: 'table' as const,
    columns: [
      { key: table.name, type: 'text' as const },
      { key: table.detail, type: 'text' as const },
      { key: 'quantity', type: 'count' as const },
      { key: 'revenue', type: 'money' as const },
    ],
    rows: rows.map((row) => ({
      key: row.id,
      cells: {
        [table.name]: row.name,
        [table.detail]: row.detail,
        quantity: row.quantity,
        revenue: row.revenue,
      },
      href: `${table.path}/${row.id}`,
    })),
    href: table.path,
  };
}

/** A counter of the period's sales (one read for the three of them), against the previous period. */
function salesKpi(
  figure: 'revenue' | 'orders' | 'average',
  unit: FigureUnit,
  label: string,
  caption: string,
  href?: string,
): WidgetDefinition<'kpi'> {
  return {
    needs: ['ecommerce.view'],
    async compute(context) {
      const { current, previous } = await salesFigures(context);
      return kpi(unit, label, caption, current[figure], previous ? previous[figure] : null, href);
    },
  };
}

/** The e-commerce dashboard: the shop's sales, orders and customers over the period. */
export const ecommerceDashboard: DashboardDefinition<'ecommerce'> = {
  revenue: salesKpi(
    'revenue',
    'money',
    'Revenue',
    'Orders placed in the period, less cancelled and returned',
  ),
  orders: salesKpi(
    'orders',
    'count',
    'Orders',
    'Orders placed in the period, less cancelled and returned',
    '/apps/ecommerce/orders',
  ),
  averageOrder: salesKpi('average', 'money', 'Average order', 'Revenue per order sold in the period'),
  newCustomers: {
    needs: ['ecommerce.view'],
    async compute({ db, window }) {
      // Customers who joined (were created) in the period (customers_created_idx).
      const { counter, previous } = await countWithPrevious(db, window, {
        table: sql`customers`,
        count: sql`count(*)`,
        span: (from, to) => inWindow(sql`created_at`, from, to),
      });
      return kpi(
        'count',
        'New customers',
        'Customers who joined in the period',
        counter,
        previous,
        '/apps/ecommerce/customers',
      );
    },
  },
  revenueOverTime: salesOverTime,
  salesByCategory,
  ordersByStatus: {
    needs: ['ecommerce.view'],
    async compute({ db, window }) {
      // Every order placed in the period, in each status it is in now (cancelled and returned too).
      const rows = await rowsOf<{ status: string; orders: number }>(
        db,
        sql`select status, sum(orders)::int as orders
              from ${windowRows('order_stats', window, sql`true`)} r
             group by status`,
      );
      const ordersOf = new Map(rows.map((row) => [row.status, row.orders]));
      return {
        kind: 'breakdown',
        chart: 'donut',
        unit: 'count',
        items: orderStatuses.map((status) => ({
          key: status,
          label: '',
          value: ordersOf.get(status) ?? 0,
        })),
      };
    },
  },
  ordersHeatmap: {
    needs: ['ecommerce.view'],
    // When customers order: every order placed, whatever became of it since.
    compute: ({ db, window }) => hourlyHeatmap(db, window, { table: 'order_totals_hourly', value: 'orders' }),
  },
  // The best sellers of the period, by revenue: products (with their category) and sellers (with
  // their company), each a row that opens its record.
  topProducts: {
    needs: ['ecommerce.view'],
    compute: (context) =>
      bestSellersTable(context, {
        side: 'product',
        name: 'product',
        detail: 'category',
        path: '/apps/ecommerce/products',
      }),
  },
  topSellers: {
    needs: ['ecommerce.view'],
    compute: (context) =>
      bestSellersTable(context, {
        side: 'seller',
        name: 'seller',
        detail: 'company',
        path: '/apps/ecommerce/sellers',
      }),
  },
  recentOrders: {
    needs: ['ecommerce.view'],
    async compute({ db, window }) {
      // The period's latest orders, whatever their status (orders_created_idx, backwards).
      const rows = await rowsOf<{
        id: string;
        number: number;
        customer: string;
        total: number;
        status: string;
        created_at: Date;
      }>(
        db,
        sql`select id, number, customer_name as customer, total::float8 as total, status, created_at
              from orders
             where ${inWindow(sql`created_at`, window.from, window.to)}
             order by created_at desc, number desc
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'number', type: 'text' },
          { key: 'customer', type: 'text' },
          { key: 'total', type: 'money' },
          { key: 'status', type: 'status' },
          { key: 'date', type: 'datetime' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            number: `#LD${row.number}`,
            customer: row.customer,
            total: row.total,
            status: row.status,
            date: iso(row.created_at),
          },
          href: `/apps/ecommerce/orders/${row.id}`,
        })),
        href: '/apps/ecommerce/orders',
      };
    },
  },
};
