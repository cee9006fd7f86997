import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authThrottle } from '../db/schema';

/** How many hits a key may take within a window before it is locked, and for how long. */
export type ThrottleRule = { limit: number; windowMinutes: number; lockMinutes: number };

/**
 * Counters of failed or sensitive attempts, keyed "<purpose>:<email or address>". In the
 * database, not in memory, so that every server process sees the same counts.
 */
export function createThrottle(db: Database) {
  return {
    /** The latest time until which any of the keys is locked, or null. */
    async lockedUntil(keys: string[]): Promise<Date | null> {
      const [lock] = await db
        .select({ lockedUntil: authThrottle.lockedUntil })
        .from(authThrottle)
        .where(and(inArray(authThrottle.key, keys), gt(authThrottle.lockedUntil, sql`now()`)))
        .orderBy(sql`${authThrottle.lockedUntil} desc`)
        .limit(1);
      return lock?.lockedUntil ?? null;
    },

    /** Counts a hit in one atomic statement, so concurrent processes cannot lose a count. */
    async hit(key: string, rule: ThrottleRule): Promise<void> {
      const window = sql.raw(`interval '${Number(rule.windowMinutes)} minutes'`);
      const lock = sql.raw(`interval '${Number(rule.lockMinutes)} minutes'`);
      const expired = sql`${authThrottle.windowStartedAt} < now() - ${window}`;
      const hits = sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`;
      await db
        .insert(authThrottle)
        .values({ key, failures: 1, lockedUntil: rule.limit <= 1 ? sql`now() + ${lock}` : null })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: hits,
            windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
            lockedUntil: sql`case when ${hits} >= ${rule.limit} then now() + ${lock} else ${authThrottle.lockedUntil} end`,
            updatedAt: sql`now()`,
          },
        });
    },

    async clear(key: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
