import {
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  type NotificationParams,
  type NotificationRecord,
  notificationMessages,
} from '@ledgerdesk/contracts';
import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { LiveHub } from '../../lib/live/hub';

/** Ids per announcement: a payload stays well under 1 KB. */
const IDS_PER_EVENT = 20;

export type NotifyInput = {
  userIds: Iterable<string>;
  kind: NotificationKind;
  /** Names and titles the text is made of (the web renders it in the reader's language). */
  params: NotificationParams;
  /** Where a click leads, in the web app ("/tasks?task=…"). */
  link: string;
  /**
   * With a key, an UNREAD notification of the same user and key is updated instead (its count one
   * more, its params and link replaced, its time now): "3 new messages from Ana".
   */
  coalesceKey?: string;
};

type Row = typeof notifications.$inferSelect;

const recordOf = (row: Row): NotificationRecord => ({
  id: row.id,
  kind: row.kind,
  params: row.params,
  link: row.link,
  count: row.unreadCount,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

const encodeCursor = (row: Row) =>
  Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const when = typeof at === 'string' ? new Date(at) : null;
    if (when && !Number.isNaN(when.getTime()) && typeof id === 'string' && z.uuid().safeParse(id).success)
      return { at: when, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw AppError.invalidField('cursor', { code: 'invalid' }, notificationMessages.cursorInvalid);
}

/**
 * The bell's notifications. Other modules raise them with `notify` in their own transaction: the
 * rows and their announcement commit with the change that caused them, or not at all. A user reads
 * and marks only their own.
 */
export function createNotificationsService(deps: { db: Database; live: LiveHub }) {
  const { db, live } = deps;

  async function unreadOf(executor: Database, userIds: string[]): Promise<Map<string, number>> {
    const rows = await executor
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    return new Map(rows.map((row) => [row.userId, row.n]));
  }

  // Every node: the new (or coalesced) notifications of its users go to their sockets.
  live.on('notification', async (payload) => {
    const ids = Array.isArray(payload.ids) ? payload.ids.map(String) : [];
    const local = [...live.localUserIds()];
    if (ids.length === 0 || local.length === 0) return;
    const rows = await db
      .select()
      .from(notifications)
      .where(and(inArray(notifications.id, ids), inArray(notifications.userId, local)));
    if (rows.length === 0) return;
    const unread = await unreadOf(
      db,
      rows.map((row) => row.userId),
    );
    for (const row of rows) {
      live.sendTo([row.userId], {
        type: 'notification',
        notification: recordOf(row),
        unread: unread.get(row.userId) ?? 0,
      });
    }
  });
  // Read on one tab (or node): the user's other tabs refresh their bell.
  live.on('notifications.read', async (payload) => {
    const userId = String(payload.user);
    if (!live.localUserIds().has(userId)) return;
    const unread = (await unreadOf(db, [userId])).get(userId) ?? 0;
    live.sendTo([userId], { type: 'notifications.changed', unread });
  });

  return {
    /** Notifies these users, in the caller's transaction (`tx`), and announces it when it commits. */
    async notify(tx: Database, input: NotifyInput): Promise<void> {
      const userIds = [...new Set(input.userIds)];
      if (userIds.length === 0) return;
      const rows = await tx
        .insert(notifications)
        .values(
          userIds.map((userId) => ({
            userId,
            kind: input.kind,
            params: input.params,
            link: input.link,
            coalesceKey: input.coalesceKey ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.coalesceKey],
          targetWhere: sql`${notifications.readAt} is null and ${notifications.coalesceKey} is not null`,
          set: {
            unreadCount: sql`${notifications.unreadCount} + 1`,
            params: sql`excluded.params`,
            link: sql`excluded.link`,
            kind: sql`excluded.kind`,
            createdAt: sql`now()`,
          },
        })
        .returning({ id: notifications.id });
      for (let i = 0; i < rows.length; i += IDS_PER_EVENT) {
        await live.publish(tx, 'notification', {
          ids: rows.slice(i, i + IDS_PER_EVENT).map((row) => row.id),
        });
      }
    },

    /** A page of the user's notifications, newest first (unread only when asked). */
    async list(userId: string, query: { cursor?: string | undefined; unread?: boolean | undefined }) {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            query.unread ? isNull(notifications.readAt) : undefined,
            after
              ? or(
                  lt(notifications.createdAt, after.at),
                  and(eq(notifications.createdAt, after.at), lt(notifications.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE_SIZE + 1);
      const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        items: page.map(recordOf),
        unread: (await unreadOf(db, [userId])).get(userId) ?? 0,
        nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor(last) : null,
      };
    },

    async unreadCount(userId: string): Promise<number> {
      return (await unreadOf(db, [userId])).get(userId) ?? 0;
    },

    /** Marks one read (404 when it is not the user's); answers the unread count left. */
    async markRead(userId: string, id: string): Promise<number> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
          .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
          .returning({ id: notifications.id });
        if (!row) throw AppError.notFound();
        await live.publish(tx as Database, 'notifications.read', { user: userId });
      });
      return (await unreadOf(db, [userId])).get(userId) ?? 0;
    },

    async markAllRead(userId: string): Promise<number> {
      await db.transaction(async (tx) => {
        await tx
          .update(notifications)
          .set({ readAt: sql`now()` })
          .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
        await live.publish(tx as Database, 'notifications.read', { user: userId });
      });
      return 0;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
