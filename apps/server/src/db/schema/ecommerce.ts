import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

export const sellers = pgTable(
  'sellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    location: text('location').notNull().default(''),
    joinedDate: date('joined_date').notNull().default(sql`current_date`),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('sellers_email_key').on(t.email),
    index('sellers_name_idx').on(t.name),
    index('sellers_company_idx').on(t.company),
    index('sellers_location_idx').on(t.location),
    index('sellers_joined_idx').on(t.joinedDate),
    index('sellers_created_idx').on(t.createdAt),
    index('sellers_search_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.company} || ' ' || ${t.email} || ' ' || ${t.location}) gin_trgm_ops`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    /** Tags beside the main category. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    stock: integer('stock').notNull().default(0),
    /** Orders holding stock that include the product; kept by the order hooks. */
    ordersCount: integer('orders_count').notNull().default(0),
    type: text('type').notNull().default('unpublished'),
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull().default('0'),
    ratingCount: integer('rating_count').notNull().default(0),
    publishedDate: timestamp('published_date', { withTimezone: true }),
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'restrict' }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('products_created_idx').on(t.createdAt),
    index('products_name_idx').on(t.name),
    index('products_price_idx').on(t.price),
    index('products_stock_idx').on(t.stock),
    index('products_orders_idx').on(t.ordersCount),
    index('products_rating_idx').on(t.rating),
    index('products_published_idx').on(t.publishedDate),
    index('products_category_idx').on(t.category, t.createdAt),
    index('products_type_idx').on(t.type, t.createdAt),
    index('products_seller_idx').on(t.sellerId, t.createdAt),
    // Substring search (ILIKE '%term%') on name and category, through trigrams.
    index('products_search_idx').using('gin', sql`(${t.name} || ' ' || ${t.category}) gin_trgm_ops`),
    // A search within a category, in one index (btree_gin): without it the trigram matches and the
    // category's rows are two bitmaps ANDed, each as large as its own condition.
    index('products_category_search_idx').using(
      'gin',
      t.category,
      sql`(${t.name} || ' ' || ${t.category}) gin_trgm_ops`,
    ),
    check('products_type_check', sql`${t.type} in ('published', 'unpublished')`),
    check('products_amounts_check', sql`${t.price} >= 0 and ${t.stock} >= 0 and ${t.ordersCount} >= 0`),
    check('products_rating_check', sql`${t.rating} between 0 and 5`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    joiningDate: date('joining_date').notNull().default(sql`current_date`),
    status: text('status').notNull().default('Active'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.email),
    index('customers_name_idx').on(t.name),
    index('customers_joining_idx').on(t.joiningDate),
    index('customers_status_idx').on(t.status, t.createdAt),
    index('customers_country_idx').on(t.country),
    index('customers_created_idx').on(t.createdAt),
    index('customers_search_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.email} || ' ' || ${t.phone}) gin_trgm_ops`,
    ),
    check('customers_status_check', sql`${t.status} in ('Active', 'Block')`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as "#LD1001". */
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    /** The customer's name when the order was placed or last moved to them: what a search finds. */
    customerName: text('customer_name').notNull().default(''),
    status: text('status').notNull().default('Pending'),
    paymentMethod: text('payment_method').notNull(),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 14, scale: 2 }).notNull().default('0'),
    shipping: numeric('shipping', { precision: 14, scale: 2 }).notNull().default('0'),
    tax: numeric('tax', { precision: 14, scale: 2 }).notNull().default('0'),
    total: numeric('total', { precision: 14, scale: 2 }).notNull().default('0'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_created_idx').on(t.createdAt),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_customer_name_idx').on(t.customerName),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_payment_idx').on(t.paymentMethod, t.createdAt),
    index('orders_total_idx').on(t.total),
    index('orders_search_idx').using(
      'gin',
      sql`('#LD' || ${t.number}::text || ' ' || ${t.customerName}) gin_trgm_ops`,
    ),
    check(
      'orders_status_check',
      sql`${t.status} in ('Pending', 'Inprogress', 'Pickups', 'Delivered', 'Returned', 'Cancelled')`,
    ),
    check('orders_amounts_check', sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`),
  ],
);

/** SPEC §3 order line, with the product's name, price and seller as they were when ordered. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // A product that was ordered stays (it can be unpublished): the lines keep pointing at it.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id').references(() => sellers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The product's category when ordered: sales by category stay what they were. */
    category: text('category').notNull().default(''),
    color: text('color').notNull().default(''),
    size: text('size').notNull().default(''),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    quantity: integer('quantity').notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_seller_idx').on(t.sellerId),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** The status timeline of an order: every status it entered, when, and who moved it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    ...auditColumns(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.at)],
);
