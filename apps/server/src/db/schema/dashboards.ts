import {
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/*
 * Figures the dashboards read instead of scanning a million rows: sums kept current by triggers on
 * the tables they count (migration 0012), in the same transaction as the write, so they are never
 * behind and a rolled-back write leaves them as they were. Each statement adds its rows' difference
 * (one upsert per bucket, in key order so that two writers cannot deadlock).
 *
 * Times are bucketed per UTC hour: a caller's day or month in any whole-hour zone is a set of them.
 */

/** Orders and their revenue per hour of placing and per status. */
export const orderStatsHourly = pgTable(
  'order_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status] })],
);

/** Order lines per hour of the order, its status and the category the product had then. */
export const orderCategoryStatsHourly = pgTable(
  'order_category_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.status, t.category] })],
);

/** Audit entries per hour, entity and action (sign-ins are entity 'session', action 'login'). */
export const auditStatsHourly = pgTable(
  'audit_stats_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.entity, t.action] })],
);

/** Audit entries per UTC day and actor: who was active, and how much (a day's precision). */
export const auditActorDaily = pgTable(
  'audit_actor_daily',
  {
    day: date('day').notNull(),
    actorId: uuid('actor_id').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.actorId] })],
);

/**
 * The same per UTC month (`month` is its first day), rolled up from the days by a trigger on
 * audit_actor_daily (migration 0026): a period of months reads a row per actor and month, its days
 * at either end from the daily table.
 */
export const auditActorMonthly = pgTable(
  'audit_actor_monthly',
  {
    month: date('month').notNull(),
    actorId: uuid('actor_id').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.actorId] })],
);

/** The budget under each L1, L2 and L3 code: its active L4 items and their amount. */
export const libraryRollups = pgTable('library_rollups', {
  codeId: uuid('code_id').primaryKey(),
  items: integer('items').notNull(),
  total: numeric('total', { precision: 36, scale: 5 }).notNull(),
});

/*
 * The same figures per UTC day (`day` is the day's UTC midnight), rolled up from the hourly tables by
 * triggers on those (migration 0013): a year is 365 rows per key instead of 8,760. A period in the
 * caller's zone reads its whole UTC days here and the hours at either end from the hourly table.
 */

export const orderStatsDaily = pgTable(
  'order_stats_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    orders: integer('orders').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
);

export const orderCategoryStatsDaily = pgTable(
  'order_category_stats_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.category] })],
);

export const auditStatsDaily = pgTable(
  'audit_stats_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    entity: text('entity').notNull(),
    action: text('action').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.entity, t.action] })],
);

/*
 * Per UTC hour and nothing else, for the heatmaps (weekday × hour in the caller's zone), which need
 * every hour of the period: a year is 8,760 rows, not 8,760 per status or per entity and action.
 * Rolled up from the hourly tables by triggers on those (migration 0014).
 */

export const orderTotalsHourly = pgTable('order_totals_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  orders: integer('orders').notNull(),
});

export const auditTotalsHourly = pgTable('audit_totals_hourly', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  entries: integer('entries').notNull(),
});

/**
 * What each product sold per UTC day, under the seller of its lines (none when that seller is gone):
 * sales only — lines of orders Pending, Inprogress, Pickups or Delivered (order_is_sale, migration
 * 0015). The top products and sellers read a period's whole days here and its ends from the lines.
 */
export const orderProductSalesDaily = pgTable(
  'order_product_sales_daily',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
    sellerId: uuid('seller_id'),
    quantity: integer('quantity').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [unique('order_product_sales_daily_key').on(t.day, t.productId, t.sellerId).nullsNotDistinct()],
);

/** The same per UTC month (its first day's midnight), rolled up from the days (migration 0016). */
export const orderProductSalesMonthly = pgTable(
  'order_product_sales_monthly',
  {
    month: timestamp('month', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
    sellerId: uuid('seller_id'),
    quantity: integer('quantity').notNull(),
    revenue: numeric('revenue', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [unique('order_product_sales_monthly_key').on(t.month, t.productId, t.sellerId).nullsNotDistinct()],
);
