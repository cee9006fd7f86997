import {
  ecommerceMessages,
  type SellerRecord,
  sellerFilters,
  sellerInput,
  sellerInputOf,
  sellerRecord,
  stockHoldingStatuses,
} from '@ledgerdesk/contracts';
import { and, count, eq, inArray, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderLines, orders, products, sellers } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { assertUnreferenced } from '../../resources/records';
import { qualified, referenceCount } from '../../resources/refs';

/** Each seller's products, and the sales of them in orders that hold stock, for a page of sellers. */
async function sellerFigures(db: Database, ids: string[]) {
  if (ids.length === 0)
    return { productCounts: new Map<string, number>(), revenue: new Map<string, string>() };
  // One after another: `db` may be a transaction, which runs one query at a time.
  const counted = await db
    .select({ id: products.sellerId, n: count() })
    .from(products)
    .where(inArray(products.sellerId, ids))
    .groupBy(products.sellerId);
  const sold = await db
    .select({ id: orderLines.sellerId, total: sum(orderLines.total) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.sellerId, ids), inArray(orders.status, [...stockHoldingStatuses])))
    .groupBy(orderLines.sellerId);
  return {
    productCounts: new Map(counted.map((r) => [r.id ?? '', r.n])),
    revenue: new Map(sold.map((r) => [r.id ?? '', r.total ?? '0.00'])),
  };
}

/** A seller's revenue as sellerFigures counts it, as SQL: for ordering the sellers by it. */
const sellerRevenue = sql`(select coalesce(sum(${qualified(orderLines.total)}), 0) from ${orderLines} join ${orders} on ${qualified(orders.id)} = ${qualified(orderLines.orderId)} where ${qualified(orderLines.sellerId)} = ${qualified(sellers.id)} and ${qualified(orders.status)} in ${[...stockHoldingStatuses]})`;

/** Sellers: the stores whose products the catalogue holds. `GET /api/sellers` reads the same list. */
export function sellerResource(): ResourceDefinition<
  typeof sellers,
  SellerRecord,
  typeof sellerInput,
  typeof sellerFilters
> {
  return {
    entity: 'seller',
    label: 'Seller',
    area: 'ecommerce',
    path: '/api/apps/seller',
    aliases: { list: ['/api/sellers'] },
    table: sellers,
    record: sellerRecord,
    input: sellerInput,
    filters: sellerFilters,
    where: (f) => [f.location ? eq(sellers.location, f.location) : undefined],
    search: [
      sql`(${sellers.name} || ' ' || ${sellers.company} || ' ' || ${sellers.email} || ' ' || ${sellers.location})`,
    ],
    sortable: {
      name: sellers.name,
      company: sellers.company,
      location: sellers.location,
      joinedDate: sellers.joinedDate,
      productsCount: referenceCount(products.sellerId, sellers.id),
      revenue: sellerRevenue,
      createdAt: sellers.createdAt,
    },
    defaultOrdering: 'company',
    conflicts: { sellers_email_key: { field: 'email', message: ecommerceMessages.sellerEmailTaken } },
    async toRecords(db, rows) {
      const { productCounts, revenue } = await sellerFigures(
        db,
        rows.map((s) => s.id),
      );
      return rows.map((s) => ({
        _id: s.id,
        name: s.name,
        company: s.company,
        email: s.email,
        phone: s.phone,
        location: s.location,
        joinedDate: s.joinedDate,
        productsCount: productCounts.get(s.id) ?? 0,
        revenue: revenue.get(s.id) ?? '0.00',
        createdAt: s.createdAt.toISOString(),
        updatedAt: s.updatedAt.toISOString(),
        version: s.version,
      }));
    },
    toColumns: (input) => ({ ...input }),
    toInput: sellerInputOf,
    beforeDelete: (db, id) =>
      assertUnreferenced(db, products.sellerId, id, ecommerceMessages.sellerHasProducts),
    csv: {
      id: (s) => s._id,
      name: (s) => s.name,
      company: (s) => s.company,
      email: (s) => s.email,
      phone: (s) => s.phone,
      location: (s) => s.location,
      joinedDate: (s) => s.joinedDate,
      products: (s) => String(s.productsCount),
      revenue: (s) => s.revenue,
    },
  };
}
