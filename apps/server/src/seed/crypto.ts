import { randomUUID } from 'node:crypto';
import {
  type CandleInterval,
  type CryptoOrderStatus,
  divideHalfUp,
  fromScaled,
  type IcoGroupName,
  type TransactionStatus,
  toScaled,
} from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import {
  cryptoCandles,
  cryptoCoins,
  cryptoHoldings,
  cryptoIcos,
  cryptoOrders,
  cryptoTransactions,
  cryptoWallets,
  cryptoWatchlist,
} from '../db/schema';
import { stepAt } from '../modules/crypto/walk';
import { insertMany } from './bulk';
import { createRandom } from './random';

// The area's own seed, so that the demo data of other areas does not shift this one.
const CRYPTO_SEED = 16_161_616;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
type Random = ReturnType<typeof createRandom>;
/**
 * How much history the demo market starts with. Each candle is a row, and a row costs PGlite some
 * 0.1 ms: a year of days and a day of minutes for 12 coins (some 24,000 rows) took 1.5 s of the
 * first start, so the demo starts with a season of days, two days of hours and two hours of
 * minutes; the ticks add the rest from then on.
 */
const HISTORY = { days: 120, hours: 48, minutes: 120 };

/** The demo market: today's price (USD), the volatility of a day, what an ordinary day trades. */
export const demoCoins = [
  { code: 'BTC', name: 'Bitcoin', color: '#f7931a', price: '64250.12', volatility: 0.035, dailyVolume: 28e9 },
  { code: 'ETH', name: 'Ethereum', color: '#627eea', price: '3420.55', volatility: 0.045, dailyVolume: 14e9 },
  { code: 'BNB', name: 'BNB', color: '#f3ba2f', price: '585.30', volatility: 0.04, dailyVolume: 1.6e9 },
  { code: 'SOL', name: 'Solana', color: '#14f195', price: '148.72', volatility: 0.06, dailyVolume: 2.4e9 },
  { code: 'XRP', name: 'XRP', color: '#23292f', price: '0.5234', volatility: 0.05, dailyVolume: 1.2e9 },
  { code: 'ADA', name: 'Cardano', color: '#0033ad', price: '0.4512', volatility: 0.055, dailyVolume: 4e8 },
  { code: 'DOGE', name: 'Dogecoin', color: '#c2a633', price: '0.1234', volatility: 0.07, dailyVolume: 9e8 },
  { code: 'DOT', name: 'Polkadot', color: '#e6007a', price: '6.85', volatility: 0.055, dailyVolume: 2e8 },
  { code: 'LTC', name: 'Litecoin', color: '#345d9d', price: '82.40', volatility: 0.045, dailyVolume: 3.5e8 },
  { code: 'LINK', name: 'Chainlink', color: '#2a5ada', price: '14.62', volatility: 0.055, dailyVolume: 3e8 },
  { code: 'XMR', name: 'Monero', color: '#ff6600', price: '165.30', volatility: 0.04, dailyVolume: 8e7 },
  { code: 'DASH', name: 'Dash', color: '#008ce7', price: '28.90', volatility: 0.05, dailyVolume: 5e7 },
] as const;

type Candle = { t: number; open: number; high: number; low: number; close: number; volume: number };

/** A draw of a standard normal (Box–Muller) from the seeded stream. */
const normal = (random: Random) =>
  Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());

/**
 * Candles of `width` ms back from `newest` (the bucket now under way), `count` of them: the buckets
 * that `finer` candles cover are made of them (so that the intervals agree), the older ones walk
 * backwards from the oldest open, with the volatility of a bucket of that width.
 */
function candlesBack(
  random: Random,
  coin: { volatility: number; dailyVolume: number },
  options: { width: number; newest: number; count: number; finer: Candle[]; from: number },
): Candle[] {
  const { width, newest, count, finer } = options;
  const byBucket = new Map<number, Candle>();
  for (const c of finer) {
    const t = Math.floor(c.t / width) * width;
    const bucket = byBucket.get(t);
    if (!bucket) byBucket.set(t, { ...c, t });
    else {
      // `finer` is newest first: an older candle gives the bucket its open.
      bucket.open = c.open;
      bucket.high = Math.max(bucket.high, c.high);
      bucket.low = Math.min(bucket.low, c.low);
      bucket.volume += c.volume;
    }
  }
  const sigma = coin.volatility * Math.sqrt(width / DAY);
  const candles: Candle[] = [];
  let close = options.from;
  for (let i = 0; i < count; i++) {
    const t = newest - i * width;
    const made = byBucket.get(t);
    if (made) {
      candles.push(made);
      close = made.open;
      continue;
    }
    const open = Math.max(close * Math.exp(-sigma * normal(random)), 1e-8);
    const spread = Math.abs(normal(random)) * sigma * 0.5;
    candles.push({
      t,
      open,
      close,
      high: Math.max(open, close) * (1 + spread),
      low: Math.min(open, close) * (1 - spread),
      volume: (coin.dailyVolume * width * (0.5 + random.next())) / DAY,
    });
    close = open;
  }
  return candles;
}

const price8 = (value: number) => value.toFixed(8);

/**
 * The demo market: the coins at their prices of "now" and their candles of the last HISTORY, made
 * by walking back from now's prices (deterministic: the same seed gives the same figures; only the
 * times follow the clock). The market's step is now's.
 */
export async function seedCryptoMarket(db: Database, options: { now: Date; stepMs: number }) {
  const now = options.now.getTime();
  const step = stepAt(now, options.stepMs);
  const closeStep = (t: number, width: number) => Math.min(stepAt(t + width, options.stepMs) - 1, step);
  await insertMany(
    db,
    cryptoCoins,
    demoCoins.map((coin, rank) => ({
      code: coin.code,
      name: coin.name,
      color: coin.color,
      rank: rank + 1,
      volatility: coin.volatility,
      dailyVolume: coin.dailyVolume.toFixed(2),
      price: coin.price,
      step,
      priceAt: options.now,
    })),
  );
  const history = new Map<string, Record<CandleInterval, Candle[]>>();
  const rows: (typeof cryptoCandles.$inferInsert)[] = [];
  demoCoins.forEach((coin, index) => {
    const random = createRandom(CRYPTO_SEED + index * 7919);
    const current = Number(coin.price);
    const minutes = candlesBack(random, coin, {
      width: MINUTE,
      newest: Math.floor(now / MINUTE) * MINUTE,
      count: HISTORY.minutes,
      finer: [],
      from: current,
    });
    const hours = candlesBack(random, coin, {
      width: HOUR,
      newest: Math.floor(now / HOUR) * HOUR,
      count: HISTORY.hours,
      finer: minutes,
      from: current,
    });
    const days = candlesBack(random, coin, {
      width: DAY,
      newest: Math.floor(now / DAY) * DAY,
      count: HISTORY.days,
      finer: hours,
      from: current,
    });
    history.set(coin.code, { '1m': minutes, '1h': hours, '1d': days });
    for (const [interval, candles, width] of [
      ['1m', minutes, MINUTE],
      ['1h', hours, HOUR],
      ['1d', days, DAY],
    ] as const) {
      for (const c of candles) {
        rows.push({
          coin: coin.code,
          interval,
          t: new Date(c.t),
          open: price8(c.open),
          high: price8(c.high),
          low: price8(c.low),
          close: price8(c.close),
          volume: c.volume.toFixed(2),
          closeStep: closeStep(c.t, width),
        });
      }
    }
  });
  await insertMany(db, cryptoCandles, rows);
  return history;
}

type History = Awaited<ReturnType<typeof seedCryptoMarket>>;

/** A price the coin traded at, at time `at`: within the candle of that time (hourly, else daily). */
function priceAt(history: History, code: string, at: number, random: Random): string {
  const coin = history.get(code);
  const candles = coin ? (at >= (coin['1h'].at(-1)?.t ?? Infinity) ? coin['1h'] : coin['1d']) : [];
  const candle = candles.find((c) => c.t <= at) ?? candles.at(-1);
  if (!candle) return '1.00000000';
  return price8(candle.low + (candle.high - candle.low) * random.next());
}

const Q = 10n ** 8n;
/** quantity (1e-8) × price (1e-8) → cents, half up. */
const valueCents = (quantity: bigint, price: bigint) => divideHalfUp(quantity * price, 10n ** 14n);
/** About `budget` cents' worth of a coin at `price` (1e-8), to 4 significant digits. */
function quantityFor(budget: bigint, price: bigint): bigint {
  const rough = (budget * Q * Q) / (price * 100n);
  const unit = 10n ** BigInt(Math.max(0, rough.toString().length - 4));
  return (rough / unit) * unit;
}

/**
 * A demo wallet's history, lived in order: deposits, buys and sells at the prices of their time,
 * a few limit orders (filled, cancelled, or still Pending), the odd failed or processing transfer.
 * The wallet and holdings written are what the history leaves, so that they add up.
 */
function liveWallet(
  random: Random,
  history: History,
  options: {
    userId: string;
    now: number;
    days: number;
    orders: number;
    transfers: number;
    startCash: number;
  },
) {
  const { userId, now } = options;
  type Event = { at: number; kind: 'order' | 'transfer' };
  const events: Event[] = [
    ...Array.from({ length: options.orders }, () => ({ kind: 'order' as const, at: 0 })),
    ...Array.from({ length: options.transfers }, () => ({ kind: 'transfer' as const, at: 0 })),
  ].map((event) => ({
    ...event,
    at: now - Math.floor(random.next() * (options.days * DAY - HOUR)) - MINUTE,
  }));
  events.sort((a, b) => a.at - b.at);
  let cash = BigInt(options.startCash) * 100n;
  let cashReserved = 0n;
  const holdings = new Map<string, { quantity: bigint; reserved: bigint; avg: bigint }>();
  const orders: (typeof cryptoOrders.$inferInsert)[] = [];
  const transactions: (typeof cryptoTransactions.$inferInsert)[] = [];
  const start = now - options.days * DAY - HOUR;
  transactions.push({
    userId,
    type: 'Deposit',
    currency: 'USD',
    amount: fromScaled(cash, 2),
    amountUsd: fromScaled(cash, 2),
    status: 'Success',
    fromAddress: 'Bank transfer',
    details: 'Opening deposit',
    createdAt: new Date(start),
  });
  const coins = demoCoins.slice(0, 8).map((coin) => coin.code);
  const credit = (code: string, quantity: bigint, price: bigint) => {
    const held = holdings.get(code) ?? { quantity: 0n, reserved: 0n, avg: 0n };
    const total = held.quantity + quantity;
    held.avg = divideHalfUp(held.quantity * held.avg + quantity * price, total);
    held.quantity = total;
    holdings.set(code, held);
  };
  const recent = (at: number) => now - at < 3 * DAY;

  for (const event of events) {
    const code = random.pick(coins);
    const price = toScaled(priceAt(history, code, event.at, random), 8);
    const held = holdings.get(code);
    const free = held ? held.quantity - held.reserved : 0n;
    if (event.kind === 'order') {
      const selling = free > 0n && random.next() < 0.4;
      const limit = random.next() < 0.25;
      let quantity = quantityFor(BigInt(random.int(150, 2500)) * 100n, price);
      if (selling) quantity = quantity > free ? free : quantity;
      if (quantity <= 0n) continue;
      const pending = limit && recent(event.at) && random.next() < 0.6;
      const status: CryptoOrderStatus = pending
        ? 'Pending'
        : limit && random.next() < 0.3
          ? 'Cancelled'
          : 'Successful';
      // A limit away from the market: below it to buy, above it to sell.
      const limitPrice = limit
        ? divideHalfUp(price * BigInt(selling ? random.int(106, 115) : random.int(85, 94)), 100n)
        : price;
      const value = valueCents(quantity, limitPrice);
      if (value < 1n) continue;
      if (!selling && value > cash - cashReserved) continue;
      const at = new Date(event.at);
      const fillAt = new Date(Math.min(event.at + random.int(1, 50) * MINUTE, now - MINUTE));
      orders.push({
        id: randomUUID(),
        userId,
        coin: code,
        type: selling ? 'Sell' : 'Buy',
        kind: limit ? 'limit' : 'market',
        quantity: fromScaled(quantity, 8),
        price: fromScaled(limitPrice, 8),
        avgPrice: status === 'Successful' ? fromScaled(limitPrice, 8) : null,
        orderValue: fromScaled(value, 2),
        status,
        createdAt: at,
        closedAt: status === 'Pending' ? null : limit ? fillAt : at,
      });
      if (status === 'Cancelled') continue;
      if (status === 'Pending') {
        if (selling && held) held.reserved += quantity;
        else cashReserved += value;
        continue;
      }
      if (selling && held) {
        held.quantity -= quantity;
        cash += value;
        if (held.quantity === 0n && held.reserved === 0n) holdings.delete(code);
      } else {
        cash -= value;
        credit(code, quantity, limitPrice);
      }
      continue;
    }
    // A transfer: mostly cash in, some cash out, the odd coin moved in or out. One still processing
    // or failed has not moved anything (and a withdrawal is never left processing).
    const withdrawing = random.next() < 0.35;
    const status: TransactionStatus =
      recent(event.at) && !withdrawing && random.next() < 0.3
        ? 'Processing'
        : random.next() < 0.1
          ? 'Failed'
          : 'Success';
    const at = new Date(event.at);
    if (random.next() < 0.2) {
      const amount = withdrawing
        ? free / BigInt(random.int(2, 5))
        : quantityFor(BigInt(random.int(500, 5000)) * 100n, price);
      if (amount <= 0n) continue;
      if (status === 'Success' && withdrawing && held) {
        held.quantity -= amount;
        if (held.quantity === 0n && held.reserved === 0n) holdings.delete(code);
      }
      if (status === 'Success' && !withdrawing) credit(code, amount, price);
      const address = `0x${randomHex(random, 8)}…${randomHex(random, 4)}`;
      transactions.push({
        userId,
        type: withdrawing ? 'Withdraw' : 'Deposit',
        currency: code,
        amount: fromScaled(amount, 8),
        amountUsd: fromScaled(valueCents(amount, price), 2),
        status,
        fromAddress: withdrawing ? '' : address,
        toAddress: withdrawing ? address : '',
        details: withdrawing ? 'To a hardware wallet' : 'From an exchange account',
        createdAt: at,
      });
      continue;
    }
    const amount = BigInt(random.int(withdrawing ? 2 : 5, withdrawing ? 20 : 60)) * 10_000n;
    if (withdrawing && amount > cash - cashReserved) continue;
    if (status === 'Success') cash += withdrawing ? -amount : amount;
    transactions.push({
      userId,
      type: withdrawing ? 'Withdraw' : 'Deposit',
      currency: 'USD',
      amount: fromScaled(amount, 2),
      amountUsd: fromScaled(amount, 2),
      status,
      fromAddress: withdrawing ? '' : 'Bank transfer',
      toAddress: withdrawing ? 'Bank account ••42' : '',
      details: withdrawing ? 'Withdrawal to the bank' : 'Top-up',
      createdAt: at,
    });
  }
  return {
    wallet: { userId, cash: fromScaled(cash, 2), cashReserved: fromScaled(cashReserved, 2) },
    holdings: [...holdings].map(([coin, h]) => ({
      userId,
      coin,
      quantity: fromScaled(h.quantity, 8),
      reserved: fromScaled(h.reserved, 8),
      avgPrice: fromScaled(h.avg, 8),
    })),
    orders,
    transactions,
  };
}

function randomHex(random: Random, length: number): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}

const icoNames: [string, string, IcoGroupName][] = [
  ['Aurora Chain', 'Layer-2 payments', 'Active'],
  ['Nimbus Protocol', 'Decentralised storage', 'Active'],
  ['Quanta Ledger', 'Supply-chain tracking', 'Active'],
  ['Helix Pay', 'Cross-border remittances', 'Active'],
  ['Orbit Swap', 'Automated market maker', 'Ended'],
  ['Terra Nova', 'Carbon credits on chain', 'Ended'],
  ['Pixel Vault', 'Gaming assets', 'Ended'],
  ['Lumen Grid', 'Energy trading', 'Ended'],
  ['Zephyr ID', 'Self-sovereign identity', 'Upcoming'],
  ['Cobalt DAO', 'Community treasury', 'Upcoming'],
  ['Mosaic Lend', 'Peer-to-peer lending', 'Upcoming'],
  ['Echo Oracle', 'Price feeds', 'Upcoming'],
  ['Nova Bridge', 'Chain interoperability', 'Trading'],
  ['Atlas Index', 'Tokenised index funds', 'Trading'],
  ['Sable Shield', 'Private transactions', 'Trading'],
  ['Kite Rewards', 'Loyalty points', 'Trading'],
];
const icoColours = ['#4b38b3', '#0ab39c', '#f7b84b', '#299cdb', '#f06548', '#405189'];

/**
 * The demo crypto area: the market and its history, a wallet for the administrator (some 200
 * orders and 80 transfers over the market's history) and for each demo user (a few weeks of buying), their
 * watchlists, and the ICO listings.
 */
export async function seedCrypto(
  db: Database,
  options: { now: Date; stepMs: number; adminId: string; userIds: string[] },
) {
  const history = await seedCryptoMarket(db, options);
  const random = createRandom(CRYPTO_SEED);
  const now = options.now.getTime();
  const lives = [
    liveWallet(random, history, {
      userId: options.adminId,
      now,
      days: HISTORY.days - 1,
      orders: 200,
      transfers: 80,
      startCash: 40_000,
    }),
    ...options.userIds.map((userId) =>
      liveWallet(random, history, {
        userId,
        now,
        days: 45,
        orders: random.int(3, 8),
        transfers: 2,
        startCash: random.int(20, 80) * 100,
      }),
    ),
  ];
  await insertMany(
    db,
    cryptoWallets,
    lives.map((life) => life.wallet),
  );
  await insertMany(
    db,
    cryptoHoldings,
    lives.flatMap((life) => life.holdings),
  );
  await insertMany(
    db,
    cryptoOrders,
    lives.flatMap((life) => life.orders),
  );
  await insertMany(
    db,
    cryptoTransactions,
    lives.flatMap((life) => life.transactions),
  );
  await insertMany(db, cryptoWatchlist, [
    ...['BTC', 'ETH', 'SOL', 'XRP', 'DOGE'].map((coin) => ({ userId: options.adminId, coin })),
    ...options.userIds.flatMap((userId, i) =>
      [0, 1, 2].map((k) => ({ userId, coin: demoCoins[(i + k * 3) % demoCoins.length]?.code ?? 'BTC' })),
    ),
  ]);
  const today = Math.floor(now / DAY) * DAY;
  await insertMany(
    db,
    cryptoIcos,
    icoNames.map(([label, caption, group], i) => {
      const offset =
        group === 'Upcoming'
          ? random.int(5, 90)
          : group === 'Active'
            ? -random.int(1, 30)
            : -random.int(60, 400);
      return {
        label,
        caption,
        group,
        amount: (random.int(50, 2500) * 1000).toFixed(2),
        percentage: group === 'Upcoming' ? '0' : group === 'Active' ? String(random.int(10, 95)) : '100',
        rating: (random.int(25, 50) / 10).toFixed(1),
        date: new Date(today + offset * DAY).toISOString().slice(0, 10),
        ribbonNumber: i % 3 === 0 ? (i % 4) + 1 : null,
        color: icoColours[i % icoColours.length] ?? '#4b38b3',
        createdBy: options.adminId,
        updatedBy: options.adminId,
      };
    }),
  );
}
