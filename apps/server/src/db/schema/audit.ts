import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * Append-only record of every mutation. The actor is kept by id and by label (their email then),
 * without a foreign key, so that deleting a user leaves their history intact.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label').notNull().default(''),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityKey: text('entity_key').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: text('ip').notNull().default(''),
    requestId: text('request_id').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityKey),
    index('audit_log_actor_idx').on(t.actorId),
    // An area's latest changes (the dashboards' recent activity, the library's changes).
    index('audit_log_entity_at_idx').on(t.entity, t.at),
  ],
);
