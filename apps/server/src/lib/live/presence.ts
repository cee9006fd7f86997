import { randomBytes } from 'node:crypto';
import type { PresenceStatus } from '@ledgerdesk/contracts';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { livePresence } from '../../db/schema';

/** How often a node says its rows are still alive, and how old a row may be before it is ignored. */
export const PRESENCE_REFRESH_MS = 30_000;
const PRESENCE_STALE_SECONDS = 75;

/**
 * This node's share of the presence table: one row per user with a socket here (sockets, away).
 * A user is online when any live row of theirs (seen in the last 75 s) is not away, away when all
 * are, offline without one.
 */
export function createPresence(db: Database) {
  const nodeId = randomBytes(8).toString('hex');
  const fresh = sql`${livePresence.seenAt} > now() - ${sql.raw(`interval '${PRESENCE_STALE_SECONDS} seconds'`)}`;

  return {
    nodeId,

    /** Writes this node's row of a user (none when they have no socket left here). */
    async set(userId: string, sockets: number, away: boolean): Promise<void> {
      if (sockets === 0) {
        await db
          .delete(livePresence)
          .where(and(eq(livePresence.userId, userId), eq(livePresence.nodeId, nodeId)));
        return;
      }
      await db
        .insert(livePresence)
        .values({ userId, nodeId, sockets, away })
        .onConflictDoUpdate({
          target: [livePresence.userId, livePresence.nodeId],
          set: { sockets, away, seenAt: sql`now()` },
        });
    },

    /** Keeps every row of this node alive: one statement, whatever the number of users. */
    async refresh(): Promise<void> {
      await db.update(livePresence).set({ seenAt: sql`now()` }).where(eq(livePresence.nodeId, nodeId));
    },

    /** This node's rows go (a shutdown): its users are offline unless another node has them. */
    async clear(): Promise<string[]> {
      const gone = await db
        .delete(livePresence)
        .where(eq(livePresence.nodeId, nodeId))
        .returning({ userId: livePresence.userId });
      return gone.map((row) => row.userId);
    },

    async statusOf(userIds: string[]): Promise<Map<string, PresenceStatus>> {
      const result = new Map<string, PresenceStatus>(userIds.map((id) => [id, 'offline']));
      if (userIds.length === 0) return result;
      const rows = await db
        .select({ userId: livePresence.userId, away: sql<boolean>`bool_and(${livePresence.away})` })
        .from(livePresence)
        .where(and(inArray(livePresence.userId, userIds), fresh, gt(livePresence.sockets, 0)))
        .groupBy(livePresence.userId);
      for (const row of rows) result.set(row.userId, row.away ? 'away' : 'online');
      return result;
    },
  };
}
export type Presence = ReturnType<typeof createPresence>;
