import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/**
 * API keys. The secret itself is never stored: only its SHA-256 (looked up on every request made
 * with it) and its first characters, to tell keys apart in a list.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The creator: a call made with the key acts as them, with their current permissions. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    visiblePrefix: text('visible_prefix').notNull(),
    status: text('status').notNull().default('Active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    index('api_keys_status_idx').on(t.status),
    index('api_keys_name_idx').on(t.name),
    index('api_keys_created_idx').on(t.createdAt),
    index('api_keys_expires_idx').on(t.expiresAt),
    index('api_keys_last_used_idx').on(t.lastUsedAt),
    index('api_keys_search_idx').using(
      'gin',
      sql`${t.name} gin_trgm_ops`,
      sql`${t.visiblePrefix} gin_trgm_ops`,
    ),
    check('api_keys_status_check', sql`${t.status} in ('Active', 'Disable')`),
  ],
);
