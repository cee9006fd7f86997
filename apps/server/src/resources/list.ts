import { COUNT_CAP, type ListQuery } from '@ledgerdesk/contracts';
import { asc, count, desc, ilike, is, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';
import type { ReadCache } from './read-cache';

/** `%term%` for ILIKE, with the term's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of the columns contains the search term, case-insensitively; undefined when no term. */
export function searchCondition(term: string | undefined, columns: SQLWrapper[]): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(...columns.map((column) => ilike(column as never, pattern)));
}

/**
 * ORDER BY for `ordering` ("field" or "-field") among the sortable fields; unknown fields are a
 * 400 naming the ones allowed. `tiebreak` keeps pages stable when values repeat. Empty values
 * (NULL) come last both ways: PostgreSQL puts them first when descending. A NOT NULL column keeps
 * the plain DESC, which a backward scan of its index serves.
 */
export function orderingOf(
  ordering: string | undefined,
  sortable: Record<string, SQLWrapper>,
  fallback: string,
  tiebreak: SQLWrapper,
): SQL[] {
  const requested = ordering ?? fallback;
  const field = requested.replace(/^-/, '');
  // An own field only: "__proto__" or "constructor" would otherwise find Object's.
  const column = Object.hasOwn(sortable, field) ? sortable[field] : undefined;
  if (!column) {
    const message = `Order by one of: ${Object.keys(sortable).join(', ')} (with - for descending).`;
    throw AppError.badRequest(message, { ordering: message });
  }
  if (!requested.startsWith('-')) return [asc(column), asc(tiebreak)];
  const neverNull = is(column, PgColumn) && column.notNull;
  return [neverNull ? desc(column) : sql`${column} desc nulls last`, asc(tiebreak)];
}

export function pageOf(query: Pick<ListQuery, 'page' | 'pageSize'>) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export type Page<T> = { count: number; countCapped?: boolean; page: number; pageSize: number; results: T[] };

/** A cache key: the list, and the query's parameters that are set, in a fixed order. */
function queryKey(scope: string, query: Record<string, unknown>): string {
  const defined = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${scope}?${JSON.stringify(defined)}`;
}

/**
 * The cache key of a list's count: what decides which rows match (the search and the filters),
 * not which page of them or in what order.
 */
export function countKeyOf(scope: string, query: Record<string, unknown>): string {
  const { page: _page, pageSize: _pageSize, ordering: _ordering, ...filters } = query;
  return queryKey(scope, filters);
}

/** The cache key of one page of a list: every parameter. */
export const pageKeyOf = (scope: string, query: Record<string, unknown>) => queryKey(scope, query);

/**
 * One page of a table: the count of rows matching `where`, and the page's rows in `order`,
 * turned into API records by `describe` (which may fetch what the page's rows refer to, at once).
 */
export async function listPage<T extends PgTable, R>(
  db: Database,
  table: T,
  options: {
    where: SQL | undefined;
    order: SQL[];
    query: Pick<ListQuery, 'page' | 'pageSize'>;
    /** Where the count is cached, under which key; without it every page counts afresh. */
    counted?: { cache: ReadCache; key: string };
  },
  describe: (rows: T['$inferSelect'][]) => R[] | Promise<R[]>,
): Promise<Page<R>> {
  const { where, order, query, counted } = options;
  const { limit, offset } = pageOf(query);
  const source = table as PgTable;
  // Counted up to one past the cap: the rows past it are never visited (COUNT_CAP).
  const countRows = async () => {
    const matching = db
      .select({ one: sql`1` })
      .from(source)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('matching');
    const [total] = await db.select({ n: count() }).from(matching);
    return total?.n ?? 0;
  };
  // The count and the page at once: on PostgreSQL they run on two connections.
  const [total, rows] = await Promise.all([
    counted ? counted.cache.count(counted.key, countRows) : countRows(),
    db
      .select()
      .from(source)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset) as Promise<T['$inferSelect'][]>,
  ]);
  const capped = total > COUNT_CAP;
  return {
    count: capped ? COUNT_CAP : total,
    ...(capped ? { countCapped: true } : {}),
    page: query.page,
    pageSize: query.pageSize,
    results: await describe(rows),
  };
}
