import type { SQL } from 'drizzle-orm';
import type { Database } from './client';

/**
 * The rows of a hand-written query, on either driver (both answer `{ rows }`). Cast in the SQL what
 * the drivers would read differently: counts `::int`, sums `::float8`, times as timestamptz (a Date).
 */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
