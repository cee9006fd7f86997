import { type DealPipelineResponse, type dealPipelineQuery, dealStages } from '@ledgerdesk/contracts';
import { and, count, eq, getTableColumns, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { crmDeals } from '../../db/schema';
import { searchCondition } from '../../resources/list';
import type { describeDeals } from './deals.resource';

/**
 * The deal pipeline: every stage (SPEC's order, empty ones included) with the count and total of
 * all its deals — summed by PostgreSQL in numeric, never in floats — and its first cards by close
 * date. Two queries whatever the number of deals: one aggregate (GROUPING SETS gives the stages
 * and the grand total at once), one window-ranked page of cards.
 */
export function createPipeline(db: Database, describe: ReturnType<typeof describeDeals>) {
  return async (query: z.output<typeof dealPipelineQuery>): Promise<DealPipelineResponse> => {
    const where: SQL | undefined = and(
      searchCondition(query.search, [crmDeals.dealName, crmDeals.description]),
      query.salesRep ? eq(crmDeals.salesRepId, query.salesRep) : undefined,
    );
    const totals = await db
      .select({
        stage: crmDeals.stage,
        n: count(),
        total: sql<string>`coalesce(sum(${crmDeals.amount}), 0.00)::text`,
      })
      .from(crmDeals)
      .where(where)
      .groupBy(sql`grouping sets ((${crmDeals.stage}), ())`);

    const cards = query.cards === 0 ? [] : await firstCards(db, where, query.cards);
    const records = await describe(db, cards);

    const grand = totals.find((t) => t.stage === null);
    return {
      stages: dealStages.map((stage) => {
        const row = totals.find((t) => t.stage === stage);
        return {
          stage,
          count: row?.n ?? 0,
          total: row?.total ?? '0.00',
          deals: records.filter((d) => d.stage === stage),
        };
      }),
      count: grand?.n ?? 0,
      total: grand?.total ?? '0.00',
    };
  };
}

/** Up to `limit` deals of each stage, soonest close date first, in one query. */
async function firstCards(db: Database, where: SQL | undefined, limit: number) {
  const ranked = db
    .select({
      ...getTableColumns(crmDeals),
      rank: sql<number>`row_number() over (partition by ${crmDeals.stage} order by ${crmDeals.closeDate}, ${crmDeals.id})`.as(
        'rank',
      ),
    })
    .from(crmDeals)
    .where(where)
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(lte(ranked.rank, limit))
    .orderBy(ranked.closeDate, ranked.id);
  return rows.map(({ rank: _rank, ...deal }) => deal);
}
