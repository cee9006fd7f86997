import { count, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

type Named = PgTable & { id: PgColumn; name: PgColumn };

/**
 * The names of the records a page of rows points at, fetched at once: a lookup from key to
 * `{ _id, name }` (null for no key, or a record that is gone).
 */
export async function refsOf(
  executor: Database,
  table: Named,
  ids: (string | null)[],
): Promise<(id: string | null) => { _id: string; name: string } | null> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows =
    unique.length === 0
      ? []
      : await executor
          .select({ id: table.id, name: table.name })
          .from(table as PgTable)
          .where(inArray(table.id, unique));
  const names = new Map(rows.map((r) => [r.id as string, r.name as string]));
  return (id) => {
    const name = id === null ? undefined : names.get(id);
    return id !== null && name !== undefined ? { _id: id, name } : null;
  };
}

/** How many rows of `table` point at each of `ids` through `column` (0 when none). */
export async function countsBy(
  executor: Database,
  table: PgTable,
  column: PgColumn,
  ids: string[],
): Promise<(id: string) => number> {
  const rows =
    ids.length === 0
      ? []
      : await executor
          .select({ id: column, n: count() })
          .from(table)
          .where(inArray(column, ids))
          .groupBy(column);
  const counts = new Map(rows.map((r) => [r.id as string, r.n]));
  return (id) => counts.get(id) ?? 0;
}
