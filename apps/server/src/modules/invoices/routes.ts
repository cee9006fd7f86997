import {
  errorResponse,
  fromScaled,
  type InvoiceSummary,
  invoiceStatuses,
  invoiceSummary,
  invoiceSummaryQuery,
  toScaled,
} from '@ledgerdesk/contracts';
import { and, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import { searchCondition } from '../../resources/list';
import { invoiceConditions, invoiceSearchText } from './invoices.resource';

/** Counts and totals per status, summed by the database (numeric), for the list page's widgets. */
export async function invoiceSummaryOf(
  db: Database,
  query: z.output<typeof invoiceSummaryQuery>,
): Promise<InvoiceSummary> {
  const rows = await db
    .select({ status: invoices.status, count: count(), total: sql<string>`sum(${invoices.total})` })
    .from(invoices)
    .where(and(searchCondition(query.search, [invoiceSearchText]), ...invoiceConditions(query)))
    .groupBy(invoices.status);
  const found = new Map(rows.map((r) => [r.status, { count: r.count, cents: toScaled(r.total, 2) }]));
  const statuses = invoiceStatuses.map((status) => {
    const { count: n = 0, cents = 0n } = found.get(status) ?? {};
    return { status, count: n, cents };
  });
  const cents = statuses.reduce((sum, s) => sum + s.cents, 0n);
  return {
    all: { count: statuses.reduce((sum, s) => sum + s.count, 0), total: fromScaled(cents, 2) },
    statuses: statuses.map((s) => ({ status: s.status, count: s.count, total: fromScaled(s.cents, 2) })),
  };
}

export function invoiceRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/apps/invoice/summary',
    {
      config: { access: 'invoices.view' },
      schema: {
        tags: ['invoices'],
        summary: 'How many invoices, and how much, in each status (search and issue-date range apply)',
        querystring: invoiceSummaryQuery,
        response: { 200: invoiceSummary, 400: errorResponse },
      },
    },
    (request) => invoiceSummaryOf(db, request.query),
  );
}
