import { count, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { AppError } from '../lib/errors';

type TableWithId = PgTable & { id: PgColumn };

/** The row with this id, or a 404. */
export async function findById<T extends TableWithId>(
  executor: Database,
  table: T,
  id: string,
): Promise<T['$inferSelect']> {
  const [row] = await executor
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  if (!row) throw AppError.notFound();
  return row as T['$inferSelect'];
}

/** The ids without repeats, after checking that each names a row; else a 400 on `field`. */
export async function existingIds(
  executor: Database,
  table: TableWithId,
  ids: string[],
  error: { field: string; message: string },
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const [row] = await executor
    .select({ n: count() })
    .from(table as PgTable)
    .where(inArray(table.id, unique));
  if ((row?.n ?? 0) !== unique.length)
    throw AppError.badRequest(error.message, { [error.field]: error.message });
  return unique;
}

/**
 * A 409 with `message` while a row refers to the record through `column` (a customer's orders, a
 * seller's products): for a `beforeDelete` hook, before the foreign key would refuse with a 500.
 */
export async function assertUnreferenced(
  executor: Database,
  column: PgColumn,
  id: string,
  message: string,
): Promise<void> {
  const [row] = await executor
    .select({ one: sql`1` })
    .from(column.table as PgTable)
    .where(eq(column, id))
    .limit(1);
  if (row) throw AppError.conflict(message);
}
