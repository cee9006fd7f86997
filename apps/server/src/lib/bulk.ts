import { type BulkItem, bulkMessages, errorCodes } from '@ledgerdesk/contracts';
import { AppError } from './errors';

/*
 * The all-or-nothing walk of a bulk request (contracts' bulk.ts), shared by the resource engine
 * and the code library. The caller opens the transaction and locks the rows (FOR UPDATE); this
 * checks them all before anything is written, then does the work record by record. Anything
 * thrown leaves the transaction, which rolls back every record's change.
 */

/** The items once each (the first of an id named twice): a record is changed once. */
export function distinctItems(items: readonly BulkItem[]): BulkItem[] {
  const seen = new Map<string, BulkItem>();
  for (const item of items) if (!seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
}

/**
 * Checks the locked `rows` against the `items` asked for: an id not among them is a 404 naming
 * every missing id, a version sent that is not the stored one a 409 STALE_RECORD naming every
 * stale record (with its version now). Answers the rows in the order of the items.
 */
export function checkBatch<Row extends { id: string; version: number }>(
  items: readonly BulkItem[],
  rows: readonly Row[],
): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = items.filter((item) => !byId.has(item.id));
  if (missing.length > 0) {
    throw new AppError(
      404,
      errorCodes.notFound,
      bulkMessages.missing(missing.length),
      Object.fromEntries(missing.map((item) => [item.id, bulkMessages.notFound])),
    );
  }
  const found = items.map((item) => byId.get(item.id) as Row);
  const stale = found.filter((row, i) => {
    const sent = items[i]?.version;
    return sent !== undefined && sent !== row.version;
  });
  if (stale.length > 0) {
    throw new AppError(
      409,
      errorCodes.stale,
      bulkMessages.stale(stale.length),
      Object.fromEntries(stale.map((row) => [row.id, bulkMessages.nowVersion(row.version)])),
      undefined,
      stale.map((row) => ({ id: row.id, version: row.version })),
    );
  }
  return found;
}

/**
 * Does `work` on each row in turn. The first refusal stops the batch: its status and code as they
 * were, its message prefixed with the record's name, and the record's id in `fieldErrors`.
 */
export async function eachOfBatch<Row extends { id: string }>(
  rows: readonly Row[],
  nameOf: (row: Row) => string,
  work: (row: Row) => Promise<void>,
): Promise<void> {
  for (const row of rows) {
    try {
      await work(row);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(
        error.statusCode,
        error.errorCode,
        `${nameOf(row)}: ${error.message}`,
        { [row.id]: error.message, ...error.fieldErrors },
        error.headers,
        error.current,
      );
    }
  }
}
