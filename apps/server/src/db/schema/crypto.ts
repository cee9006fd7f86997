import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/*
 * Crypto (modules/crypto). Money is `numeric`: cash in USD with 2 decimals, coin quantities and
 * prices with 8. The market is simulated: each coin's price moves by a seeded random walk, one step
 * every MARKET_TICK_MS (modules/crypto/market.ts).
 */

/**
 * The coins of the market and their last price: `step` is the market step that set it
 * (floor(epoch ms / tick ms)). `volatility`: the standard deviation of a day's log return, a
 * parameter of the simulation (not money); `dailyVolume`: USD traded on an ordinary day.
 */
export const cryptoCoins = pgTable('crypto_coins', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  color: text('color').notNull(),
  rank: smallint('rank').notNull(),
  volatility: doublePrecision('volatility').notNull(),
  dailyVolume: numeric('daily_volume', { precision: 20, scale: 2 }).notNull(),
  price: numeric('price', { precision: 24, scale: 8 }).notNull(),
  step: bigint('step', { mode: 'number' }).notNull(),
  priceAt: timestamp('price_at', { withTimezone: true }).notNull(),
});

/**
 * Every step's price of every coin, for a day: the key (step, coin) is what makes a tick happen
 * once, however many nodes run it (insert … on conflict do nothing). Older rows are pruned by the
 * tick itself; the candles keep the history.
 */
export const cryptoPrices = pgTable(
  'crypto_prices',
  {
    step: bigint('step', { mode: 'number' }).notNull(),
    coin: text('coin')
      .notNull()
      .references(() => cryptoCoins.code, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 24, scale: 8 }).notNull(),
    volume: numeric('volume', { precision: 20, scale: 2 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.step, t.coin] })],
);

/**
 * Candles of 1 minute, 1 hour and 1 day (`interval`), keyed by the bucket's start `t`. `closeStep`:
 * the step of the close, so that a late step never overwrites a newer close.
 */
export const cryptoCandles = pgTable(
  'crypto_candles',
  {
    coin: text('coin')
      .notNull()
      .references(() => cryptoCoins.code, { onDelete: 'cascade' }),
    interval: text('interval').notNull(),
    t: timestamp('t', { withTimezone: true }).notNull(),
    open: numeric('open', { precision: 24, scale: 8 }).notNull(),
    high: numeric('high', { precision: 24, scale: 8 }).notNull(),
    low: numeric('low', { precision: 24, scale: 8 }).notNull(),
    close: numeric('close', { precision: 24, scale: 8 }).notNull(),
    volume: numeric('volume', { precision: 24, scale: 2 }).notNull(),
    closeStep: bigint('close_step', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.interval, t.t] })],
);

/** A user's wallet: cash in USD, of which `cashReserved` is held back by Pending buy orders. */
export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    cash: numeric('cash', { precision: 20, scale: 2 }).notNull().default('0'),
    cashReserved: numeric('cash_reserved', { precision: 20, scale: 2 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The last line of defence of the money rules: no overdraft, no reservation beyond the cash.
    check('crypto_wallets_cash_check', sql`${t.cashReserved} >= 0 and ${t.cash} >= ${t.cashReserved}`),
  ],
);

/** What a wallet holds of a coin: `reserved` is held back by Pending sell orders; `avgPrice` in USD. */
export const cryptoHoldings = pgTable(
  'crypto_holdings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin')
      .notNull()
      .references(() => cryptoCoins.code, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 28, scale: 8 }).notNull(),
    reserved: numeric('reserved', { precision: 28, scale: 8 }).notNull().default('0'),
    avgPrice: numeric('avg_price', { precision: 24, scale: 8 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.coin] }),
    check('crypto_holdings_quantity_check', sql`${t.reserved} >= 0 and ${t.quantity} >= ${t.reserved}`),
  ],
);

/**
 * Buy and sell orders (SPEC §3 crypto order). `price`: the limit (a limit order) or the fill price
 * (a market order); `avgPrice`: the fill price once filled; `orderValue`: USD, rounded to the cent.
 * Every list order is `(user_id, <field>, id)`: a wallet's list pages through its index.
 */
export const cryptoOrders = pgTable(
  'crypto_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin')
      .notNull()
      .references(() => cryptoCoins.code, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    quantity: numeric('quantity', { precision: 28, scale: 8 }).notNull(),
    price: numeric('price', { precision: 24, scale: 8 }).notNull(),
    avgPrice: numeric('avg_price', { precision: 24, scale: 8 }),
    orderValue: numeric('order_value', { precision: 20, scale: 2 }).notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('crypto_orders_user_date_idx').on(t.userId, t.createdAt, t.id),
    index('crypto_orders_user_coin_idx').on(t.userId, t.coin, t.id),
    index('crypto_orders_user_type_idx').on(t.userId, t.type, t.createdAt),
    index('crypto_orders_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('crypto_orders_user_quantity_idx').on(t.userId, t.quantity, t.id),
    index('crypto_orders_user_price_idx').on(t.userId, t.price, t.id),
    index('crypto_orders_user_value_idx').on(t.userId, t.orderValue, t.id),
    // What a tick looks for: the Pending limit orders of the coins that moved.
    index('crypto_orders_pending_idx').on(t.coin, t.type, t.price).where(sql`${t.status} = 'Pending'`),
    check('crypto_orders_type_check', sql`${t.type} in ('Buy', 'Sell')`),
    check('crypto_orders_kind_check', sql`${t.kind} in ('market', 'limit')`),
    check('crypto_orders_status_check', sql`${t.status} in ('Successful', 'Cancelled', 'Pending')`),
    check('crypto_orders_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Deposits and withdrawals (SPEC §3 wallet transaction) of cash ('USD') or of a coin. */
export const cryptoTransactions = pgTable(
  'crypto_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 28, scale: 8 }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 20, scale: 2 }).notNull(),
    status: text('status').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    toAddress: text('to_address').notNull().default(''),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('crypto_transactions_user_date_idx').on(t.userId, t.createdAt, t.id),
    index('crypto_transactions_user_type_idx').on(t.userId, t.type, t.createdAt),
    index('crypto_transactions_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('crypto_transactions_user_currency_idx').on(t.userId, t.currency, t.createdAt),
    index('crypto_transactions_user_amount_idx').on(t.userId, t.amount, t.id),
    index('crypto_transactions_user_usd_idx').on(t.userId, t.amountUsd, t.id),
    check('crypto_transactions_type_check', sql`${t.type} in ('Deposit', 'Withdraw')`),
    check('crypto_transactions_status_check', sql`${t.status} in ('Processing', 'Success', 'Failed')`),
    check('crypto_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The coins a user watches. */
export const cryptoWatchlist = pgTable(
  'crypto_watchlist',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin')
      .notNull()
      .references(() => cryptoCoins.code, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coin] })],
);

/** ICO listings (SPEC §3 ICO group sub-items), edited on the resource engine. */
export const cryptoIcos = pgTable(
  'crypto_icos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull(),
    caption: text('caption').notNull().default(''),
    group: text('group').notNull(),
    amount: numeric('amount', { precision: 15, scale: 2 }).notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    date: date('date').notNull(),
    ribbonNumber: smallint('ribbon_number'),
    color: text('color').notNull(),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('crypto_icos_group_idx').on(t.group, t.date),
    index('crypto_icos_label_idx').on(t.label),
    index('crypto_icos_date_idx').on(t.date),
    index('crypto_icos_amount_idx').on(t.amount),
    index('crypto_icos_rating_idx').on(t.rating),
    check('crypto_icos_group_check', sql`${t.group} in ('Active', 'Ended', 'Upcoming', 'Trading')`),
  ],
);
