import { type PortfolioCurrency, USD_PER_EURO } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

/*
 * What a wallet was worth at given instants (the crypto dashboard's series and its counters'
 * previous values): the holdings and cash at each instant replayed from the wallet's filled orders
 * and completed transfers, priced with the close of the last candle that had ended by then (the
 * last price, for now). Figures for a chart: numbers, not exact money.
 */

type Event = { at: Date; coin: string | null; quantity: number; cash: number };
type Candle = { coin: string; t: Date; open: number; close: number };

const WIDTH_MS = { '1h': 3_600_000, '1d': 86_400_000 } as const;

/** The wallet at each of `instants` (ascending), valued in `currency`: its total and its cash. */
export async function walletValuesAt(
  db: Database,
  options: {
    userId: string;
    instants: Date[];
    /** Hourly candles for instants hours apart, daily ones otherwise. */
    interval: '1h' | '1d';
    currency: PortfolioCurrency;
    now: Date;
  },
): Promise<{ total: number; cash: number }[]> {
  const { userId, instants, interval, currency, now } = options;
  const last = instants.at(-1);
  const first = instants[0];
  if (!last || !first) return [];
  const until = last.toISOString();
  const width = WIDTH_MS[interval];
  const [events, candles, current] = await Promise.all([
    rowsOf<Event>(
      db,
      sql`select closed_at as at, coin,
                 (case when type = 'Buy' then quantity else -quantity end)::float8 as quantity,
                 (case when type = 'Buy' then -order_value else order_value end)::float8 as cash
            from crypto_orders
           where user_id = ${userId} and status = 'Successful' and closed_at <= ${until}::timestamptz
          union all
          select created_at, case when currency = 'USD' then null else currency end,
                 (case when currency = 'USD' then 0 when type = 'Deposit' then amount else -amount end)::float8,
                 (case when currency <> 'USD' then 0 when type = 'Deposit' then amount else -amount end)::float8
            from crypto_transactions
           where user_id = ${userId} and status = 'Success' and created_at <= ${until}::timestamptz
          order by at`,
    ),
    rowsOf<Candle>(
      db,
      sql`select coin, t, open::float8 as open, close::float8 as close
            from crypto_candles
           where interval = ${interval}
             and t >= ${new Date(first.getTime() - 2 * width).toISOString()}::timestamptz
             and t <= ${until}::timestamptz
           order by t`,
    ),
    rowsOf<{ code: string; price: number }>(db, sql`select code, price::float8 as price from crypto_coins`),
  ]);
  const byCoin = new Map<string, Candle[]>();
  for (const candle of candles) byCoin.set(candle.coin, [...(byCoin.get(candle.coin) ?? []), candle]);
  const lastPrice = new Map(current.map((row) => [row.code, row.price]));
  /** The coin's price at `at`: the close of the last candle over by then, else the first's open. */
  const priceAt = (coin: string, at: Date): number => {
    if (at.getTime() >= now.getTime()) return lastPrice.get(coin) ?? 0;
    const series = byCoin.get(coin) ?? [];
    let price = series[0]?.open ?? lastPrice.get(coin) ?? 0;
    for (const candle of series) {
      if (new Date(candle.t).getTime() + width > at.getTime()) break;
      price = candle.close;
    }
    return price;
  };
  const held = new Map<string, number>();
  let cash = 0;
  let next = 0;
  return instants.map((at) => {
    for (; next < events.length; next++) {
      const event = events[next];
      if (!event || new Date(event.at).getTime() > at.getTime()) break;
      cash += event.cash;
      if (event.coin) held.set(event.coin, (held.get(event.coin) ?? 0) + event.quantity);
    }
    let total = cash;
    for (const [coin, quantity] of held) total += quantity * priceAt(coin, at);
    const rate = currency === 'usd' ? 1 : currency === 'euro' ? Number(USD_PER_EURO) : priceAt('BTC', at);
    const round = currency === 'btc' ? 1e8 : 100;
    const inCurrency = (usd: number) => (rate > 0 ? Math.round((usd / rate) * round) / round : 0);
    return { total: inCurrency(total), cash: inCurrency(cash) };
  });
}
