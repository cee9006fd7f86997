import {
  CASH_CURRENCY,
  CASH_SCALE,
  type CryptoOrder,
  cryptoMessages,
  type cryptoOrderInput,
  errorCodes,
  fromScaled,
  type Portfolio,
  type PortfolioCurrency,
  PRICE_SCALE,
  QUANTITY_SCALE,
  type WalletTransaction,
  type walletTransactionInput,
} from '@ledgerdesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import {
  cryptoCoins,
  cryptoHoldings,
  cryptoOrders,
  cryptoTransactions,
  cryptoWallets,
} from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  cents,
  centsText,
  convertUsd,
  percentOf,
  priceText,
  priceUnits,
  quantityText,
  quantityUnits,
  valueInCents,
} from './money';

/*
 * A user's wallet: USD cash, coin holdings, orders and transactions. The money rules hold in the
 * database, whatever runs at once: every debit is one conditional UPDATE ("… where cash −
 * reserved ≥ amount"), so that two sells of the same coins, or two buys with the same cash, can
 * never both pass (the second waits for the first's row lock, then finds too little); the CHECK
 * constraints of the tables are the last line. Pending orders reserve what they would spend.
 */

type OrderRow = typeof cryptoOrders.$inferSelect;
type CoinRow = typeof cryptoCoins.$inferSelect;

/** 422: the request is well formed but the wallet cannot do it (the field named). */
const refused = (field: string, message: string) =>
  new AppError(422, errorCodes.validation, message, { [field]: message });

/** The coin by code, or a 400 naming the field. */
export async function coinOf(db: Database, code: string, field: string): Promise<CoinRow> {
  const [coin] = await db.select().from(cryptoCoins).where(eq(cryptoCoins.code, code)).limit(1);
  if (!coin) throw AppError.badRequest(cryptoMessages.unknownCoin, { [field]: cryptoMessages.unknownCoin });
  return coin;
}

const ensureWallet = (db: Database, userId: string) =>
  db.insert(cryptoWallets).values({ userId }).onConflictDoNothing();

async function freeCash(db: Database, userId: string): Promise<bigint> {
  const [wallet] = await db
    .select({ free: sql<string>`${cryptoWallets.cash} - ${cryptoWallets.cashReserved}` })
    .from(cryptoWallets)
    .where(eq(cryptoWallets.userId, userId));
  return wallet ? cents(wallet.free) : 0n;
}

async function freeCoins(db: Database, userId: string, coin: string): Promise<bigint> {
  const [holding] = await db
    .select({ free: sql<string>`${cryptoHoldings.quantity} - ${cryptoHoldings.reserved}` })
    .from(cryptoHoldings)
    .where(and(eq(cryptoHoldings.userId, userId), eq(cryptoHoldings.coin, coin)));
  return holding ? quantityUnits(holding.free) : 0n;
}

/**
 * Takes `amount` of the wallet's free cash (`reserve`: holds it back for a Pending order instead
 * of spending it), or refuses with 422 naming `field`.
 */
async function debitCash(db: Database, userId: string, amount: bigint, field: string, reserve = false) {
  const value = centsText(amount);
  const change = reserve
    ? { cashReserved: sql`${cryptoWallets.cashReserved} + ${value}::numeric` }
    : { cash: sql`${cryptoWallets.cash} - ${value}::numeric` };
  const [done] = await db
    .update(cryptoWallets)
    .set({ ...change, updatedAt: sql`now()` })
    .where(
      and(
        eq(cryptoWallets.userId, userId),
        sql`${cryptoWallets.cash} - ${cryptoWallets.cashReserved} >= ${value}::numeric`,
      ),
    )
    .returning({ userId: cryptoWallets.userId });
  if (!done) {
    const free = await freeCash(db, userId);
    throw refused(field, cryptoMessages.notEnoughCash(value, centsText(free < 0n ? 0n : free)));
  }
}

/** Adds cash (`release`: the part of it that a Pending order had reserved, spent now or given back). */
async function creditCash(db: Database, userId: string, amount: bigint, release: bigint = 0n) {
  await ensureWallet(db, userId);
  await db
    .update(cryptoWallets)
    .set({
      cash: sql`${cryptoWallets.cash} + ${centsText(amount)}::numeric`,
      cashReserved: sql`${cryptoWallets.cashReserved} - ${centsText(release)}::numeric`,
      updatedAt: sql`now()`,
    })
    .where(eq(cryptoWallets.userId, userId));
}

/** Takes `quantity` of the coin from the free holding (`reserve`: holds it back), or refuses (422). */
async function debitCoins(
  db: Database,
  userId: string,
  coin: string,
  quantity: string,
  field: string,
  reserve = false,
) {
  const change = reserve
    ? { reserved: sql`${cryptoHoldings.reserved} + ${quantity}::numeric` }
    : { quantity: sql`${cryptoHoldings.quantity} - ${quantity}::numeric` };
  const [done] = await db
    .update(cryptoHoldings)
    .set(change)
    .where(
      and(
        eq(cryptoHoldings.userId, userId),
        eq(cryptoHoldings.coin, coin),
        sql`${cryptoHoldings.quantity} - ${cryptoHoldings.reserved} >= ${quantity}::numeric`,
      ),
    )
    .returning({ quantity: cryptoHoldings.quantity });
  if (!done) {
    const free = await freeCoins(db, userId, coin);
    const freeText = fromScaled(free < 0n ? 0n : free, QUANTITY_SCALE, true);
    throw refused(field, cryptoMessages.notEnoughCoins(coin, quantityText(quantity), freeText));
  }
  if (!reserve) await dropEmptyHolding(db, userId, coin);
}

const dropEmptyHolding = (db: Database, userId: string, coin: string) =>
  db
    .delete(cryptoHoldings)
    .where(
      and(
        eq(cryptoHoldings.userId, userId),
        eq(cryptoHoldings.coin, coin),
        sql`${cryptoHoldings.quantity} = 0 and ${cryptoHoldings.reserved} = 0`,
      ),
    );

/** Adds coins bought (or deposited) at `price`: the average price becomes the weighted one. */
async function creditCoins(db: Database, userId: string, coin: string, quantity: string, price: string) {
  await db
    .insert(cryptoHoldings)
    .values({ userId, coin, quantity, avgPrice: price })
    .onConflictDoUpdate({
      target: [cryptoHoldings.userId, cryptoHoldings.coin],
      set: {
        avgPrice: sql`round((${cryptoHoldings.quantity} * ${cryptoHoldings.avgPrice} + excluded.quantity * excluded.avg_price) / (${cryptoHoldings.quantity} + excluded.quantity), ${PRICE_SCALE})`,
        quantity: sql`${cryptoHoldings.quantity} + excluded.quantity`,
      },
    });
}

/** Gives back the cash or coins a Pending order reserved. */
async function releaseReserve(db: Database, order: OrderRow) {
  if (order.type === 'Buy') {
    await db
      .update(cryptoWallets)
      .set({
        cashReserved: sql`${cryptoWallets.cashReserved} - ${order.orderValue}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(eq(cryptoWallets.userId, order.userId));
  } else {
    await db
      .update(cryptoHoldings)
      .set({ reserved: sql`${cryptoHoldings.reserved} - ${order.quantity}::numeric` })
      .where(and(eq(cryptoHoldings.userId, order.userId), eq(cryptoHoldings.coin, order.coin)));
  }
}

/**
 * A Pending limit order whose price a tick reached, filled at its limit price (the one reserved):
 * the buyer's reserved cash is spent and the coins credited, or the seller's reserved coins leave
 * and the cash comes in. The caller holds the order's row lock (for update skip locked).
 */
export async function fillPendingOrder(db: Database, order: OrderRow, at: Date) {
  const value = cents(order.orderValue);
  if (order.type === 'Buy') {
    await db
      .update(cryptoWallets)
      .set({
        cash: sql`${cryptoWallets.cash} - ${order.orderValue}::numeric`,
        cashReserved: sql`${cryptoWallets.cashReserved} - ${order.orderValue}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(eq(cryptoWallets.userId, order.userId));
    await creditCoins(db, order.userId, order.coin, order.quantity, order.price);
  } else {
    await db
      .update(cryptoHoldings)
      .set({
        quantity: sql`${cryptoHoldings.quantity} - ${order.quantity}::numeric`,
        reserved: sql`${cryptoHoldings.reserved} - ${order.quantity}::numeric`,
      })
      .where(and(eq(cryptoHoldings.userId, order.userId), eq(cryptoHoldings.coin, order.coin)));
    await dropEmptyHolding(db, order.userId, order.coin);
    await creditCash(db, order.userId, value);
  }
  await db
    .update(cryptoOrders)
    .set({ status: 'Successful', avgPrice: order.price, closedAt: at })
    .where(eq(cryptoOrders.id, order.id));
}

// ---------------------------------------------------------------------------------------------
// Records

const orderColumns = {
  order: cryptoOrders,
  coinName: cryptoCoins.name,
  color: cryptoCoins.color,
};

export function orderRecordOf(row: { order: OrderRow; coinName: string; color: string }): CryptoOrder {
  const { order } = row;
  return {
    id: order.id,
    date: order.createdAt.toISOString(),
    coin: order.coin,
    coinName: row.coinName,
    color: row.color,
    type: order.type as CryptoOrder['type'],
    kind: order.kind as CryptoOrder['kind'],
    quantity: quantityText(order.quantity),
    price: priceText(order.price),
    avgPrice: order.avgPrice === null ? null : priceText(order.avgPrice),
    orderValue: order.orderValue,
    status: order.status as CryptoOrder['status'],
    closedAt: order.closedAt?.toISOString() ?? null,
  };
}

/** Orders as records (their coins' names and colours read at once). */
export async function orderRecords(db: Database, rows: OrderRow[]): Promise<CryptoOrder[]> {
  const codes = [...new Set(rows.map((row) => row.coin))];
  const coins = codes.length
    ? await db
        .select({ code: cryptoCoins.code, name: cryptoCoins.name, color: cryptoCoins.color })
        .from(cryptoCoins)
        .where(inArray(cryptoCoins.code, codes))
    : [];
  const byCode = new Map(coins.map((coin) => [coin.code, coin]));
  return rows.map((order) =>
    orderRecordOf({
      order,
      coinName: byCode.get(order.coin)?.name ?? order.coin,
      color: byCode.get(order.coin)?.color ?? '',
    }),
  );
}

type TransactionRow = typeof cryptoTransactions.$inferSelect;
export async function transactionRecords(db: Database, rows: TransactionRow[]): Promise<WalletTransaction[]> {
  const codes = [...new Set(rows.map((row) => row.currency).filter((code) => code !== CASH_CURRENCY))];
  const coins = codes.length
    ? await db
        .select({ code: cryptoCoins.code, name: cryptoCoins.name })
        .from(cryptoCoins)
        .where(inArray(cryptoCoins.code, codes))
    : [];
  const names = new Map(coins.map((coin) => [coin.code, coin.name]));
  return rows.map((row) => ({
    id: row.id,
    date: row.createdAt.toISOString(),
    type: row.type as WalletTransaction['type'],
    currency: row.currency,
    currencyName: row.currency === CASH_CURRENCY ? 'US Dollar' : (names.get(row.currency) ?? row.currency),
    amount:
      row.currency === CASH_CURRENCY ? centsText(cents(quantityText(row.amount))) : quantityText(row.amount),
    amountUsd: row.amountUsd,
    status: row.status as WalletTransaction['status'],
    from: row.fromAddress,
    to: row.toAddress,
    details: row.details,
  }));
}

/** The caller's wallet valued in `currency` with the coins' last prices. */
export async function portfolioOf(
  db: Database,
  userId: string,
  currency: PortfolioCurrency,
): Promise<Portfolio> {
  const [walletRows, holdings, btc, latest] = await Promise.all([
    db.select().from(cryptoWallets).where(eq(cryptoWallets.userId, userId)),
    db
      .select({
        code: cryptoHoldings.coin,
        coinName: cryptoCoins.name,
        color: cryptoCoins.color,
        rank: cryptoCoins.rank,
        quantity: cryptoHoldings.quantity,
        reserved: cryptoHoldings.reserved,
        avgPrice: cryptoHoldings.avgPrice,
        price: cryptoCoins.price,
      })
      .from(cryptoHoldings)
      .innerJoin(cryptoCoins, eq(cryptoCoins.code, cryptoHoldings.coin))
      .where(eq(cryptoHoldings.userId, userId))
      .orderBy(cryptoCoins.rank),
    db.select({ price: cryptoCoins.price }).from(cryptoCoins).where(eq(cryptoCoins.code, 'BTC')),
    db.select({ at: sql<Date>`max(${cryptoCoins.priceAt})` }).from(cryptoCoins),
  ]);
  const btcPrice = btc[0]?.price ?? '0';
  const wallet = walletRows[0];
  // Amounts in USD at 16 decimals (quantity × price exactly), converted once at the end.
  const exact = 10n ** BigInt(QUANTITY_SCALE + PRICE_SCALE - CASH_SCALE);
  const money = (usd16: bigint) => convertUsd(usd16, QUANTITY_SCALE + PRICE_SCALE, currency, btcPrice);
  const unitPrice = (usd8: string) =>
    convertUsd(priceUnits(usd8), PRICE_SCALE, currency, btcPrice, PRICE_SCALE);
  const valued = holdings.map((h) => {
    const quantity = quantityUnits(h.quantity);
    const value = quantity * priceUnits(h.price);
    const cost = quantity * priceUnits(h.avgPrice);
    return { h, value, cost };
  });
  const holdingsValue = valued.reduce((sum, v) => sum + v.value, 0n);
  const invested = valued.reduce((sum, v) => sum + v.cost, 0n);
  const cash = (wallet ? cents(wallet.cash) : 0n) * exact;
  const cashReserved = (wallet ? cents(wallet.cashReserved) : 0n) * exact;
  return {
    currency,
    cash: money(cash),
    cashReserved: money(cashReserved),
    cashUsd: wallet?.cash ?? '0.00',
    holdingsValue: money(holdingsValue),
    invested: money(invested),
    returns: money(holdingsValue - invested),
    percentage: percentOf(holdingsValue - invested, invested),
    total: money(holdingsValue + cash),
    holdings: valued.map(({ h, value, cost }) => ({
      code: h.code,
      coinName: h.coinName,
      color: h.color,
      quantity: quantityText(h.quantity),
      reserved: quantityText(h.reserved),
      avgPrice: priceText(unitPrice(h.avgPrice)),
      price: priceText(unitPrice(h.price)),
      value: money(value),
      returns: money(value - cost),
      percentage: percentOf(value - cost, cost),
      share: percentOf(value, holdingsValue),
    })),
    pricedAt: new Date(latest[0]?.at ?? Date.now()).toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The wallet's operations

export function createWallet(deps: { db: Database; audit: AuditLog }) {
  const { db, audit } = deps;

  async function orderById(executor: Database, userId: string, id: string): Promise<CryptoOrder> {
    const [row] = await executor
      .select(orderColumns)
      .from(cryptoOrders)
      .innerJoin(cryptoCoins, eq(cryptoCoins.code, cryptoOrders.coin))
      .where(and(eq(cryptoOrders.id, id), eq(cryptoOrders.userId, userId)));
    if (!row) throw AppError.notFound();
    return orderRecordOf(row);
  }

  /**
   * Buy or sell. A market order (no limit), or a limit order its price already reached, fills at
   * once at the current price (Successful); another limit order waits (Pending) with the cash or
   * coins it needs reserved, until a tick reaches its price or its owner cancels it.
   */
  async function placeOrder(actor: Actor & { id: string }, input: z.output<typeof cryptoOrderInput>) {
    return db.transaction(async (tx) => {
      const executor = tx as Database;
      const coin = await coinOf(executor, input.coin, 'coin');
      const userId = actor.id;
      const quantity = input.quantity;
      const limit = input.limitPrice;
      const market = coin.price;
      const reached =
        limit !== null &&
        (input.type === 'Buy'
          ? priceUnits(market) <= priceUnits(limit)
          : priceUnits(market) >= priceUnits(limit));
      const fillsNow = limit === null || reached;
      const price = fillsNow ? market : limit;
      const value = valueInCents(quantity, price);
      if (value < 1n) throw refused('quantity', cryptoMessages.tooSmall);
      if (value >= 10n ** 17n) throw refused('quantity', cryptoMessages.tooLarge);
      await ensureWallet(executor, userId);
      if (input.type === 'Buy') {
        if (fillsNow) {
          await debitCash(executor, userId, value, 'quantity');
          await creditCoins(executor, userId, coin.code, quantity, market);
        } else {
          await debitCash(executor, userId, value, 'quantity', true);
        }
      } else {
        await debitCoins(executor, userId, coin.code, quantity, 'quantity', !fillsNow);
        if (fillsNow) await creditCash(executor, userId, value);
      }
      const [order] = await executor
        .insert(cryptoOrders)
        .values({
          userId,
          coin: coin.code,
          type: input.type,
          kind: limit === null ? 'market' : 'limit',
          quantity,
          price: limit ?? market,
          avgPrice: fillsNow ? market : null,
          orderValue: centsText(value),
          status: fillsNow ? 'Successful' : 'Pending',
          closedAt: fillsNow ? sql`now()` : null,
        })
        .returning();
      if (!order) throw new Error('crypto order insert returned nothing');
      const record = orderRecordOf({ order, coinName: coin.name, color: coin.color });
      await audit.record(executor, actor, {
        action: 'create',
        entity: 'cryptoOrder',
        key: order.id,
        after: record,
      });
      return record;
    });
  }

  /** Cancels one's Pending order and gives back what it reserved; any other status: 422. */
  async function cancelOrder(actor: Actor & { id: string }, id: string) {
    return db.transaction(async (tx) => {
      const executor = tx as Database;
      const [order] = await executor
        .update(cryptoOrders)
        .set({ status: 'Cancelled', closedAt: sql`now()` })
        .where(
          and(eq(cryptoOrders.id, id), eq(cryptoOrders.userId, actor.id), eq(cryptoOrders.status, 'Pending')),
        )
        .returning();
      if (!order) {
        const current = await orderById(executor, actor.id, id);
        throw refused('status', `${cryptoMessages.notPending} (${current.status})`);
      }
      await releaseReserve(executor, order);
      await dropEmptyHolding(executor, order.userId, order.coin);
      const after = await orderById(executor, actor.id, id);
      await audit.record(executor, actor, {
        action: 'update',
        entity: 'cryptoOrder',
        key: id,
        before: { status: 'Pending' },
        after: { status: after.status },
      });
      return after;
    });
  }

  /**
   * A deposit or withdrawal of cash (USD, cents) or of a coin (its current price is the deposit's
   * cost). It completes at once; a withdrawal beyond what is free (not reserved) is a 422.
   */
  async function transact(actor: Actor & { id: string }, input: z.output<typeof walletTransactionInput>) {
    return db.transaction(async (tx) => {
      const executor = tx as Database;
      const userId = actor.id;
      const isCash = input.currency === CASH_CURRENCY;
      let amountUsd: bigint;
      if (isCash) {
        if (!/^\d+(\.\d{1,2})?$/.test(input.amount)) {
          const message = 'An amount of US dollars has at most 2 decimals.';
          throw AppError.badRequest(message, { amount: message });
        }
        amountUsd = cents(input.amount);
        if (amountUsd >= 10n ** 16n) throw refused('amount', cryptoMessages.tooLarge);
        if (input.type === 'Deposit') await creditCash(executor, userId, amountUsd);
        else {
          await ensureWallet(executor, userId);
          await debitCash(executor, userId, amountUsd, 'amount');
        }
      } else {
        const coin = await coinOf(executor, input.currency, 'currency');
        amountUsd = valueInCents(input.amount, coin.price);
        if (amountUsd >= 10n ** 17n) throw refused('amount', cryptoMessages.tooLarge);
        if (input.type === 'Deposit')
          await creditCoins(executor, userId, coin.code, input.amount, coin.price);
        else await debitCoins(executor, userId, coin.code, input.amount, 'amount');
      }
      const [row] = await executor
        .insert(cryptoTransactions)
        .values({
          userId,
          type: input.type,
          currency: input.currency,
          amount: input.amount,
          amountUsd: centsText(amountUsd),
          status: 'Success',
          fromAddress: input.type === 'Deposit' ? input.address : '',
          toAddress: input.type === 'Withdraw' ? input.address : '',
          details: input.details,
        })
        .returning();
      if (!row) throw new Error('crypto transaction insert returned nothing');
      const [record] = await transactionRecords(executor, [row]);
      if (!record) throw new Error('crypto transaction record missing');
      await audit.record(executor, actor, {
        action: 'create',
        entity: 'cryptoTransaction',
        key: row.id,
        after: record,
      });
      return record;
    });
  }

  const portfolio = (userId: string, currency: PortfolioCurrency) => portfolioOf(db, userId, currency);

  return { placeOrder, cancelOrder, transact, portfolio, orderById };
}
export type Wallet = ReturnType<typeof createWallet>;
