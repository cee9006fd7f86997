import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';

/**
 * Inserts many rows in one statement with one parameter: the rows as JSON, unpacked by
 * json_populate_recordset. Drizzle's builder spends a good fraction of a millisecond per row of a
 * wide multi-row insert, which a demo seed of hundreds of rows feels at first start; this stays
 * cheap and needs no batching (no 65,535-parameter limit). Rows use the table's TypeScript keys and
 * must all name the same columns; the columns left out take their defaults.
 */
export async function insertMany<T extends PgTable>(db: Database, table: T, rows: T['$inferInsert'][]) {
  const [first] = rows;
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first);
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  });
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key] ?? null])),
    ),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  await db.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json)`,
  );
}
