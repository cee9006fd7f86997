import { type CryptoOrder, type Portfolio, USD_PER_EURO } from '@ledgerdesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoCandles, cryptoCoins, cryptoPrices, cryptoWallets } from '../../src/db/schema';
import { MAX_CATCHUP_STEPS, type MarketEvent } from '../../src/modules/crypto/market';
import { createCryptoService, DEFAULT_STEP_MS } from '../../src/modules/crypto/service';
import { walk } from '../../src/modules/crypto/walk';
import { ADMIN, createdData, createTestContext, type TestContext } from '../context';

/*
 * The crypto area on the API: the market's ticks (once per step, whatever runs them), the money
 * rules of orders and transfers (exact, never an overdraft or an oversell, even at once), limit
 * orders filled by a tick, the personal wallet, the portfolio's currencies, the ICO listings.
 */

let ctx: TestContext;
let admin: string;
let trader: string;
let traderId: string;
let viewer: string;
const TRADER = { email: 'trader@test.local', password: 'trader-password-1' };
const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };
/** The market's step when the test coins were listed (June 2025, at 5 s a step). */
const START = 350_000_000;
const coins = [
  {
    code: 'BTC',
    name: 'Bitcoin',
    color: '#f7931a',
    rank: 1,
    volatility: 0.035,
    dailyVolume: '28000000000.00',
    price: '50000.00000000',
  },
  {
    code: 'ETH',
    name: 'Ethereum',
    color: '#627eea',
    rank: 2,
    volatility: 0.045,
    dailyVolume: '14000000000.00',
    price: '2000.00000000',
  },
  {
    code: 'DOGE',
    name: 'Dogecoin',
    color: '#c2a633',
    rank: 3,
    volatility: 0.07,
    dailyVolume: '900000000.00',
    price: '0.10000000',
  },
];

/** A node's market on the test database: its events recorded instead of published. */
function node() {
  const events: MarketEvent[] = [];
  const crypto = createCryptoService({
    db: ctx.database.db,
    audit: { record: async () => {} } as never,
    live: { publish: async (_db, _topic, event) => void events.push(event as MarketEvent) },
    tickMs: 0,
    log: { warn: () => {} },
  });
  return { market: crypto.market, events };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db
    .insert(cryptoCoins)
    .values(coins.map((coin) => ({ ...coin, step: START, priceAt: new Date(START * DEFAULT_STEP_MS) })));
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  traderId = await ctx.createUser({ ...TRADER, permissions: ['crypto.view', 'crypto.manage'] });
  trader = await ctx.login(TRADER.email, TRADER.password);
  await ctx.createUser({ ...VIEWER, permissions: ['crypto.view'] });
  viewer = await ctx.login(VIEWER.email, VIEWER.password);
});
afterAll(() => ctx.close());

const portfolioOf = async (token: string, currency = 'usd') => {
  const res = await ctx.call(token, 'GET', `/api/crypto/portfolio?currency=${currency}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Portfolio;
};
const order = (token: string, body: object) => ctx.call(token, 'POST', '/api/crypto/orders', body);
const priceOf = async (code: string) => {
  const [coin] = await ctx.database.db.select().from(cryptoCoins).where(eq(cryptoCoins.code, code));
  return coin?.price ?? '';
};
const setPrice = (code: string, price: string) =>
  ctx.database.db.update(cryptoCoins).set({ price }).where(eq(cryptoCoins.code, code));

describe('the market tick', () => {
  it('moves each coin by the walk of its step, once, however many nodes tick', async () => {
    const [a, b] = [node(), node()];
    const before = await priceOf('BTC');
    const [first, second] = await Promise.all([a.market.tick(START + 1), b.market.tick(START + 1)]);
    // One of the two wrote the step (3 coins); the other found it written.
    expect([first.inserted, second.inserted].sort()).toEqual([0, 3]);
    expect([...a.events, ...b.events]).toEqual([{ step: START + 1, owners: [] }]);
    const expected = walk(
      { code: 'BTC', volatility: 0.035, dailyVolume: 28e9 },
      Number(before),
      START,
      START + 1,
      DEFAULT_STEP_MS,
    );
    expect(Number(await priceOf('BTC'))).toBeCloseTo(expected[0]?.price ?? 0, 8);
    // Ticking the same step again (a late node) changes nothing.
    expect((await a.market.tick(START + 1)).inserted).toBe(0);

    // The candles hold the step once: their volume is the price row's, not twice it.
    const [price] = await ctx.database.db
      .select()
      .from(cryptoPrices)
      .where(and(eq(cryptoPrices.coin, 'BTC'), eq(cryptoPrices.step, START + 1)));
    const candles = await ctx.database.db.select().from(cryptoCandles).where(eq(cryptoCandles.coin, 'BTC'));
    expect(candles.map((c) => c.interval).sort()).toEqual(['1d', '1h', '1m']);
    for (const candle of candles) {
      expect(candle.volume).toBe(price?.volume);
      expect(candle.close).toBe(price?.price);
    }
  });

  it('catches up a bounded number of missed steps, then jumps', async () => {
    const { market } = node();
    const result = await market.tick(START + 10_000);
    expect(result.inserted).toBe(MAX_CATCHUP_STEPS * coins.length);
    const [coin] = await ctx.database.db.select().from(cryptoCoins).where(eq(cryptoCoins.code, 'ETH'));
    expect(coin?.step).toBe(START + 10_000);
    // Every candle of the minutes caught up closes on the newest step it holds.
    const [minute] = await ctx.database.db
      .select()
      .from(cryptoCandles)
      .where(eq(cryptoCandles.coin, 'ETH'))
      .orderBy(sql`${cryptoCandles.t} desc`)
      .limit(1);
    expect(minute?.closeStep).toBe(START + 10_000);
    expect(minute?.close).toBe(coin?.price);
  });
});

describe('a wallet', () => {
  it('takes a deposit, buys at the market price, and shows it in the portfolio and the lists', async () => {
    const deposit = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Deposit',
      amount: '10000',
      address: 'Bank transfer',
    });
    expect(deposit.statusCode).toBe(201);
    expect(deposit.json().data).toMatchObject({
      type: 'Deposit',
      currency: 'USD',
      amount: '10000.00',
      status: 'Success',
    });

    await setPrice('BTC', '40000.12345678');
    const bought = await order(trader, { coin: 'btc', type: 'Buy', quantity: '0.1' });
    expect(bought.statusCode).toBe(201);
    const placed = bought.json().data as CryptoOrder;
    // 0.1 × 40000.12345678 = 4000.012345678 → $4000.01, exactly.
    expect(placed).toMatchObject({
      coin: 'BTC',
      type: 'Buy',
      kind: 'market',
      quantity: '0.1',
      avgPrice: '40000.12345678',
      orderValue: '4000.01',
      status: 'Successful',
    });
    const usd = await portfolioOf(trader);
    expect(usd).toMatchObject({ cash: '5999.99', holdingsValue: '4000.01', total: '10000.00' });
    expect(usd.holdings).toMatchObject([{ code: 'BTC', quantity: '0.1', value: '4000.01', returns: '0.00' }]);

    const orders = await ctx.call(trader, 'GET', '/api/order-list?type=Buy&search=bitc');
    expect(orders.json()).toMatchObject({ count: 1, results: [{ id: placed.id }] });
    const transfers = await ctx.call(trader, 'GET', '/api/transaction-list?ordering=-amount');
    expect(transfers.json().results).toMatchObject([{ type: 'Deposit', amountUsd: '10000.00' }]);
  });

  it('values the portfolio in euro and bitcoin with the current prices', async () => {
    await setPrice('BTC', '50000');
    const usd = await portfolioOf(trader, 'usd');
    const euro = await portfolioOf(trader, 'euro');
    const btc = await portfolioOf(trader, 'btc');
    // 5999.99 + 0.1 × 50000 = 10999.99 USD.
    expect(usd.total).toBe('10999.99');
    expect(euro.total).toBe((10999.99 / Number(USD_PER_EURO)).toFixed(2));
    expect(btc.total).toBe('0.21999980');
    expect(btc.holdings[0]).toMatchObject({ price: '1.00', value: '0.10000000' });
    expect((await ctx.call(trader, 'GET', '/api/crypto/portfolio?currency=yen')).statusCode).toBe(400);
  });

  it('refuses a buy beyond the cash and a sell beyond the holding, with what is available', async () => {
    const buy = await order(trader, { coin: 'BTC', type: 'Buy', quantity: '1' });
    expect(buy.statusCode).toBe(422);
    expect(buy.json().errorMessage).toBe('Not enough cash: this needs $50000.00 and $5999.99 is available.');
    const sell = await order(trader, { coin: 'BTC', type: 'Sell', quantity: '0.2' });
    expect(sell.statusCode).toBe(422);
    expect(sell.json().fieldErrors).toEqual({
      quantity: 'Not enough BTC: this needs 0.2 and 0.1 is available.',
    });
    const none = await order(trader, { coin: 'ETH', type: 'Sell', quantity: '1' });
    expect(none.statusCode).toBe(422);
    const withdraw = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Withdraw',
      amount: '6000',
    });
    expect(withdraw.statusCode).toBe(422);
  });

  it('refuses bad input with a clear message', async () => {
    const cases: [object, string, string][] = [
      [{ coin: 'BTC', type: 'Buy', quantity: '-1' }, 'quantity', 'The quantity must be a number'],
      [{ coin: 'BTC', type: 'Buy', quantity: '0' }, 'quantity', 'The quantity must be more than 0.'],
      [{ coin: 'BTC', type: 'Buy', quantity: '0.123456789' }, 'quantity', 'The quantity must be a number'],
      [{ coin: 'BTC', type: 'Hold', quantity: '1' }, 'type', 'The type must be one of: Buy, Sell.'],
      [{ coin: 'NOPE', type: 'Buy', quantity: '1' }, 'coin', 'There is no such coin.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await order(trader, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field]).toContain(message);
    }
    const cents = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Deposit',
      amount: '1.001',
    });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().fieldErrors.amount).toBe('An amount of US dollars has at most 2 decimals.');
    const tiny = await order(trader, { coin: 'DOGE', type: 'Buy', quantity: '0.00000001' });
    expect(tiny.statusCode).toBe(422);
    expect(tiny.json().errorMessage).toBe('The order is worth less than one cent.');
  });

  it('never oversells: of two sells of the whole holding at once, one passes', async () => {
    const both = await Promise.all([
      order(trader, { coin: 'BTC', type: 'Sell', quantity: '0.1' }),
      order(trader, { coin: 'BTC', type: 'Sell', quantity: '0.1' }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 422]);
    const after = await portfolioOf(trader);
    expect(after.holdings).toEqual([]);
    // 5999.99 + 0.1 × 50000.
    expect(after.cashUsd).toBe('10999.99');
  });

  it('keeps a limit order Pending with its cash reserved until a tick reaches its price', async () => {
    const { market, events } = node();
    await setPrice('ETH', '2000');
    const placed = createdData<CryptoOrder>(
      await order(trader, { coin: 'ETH', type: 'Buy', quantity: '2', limitPrice: '1900' }),
    );
    expect(placed).toMatchObject({
      kind: 'limit',
      status: 'Pending',
      price: '1900.00',
      avgPrice: null,
      orderValue: '3800.00',
    });
    expect(await portfolioOf(trader)).toMatchObject({ cashUsd: '10999.99', cashReserved: '3800.00' });
    // The reserved cash cannot be spent or taken out meanwhile.
    const withdraw = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Withdraw',
      amount: '8000',
    });
    expect(withdraw.statusCode).toBe(422);
    expect(withdraw.json().errorMessage).toBe(
      'Not enough cash: this needs $8000.00 and $7199.99 is available.',
    );

    // The market falls well below the limit: the next tick fills it at the limit.
    await setPrice('ETH', '1700');
    const [coin] = await ctx.database.db.select().from(cryptoCoins).where(eq(cryptoCoins.code, 'ETH'));
    const result = await market.tick((coin?.step ?? START) + 1);
    expect(result.filled).toBe(1);
    expect(events).toEqual([{ step: (coin?.step ?? START) + 1, owners: [traderId] }]);
    const filled = (await ctx.call(trader, 'GET', `/api/crypto/orders/${placed.id}`)).json() as CryptoOrder;
    expect(filled).toMatchObject({ status: 'Successful', avgPrice: '1900.00', orderValue: '3800.00' });
    expect(filled.closedAt).not.toBeNull();
    const after = await portfolioOf(trader);
    expect(after).toMatchObject({ cashUsd: '7199.99', cashReserved: '0.00' });
    expect(after.holdings).toMatchObject([{ code: 'ETH', quantity: '2', avgPrice: '1900.00' }]);
  });

  it('cancels a Pending sell and frees its coins; a second cancel is refused', async () => {
    const placed = createdData<CryptoOrder>(
      await order(trader, { coin: 'ETH', type: 'Sell', quantity: '1.5', limitPrice: '99999' }),
    );
    expect((await portfolioOf(trader)).holdings[0]).toMatchObject({ quantity: '2', reserved: '1.5' });
    const oversell = await order(trader, { coin: 'ETH', type: 'Sell', quantity: '1' });
    expect(oversell.statusCode).toBe(422);

    const cancelled = await ctx.call(trader, 'POST', `/api/crypto/orders/${placed.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'Cancelled' });
    expect((await portfolioOf(trader)).holdings[0]).toMatchObject({ quantity: '2', reserved: '0' });
    const again = await ctx.call(trader, 'POST', `/api/crypto/orders/${placed.id}/cancel`);
    expect(again.statusCode).toBe(422);
    expect(again.json().errorMessage).toBe('Only a pending order can be cancelled. (Cancelled)');
  });

  it('is personal: nobody else sees or cancels it, not even an administrator', async () => {
    const mine = (await ctx.call(trader, 'GET', '/api/order-list')).json().results as CryptoOrder[];
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await ctx.call(admin, 'GET', '/api/order-list');
    expect(theirs.json()).toMatchObject({ count: 0, results: [] });
    const id = mine[0]?.id;
    expect((await ctx.call(admin, 'GET', `/api/crypto/orders/${id}`)).statusCode).toBe(404);
    expect((await ctx.call(admin, 'POST', `/api/crypto/orders/${id}/cancel`)).statusCode).toBe(404);
    expect((await portfolioOf(admin)).holdings).toEqual([]);
    // A viewer may look at the market and their wallet, but not trade.
    expect((await order(viewer, { coin: 'BTC', type: 'Buy', quantity: '1' })).statusCode).toBe(403);
    expect((await ctx.call(viewer, 'GET', '/api/transaction-list')).json().count).toBe(0);
  });

  it('moves coins in and out: a deposit costs the current price, a withdrawal beyond the free coins is refused', async () => {
    await setPrice('DOGE', '0.2');
    const deposit = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Deposit',
      currency: 'doge',
      amount: '1000',
      address: '0xabc',
    });
    expect(deposit.json().data).toMatchObject({
      currency: 'DOGE',
      currencyName: 'Dogecoin',
      amount: '1000',
      amountUsd: '200.00',
      from: '0xabc',
    });
    const out = await ctx.call(trader, 'POST', '/api/crypto/transactions', {
      type: 'Withdraw',
      currency: 'DOGE',
      amount: '1000.5',
    });
    expect(out.statusCode).toBe(422);
    const list = await ctx.call(trader, 'GET', '/api/transaction-list?currency=DOGE');
    expect(list.json().count).toBe(1);
    const bad = await ctx.call(trader, 'GET', '/api/transaction-list?status=Done');
    expect(bad.statusCode).toBe(400);
    const [wallet] = await ctx.database.db
      .select()
      .from(cryptoWallets)
      .where(eq(cryptoWallets.userId, traderId));
    expect(wallet?.cash).toBe('7199.99');
  });
});

describe('the market and the listings', () => {
  it('answers the market, candles and a watchlist with sparklines', async () => {
    const market = await ctx.call(viewer, 'GET', '/api/crypto/market?ordering=-price');
    expect(market.json().map((item: { code: string }) => item.code)).toEqual(['BTC', 'ETH', 'DOGE']);
    expect(market.json()[0]).toMatchObject({ pairs: 'BTC/USD', coinName: 'Bitcoin' });
    const candles = await ctx.call(viewer, 'GET', '/api/crypto/coins/ETH/candles?interval=1m&limit=5');
    expect(candles.json().candles.length).toBeGreaterThan(0);
    expect((await ctx.call(viewer, 'GET', '/api/crypto/coins/XYZ/candles')).statusCode).toBe(404);

    const watched = await ctx.call(viewer, 'PUT', '/api/crypto/watchlist/eth');
    expect(watched.json()).toMatchObject([{ code: 'ETH' }]);
    expect(watched.json()[0].series.length).toBeGreaterThan(0);
    await ctx.call(viewer, 'PUT', '/api/crypto/watchlist/ETH');
    expect((await ctx.call(viewer, 'GET', '/api/crypto/watchlist')).json()).toHaveLength(1);
    expect((await ctx.call(viewer, 'DELETE', '/api/crypto/watchlist/ETH')).json()).toEqual([]);
    expect((await ctx.call(viewer, 'PUT', '/api/crypto/watchlist/XYZ')).statusCode).toBe(404);
  });

  it('groups the ICO listings, which crypto.manage edits', async () => {
    const ico = {
      label: 'Aurora Chain',
      group: 'Active',
      amount: '1250000',
      percentage: 42.5,
      rating: 4.5,
      date: '2026-11-01',
    };
    expect((await ctx.call(viewer, 'POST', '/api/crypto/icos', ico)).statusCode).toBe(403);
    const created = await ctx.call(trader, 'POST', '/api/crypto/icos', ico);
    expect(created.statusCode).toBe(201);
    const groups = await ctx.call(viewer, 'GET', '/api/crypto/ico-groups');
    expect(groups.json().map((g: { title: string }) => g.title)).toEqual([
      'Active',
      'Ended',
      'Upcoming',
      'Trading',
    ]);
    expect(groups.json()[0].subItems).toMatchObject([
      { label: 'Aurora Chain', amount: '1250000.00', percentage: 42.5, rating: 4.5 },
    ]);
    const bad = await ctx.call(trader, 'POST', '/api/crypto/icos', { ...ico, rating: 7 });
    expect(bad.json().fieldErrors).toEqual({ rating: 'The rating must be 0 to 5.' });
  });
});

describe('the crypto dashboard', () => {
  it('values the caller’s own wallet in the currency asked, over the period', async () => {
    const euro = await portfolioOf(trader, 'euro');
    const res = await ctx.call(trader, 'GET', '/api/dashboard/crypto?period=monthly&currency=euro&tz=UTC');
    expect(res.statusCode).toBe(200);
    const { widgets } = res.json();
    expect(widgets.portfolioValue).toMatchObject({ counter: Number(euro.total), prefix: '€' });
    expect(widgets.cashBalance.counter).toBe(Number(euro.cash));
    // The series ends on today's value; filled orders are counted in the period.
    expect(widgets.portfolioOverTime.series[0].values.at(-1)).toBeCloseTo(Number(euro.total), 1);
    expect(widgets.ordersFilled.counter).toBe(3);
    expect(widgets.holdingsByCoin.items.map((item: { key: string }) => item.key)).toEqual(['ETH', 'DOGE']);
    expect(widgets.recentOrders.rows[0].cells).toMatchObject({ coin: 'ETH', status: 'Cancelled' });

    const btc = (await ctx.call(trader, 'GET', '/api/dashboard/crypto/portfolioValue?currency=btc')).json();
    expect(btc.widget).toMatchObject({ suffix: ' BTC', decimals: 8 });
    // An administrator sees their own (empty) wallet, not the trader's.
    const theirs = (await ctx.call(admin, 'GET', '/api/dashboard/crypto')).json();
    expect(theirs.widgets.portfolioValue.counter).toBe(0);
    expect(theirs.widgets.recentOrders.rows).toEqual([]);
    expect((await ctx.call(trader, 'GET', '/api/dashboard/crypto?currency=yen')).statusCode).toBe(400);
  });
});
