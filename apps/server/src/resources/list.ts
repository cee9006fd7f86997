import type { ListQuery } from '@ledgerdesk/contracts';
import { asc, count, desc, ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';

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
 * 400 naming the ones allowed. `tiebreak` keeps pages stable when values repeat.
 */
export function orderingOf(
  ordering: string | undefined,
  sortable: Record<string, SQLWrapper>,
  fallback: string,
  tiebreak: SQLWrapper,
): SQL[] {
  const requested = ordering ?? fallback;
  const field = requested.replace(/^-/, '');
  const column = sortable[field];
  if (!column) {
    const message = `Order by one of: ${Object.keys(sortable).join(', ')} (with - for descending).`;
    throw AppError.badRequest(message, { ordering: message });
  }
  const direction = requested.startsWith('-') ? desc : asc;
  return [direction(column), asc(tiebreak)];
}

export function pageOf(query: Pick<ListQuery, 'page' | 'pageSize'>) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

export type Page<T> = { count: number; page: number; pageSize: number; results: T[] };

/**
 * One page of a table: the count of rows matching `where`, and the page's rows in `order`,
 * turned into API records by `describe` (which may fetch what the page's rows refer to, at once).
 */
export async function listPage<T extends PgTable, R>(
  db: Database,
  table: T,
  options: { where: SQL | undefined; order: SQL[]; query: Pick<ListQuery, 'page' | 'pageSize'> },
  describe: (rows: T['$inferSelect'][]) => R[] | Promise<R[]>,
): Promise<Page<R>> {
  const { where, order, query } = options;
  const { limit, offset } = pageOf(query);
  const source = table as PgTable;
  const [total] = await db.select({ n: count() }).from(source).where(where);
  const rows = (await db
    .select()
    .from(source)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)) as T['$inferSelect'][];
  return { count: total?.n ?? 0, page: query.page, pageSize: query.pageSize, results: await describe(rows) };
}
