import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The four columns every table carries (ARCHITECTURE.md "API contract"). */
export const auditColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  createdBy: uuid('created_by'),
  updatedBy: uuid('updated_by'),
});

/**
 * The record's version for optimistic concurrency: 1 on insert, one more on every update. A client
 * sends back the version it read (`If-Match` or a `version` field); an update of an older version
 * is refused with 409 and the current record, instead of silently overwriting what another wrote.
 */
export const versionColumn = () => ({
  version: integer('version').notNull().default(1),
});
