import type { NotificationKind, NotificationParams } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Who has a live socket open, per node (lib/live/presence.ts): a node writes its row of a user when
 * the user's first socket opens and when the last closes or the user goes away, and refreshes
 * `seen_at` of all its rows every 30 s. A node that died leaves rows that age out by `seen_at`.
 * Not audited, no version: the state of connections, not a record anyone edits.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Random per process start. */
    nodeId: text('node_id').notNull(),
    sockets: integer('sockets').notNull(),
    /** Every socket of the user on this node says its tab is hidden or idle. */
    away: boolean('away').notNull().default(false),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nodeId] }), index('live_presence_node_idx').on(t.nodeId)],
);

/**
 * A user's notifications (the bell). A kind and its parameters, rendered in the reader's language by
 * the web. With a coalesce key, an unread notification of the same user and key is updated instead
 * of a new one ("3 new messages from Ana"). Not audited: a notification is a consequence of an
 * audited change, and only its user reads or marks it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    params: jsonb('params').$type<NotificationParams>().notNull(),
    link: text('link').notNull(),
    coalesceKey: text('coalesce_key'),
    unreadCount: integer('unread_count').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The bell's list: a user's newest first (keyset on created_at, id).
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    // At most one unread notification per user and key: a new event updates it (insert … on conflict).
    uniqueIndex('notifications_coalesce_idx')
      .on(t.userId, t.coalesceKey)
      .where(sql`${t.readAt} is null and ${t.coalesceKey} is not null`),
  ],
);
