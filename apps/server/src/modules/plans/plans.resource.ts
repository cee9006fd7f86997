import {
  errorCodes,
  type FaqRecord,
  faqFilters,
  faqInput,
  faqInputOf,
  faqRecord,
  type PlanRecord,
  type PlanTableRecord,
  planFilters,
  planInput,
  planInputOf,
  planMessages,
  planPaths,
  planRecord,
  planTableFilters,
  planTableInput,
  planTableInputOf,
  planTableRecord,
} from '@ledgerdesk/contracts';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { faqs, officePlan, plans, planTables } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ResourceDefinition } from '../../resources/engine';
import { existingIds } from '../../resources/records';

/** Pricing tables (/api/plan-tables): a row of plan cards each; one that still holds plans is not deleted. */
export function planTableResource(): ResourceDefinition<
  typeof planTables,
  PlanTableRecord,
  typeof planTableInput,
  typeof planTableFilters
> {
  return {
    entity: 'planTable',
    label: 'Plan Table',
    area: 'plans',
    path: planPaths.tables,
    table: planTables,
    record: planTableRecord,
    input: planTableInput,
    filters: planTableFilters,
    where: () => [],
    search: [planTables.title],
    sortable: { position: planTables.position, title: planTables.title, createdAt: planTables.createdAt },
    defaultOrdering: 'position',
    toRecords: async (_db, rows) =>
      rows.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        position: t.position,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        version: t.version,
      })),
    toColumns: (input) => input,
    toInput: planTableInputOf,
    async beforeDelete(db, id) {
      const [row] = await db.select({ n: count() }).from(plans).where(eq(plans.tableId, id));
      const n = row?.n ?? 0;
      if (n > 0) throw new AppError(409, errorCodes.hasChildren, planMessages.tableHasPlans(n));
    },
    csv: {
      id: (t) => t.id,
      title: (t) => t.title,
      description: (t) => t.description,
      position: (t) => String(t.position),
    },
  };
}

/** The office's current plan, or null. */
export async function officePlanId(db: Database): Promise<string | null> {
  const [row] = await db.select({ planId: officePlan.planId }).from(officePlan).limit(1);
  return row?.planId ?? null;
}

/**
 * Plans (/api/plans, SPEC §3 Plan): prices as numeric, the yearly price below the struck-through
 * one, each in a pricing table; `current` says which is the office's (set at /api/office-plan).
 */
export function planResource(): ResourceDefinition<
  typeof plans,
  PlanRecord,
  typeof planInput,
  typeof planFilters
> {
  return {
    entity: 'plan',
    label: 'Plan',
    area: 'plans',
    path: planPaths.plans,
    table: plans,
    record: planRecord,
    input: planInput,
    filters: planFilters,
    where: (f) => [f.table ? eq(plans.tableId, f.table) : undefined],
    search: [plans.name],
    sortable: {
      position: plans.position,
      name: plans.name,
      rate: plans.rate,
      createdAt: plans.createdAt,
    },
    defaultOrdering: 'position',
    async toRecords(db, rows) {
      const tableIds = [...new Set(rows.map((p) => p.tableId))];
      const [titles, current] = await Promise.all([
        tableIds.length === 0
          ? []
          : db
              .select({ id: planTables.id, title: planTables.title })
              .from(planTables)
              .where(inArray(planTables.id, tableIds)),
        officePlanId(db),
      ]);
      const titleOf = new Map(titles.map((t) => [t.id, t.title]));
      return rows.map((p) => ({
        id: p.id,
        table: { id: p.tableId, title: titleOf.get(p.tableId) ?? '' },
        name: p.name,
        description: p.description,
        rate: p.rate,
        rateYear: p.rateYear,
        delrateYear: p.delrateYear,
        features: p.features,
        ribbon: p.ribbon,
        buttonText: p.buttonText,
        position: p.position,
        current: p.id === current,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        version: p.version,
      }));
    },
    toColumns: (input) => input,
    toInput: planInputOf,
    async validate(db, input) {
      await existingIds(db, planTables, [input.tableId], {
        field: 'tableId',
        message: planMessages.unknownTable,
      });
    },
    csv: {
      id: (p) => p.id,
      table: (p) => p.table.title,
      name: (p) => p.name,
      rate: (p) => p.rate,
      rateYear: (p) => p.rateYear,
      delrateYear: (p) => p.delrateYear ?? '',
      ribbon: (p) => String(p.ribbon),
      current: (p) => String(p.current),
    },
  };
}

/** The pricing page's FAQs (/api/faqs), in their order. */
export function faqResource(): ResourceDefinition<
  typeof faqs,
  FaqRecord,
  typeof faqInput,
  typeof faqFilters
> {
  return {
    entity: 'faq',
    label: 'FAQ',
    area: 'plans',
    path: planPaths.faqs,
    table: faqs,
    record: faqRecord,
    input: faqInput,
    filters: faqFilters,
    where: () => [],
    // The same expression as faqs_search_idx, so that the trigram index serves the search.
    search: [sql`(${faqs.question} || ' ' || ${faqs.answer})`],
    sortable: { position: faqs.position, question: faqs.question, createdAt: faqs.createdAt },
    defaultOrdering: 'position',
    toRecords: async (_db, rows) =>
      rows.map((f) => ({
        id: f.id,
        question: f.question,
        answer: f.answer,
        position: f.position,
        createdAt: f.createdAt.toISOString(),
        updatedAt: f.updatedAt.toISOString(),
        version: f.version,
      })),
    toColumns: (input) => input,
    toInput: faqInputOf,
    csv: {
      id: (f) => f.id,
      question: (f) => f.question,
      answer: (f) => f.answer,
      position: (f) => String(f.position),
    },
  };
}
