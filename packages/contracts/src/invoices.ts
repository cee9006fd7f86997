import { z } from 'zod/mini';
import { listQuery, recordVersion, timestamp, versionInput } from './api';
import { divideHalfUp, fromScaled, toScaled } from './decimal';
import { isoDate, oneOf, optionalEmail, optionalPhone, optionalText, requiredText } from './fields';
import { decimal } from './library';

/*
 * Invoices (SPEC §7 /apps/invoice), keyed `_id`. The number and every amount are the server's:
 * the client sends lines, tax rate, discount and shipping; the totals come back computed.
 */

export const invoiceStatuses = ['Paid', 'Unpaid', 'Pending', 'Cancelled'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoicePaymentMethods = [
  'Bank transfer',
  'Credit card',
  'Debit card',
  'PayPal',
  'Cash',
  'Cheque',
] as const;
export const MAX_INVOICE_LINES = 100;

/** Money in: a decimal string (or JSON number) ≥ 0, at most 2 decimals, below 10,000,000,000. */
const money = (label: string) =>
  z.pipe(
    decimal(label, 2),
    z.string().check(z.regex(/^\d{1,10}(\.|$)/, `${label} must be less than 10,000,000,000.`)),
  );

export const invoiceLineInput = z.object({
  description: requiredText('description', 500),
  quantity: z.pipe(
    decimal('The quantity', 3),
    z
      .string()
      .check(
        z.regex(/^\d{1,6}(\.|$)/, 'The quantity must be less than 1,000,000.'),
        z.regex(/[1-9]/, 'The quantity must be more than 0.'),
      ),
  ),
  unitPrice: money('The unit price'),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;

export const invoiceInput = z.object({
  version: versionInput,
  customerName: requiredText('customer name', 200),
  customerEmail: optionalEmail,
  customerAddress: optionalText('address', 1000),
  customerPhone: optionalPhone,
  issueDate: isoDate('The issue date'),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
  status: z._default(z.enum(invoiceStatuses, oneOf('The status', invoiceStatuses)), 'Unpaid'),
  paymentMethod: z._default(
    z.nullable(z.enum(invoicePaymentMethods, oneOf('The payment method', invoicePaymentMethods))),
    null,
  ),
  notes: optionalText('notes', 5000),
  lines: z
    .array(invoiceLineInput, 'Add at least one line.')
    .check(
      z.minLength(1, 'Add at least one line.'),
      z.maxLength(MAX_INVOICE_LINES, `At most ${MAX_INVOICE_LINES} lines.`),
    ),
  taxRate: z._default(
    z.pipe(
      decimal('The tax rate', 3),
      z
        .string()
        .check(z.regex(/^(100(\.0*)?|\d{1,2}(\.\d*)?)$/, 'The tax rate must be between 0 and 100 %.')),
    ),
    '0',
  ),
  discount: z._default(money('The discount'), '0'),
  shipping: z._default(money('The shipping'), '0'),
});
export type InvoiceInput = z.input<typeof invoiceInput>;

const decimalString = z.string();
export const invoiceLineRecord = z.object({
  id: z.uuid(),
  description: z.string(),
  quantity: decimalString,
  unitPrice: decimalString,
  amount: decimalString,
});

/** An invoice as the API shows it. Amounts are decimal strings with 2 decimals ("64.32"). */
export const invoiceRecord = z.object({
  _id: z.uuid(),
  invoiceNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerAddress: z.string(),
  customerPhone: z.string(),
  issueDate: z.iso.date(),
  dueDate: z.nullable(z.iso.date()),
  status: z.enum(invoiceStatuses),
  paymentMethod: z.nullable(z.enum(invoicePaymentMethods)),
  notes: z.string(),
  lines: z.array(invoiceLineRecord),
  taxRate: decimalString,
  subtotal: decimalString,
  discount: decimalString,
  tax: decimalString,
  shipping: decimalString,
  total: decimalString,
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type InvoiceRecord = z.infer<typeof invoiceRecord>;
/** An invoice back as its input: where the server's PATCH and the web edit form start from. */
export const invoiceInputOf = (invoice: InvoiceRecord): InvoiceInput => ({
  customerName: invoice.customerName,
  customerEmail: invoice.customerEmail,
  customerAddress: invoice.customerAddress,
  customerPhone: invoice.customerPhone,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  status: invoice.status,
  paymentMethod: invoice.paymentMethod,
  notes: invoice.notes,
  lines: invoice.lines.map(({ description, quantity, unitPrice }) => ({ description, quantity, unitPrice })),
  taxRate: invoice.taxRate,
  discount: invoice.discount,
  shipping: invoice.shipping,
});

export const invoiceFilters = z.object({
  status: z.optional(z.enum(invoiceStatuses, oneOf('status', invoiceStatuses))),
  paymentMethod: z.optional(z.enum(invoicePaymentMethods, oneOf('paymentMethod', invoicePaymentMethods))),
  /** Issued on or after this date. */
  from: z.optional(isoDate('from')),
  /** Issued on or before this date. */
  to: z.optional(isoDate('to')),
});
export const invoiceListQuery = z.extend(listQuery, invoiceFilters.shape);
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

/** The list page's widgets: how many invoices, and how much, in each status (for the list's filter). */
export const invoiceSummaryQuery = z.object({
  search: listQuery.shape.search,
  from: invoiceFilters.shape.from,
  to: invoiceFilters.shape.to,
});
const summaryFigures = z.object({ count: z.number(), total: decimalString });
export const invoiceSummary = z.object({
  all: summaryFigures,
  statuses: z.array(z.extend(summaryFigures, { status: z.enum(invoiceStatuses) })),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export type InvoiceTotals = {
  /** Each line's amount, in the lines' order. */
  lines: string[];
  subtotal: string;
  discount: string;
  tax: string;
  shipping: string;
  total: string;
};

/**
 * An invoice's figures, exactly: each line is quantity × unit price rounded half up to the cent;
 * subtotal = Σ lines; tax = tax rate % of (subtotal − discount), rounded half up to the cent;
 * total = subtotal − discount + tax + shipping (shipping is not taxed). The server stores these;
 * the form shows the same figures while it is filled in.
 */
export function invoiceTotals(input: {
  lines: { quantity: string; unitPrice: string }[];
  taxRate: string;
  discount: string;
  shipping: string;
}): InvoiceTotals {
  // quantity in thousandths × price in cents → cents × 1000.
  const lines = input.lines.map((l) =>
    divideHalfUp(toScaled(l.quantity, 3) * toScaled(l.unitPrice, 2), 1000n),
  );
  const subtotal = lines.reduce((sum, amount) => sum + amount, 0n);
  const discount = toScaled(input.discount, 2);
  const taxable = subtotal - discount;
  // The rate in thousandths of a percent: 7.25 % → 7250, so tax = taxable × rate / 100,000.
  const tax = divideHalfUp(taxable * toScaled(input.taxRate, 3), 100_000n);
  const shipping = toScaled(input.shipping, 2);
  const cents = (units: bigint) => fromScaled(units, 2);
  return {
    lines: lines.map(cents),
    subtotal: cents(subtotal),
    discount: cents(discount),
    tax: cents(tax),
    shipping: cents(shipping),
    total: cents(taxable + tax + shipping),
  };
}

export const invoiceMessages = {
  discountTooLarge: 'The discount cannot be more than the subtotal.',
  dueBeforeIssue: 'The due date cannot be before the issue date.',
} as const;
