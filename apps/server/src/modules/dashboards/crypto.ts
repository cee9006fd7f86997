import type { FigureUnit, PortfolioCurrency } from '@ledgerdesk/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { cryptoOrders, cryptoTransactions } from '../../db/schema';
import { bucketStarts, inWindow } from '../../lib/periods';
import {
  marketItemsOf,
  orderRecords,
  portfolioOf,
  transactionRecords,
  walletValuesAt,
} from '../crypto/service';
import { type DashboardDefinition, kpi, shared, type WidgetContext } from './widgets';

/*
 * Crypto: the caller's OWN wallet (everyone's is personal, an administrator's too) valued in the
 * `currency` parameter (btc, usd or euro, converted with the prices of the time), and the market.
 * Traded values and the tables' amounts are the US dollars they were made in.
 */

/** The unit of the wallet's figures in each currency the caller may pick. */
const currencyUnit: Record<PortfolioCurrency, FigureUnit> = { usd: 'money', euro: 'euro', btc: 'btc' };
const RECENT = 6;
const orderLink = '/apps/crypto/orders';
const transactionLink = '/apps/crypto/transactions';

/** The wallet now, in the context's currency (shared by the widgets of one request). */
const portfolioNow = (context: WidgetContext) =>
  shared(context, 'crypto.portfolio', () => portfolioOf(context.db, context.user.id, context.currency));

/** The wallet's value and cash at the period's start (a counter's previous figure); null for `all`. */
const atPeriodStart = (context: WidgetContext) =>
  shared(context, 'crypto.start', async () => {
    const from = context.window.from;
    if (!from) return null;
    const [values] = await walletValuesAt(context.db, {
      userId: context.user.id,
      instants: [from],
      interval: context.window.bucket === 'hour' ? '1h' : '1d',
      currency: context.currency,
      now: context.now,
    });
    return values ?? null;
  });

/** The orders filled in the period and the one before: how many, and their value in USD. */
const filledOrders = (context: WidgetContext) =>
  shared(context, 'crypto.filled', async () => {
    const { window } = context;
    const closed = sql`closed_at`;
    const previous =
      window.previousFrom && window.previousTo
        ? inWindow(closed, window.previousFrom, window.previousTo)
        : sql`false`;
    const [row] = await rowsOf<{
      count: number;
      value: number;
      previous_count: number;
      previous_value: number;
    }>(
      context.db,
      sql`select count(*) filter (where ${inWindow(closed, window.from, window.to)})::int as count,
                 coalesce(sum(order_value) filter (where ${inWindow(closed, window.from, window.to)}), 0)::float8 as value,
                 count(*) filter (where ${previous})::int as previous_count,
                 coalesce(sum(order_value) filter (where ${previous}), 0)::float8 as previous_value
            from crypto_orders
           where user_id = ${context.user.id} and status = 'Successful'`,
    );
    const hasPrevious = Boolean(window.previousFrom);
    return {
      count: row?.count ?? 0,
      value: row?.value ?? 0,
      previousCount: hasPrevious ? (row?.previous_count ?? 0) : null,
      previousValue: hasPrevious ? (row?.previous_value ?? 0) : null,
    };
  });

/** A money counter in the context's currency. */
function moneyKpi(
  context: WidgetContext,
  label: string,
  caption: string,
  counter: number,
  previous: number | null,
  href: string,
) {
  return kpi(currencyUnit[context.currency], label, caption, counter, previous, href);
}

export const cryptoDashboard: DashboardDefinition<'crypto'> = {
  portfolioValue: {
    needs: ['crypto.view'],
    async compute(context) {
      const [now, start] = await Promise.all([portfolioNow(context), atPeriodStart(context)]);
      return moneyKpi(
        context,
        'Portfolio value',
        'Cash and coins at today’s prices',
        Number(now.total),
        start?.total ?? null,
        '/apps/crypto/portfolio',
      );
    },
  },
  cashBalance: {
    needs: ['crypto.view'],
    async compute(context) {
      const [now, start] = await Promise.all([portfolioNow(context), atPeriodStart(context)]);
      return moneyKpi(
        context,
        'Cash',
        'US dollars in the wallet',
        Number(now.cash),
        start?.cash ?? null,
        transactionLink,
      );
    },
  },
  tradedValue: {
    needs: ['crypto.view'],
    async compute(context) {
      const filled = await filledOrders(context);
      return kpi(
        'money',
        'Traded',
        'Orders filled in the period (USD)',
        filled.value,
        filled.previousValue,
        orderLink,
      );
    },
  },
  ordersFilled: {
    needs: ['crypto.view'],
    async compute(context) {
      const filled = await filledOrders(context);
      return kpi(
        'count',
        'Orders filled',
        'Buy and sell orders filled in the period',
        filled.count,
        filled.previousCount,
        orderLink,
      );
    },
  },
  portfolioOverTime: {
    needs: ['crypto.view'],
    async compute(context) {
      const { db, window } = context;
      const [first] = window.from
        ? [null]
        : await rowsOf<{ at: Date | null }>(
            db,
            sql`select least((select min(created_at) from crypto_transactions where user_id = ${context.user.id}),
                             (select min(created_at) from crypto_orders where user_id = ${context.user.id})) as at`,
          );
      const starts = (
        await rowsOf<{ bucket: Date }>(
          db,
          sql`${bucketStarts(window, first?.at ? new Date(first.at) : null)} order by 1`,
        )
      ).map((row) => new Date(row.bucket));
      // Each bucket's value at its end: the next bucket's start, and now (or the period's end) for the last.
      const ends = starts.map((_, i) => starts[i + 1] ?? window.to);
      const values = await walletValuesAt(db, {
        userId: context.user.id,
        instants: ends,
        interval: window.bucket === 'hour' ? '1h' : '1d',
        currency: context.currency,
        now: context.now,
      });
      const series = (key: 'total' | 'cash') => {
        const figures = values.map((v) => v[key]);
        return { key, values: figures, total: figures.at(-1) ?? 0 };
      };
      return {
        kind: 'series',
        chart: 'area',
        unit: currencyUnit[context.currency],
        bucket: window.bucket,
        buckets: starts.map((start) => start.toISOString()),
        series: [series('total'), series('cash')],
      };
    },
  },
  holdingsByCoin: {
    needs: ['crypto.view'],
    async compute(context) {
      const portfolio = await portfolioNow(context);
      return {
        kind: 'breakdown',
        chart: 'donut',
        unit: currencyUnit[context.currency],
        items: portfolio.holdings.map((holding) => ({
          key: holding.code,
          label: holding.coinName,
          value: Number(holding.value),
          href: '/apps/crypto/portfolio',
        })),
      };
    },
  },
  market: {
    needs: ['crypto.view'],
    async compute(context) {
      const items = await marketItemsOf(context.db, context.now);
      return {
        kind: 'table',
        columns: [
          { key: 'coin', type: 'text' },
          { key: 'price', type: 'money' },
          { key: 'percentage', type: 'percent' },
          { key: 'volume', type: 'money' },
        ],
        rows: items.map((item) => ({
          key: item.code,
          cells: {
            coin: `${item.coinName} (${item.code})`,
            price: Number(item.price),
            percentage: item.percentage,
            volume: Number(item.marketVolume),
          },
        })),
        href: '/apps/crypto/market',
      };
    },
  },
  recentOrders: {
    needs: ['crypto.view'],
    async compute({ db, user }) {
      const rows = await db
        .select()
        .from(cryptoOrders)
        .where(eq(cryptoOrders.userId, user.id))
        .orderBy(desc(cryptoOrders.createdAt))
        .limit(RECENT);
      const orders = await orderRecords(db, rows);
      return {
        kind: 'table',
        columns: [
          { key: 'date', type: 'datetime' },
          { key: 'coin', type: 'text' },
          { key: 'type', type: 'status' },
          { key: 'quantity', type: 'text' },
          { key: 'orderValue', type: 'money' },
          { key: 'status', type: 'status' },
        ],
        rows: orders.map((order) => ({
          key: order.id,
          cells: {
            date: order.date,
            coin: order.coin,
            type: order.type,
            quantity: order.quantity,
            orderValue: Number(order.orderValue),
            status: order.status,
          },
        })),
        href: orderLink,
      };
    },
  },
  recentTransactions: {
    needs: ['crypto.view'],
    async compute({ db, user }) {
      const rows = await db
        .select()
        .from(cryptoTransactions)
        .where(eq(cryptoTransactions.userId, user.id))
        .orderBy(desc(cryptoTransactions.createdAt))
        .limit(RECENT);
      const transactions = await transactionRecords(db, rows);
      return {
        kind: 'table',
        columns: [
          { key: 'date', type: 'datetime' },
          { key: 'type', type: 'status' },
          { key: 'currency', type: 'text' },
          { key: 'amount', type: 'text' },
          { key: 'amountUsd', type: 'money' },
          { key: 'status', type: 'status' },
        ],
        rows: transactions.map((transaction) => ({
          key: transaction.id,
          cells: {
            date: transaction.date,
            type: transaction.type,
            currency: transaction.currency,
            amount: transaction.amount,
            amountUsd: Number(transaction.amountUsd),
            status: transaction.status,
          },
        })),
        href: transactionLink,
      };
    },
  },
};
