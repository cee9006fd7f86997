import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * The durable queue of slow or failure-prone side effects (mail now; notifications, thumbnails
 * later): a request only inserts a row, a worker on any node claims due rows, runs the handler of
 * their kind, and retries with backoff until `done_at` or, after the last attempt, `failed_at`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Names the handler, e.g. "account-mail". */
    kind: text('kind').notNull(),
    /** What the handler needs; no secrets (a mail's token is made when it is sent). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Attempts started so far (a claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the row is due: at insert, after a backoff, or when a claim's lease runs out. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    // What the worker scans: the pending rows, by due time.
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);
