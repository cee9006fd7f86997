import {
  ecommerceMessages,
  errorCodes,
  fromScaled,
  type OrderRecord,
  type OrderStatus,
  orderFilters,
  orderInput,
  orderInputOf,
  orderRecord,
  orderStatuses,
  orderTotals,
  paymentMethods,
  stockHoldingStatuses,
  toScaled,
} from '@ledgerdesk/contracts';
import { and, asc, eq, exists, gte, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { customers, orderEvents, orderLines, orders, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { nextVersion } from '../../lib/versions';
import type { ResourceDefinition } from '../../resources/engine';
import { referencedValue } from '../../resources/refs';
import type { UsersService } from '../users/service';
import { mainPicture, productPictures } from './products.resource';

type Input = z.output<typeof orderInput>;
type LineInput = Input['lines'][number];

const holds = (status: OrderStatus) => stockHoldingStatuses.includes(status);
const orderCode = (n: number) => `#LD${n}`;
/**
 * Midnight UTC after the day `date` (YYYY-MM-DD), computed by the database: in JavaScript the day
 * after 9999-12-31 is written "+010000-01-01…", which PostgreSQL does not read.
 */
const nextDay = (date: string) => sql`((${date}::date + 1)::timestamp at time zone 'UTC')`;

/** What a line asks for, to tell whether an update changes the lines. */
const lineKey = (l: { productId: string | null; quantity: number; color: string; size: string }) =>
  JSON.stringify([l.productId, l.quantity, l.color, l.size]);

/** Quantities per product, in id order (so that concurrent orders lock products in one order). */
function quantitiesOf(lines: { productId: string | null; quantity: number }[]): [string, number][] {
  const byProduct = new Map<string, number>();
  for (const l of lines) {
    if (l.productId) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  }
  return [...byProduct].sort(([a], [b]) => a.localeCompare(b));
}

/** The products of new lines, each published, at today's price; field errors name the line. */
async function priceLines(db: Database, lines: LineInput[]) {
  const ids = [...new Set(lines.map((l) => l.productId))];
  const found = await db
    .select({
      id: products.id,
      name: products.name,
      category: products.category,
      price: products.price,
      type: products.type,
      sellerId: products.sellerId,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  const fieldErrors: Record<string, string> = {};
  const priced = lines.map((line, i) => {
    const product = byId.get(line.productId);
    if (!product) fieldErrors[`lines.${i}.productId`] = ecommerceMessages.unknownProduct;
    else if (product.type !== 'published')
      fieldErrors[`lines.${i}.productId`] = ecommerceMessages.unpublishedProduct;
    return { line, product };
  });
  const first = Object.values(fieldErrors)[0];
  if (first) throw AppError.badRequest(first, fieldErrors);
  assertPricesSeen(priced);
  return priced.map(({ line, product }) => ({ ...line, product: product as NonNullable<typeof product> }));
}

/**
 * Checkout sends the price the buyer saw with each line: an order is not placed at a price they did
 * not see. A 409 STALE_RECORD names each line whose product costs another price now; `current`
 * holds those products as they are, for the cart to show.
 */
function assertPricesSeen(
  lines: { line: LineInput; product?: { id: string; name: string; price: string; type: string } }[],
) {
  const fieldErrors: Record<string, string> = {};
  const changed: { _id: string; name: string; price: string; type: string }[] = [];
  lines.forEach(({ line, product }, i) => {
    if (!product || line.priceSeen === undefined) return;
    if (toScaled(line.priceSeen, 2) === toScaled(product.price, 2)) return;
    fieldErrors[`lines.${i}.priceSeen`] = ecommerceMessages.priceChanged(
      product.name,
      line.priceSeen,
      product.price,
    );
    changed.push({ _id: product.id, name: product.name, price: product.price, type: product.type });
  });
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError(409, errorCodes.stale, first, fieldErrors, undefined, { products: changed });
}

/**
 * Takes the lines' quantities out of stock, and counts the order on each product; a 409 naming the
 * first line that asks for more than is left. The conditional UPDATE makes it safe under concurrency.
 */
async function takeStock(db: Database, lines: { productId: string | null; quantity: number }[]) {
  for (const [productId, quantity] of quantitiesOf(lines)) {
    const [taken] = await db
      .update(products)
      .set({
        stock: sql`${products.stock} - ${quantity}`,
        ordersCount: sql`${products.ordersCount} + 1`,
        // The stock changed: a product form still showing the old stock must not put it back.
        version: nextVersion(products.version),
      })
      .where(and(eq(products.id, productId), gte(products.stock, quantity)))
      .returning({ id: products.id });
    if (taken) continue;
    const [product] = await db
      .select({ name: products.name, stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    const message = ecommerceMessages.outOfStock(product?.name ?? 'This product', product?.stock ?? 0);
    const index = lines.findIndex((l) => l.productId === productId);
    throw AppError.conflict(message, { [`lines.${index}.quantity`]: message });
  }
}

/** Gives the lines' quantities back to stock, and uncounts the order. */
async function releaseStock(db: Database, lines: { productId: string | null; quantity: number }[]) {
  for (const [productId, quantity] of quantitiesOf(lines)) {
    await db
      .update(products)
      .set({
        stock: sql`${products.stock} + ${quantity}`,
        ordersCount: sql`greatest(${products.ordersCount} - 1, 0)`,
        version: nextVersion(products.version),
      })
      .where(eq(products.id, productId));
  }
}

/**
 * Orders with their lines and status timeline. The client says which products and how many; the
 * server prices the lines from the products, computes the totals in exact decimals, and keeps
 * stock: taken when an order is placed (409 when short), given back when it is cancelled,
 * returned or deleted, taken again if it is reopened.
 */
export function orderResource(
  users: UsersService,
  storage: Storage,
): ResourceDefinition<typeof orders, OrderRecord, typeof orderInput, typeof orderFilters> {
  return {
    entity: 'order',
    label: 'Order',
    area: 'ecommerce',
    path: '/api/apps/order',
    table: orders,
    record: orderRecord,
    input: orderInput,
    filters: orderFilters,
    where: (f) => [
      f.status ? eq(orders.status, f.status) : undefined,
      f.paymentMethod ? eq(orders.paymentMethod, f.paymentMethod) : undefined,
      f.customer ? eq(orders.customerId, f.customer) : undefined,
      f.product
        ? exists(
            // A correlated subquery: the outer column is qualified by hand (Drizzle leaves it bare).
            sql`(select 1 from ${orderLines} where ${orderLines.orderId} = "orders"."id" and ${orderLines.productId} = ${f.product})`,
          )
        : undefined,
      f.from ? gte(orders.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
      f.to ? lt(orders.createdAt, nextDay(f.to)) : undefined,
    ],
    search: [sql`('#LD' || ${orders.number}::text || ' ' || ${orders.customerName})`],
    sortable: {
      orderId: orders.number,
      // The customer's name as the list shows it (the order's copy may be older).
      customer: referencedValue(customers.name, customers.id, orders.customerId),
      status: rankOf(orders.status, orderStatuses),
      paymentMethod: rankOf(orders.paymentMethod, paymentMethods),
      total: orders.total,
      orderDate: orders.createdAt,
      createdAt: orders.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const ids = rows.map((o) => o.id);
      if (ids.length === 0) return [];
      // One after another: `db` may be a transaction, which runs one query at a time.
      const buyers = await db
        .select({ id: customers.id, name: customers.name, email: customers.email })
        .from(customers)
        .where(inArray(customers.id, [...new Set(rows.map((o) => o.customerId))]));
      const lines = await db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.orderId), asc(orderLines.position));
      const events = await db
        .select()
        .from(orderEvents)
        .where(inArray(orderEvents.orderId, ids))
        .orderBy(asc(orderEvents.orderId), asc(orderEvents.at), asc(orderEvents.createdAt));
      const actors = await users.namesOf(
        db,
        events.flatMap((e) => (e.actorId ? [e.actorId] : [])),
      );
      const pictures = await productPictures(storage, db, [...new Set(lines.map((l) => l.productId))]);
      const buyer = new Map(buyers.map((c) => [c.id, c]));
      const group = <X extends { orderId: string }>(items: X[]) => {
        const byOrder = new Map<string, X[]>();
        for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
        return byOrder;
      };
      const linesOf = group(lines);
      const eventsOf = group(events);
      return rows.map((o) => ({
        _id: o.id,
        orderId: orderCode(o.number),
        customer: buyer.get(o.customerId) ?? null,
        status: o.status as OrderStatus,
        paymentMethod: o.paymentMethod as OrderRecord['paymentMethod'],
        lines: (linesOf.get(o.id) ?? []).map((l) => ({
          _id: l.id,
          productId: l.productId,
          name: l.name,
          color: l.color,
          size: l.size,
          price: l.price,
          quantity: l.quantity,
          total: l.total,
          image: mainPicture(pictures.get(l.productId)),
        })),
        subtotal: o.subtotal,
        discount: o.discount,
        shipping: o.shipping,
        tax: o.tax,
        total: o.total,
        timeline: (eventsOf.get(o.id) ?? []).map((e) => ({
          status: e.status as OrderStatus,
          at: e.at.toISOString(),
          actor: e.actorId ? { id: e.actorId, name: actors.get(e.actorId) ?? '' } : null,
        })),
        orderDate: o.createdAt.toISOString(),
        createdAt: o.createdAt.toISOString(),
        updatedAt: o.updatedAt.toISOString(),
        version: o.version,
      }));
    },
    // Totals, the customer's name and the lines are the hook's: they need the database.
    toColumns: (input) => ({
      customerId: input.customerId,
      status: input.status,
      paymentMethod: input.paymentMethod,
    }),
    toInput: orderInputOf,
    // Before the order row is written: its customer must exist, and may not be blocked when the
    // order is placed or moved to them (older orders of a customer blocked since stay editable).
    async validate(db, input, id) {
      const [customer] = await db
        .select({ status: customers.status })
        .from(customers)
        .where(eq(customers.id, input.customerId));
      if (!customer) {
        throw AppError.badRequest(ecommerceMessages.unknownCustomer, {
          customerId: ecommerceMessages.unknownCustomer,
        });
      }
      if (customer.status !== 'Block') return;
      const [current] = id
        ? await db.select({ customerId: orders.customerId }).from(orders).where(eq(orders.id, id))
        : [];
      if (current?.customerId !== input.customerId) {
        throw AppError.conflict(ecommerceMessages.blockedCustomer, {
          customerId: ecommerceMessages.blockedCustomer,
        });
      }
    },
    async writeChildren(db, id, input, { before, actor }) {
      const linesChanged =
        !before || before.lines.map(lineKey).join('\n') !== input.lines.map((l) => lineKey(l)).join('\n');
      if (before && linesChanged && before.status !== 'Pending') {
        throw AppError.conflict(ecommerceMessages.linesLocked, { lines: ecommerceMessages.linesLocked });
      }

      const values: Partial<typeof orders.$inferInsert> = {};
      if (!before || before.customer?.id !== input.customerId) {
        const [customer] = await db
          .select({ name: customers.name })
          .from(customers)
          .where(eq(customers.id, input.customerId));
        values.customerName = customer?.name ?? '';
      }

      const heldBefore = before !== null && holds(before.status);
      const holdsNow = holds(input.status);
      if (heldBefore && (linesChanged || !holdsNow)) await releaseStock(db, before.lines);

      let priced: { price: string; quantity: number; productId: string }[] =
        before?.lines.map((l) => ({ price: l.price, quantity: l.quantity, productId: l.productId ?? '' })) ??
        [];
      if (linesChanged) {
        const lines = await priceLines(db, input.lines);
        await db.delete(orderLines).where(eq(orderLines.orderId, id));
        const rows = lines.map((l, position) => ({
          orderId: id,
          position,
          productId: l.productId,
          sellerId: l.product.sellerId,
          name: l.product.name,
          category: l.product.category,
          color: l.color,
          size: l.size,
          price: l.product.price,
          quantity: l.quantity,
          total: fromScaled(toScaled(l.product.price, 2) * BigInt(l.quantity), 2),
          createdBy: actor.id,
          updatedBy: actor.id,
        }));
        await db.insert(orderLines).values(rows);
        priced = rows;
      }
      if (holdsNow && (linesChanged || !heldBefore)) await takeStock(db, priced);

      const totals = orderTotals(priced, input.discount);
      if (toScaled(totals.discount, 2) > toScaled(totals.subtotal, 2)) {
        throw AppError.badRequest(ecommerceMessages.discountTooLarge, {
          discount: ecommerceMessages.discountTooLarge,
        });
      }
      await db
        .update(orders)
        .set({ ...values, ...totals })
        .where(eq(orders.id, id));
      if (!before || before.status !== input.status) {
        await db.insert(orderEvents).values({
          orderId: id,
          status: input.status,
          actorId: actor.id,
          createdBy: actor.id,
          updatedBy: actor.id,
        });
      }
    },
    async beforeDelete(db, id) {
      const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      if (order && holds(order.status as OrderStatus)) {
        await releaseStock(
          db,
          await db
            .select({ productId: orderLines.productId, quantity: orderLines.quantity })
            .from(orderLines)
            .where(eq(orderLines.orderId, id)),
        );
      }
    },
    csv: {
      id: (o) => o._id,
      orderId: (o) => o.orderId,
      customer: (o) => o.customer?.name ?? '',
      email: (o) => o.customer?.email ?? '',
      orderDate: (o) => o.orderDate,
      status: (o) => o.status,
      paymentMethod: (o) => o.paymentMethod,
      items: (o) => String(o.lines.reduce((n, l) => n + l.quantity, 0)),
      subtotal: (o) => o.subtotal,
      discount: (o) => o.discount,
      shipping: (o) => o.shipping,
      tax: (o) => o.tax,
      total: (o) => o.total,
    },
  };
}
