import {
  type CustomerRecord,
  customerFilters,
  customerInput,
  customerInputOf,
  customerRecord,
  customerStatuses,
  ecommerceMessages,
} from '@ledgerdesk/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { rankOf } from '../../db/rank';
import { customers, orders } from '../../db/schema';
import type { ResourceDefinition } from '../../resources/engine';
import { assertUnreferenced } from '../../resources/records';
import { referenceCount } from '../../resources/refs';

/** Customers: who orders. One email address per customer; a customer with orders stays. */
export function customerResource(): ResourceDefinition<
  typeof customers,
  CustomerRecord,
  typeof customerInput,
  typeof customerFilters
> {
  return {
    entity: 'customer',
    label: 'Customer',
    area: 'ecommerce',
    path: '/api/apps/customer',
    table: customers,
    record: customerRecord,
    input: customerInput,
    filters: customerFilters,
    where: (f) => [
      f.status ? eq(customers.status, f.status) : undefined,
      f.country ? eq(customers.country, f.country) : undefined,
    ],
    search: [sql`(${customers.name} || ' ' || ${customers.email} || ' ' || ${customers.phone})`],
    sortable: {
      name: customers.name,
      email: customers.email,
      country: customers.country,
      status: rankOf(customers.status, customerStatuses),
      joiningDate: customers.joiningDate,
      ordersCount: referenceCount(orders.customerId, customers.id),
      createdAt: customers.createdAt,
    },
    defaultOrdering: '-createdAt',
    conflicts: { customers_email_key: { field: 'email', message: ecommerceMessages.customerEmailTaken } },
    async toRecords(db, rows) {
      const ids = rows.map((c) => c.id);
      const counted =
        ids.length === 0
          ? []
          : await db
              .select({ id: orders.customerId, n: count() })
              .from(orders)
              .where(inArray(orders.customerId, ids))
              .groupBy(orders.customerId);
      const ordersOf = new Map(counted.map((r) => [r.id, r.n]));
      return rows.map((c) => ({
        _id: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        address: c.address,
        country: c.country,
        joiningDate: c.joiningDate,
        status: c.status as CustomerRecord['status'],
        ordersCount: ordersOf.get(c.id) ?? 0,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.updatedAt.toISOString(),
        version: c.version,
      }));
    },
    toColumns: (input) => ({ ...input }),
    toInput: customerInputOf,
    beforeDelete: (db, id) =>
      assertUnreferenced(db, orders.customerId, id, ecommerceMessages.customerHasOrders),
    csv: {
      id: (c) => c._id,
      name: (c) => c.name,
      email: (c) => c.email,
      phone: (c) => c.phone,
      address: (c) => c.address,
      country: (c) => c.country,
      joiningDate: (c) => c.joiningDate,
      status: (c) => c.status,
      orders: (c) => String(c.ordersCount),
    },
  };
}
