import { type SQL, sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

/** Invoice numbers come from one sequence: unique and increasing, whatever runs in parallel. */
export const invoiceNumberSequence = pgSequence('invoice_number_seq', { startWith: 1 });

/**
 * "INV-2026-00042": the year, then the next number of the sequence, at least 5 digits (more once
 * it passes 99,999 — the 9s of the format suppress leading zeros, the 0s keep them).
 */
export const nextInvoiceNumber = (year: SQL) =>
  sql`'INV-' || ${year} || '-' || to_char(nextval('invoice_number_seq'), 'FM999999999999900000')`;

const amount = (name: string) => numeric(name, { precision: 20, scale: 2 }).notNull();

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Given by the database on insert (the year the invoice is raised), never changed after. */
    number: text('number').notNull().default(nextInvoiceNumber(sql`to_char(now(), 'YYYY')`)),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull().default(''),
    customerAddress: text('customer_address').notNull().default(''),
    customerPhone: text('customer_phone').notNull().default(''),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date'),
    status: text('status').notNull().default('Unpaid'),
    paymentMethod: text('payment_method'),
    notes: text('notes').notNull().default(''),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }).notNull().default('0'),
    // Computed by the server from the lines (invoiceTotals), stored so lists sort and sum by them.
    subtotal: amount('subtotal'),
    discount: amount('discount').default('0'),
    tax: amount('tax'),
    shipping: amount('shipping').default('0'),
    total: amount('total'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.number),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_status_idx').on(t.status, t.issueDate),
    index('invoices_due_date_idx').on(t.dueDate),
    index('invoices_customer_idx').on(t.customerName),
    index('invoices_total_idx').on(t.total),
    index('invoices_created_idx').on(t.createdAt),
    index('invoices_payment_idx').on(t.paymentMethod),
    // Substring search on number, customer and email, through trigrams (the search's own expression).
    index('invoices_search_idx').using(
      'gin',
      sql`(${t.number} || ' ' || ${t.customerName} || ' ' || ${t.customerEmail}) gin_trgm_ops`,
    ),
    check('invoices_status_check', sql`${t.status} in ('Paid', 'Unpaid', 'Pending', 'Cancelled')`),
    check(
      'invoices_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.tax} >= 0 and ${t.shipping} >= 0 and ${t.taxRate} between 0 and 100`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 9, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 12, scale: 2 }).notNull(),
    amount: amount('amount'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('invoice_lines_position_key').on(t.invoiceId, t.position),
    check('invoice_lines_amounts_check', sql`${t.quantity} > 0 and ${t.unitPrice} >= 0`),
  ],
);
