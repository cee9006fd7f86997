import {
  type InvoiceRecord,
  invoiceFilters,
  invoiceInput,
  invoiceInputOf,
  invoiceMessages,
  invoiceRecord,
  invoiceStatuses,
  invoiceTotals,
  plainDecimal,
  toScaled,
} from '@ledgerdesk/contracts';
import { asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { invoiceLines, invoices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';

type Filters = z.output<typeof invoiceFilters>;

/** The searched text: the same expression as invoices_search_idx, so that the index serves it. */
export const invoiceSearchText = sql`(${invoices.number} || ' ' || ${invoices.customerName} || ' ' || ${invoices.customerEmail})`;

/** Conditions of the list's filters; the summary uses them too. */
export const invoiceConditions = (f: Partial<Filters>): (SQL | undefined)[] => [
  f.status ? eq(invoices.status, f.status) : undefined,
  f.paymentMethod ? eq(invoices.paymentMethod, f.paymentMethod) : undefined,
  f.from ? gte(invoices.issueDate, f.from) : undefined,
  f.to ? lte(invoices.issueDate, f.to) : undefined,
];

/** Invoices (SPEC §7 /apps/invoice): number and amounts are computed here, never taken from the client. */
export function invoiceResource(): ResourceDefinition<
  typeof invoices,
  InvoiceRecord,
  typeof invoiceInput,
  typeof invoiceFilters
> {
  return {
    entity: 'invoice',
    label: 'Invoice',
    area: 'invoices',
    path: '/api/apps/invoice',
    table: invoices,
    record: invoiceRecord,
    input: invoiceInput,
    filters: invoiceFilters,
    where: invoiceConditions,
    search: [invoiceSearchText],
    sortable: {
      invoiceNumber: invoices.number,
      customerName: invoices.customerName,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      status: rankOf(invoices.status, invoiceStatuses),
      total: invoices.total,
      createdAt: invoices.createdAt,
    },
    // Newest first by the date the invoice bears (the numbers follow it too).
    defaultOrdering: '-issueDate',
    attachments: { type: 'invoices' },
    async toRecords(db, rows) {
      const lines = await linesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        _id: r.id,
        invoiceNumber: r.number,
        customerName: r.customerName,
        customerEmail: r.customerEmail,
        customerAddress: r.customerAddress,
        customerPhone: r.customerPhone,
        issueDate: r.issueDate,
        dueDate: r.dueDate,
        status: r.status as InvoiceRecord['status'],
        paymentMethod: r.paymentMethod as InvoiceRecord['paymentMethod'],
        notes: r.notes,
        lines: lines.get(r.id) ?? [],
        taxRate: plainDecimal(r.taxRate, 3),
        subtotal: r.subtotal,
        discount: r.discount,
        tax: r.tax,
        shipping: r.shipping,
        total: r.total,
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        version: r.version,
      }));
    },
    toColumns(input) {
      const { lines: _lines, ...fields } = input;
      const { lines: _amounts, ...totals } = invoiceTotals(input);
      return { ...fields, ...totals };
    },
    toInput: invoiceInputOf,
    async validate(_db, input) {
      const fieldErrors: Record<string, string> = {};
      if (input.dueDate && input.dueDate < input.issueDate)
        fieldErrors.dueDate = invoiceMessages.dueBeforeIssue;
      const totals = invoiceTotals(input);
      if (toScaled(totals.subtotal, 2) < toScaled(totals.discount, 2))
        fieldErrors.discount = invoiceMessages.discountTooLarge;
      const [message] = Object.values(fieldErrors);
      if (message) throw AppError.badRequest(message, fieldErrors);
    },
    async writeChildren(db, id, input) {
      // The lines are replaced as a whole: the form sends them all, in their order.
      await db.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
      const { lines: amounts } = invoiceTotals(input);
      await db.insert(invoiceLines).values(
        input.lines.map((line, position) => ({
          invoiceId: id,
          position,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          amount: amounts[position] ?? '0',
        })),
      );
    },
    csv: {
      invoiceNumber: (i) => i.invoiceNumber,
      customerName: (i) => i.customerName,
      customerEmail: (i) => i.customerEmail,
      issueDate: (i) => i.issueDate,
      dueDate: (i) => i.dueDate ?? '',
      status: (i) => i.status,
      paymentMethod: (i) => i.paymentMethod ?? '',
      subtotal: (i) => i.subtotal,
      discount: (i) => i.discount,
      tax: (i) => i.tax,
      shipping: (i) => i.shipping,
      total: (i) => i.total,
    },
  };
}

/** The lines of a page of invoices, in one query, in their order. */
async function linesOf(db: Database, ids: string[]) {
  const byInvoice = new Map<string, InvoiceRecord['lines']>();
  if (ids.length === 0) return byInvoice;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, ids))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  for (const l of rows) {
    const list = byInvoice.get(l.invoiceId) ?? [];
    list.push({
      id: l.id,
      description: l.description,
      quantity: plainDecimal(l.quantity, 3),
      unitPrice: l.unitPrice,
      amount: l.amount,
    });
    byInvoice.set(l.invoiceId, list);
  }
  return byInvoice;
}
