import { and, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { authThrottle } from '../db/schema';

/**
 * How many hits a key may take within a window before it is locked, and for how long. With
 * `maxLockMinutes`, every hit past the limit doubles the lock (lockMinutes, 2×, 4×...) up to it.
 */
export type ThrottleRule = {
  limit: number;
  windowMinutes: number;
  lockMinutes: number;
  maxLockMinutes?: number;
};

const minutes = (n: number) => sql.raw(`interval '${Number(n)} minutes'`);

/** A counter is swept once its window has been over this long (longer than any rule's window). */
const SWEEP_AFTER = sql.raw(`interval '1 day'`);
/** Every this many counts a process sweeps the counters nobody has touched for a day. */
const SWEEP_EVERY = 1000;

/**
 * Counters of failed or sensitive attempts and of requests, keyed "<purpose>:<who>". In the
 * database, not in memory, so that every server process sees the same counts; each count is one
 * atomic upsert, so concurrent processes cannot lose one. Times are the database's `now()`, the
 * one clock every process shares.
 */
export function createThrottle(db: Database) {
  let countsSinceSweep = 0;

  /** Forgets counters whose window is long over and which lock nothing. */
  async function sweep(): Promise<void> {
    await db
      .delete(authThrottle)
      .where(
        sql`${authThrottle.windowStartedAt} < now() - ${SWEEP_AFTER} and (${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} < now())`,
      );
  }

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

    /** Counts a hit; once the window holds `limit` hits the key is locked (see ThrottleRule). */
    async hit(key: string, rule: ThrottleRule): Promise<void> {
      const expired = sql`${authThrottle.windowStartedAt} < now() - ${minutes(rule.windowMinutes)}`;
      const hits = sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`;
      // 2^(hits past the limit) times the first lock, at most maxLockMinutes (the exponent is capped
      // so that a long run of hits cannot overflow).
      const lockMinutes = sql`least(${rule.lockMinutes}::float8 * power(2, least(${hits} - ${rule.limit}, 30)), ${rule.maxLockMinutes ?? rule.lockMinutes}::float8)`;
      await db
        .insert(authThrottle)
        .values({
          key,
          failures: 1,
          lockedUntil: rule.limit <= 1 ? sql`now() + ${minutes(rule.lockMinutes)}` : null,
        })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: hits,
            windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
            lockedUntil: sql`case when ${hits} >= ${rule.limit} then now() + ${lockMinutes} * interval '1 minute' else ${authThrottle.lockedUntil} end`,
            updatedAt: sql`now()`,
          },
        });
    },

    /**
     * Counts `n` requests (one by default) in a fixed window of `windowMs`: how many the window
     * holds now, and in how many milliseconds it ends (the rate limit's store, plugins/rate-limit.ts).
     */
    async count(key: string, windowMs: number, n = 1): Promise<{ hits: number; msLeft: number }> {
      const added = Math.max(1, Math.trunc(n));
      const window = sql`${Math.max(1, Math.trunc(windowMs))} * interval '1 millisecond'`;
      const expired = sql`${authThrottle.windowStartedAt} <= now() - ${window}`;
      // A request's count need not survive a power cut: its commit does not wait for the disk
      // (synchronous_commit off, set for this statement's own transaction by the select it inserts
      // from), which would otherwise double the time of every signed-in read now that commits are
      // fsynced. One statement, one round trip: a transaction around it took four (bench/products.ts).
      const [row] = await rowsOf<{ hits: number; ms_left: string | number }>(
        db,
        sql`insert into ${authThrottle} (key, failures)
          select ${key}, ${added}::integer from (select set_config('synchronous_commit', 'off', true)) as this_statement
          on conflict (key) do update set
            failures = case when ${expired} then ${added}::integer else ${authThrottle.failures} + ${added}::integer end,
            window_started_at = case when ${expired} then now() else ${authThrottle.windowStartedAt} end,
            updated_at = now()
          returning failures as hits,
            extract(epoch from ${authThrottle.windowStartedAt} + ${window} - now()) * 1000 as ms_left`,
      );
      countsSinceSweep += 1;
      if (countsSinceSweep >= SWEEP_EVERY) {
        countsSinceSweep = 0;
        await sweep();
      }
      return {
        hits: Number(row?.hits ?? added),
        msLeft: Math.max(0, Math.ceil(Number(row?.ms_left ?? windowMs))),
      };
    },

    sweep,

    async clear(key: string): Promise<void> {
      await db.delete(authThrottle).where(eq(authThrottle.key, key));
    },

    /** Forgets the key and every key that starts with `prefix`. */
    async clearWithPrefix(key: string, prefix: string): Promise<void> {
      const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
      await db
        .delete(authThrottle)
        .where(or(eq(authThrottle.key, key), like(authThrottle.key, `${escaped}%`)));
    },
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
