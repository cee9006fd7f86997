import { messages } from '@ledgerdesk/contracts';
import { type Column, getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod/mini';
import { AppError } from './errors';

/*
 * Optimistic concurrency (COMMON version protocol): every record carries a version, 1 when created
 * and one more on every update. An update may name the version it read — a `version` body field or
 * an `If-Match: "<n>"` header; when it is older than the stored one the update is refused with
 * 409 STALE_RECORD and the record as it is now. The UPDATE itself is conditional on the version
 * (`where id = $1 and version = $2`), so of two writers that read the same version only one wins.
 */

const ifMatchMessage = 'If-Match must be the record version in quotes, such as "3".';

/** The `If-Match` request header, documented on every update route. */
export const ifMatchHeaders = z.looseObject({
  'if-match': z.optional(z.string()),
});

/** The version an update names: its `version` field, else its `If-Match` header; undefined: any. */
export function expectedVersion(sent: number | undefined, ifMatch: string | undefined): number | undefined {
  if (sent !== undefined) return sent;
  if (ifMatch === undefined) return undefined;
  const tag = ifMatch.trim();
  if (tag === '*') return undefined;
  // "3", W/"3" (weak tags name the same version here) or a bare 3.
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(tag);
  const version = match ? Number(match[1]) : 0;
  if (version < 1) throw AppError.badRequest(ifMatchMessage, { 'if-match': ifMatchMessage });
  return version;
}

/** The `ETag` of a record of this version (what `If-Match` sends back). */
export const etagOf = (version: number) => `"${version}"`;

/** An update names a version (or none) other than the stored one: answer 409 STALE_RECORD. */
export const isStale = (expected: number | undefined, stored: number) =>
  expected !== undefined && expected !== stored;

/** The SET of an update's version: one more, in the same statement as the change. */
export const nextVersion = (column: PgColumn): SQL => sql`${column} + 1`;

/** A numeric column's value without the zeros its scale adds ("12.50" and "12.5" are one price). */
const numeric = (value: unknown) =>
  typeof value === 'string' && /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;

/** Two column values alike (dates by time, arrays and JSON by content); an SQL expression never is. */
function same(column: Column | undefined, stored: unknown, next: unknown): boolean {
  if (next instanceof Date || stored instanceof Date) {
    return next instanceof Date && stored instanceof Date && next.getTime() === stored.getTime();
  }
  if (next !== null && typeof next === 'object') {
    if (is(next, SQL)) return false;
    return JSON.stringify(next) === JSON.stringify(stored);
  }
  if (column?.columnType === 'PgNumeric') return numeric(next) === numeric(stored);
  return next === stored;
}

/**
 * The values of an update that differ from the stored row: an update writes only what changed, so
 * that a write without a version does not put back fields another writer changed meanwhile.
 */
export function changedValues<V extends Record<string, unknown>>(
  table: Table,
  row: object,
  values: V,
): Partial<V> {
  const columns = getTableColumns(table) as Record<string, Column>;
  const stored = row as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => value !== undefined && !same(columns[key], stored[key], value),
    ),
  ) as Partial<V>;
}

/** Two inputs alike, whatever the order of their keys. */
export function sameInput(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as object).sort(([x], [y]) => x.localeCompare(y)))
      : v,
  );
}

/** For an update route's OpenAPI description. */
export const versionDescription =
  'Send back the `version` you read (or `If-Match: "<n>"`): when the record has changed since, the answer ' +
  `is 409 STALE_RECORD ("${messages.staleRecord}") with the record as it is now in \`current\`. ` +
  'Without a version the update applies. A field left out of the body keeps its stored value; an update that ' +
  'changes nothing writes nothing (no new version, no audit entry).';
