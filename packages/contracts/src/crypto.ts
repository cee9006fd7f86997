import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { isoDate, oneOf, optionalText, requiredText } from './fields';

/*
 * Crypto (SPEC §3 "Crypto coin", "Wallet transaction", "Market item", "Crypto order", "Watchlist
 * coin", "Portfolio holding", "ICO group"; §4 their statuses; §7 GET /transaction-list,
 * /order-list; §2 the portfolio selector btc / usd / euro). Prices come from a simulated market
 * (a seeded random walk per coin, advanced by the server every few seconds, stored as candles).
 *
 * A wallet is personal: every wallet route reads and writes the caller's own (an administrator's
 * too). `crypto.view`: the market, coins, ICOs, one's wallet (portfolio, watchlist — editing it
 * included —, orders, transactions). `crypto.manage`: trade (orders, deposits, withdrawals) and
 * edit the ICO listings.
 *
 * Money is exact: amounts, prices and quantities travel as decimal strings (never floats); only
 * chart figures (candles, sparklines) are numbers. Cash is in US dollars, 2 decimals; coin
 * quantities have 8 decimals; coin prices (in USD) have 8 decimals, trailing zeros left out.
 *
 * Routes (all under /api):
 * - GET  /crypto/coins                      — every coin (code, name, colour): pickers and labels
 * - GET  /crypto/market                     — the market: one MarketItem per coin (`marketQuery`)
 * - GET  /crypto/coins/:code/candles        — a coin's candles (`candleQuery`) → CandleSeries
 * - GET  /crypto/watchlist                  — the caller's watchlist → WatchlistItem[]
 * - PUT  /crypto/watchlist/:code            — add a coin to it (no body; again is no error) → WatchlistItem[]
 * - DELETE /crypto/watchlist/:code          — remove it (absent is no error) → WatchlistItem[]
 * - GET  /crypto/portfolio?currency=        — the caller's wallet valued in btc, usd or euro → Portfolio
 * - GET  /order-list                        — the caller's orders (SPEC §7; list + `cryptoOrderFilters`)
 * - GET  /crypto/orders/:id                 — one of them → CryptoOrder
 * - POST /crypto/orders                     — buy or sell (`cryptoOrderInput`, crypto.manage) → CryptoOrder
 * - POST /crypto/orders/:id/cancel          — cancel a Pending order (crypto.manage) → CryptoOrder
 * - GET  /transaction-list                  — the caller's deposits/withdrawals (SPEC §7; list + filters)
 * - POST /crypto/transactions               — deposit or withdraw (`walletTransactionInput`, manage)
 * - GET  /crypto/icos                       — ICO listings (list + `icoFilters`); GET /crypto/icos/:id
 * - POST /crypto/icos, PATCH|DELETE /crypto/icos/:id — edit them (crypto.manage; versioned records)
 * - GET  /crypto/ico-groups                 — the ICOs grouped Active, Ended, Upcoming, Trading → IcoGroup[]
 * - GET  /dashboard/crypto?period=&currency= — the crypto dashboard (dashboards.ts)
 * Mutations answer the mutation envelope `{ successCode, successMessage, data }`.
 * Live: each market tick sends `crypto.prices` to the sockets of users with crypto.view, and
 * `crypto.wallet` to an owner whose Pending order the tick filled.
 */

/** SPEC §2's portfolio selector: what the wallet's values are converted into. */
export const portfolioCurrencies = ['btc', 'usd', 'euro'] as const;
export type PortfolioCurrency = (typeof portfolioCurrencies)[number];
/**
 * Euros are converted at this fixed rate (US dollars for one euro): the simulated market has no
 * foreign-exchange pair.
 */
export const USD_PER_EURO = '1.08';
/** Decimals of a value in each portfolio currency. */
export const currencyDecimals: Record<PortfolioCurrency, number> = { btc: 8, usd: 2, euro: 2 };

export const cryptoOrderTypes = ['Buy', 'Sell'] as const;
export type CryptoOrderType = (typeof cryptoOrderTypes)[number];
export const cryptoOrderStatuses = ['Successful', 'Cancelled', 'Pending'] as const;
export type CryptoOrderStatus = (typeof cryptoOrderStatuses)[number];
/** A market order fills at once at the current price; a limit order waits for its price. */
export const cryptoOrderKinds = ['market', 'limit'] as const;
export type CryptoOrderKind = (typeof cryptoOrderKinds)[number];

export const transactionTypes = ['Deposit', 'Withdraw'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionStatuses = ['Processing', 'Success', 'Failed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
/** What a transaction moves: US dollars (cash), or a coin (by its code). */
export const CASH_CURRENCY = 'USD';

export const icoGroups = ['Active', 'Ended', 'Upcoming', 'Trading'] as const;
export type IcoGroupName = (typeof icoGroups)[number];

export const candleIntervals = ['1m', '1h', '1d'] as const;
export type CandleInterval = (typeof candleIntervals)[number];

/** Points of a watchlist sparkline: the hourly closes of the last day. */
export const SPARKLINE_POINTS = 24;
/** Decimals: cash (USD), coin quantities, coin prices. */
export const CASH_SCALE = 2;
export const QUANTITY_SCALE = 8;
export const PRICE_SCALE = 8;

/** A coin's code: 2 to 10 capital letters or digits ("BTC"). */
const coinCode = z
  .string('Choose a coin.')
  .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{2,10}$/, 'Choose a coin.'));
export const coinParams = z.object({ code: coinCode });

/** A positive decimal string (a number is accepted too) with at most `scale` decimals. */
const positiveDecimal = (label: string, scale: number, maxWhole: number) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number()], `${label} must be a number.`),
      z.transform((value: string | number) => String(value).trim()),
    ),
    z.string().check(
      z.regex(
        new RegExp(`^\\d{1,${maxWhole}}(\\.\\d{1,${scale}})?$`),
        `${label} must be a number with at most ${maxWhole} digits before the point and ${scale} after.`,
      ),
      z.refine((value) => /[1-9]/.test(value), `${label} must be more than 0.`),
    ),
  );

// ---------------------------------------------------------------------------------------------
// Coins, market, candles, watchlist

/** SPEC §3 crypto coin (label, coin code): what never changes with the market. */
export const coinRecord = z.object({
  code: z.string(),
  /** The SPEC's label: "Bitcoin". */
  name: z.string(),
  /** The coin's colour on charts (a CSS hex colour). */
  color: z.string(),
  /** Rank by market capitalisation: the market's default order. */
  rank: z.number(),
});
export type CoinRecord = z.infer<typeof coinRecord>;

/**
 * SPEC §3 market item: the coin with its last price and the last 24 hours' figures (high, low,
 * volume in USD, change in percent); `pairs` is "BTC/USD".
 */
export const marketItem = z.extend(coinRecord, {
  coinName: z.string(),
  pairs: z.string(),
  price: z.string(),
  high: z.string(),
  low: z.string(),
  /** Traded in the last 24 hours, in USD (2 decimals). */
  marketVolume: z.string(),
  /** Change over the last 24 hours, in percent (2 decimals). */
  percentage: z.number(),
  /** When the last price was set (the last tick). */
  updatedAt: timestamp,
});
export type MarketItem = z.infer<typeof marketItem>;

export const marketSortable = ['rank', 'coinName', 'price', 'percentage', 'marketVolume'] as const;
export const marketQuery = z.object({
  /** "rank" (default), "-percentage" (gainers first), … */
  ordering: z.optional(
    z.enum(
      [...marketSortable, ...marketSortable.map((field) => `-${field}` as const)],
      `Order by one of: ${marketSortable.join(', ')} (with - for descending).`,
    ),
  ),
  search: z.optional(text(60, 'The search is too long.')),
});
export type MarketQuery = z.input<typeof marketQuery>;

/** One candle: the bucket's start, open/high/low/close in USD, volume in USD. Numbers: for charts. */
export const candleRecord = z.object({
  t: timestamp,
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type CandleRecord = z.infer<typeof candleRecord>;

export const MAX_CANDLES = 1000;
export const candleQuery = z.object({
  interval: z._default(z.enum(candleIntervals, oneOf('The interval', candleIntervals)), '1h'),
  /** The last `limit` candles, oldest first. */
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(MAX_CANDLES, `limit must be at most ${MAX_CANDLES}.`),
      ),
    100,
  ),
});
export type CandleQuery = z.input<typeof candleQuery>;
export const candleSeries = z.object({
  code: z.string(),
  interval: z.enum(candleIntervals),
  candles: z.array(candleRecord),
});
export type CandleSeries = z.infer<typeof candleSeries>;

/** SPEC §3 watchlist coin: the market item and its sparkline (`series`: SPARKLINE_POINTS closes). */
export const watchlistItem = z.extend(marketItem, {
  series: z.array(z.number()),
  addedAt: timestamp,
});
export type WatchlistItem = z.infer<typeof watchlistItem>;
/** At most this many coins on a watchlist. */
export const MAX_WATCHLIST = 50;

// ---------------------------------------------------------------------------------------------
// Portfolio

export const portfolioQuery = z.object({
  currency: z._default(z.enum(portfolioCurrencies, oneOf('The currency', portfolioCurrencies)), 'usd'),
});
export type PortfolioQuery = z.input<typeof portfolioQuery>;

/**
 * SPEC §3 portfolio holding. Money fields are in the portfolio's currency: `avgPrice` (what one
 * coin cost on average), `value` (quantity × current price), `returns` (value − cost); `percentage`
 * is the return in percent of the cost, `share` the part of the holdings' value in percent. Values
 * have the currency's decimals (`currencyDecimals`); prices (`avgPrice`, `price`) up to 8.
 */
export const portfolioHolding = z.object({
  /** The coin's code (the SPEC's id and marketId). */
  code: z.string(),
  coinName: z.string(),
  color: z.string(),
  quantity: z.string(),
  /** Held back by Pending sell orders (part of `quantity`). */
  reserved: z.string(),
  avgPrice: z.string(),
  price: z.string(),
  value: z.string(),
  returns: z.string(),
  percentage: z.number(),
  share: z.number(),
});
export type PortfolioHolding = z.infer<typeof portfolioHolding>;

/**
 * The caller's wallet, valued in `currency` with the current prices. `cash` is the USD balance
 * (converted), `cashReserved` what Pending buy orders hold back of it; `total` = cash + holdings.
 */
export const portfolio = z.object({
  currency: z.enum(portfolioCurrencies),
  cash: z.string(),
  cashReserved: z.string(),
  /** The cash in US dollars, unconverted: what a buy may spend (minus the reserved). */
  cashUsd: z.string(),
  holdingsValue: z.string(),
  invested: z.string(),
  returns: z.string(),
  percentage: z.number(),
  total: z.string(),
  holdings: z.array(portfolioHolding),
  /** The prices' time (the last tick). */
  pricedAt: timestamp,
});
export type Portfolio = z.infer<typeof portfolio>;

// ---------------------------------------------------------------------------------------------
// Orders (GET /api/order-list)

/**
 * SPEC §3 crypto order. `price`: the limit price (a limit order) or the price it filled at (a
 * market order); `avgPrice`: the price it filled at (null while Pending or if Cancelled);
 * `orderValue`: quantity × (avgPrice, or the limit price while Pending), in USD.
 */
export const cryptoOrder = z.object({
  id: z.uuid(),
  /** When it was placed (the SPEC's date and time). */
  date: timestamp,
  coin: z.string(),
  coinName: z.string(),
  color: z.string(),
  type: z.enum(cryptoOrderTypes),
  kind: z.enum(cryptoOrderKinds),
  quantity: z.string(),
  price: z.string(),
  avgPrice: z.nullable(z.string()),
  orderValue: z.string(),
  status: z.enum(cryptoOrderStatuses),
  /** When it filled (Successful) or was cancelled; null while Pending. */
  closedAt: z.nullable(timestamp),
});
export type CryptoOrder = z.infer<typeof cryptoOrder>;

export const MAX_ORDER_QUANTITY_DIGITS = 9;
/**
 * Buy or sell `quantity` of `coin`. Without `limitPrice`: at the current price, at once. With it:
 * Pending until a tick's price reaches it (a buy at or below, a sell at or above), then filled at
 * the limit price; the cash (buy) or coins (sell) are reserved meanwhile.
 */
export const cryptoOrderInput = z.object({
  coin: coinCode,
  type: z.enum(cryptoOrderTypes, oneOf('The type', cryptoOrderTypes)),
  quantity: positiveDecimal('The quantity', QUANTITY_SCALE, MAX_ORDER_QUANTITY_DIGITS),
  limitPrice: z._default(z.nullable(positiveDecimal('The limit price', PRICE_SCALE, 12)), null),
});
export type CryptoOrderInput = z.input<typeof cryptoOrderInput>;

export const cryptoOrderSortable = [
  'date',
  'coin',
  'type',
  'quantity',
  'price',
  'orderValue',
  'status',
] as const;
export const cryptoOrderFilters = z.object({
  type: z.optional(z.enum(cryptoOrderTypes, oneOf('type', cryptoOrderTypes))),
  status: z.optional(z.enum(cryptoOrderStatuses, oneOf('status', cryptoOrderStatuses))),
  kind: z.optional(z.enum(cryptoOrderKinds, oneOf('kind', cryptoOrderKinds))),
  coin: z.optional(coinCode),
  dateFrom: z.optional(isoDate('dateFrom')),
  dateTo: z.optional(isoDate('dateTo')),
});
/** `ordering`: one of `cryptoOrderSortable` (default "-date"); `search`: the coin's code or name. */
export const cryptoOrderListQuery = z.extend(listQuery, cryptoOrderFilters.shape);
export type CryptoOrderListQuery = z.input<typeof cryptoOrderListQuery>;

// ---------------------------------------------------------------------------------------------
// Transactions (GET /api/transaction-list)

/**
 * SPEC §3 wallet transaction: a deposit to or a withdrawal from the wallet, of cash (`currency`
 * "USD") or of a coin. `amount` is in the currency, `amountUsd` (the SPEC's amount1) its value in
 * USD at the time; `from` (a deposit) or `to` (a withdrawal) names the outside account or
 * address, and the other is empty: the wallet itself.
 */
export const walletTransaction = z.object({
  id: z.uuid(),
  date: timestamp,
  type: z.enum(transactionTypes),
  currency: z.string(),
  /** The currency's name ("US Dollar", "Bitcoin"). */
  currencyName: z.string(),
  amount: z.string(),
  amountUsd: z.string(),
  status: z.enum(transactionStatuses),
  from: z.string(),
  to: z.string(),
  details: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/**
 * Deposit or withdraw: `currency` "USD" (cash, 2 decimals) or a coin's code (8 decimals). It
 * completes at once (Success); a withdrawal beyond what is free (not reserved) is refused (422).
 */
export const walletTransactionInput = z.object({
  type: z.enum(transactionTypes, oneOf('The type', transactionTypes)),
  currency: z._default(coinCode, CASH_CURRENCY),
  amount: positiveDecimal('The amount', QUANTITY_SCALE, 12),
  /** The outside account or address the money comes from (deposit) or goes to (withdrawal). */
  address: optionalText('address', 120),
  details: optionalText('details', 300),
});
export type WalletTransactionInput = z.input<typeof walletTransactionInput>;

export const transactionSortable = ['date', 'type', 'currency', 'amount', 'amountUsd', 'status'] as const;
export const transactionFilters = z.object({
  type: z.optional(z.enum(transactionTypes, oneOf('type', transactionTypes))),
  status: z.optional(z.enum(transactionStatuses, oneOf('status', transactionStatuses))),
  currency: z.optional(coinCode),
  dateFrom: z.optional(isoDate('dateFrom')),
  dateTo: z.optional(isoDate('dateTo')),
});
/** `ordering`: one of `transactionSortable` (default "-date"); `search`: currency, from, to, details. */
export const walletTransactionListQuery = z.extend(listQuery, transactionFilters.shape);
export type WalletTransactionListQuery = z.input<typeof walletTransactionListQuery>;

// ---------------------------------------------------------------------------------------------
// ICOs

/**
 * One ICO listing (a SPEC §3 ICO group's sub-item): label, caption, amount (raised, USD),
 * percentage (of the target reached), rating (0–5, one decimal), date (it starts, or ended),
 * ribbonNumber (the number on the card's ribbon, e.g. its rank; null: no ribbon).
 */
export const icoRecord = z.object({
  id: z.uuid(),
  label: z.string(),
  caption: z.string(),
  group: z.enum(icoGroups),
  amount: z.string(),
  percentage: z.number(),
  rating: z.number(),
  date: z.iso.date(),
  ribbonNumber: z.nullable(z.number()),
  color: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type IcoRecord = z.infer<typeof icoRecord>;

export const icoInput = z.object({
  version: versionInput,
  label: requiredText('name', 80),
  caption: optionalText('caption', 200),
  group: z.enum(icoGroups, oneOf('The group', icoGroups)),
  amount: positiveDecimal('The amount', CASH_SCALE, 13),
  percentage: z
    .number('The percentage must be a number.')
    .check(
      z.minimum(0, 'The percentage must be 0 to 100.'),
      z.maximum(100, 'The percentage must be 0 to 100.'),
    ),
  rating: z
    .number('The rating must be a number.')
    .check(z.minimum(0, 'The rating must be 0 to 5.'), z.maximum(5, 'The rating must be 0 to 5.')),
  date: isoDate('The date'),
  ribbonNumber: z._default(
    z.nullable(
      z
        .number('The ribbon number must be a number.')
        .check(
          z.int('The ribbon number must be a whole number.'),
          z.minimum(1, 'The ribbon number must be at least 1.'),
          z.maximum(999, 'The ribbon number must be at most 999.'),
        ),
    ),
    null,
  ),
  color: z._default(
    z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour (#1a2b3c).')),
    '#4b38b3',
  ),
});
export type IcoInput = z.input<typeof icoInput>;
export const icoInputOf = (record: IcoRecord): IcoInput => ({
  label: record.label,
  caption: record.caption,
  group: record.group,
  amount: record.amount,
  percentage: record.percentage,
  rating: record.rating,
  date: record.date,
  ribbonNumber: record.ribbonNumber,
  color: record.color,
});

export const icoFilters = z.object({
  group: z.optional(z.enum(icoGroups, oneOf('group', icoGroups))),
});

/** SPEC §3 ICO group: a title (the group) and its listings, in `icoGroups` order. */
export const icoGroup = z.object({ title: z.enum(icoGroups), subItems: z.array(icoRecord) });
export type IcoGroup = z.infer<typeof icoGroup>;

// ---------------------------------------------------------------------------------------------
// Live messages

/** A coin's new price, sent with each tick. */
export const livePrice = z.object({ code: z.string(), price: z.string(), percentage: z.number() });
export type LivePrice = z.infer<typeof livePrice>;

export type CryptoLiveMessage =
  /** The market moved (a tick): every coin's last price and 24-hour change. */
  | { type: 'crypto.prices'; step: number; at: string; prices: LivePrice[] }
  /** The tick filled one of the user's Pending orders: refetch the wallet (orders, portfolio). */
  | { type: 'crypto.wallet' };

export const cryptoMessages = {
  orderAdded: 'Order',
  orderCancelled: 'Order cancelled',
  transactionAdded: 'Transaction',
  icoLabel: 'ICO',
  unknownCoin: 'There is no such coin.',
  notTradable: 'This coin cannot be traded.',
  notPending: 'Only a pending order can be cancelled.',
  notEnoughCash: (needed: string, free: string) =>
    `Not enough cash: this needs $${needed} and $${free} is available.`,
  notEnoughCoins: (code: string, needed: string, free: string) =>
    `Not enough ${code}: this needs ${needed} and ${free} is available.`,
  tooSmall: 'The order is worth less than one cent.',
  tooLarge: 'The amount is too large.',
  tooManyWatched: `At most ${MAX_WATCHLIST} coins on a watchlist.`,
} as const;
