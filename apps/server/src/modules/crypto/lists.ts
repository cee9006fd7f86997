import type {
  CryptoOrder,
  cryptoOrderListQuery,
  WalletTransaction,
  walletTransactionListQuery,
} from '@ledgerdesk/contracts';
import { and, eq, ilike, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { cryptoCoins, cryptoOrders, cryptoTransactions } from '../../db/schema';
import { containsPattern, listPage, orderingOf, type Page } from '../../resources/list';
import { orderRecords, transactionRecords } from './wallet';

/*
 * GET /api/order-list and /api/transaction-list (SPEC §7): the caller's own orders and
 * transactions, paged, ordered, searched and filtered like every list (resources/list.ts). A wallet
 * is personal: the user's id is part of every condition, and every ordering has an index that
 * starts with it.
 */

/** Rows created on or after the start of `from`, before the end of `to` (UTC days). */
function dateRange(column: SQLWrapper, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${from}::date::timestamptz`);
  if (to) conditions.push(sql`${column} < (${to}::date + 1)::timestamptz`);
  return conditions;
}

/** The codes of the coins whose code or name contains the term. */
const coinsMatching = (pattern: string) =>
  sql`(select ${cryptoCoins.code} from ${cryptoCoins} where ${cryptoCoins.code} ilike ${pattern} or ${cryptoCoins.name} ilike ${pattern})`;

export async function orderList(
  db: Database,
  userId: string,
  query: z.output<typeof cryptoOrderListQuery>,
): Promise<Page<CryptoOrder>> {
  const o = cryptoOrders;
  const where = and(
    eq(o.userId, userId),
    query.type ? eq(o.type, query.type) : undefined,
    query.status ? eq(o.status, query.status) : undefined,
    query.kind ? eq(o.kind, query.kind) : undefined,
    query.coin ? eq(o.coin, query.coin) : undefined,
    ...dateRange(o.createdAt, query.dateFrom, query.dateTo),
    query.search ? inArray(o.coin, coinsMatching(containsPattern(query.search))) : undefined,
  );
  const sortable = {
    date: o.createdAt,
    coin: o.coin,
    type: o.type,
    quantity: o.quantity,
    price: o.price,
    orderValue: o.orderValue,
    status: o.status,
  };
  const order = orderingOf(query.ordering, sortable, '-date', o.id);
  return listPage(db, o, { where, order, query }, (rows) => orderRecords(db, rows));
}

export async function transactionList(
  db: Database,
  userId: string,
  query: z.output<typeof walletTransactionListQuery>,
): Promise<Page<WalletTransaction>> {
  const t = cryptoTransactions;
  const pattern = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(t.userId, userId),
    query.type ? eq(t.type, query.type) : undefined,
    query.status ? eq(t.status, query.status) : undefined,
    query.currency ? eq(t.currency, query.currency) : undefined,
    ...dateRange(t.createdAt, query.dateFrom, query.dateTo),
    pattern
      ? or(
          inArray(t.currency, coinsMatching(pattern)),
          ilike(t.currency, pattern),
          ilike(t.fromAddress, pattern),
          ilike(t.toAddress, pattern),
          ilike(t.details, pattern),
        )
      : undefined,
  );
  const sortable = {
    date: t.createdAt,
    type: t.type,
    currency: t.currency,
    amount: t.amount,
    amountUsd: t.amountUsd,
    status: t.status,
  };
  const order = orderingOf(query.ordering, sortable, '-date', t.id);
  return listPage(db, t, { where, order, query }, (rows) => transactionRecords(db, rows));
}
