import type {
  CandleInterval,
  CandleSeries,
  LivePrice,
  MarketItem,
  MarketQuery,
  WatchlistItem,
} from '@ledgerdesk/contracts';
import { cryptoMessages, errorCodes, MAX_WATCHLIST, SPARKLINE_POINTS } from '@ledgerdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { cryptoCoins, cryptoOrders, cryptoWatchlist } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { priceText } from './money';
import { stepAt, stepStart, walk } from './walk';
import { fillPendingOrder } from './wallet';

/*
 * The simulated market. Time is cut into steps of `stepMs` (MARKET_TICK_MS); a tick for step n
 * moves every coin from its stored price by the walk of walk.ts (a pure function of the coin and
 * the step) and writes, in ONE statement: the new price rows, keyed (step, coin) with `on conflict
 * do nothing` — two nodes ticking the same step write it once —, the candles of the rows actually
 * inserted (1 minute, 1 hour, 1 day: upserted), the coins' last prices, and the pruning of old
 * rows. A node that was down catches up at most MAX_CATCHUP_STEPS steps, then jumps. In the same
 * transaction the Pending limit orders the new prices reach are filled, and ONE live event
 * (`market`) is published for the tick by the node that wrote it.
 */

/** Steps a tick catches up at most after a pause (5 minutes at 5 s); older missed steps are skipped. */
export const MAX_CATCHUP_STEPS = 60;
/** Price rows are kept this long (they only guard a step against being applied twice). */
const KEEP_PRICES_MS = 3_600_000;
/** Minute candles are kept this long; hourly and daily candles for good. */
const KEEP_MINUTES_MS = 26 * 3_600_000;
/** Limit orders filled per tick at most; the next tick takes the rest. */
const FILLS_PER_TICK = 500;
/** Owners named in a tick's live event at most; past it every local user refetches. */
const OWNERS_PER_EVENT = 100;
export const MARKET_TOPIC = 'market';
export type MarketEvent = { step: number; owners: string[] | 'all' };

const candleWidths: Record<CandleInterval, string> = { '1m': '1 minute', '1h': '1 hour', '1d': '1 day' };
const DAY_MS = 86_400_000;

/** Every coin with its last price and the last 24 hours' figures, from the hourly candles. */
export async function marketItemsOf(db: Database, at: Date, query: MarketQuery = {}): Promise<MarketItem[]> {
  const since = new Date(Math.floor((at.getTime() - DAY_MS) / 3_600_000) * 3_600_000).toISOString();
  const rows = await rowsOf<{
    code: string;
    name: string;
    color: string;
    rank: number;
    price: string;
    price_at: Date;
    open: string | null;
    high: string | null;
    low: string | null;
    volume: string | null;
  }>(
    db,
    sql`select c.code, c.name, c.color, c.rank, c.price, c.price_at, d.open, d.high, d.low, d.volume
          from crypto_coins c
          cross join lateral (
            select (array_agg(k.open order by k.t))[1] as open, max(k.high) as high, min(k.low) as low,
                   sum(k.volume) as volume
              from crypto_candles k
             where k.coin = c.code and k.interval = '1h' and k.t >= ${since}::timestamptz) d`,
  );
  const term = query.search?.toLowerCase();
  const items = rows
    .filter((row) => !term || row.code.toLowerCase().includes(term) || row.name.toLowerCase().includes(term))
    .map((row): MarketItem => {
      const price = Number(row.price);
      const open = row.open === null ? price : Number(row.open);
      const high = row.high === null ? row.price : Number(row.high) >= price ? row.high : row.price;
      const low = row.low === null ? row.price : Number(row.low) <= price ? row.low : row.price;
      return {
        code: row.code,
        name: row.name,
        color: row.color,
        rank: row.rank,
        coinName: row.name,
        pairs: `${row.code}/USD`,
        price: priceText(row.price),
        high: priceText(high),
        low: priceText(low),
        marketVolume: Number(row.volume ?? 0).toFixed(2),
        percentage: open === 0 ? 0 : Math.round(((price - open) / open) * 10_000) / 100,
        updatedAt: new Date(row.price_at).toISOString(),
      };
    });
  const ordering = query.ordering ?? 'rank';
  const field = ordering.replace(/^-/, '') as 'rank' | 'coinName' | 'price' | 'percentage' | 'marketVolume';
  const direction = ordering.startsWith('-') ? -1 : 1;
  const key = (item: MarketItem) =>
    field === 'coinName'
      ? item.coinName
      : field === 'rank' || field === 'percentage'
        ? item[field]
        : Number(item[field]);
  return items.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.rank - b.rank) * direction;
  });
}

type Publish = (db: Database, event: MarketEvent) => Promise<void>;

export function createMarket(deps: {
  db: Database;
  /** The step's length in ms (MARKET_TICK_MS, or the default when ticking is off). */
  stepMs: number;
  publish: Publish;
  now?: () => Date;
}) {
  const { db, stepMs, publish } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Applies step `step` (and the missed ones before it, up to MAX_CATCHUP_STEPS): answers how many
   * price rows this call wrote (0 when another node, or an earlier call, already did).
   */
  async function tick(step: number): Promise<{ inserted: number; filled: number }> {
    const coins = await db.select().from(cryptoCoins);
    const rows = coins.flatMap((coin) => {
      if (coin.step >= step) return [];
      const from = Math.max(coin.step, step - MAX_CATCHUP_STEPS);
      const coinWalk = {
        code: coin.code,
        volatility: coin.volatility,
        dailyVolume: Number(coin.dailyVolume),
      };
      return walk(coinWalk, Number(coin.price), from, step, stepMs).map((move) => ({
        step: move.step,
        coin: coin.code,
        price: move.price.toFixed(8),
        volume: move.volume.toFixed(2),
        at: stepStart(move.step, stepMs).toISOString(),
      }));
    });
    if (rows.length === 0) return { inserted: 0, filled: 0 };
    const stepEnd = stepStart(step, stepMs).getTime();
    const keepPricesFrom = step - Math.ceil(KEEP_PRICES_MS / stepMs);
    const keepMinutesFrom = new Date(stepEnd - KEEP_MINUTES_MS).toISOString();
    const intervals = sql.raw(
      Object.entries(candleWidths)
        .map(([name, width]) => `('${name}', interval '${width}')`)
        .join(', '),
    );
    return db.transaction(async (tx) => {
      const executor = tx as Database;
      const [result] = await rowsOf<{ inserted: number; moved: string[] }>(
        executor,
        sql`with input as (
              select * from json_to_recordset(${JSON.stringify(rows)}::json)
                as r(step bigint, coin text, price numeric, volume numeric, at timestamptz)),
            inserted as (
              insert into crypto_prices (step, coin, price, volume, at)
              select step, coin, price, volume, at from input
              on conflict do nothing
              returning step, coin, price, volume, at),
            buckets as (
              select i.coin, iv.name as interval,
                     date_bin(iv.width, i.at, timestamptz '2000-01-01 00:00:00+00') as t,
                     i.step, i.price, i.volume
                from inserted i cross join (values ${intervals}) as iv(name, width)),
            grouped as (
              select coin, interval, t,
                     (array_agg(price order by step))[1] as open, max(price) as high, min(price) as low,
                     (array_agg(price order by step desc))[1] as close, sum(volume) as volume,
                     max(step) as close_step
                from buckets group by coin, interval, t),
            candles as (
              insert into crypto_candles as c (coin, interval, t, open, high, low, close, volume, close_step)
              select coin, interval, t, open, high, low, close, volume, close_step from grouped
              on conflict (coin, interval, t) do update set
                high = greatest(c.high, excluded.high),
                low = least(c.low, excluded.low),
                close = case when excluded.close_step > c.close_step then excluded.close else c.close end,
                close_step = greatest(c.close_step, excluded.close_step),
                volume = c.volume + excluded.volume),
            latest as (
              select distinct on (coin) coin, step, price, at from inserted order by coin, step desc),
            moved as (
              update crypto_coins c set price = l.price, step = l.step, price_at = l.at
                from latest l where c.code = l.coin and c.step < l.step
              returning c.code),
            pruned_prices as (delete from crypto_prices where step < ${keepPricesFrom}),
            pruned_minutes as (
              delete from crypto_candles
               where coin in (select coin from latest) and interval = '1m'
                 and t < ${keepMinutesFrom}::timestamptz)
            select (select count(*)::int from inserted) as inserted,
                   coalesce((select json_agg(code) from moved), '[]'::json) as moved`,
      );
      const inserted = result?.inserted ?? 0;
      if (inserted === 0) return { inserted: 0, filled: 0 };
      const moved = result?.moved ?? [];
      const owners = moved.length ? await fillReached(executor, moved) : [];
      await publish(executor, {
        step,
        owners: owners.length > OWNERS_PER_EVENT ? 'all' : owners,
      });
      return { inserted, filled: owners.length };
    });
  }

  /**
   * Fills the Pending limit orders of these coins that the new prices reached (a buy at or above
   * the price, a sell at or below), each under its row lock; an order another node or its owner
   * holds is left for the next tick. Answers the owners whose orders filled.
   */
  async function fillReached(executor: Database, codes: string[]): Promise<string[]> {
    const o = cryptoOrders;
    const reached = await executor
      .select({ order: o })
      .from(o)
      .innerJoin(cryptoCoins, eq(cryptoCoins.code, o.coin))
      .where(
        and(
          eq(o.status, 'Pending'),
          sql`${o.coin} in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))`,
          sql`((${o.type} = 'Buy' and ${cryptoCoins.price} <= ${o.price}) or (${o.type} = 'Sell' and ${cryptoCoins.price} >= ${o.price}))`,
        ),
      )
      .orderBy(o.createdAt)
      .limit(FILLS_PER_TICK)
      .for('update', { of: o, skipLocked: true });
    const at = now();
    const owners = new Set<string>();
    for (const { order } of reached) {
      await fillPendingOrder(executor, order, at);
      owners.add(order.userId);
    }
    return [...owners];
  }

  /** The step of now. */
  const currentStep = () => stepAt(now().getTime(), stepMs);

  // -------------------------------------------------------------------------------------------
  // Reading the market

  const marketItems = (query: MarketQuery = {}) => marketItemsOf(db, now(), query);

  /** What a tick's live message carries: every coin's price and 24-hour change. */
  async function livePrices(): Promise<LivePrice[]> {
    const items = await marketItems();
    return items.map((item) => ({ code: item.code, price: item.price, percentage: item.percentage }));
  }

  /** The last `limit` candles of a coin, oldest first. */
  async function candles(code: string, interval: CandleInterval, limit: number): Promise<CandleSeries> {
    await existingCoin(code);
    const rows = await rowsOf<{
      t: Date;
      open: number;
      high: number;
      low: number;
      close: number;
      volume: number;
    }>(
      db,
      sql`select t, open::float8 as open, high::float8 as high, low::float8 as low, close::float8 as close,
                 volume::float8 as volume
            from crypto_candles where coin = ${code} and interval = ${interval}
           order by t desc limit ${limit}`,
    );
    return {
      code,
      interval,
      candles: rows.reverse().map((row) => ({ ...row, t: new Date(row.t).toISOString() })),
    };
  }

  /** The user's watchlist: each coin's market item and its sparkline (hourly closes, then the price). */
  async function watchlist(userId: string): Promise<WatchlistItem[]> {
    const watched = await db
      .select({ coin: cryptoWatchlist.coin, addedAt: cryptoWatchlist.addedAt })
      .from(cryptoWatchlist)
      .where(eq(cryptoWatchlist.userId, userId));
    if (watched.length === 0) return [];
    const since = new Date(now().getTime() - DAY_MS).toISOString();
    const [items, closes] = await Promise.all([
      marketItems(),
      rowsOf<{ coin: string; closes: number[] }>(
        db,
        sql`select coin, array_agg(close::float8 order by t) as closes
              from crypto_candles
             where coin in (select coin from crypto_watchlist where user_id = ${userId})
               and interval = '1h' and t > ${since}::timestamptz
             group by coin`,
      ),
    ]);
    const series = new Map(closes.map((row) => [row.coin, row.closes]));
    const added = new Map(watched.map((row) => [row.coin, row.addedAt]));
    return items
      .filter((item) => added.has(item.code))
      .map((item) => ({
        ...item,
        series: [...(series.get(item.code) ?? []).slice(-(SPARKLINE_POINTS - 1)), Number(item.price)],
        addedAt: (added.get(item.code) ?? new Date()).toISOString(),
      }));
  }

  async function watch(userId: string, code: string) {
    await existingCoin(code);
    await db.transaction(async (tx) => {
      const executor = tx as Database;
      // One user's additions one after the other, so that the limit holds.
      await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`crypto.watchlist:${userId}`}))`);
      const [row] = await rowsOf<{ n: number; has: boolean }>(
        executor,
        sql`select count(*)::int as n, bool_or(coin = ${code}) as has from crypto_watchlist where user_id = ${userId}`,
      );
      if (row?.has) return;
      if ((row?.n ?? 0) >= MAX_WATCHLIST)
        throw new AppError(422, errorCodes.validation, cryptoMessages.tooManyWatched);
      await executor.insert(cryptoWatchlist).values({ userId, coin: code }).onConflictDoNothing();
    });
    return watchlist(userId);
  }

  async function unwatch(userId: string, code: string) {
    await db
      .delete(cryptoWatchlist)
      .where(and(eq(cryptoWatchlist.userId, userId), eq(cryptoWatchlist.coin, code)));
    return watchlist(userId);
  }

  /** A coin named in the address: 404 when there is none. */
  async function existingCoin(code: string) {
    const [coin] = await db
      .select({ code: cryptoCoins.code })
      .from(cryptoCoins)
      .where(eq(cryptoCoins.code, code));
    if (!coin) throw AppError.notFound(cryptoMessages.unknownCoin);
  }

  return { tick, currentStep, marketItems, livePrices, candles, watchlist, watch, unwatch, stepMs };
}
export type Market = ReturnType<typeof createMarket>;
