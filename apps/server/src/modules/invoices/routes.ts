import {
  errorResponse,
  fromScaled,
  type InvoiceSummary,
  invoiceStatuses,
  invoiceSummary,
  invoiceSummaryQuery,
  languages,
  toScaled,
} from '@ledgerdesk/contracts';
import { and, count, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/auth';
import { searchCondition } from '../../resources/list';
import { findById } from '../../resources/records';
import { invoiceConditions, invoiceResource, invoiceSearchText } from './invoices.resource';
import { invoicePdf, invoicePdfName } from './pdf';

const pdfParams = z.object({ id: z.string() });
const pdfQuery = z.object({
  lang: z._default(z.enum(languages, `lang must be one of: ${languages.join(', ')}.`), 'en'),
});

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

  const definition = invoiceResource();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/apps/invoice/:id/pdf',
    {
      config: { access: 'invoices.view', rateClass: 'expensive' },
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as an A4 PDF (a download), in the language asked for',
        description:
          'The figures are the stored ones, as the invoice page shows them. An unknown key answers 404.',
        params: pdfParams,
        querystring: pdfQuery,
        response: { 400: errorResponse, 404: errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (!z.uuid().safeParse(id).success) throw AppError.notFound();
      const row = await findById(db, invoices, id);
      const [invoice] = await definition.toRecords(db, [row], actorOf(request));
      if (!invoice) throw AppError.notFound();
      const pdf = await invoicePdf(invoice, { language: request.query.lang });
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoicePdfName(invoice)}"`)
          .header('cache-control', 'private, no-store')
          // The type provider knows the JSON answers only; the 200 is this stream of bytes.
          .send(pdf as never)
      );
    },
  );
}
