import { count, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import { PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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

/**
 * A column named with its table ("orders"."id"), for a correlated subquery: Drizzle writes a list's
 * columns bare, and a bare "id" inside the subquery would be the inner table's.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The `value` of the record that `reference` points at (`key`: that table's key), as SQL: to order
 * a list by what a user sees of the record (its name), not by its key. NULL when it points nowhere.
 * `reference` is a column of the list's table, or another such expression (a reference's reference).
 */
export function referencedValue(value: PgColumn, key: PgColumn, reference: PgColumn | SQL): SQL {
  const outer = is(reference, PgColumn) ? qualified(reference) : reference;
  return sql`(select ${value} from ${value.table} where ${key} = ${outer})`;
}

/** How many rows point at the list's row (`column` of theirs, `key` of the list's), as SQL: to order by a count. */
export function referenceCount(column: PgColumn, key: PgColumn): SQL<number> {
  return sql<number>`(select count(*) from ${column.table} where ${column} = ${qualified(key)})`;
}
