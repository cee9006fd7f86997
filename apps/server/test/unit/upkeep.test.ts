import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { scheduleIdleVacuum } from '../../src/db/upkeep';

afterEach(() => {
  vi.useRealTimers();
});

describe('the idle VACUUM of PGlite', () => {
  it('runs once the server has been idle for a while after a write, and only then', async () => {
    vi.useFakeTimers();
    const vacuum = vi.fn(async () => {});
    const upkeep = scheduleIdleVacuum({ vacuum, onError: () => {}, idleMs: 1000 });

    upkeep.activity('GET');
    await vi.advanceTimersByTimeAsync(5000);
    expect(vacuum).not.toHaveBeenCalled(); // reads leave nothing to reclaim

    upkeep.activity('PATCH');
    await vi.advanceTimersByTimeAsync(600);
    upkeep.activity('GET');
    await vi.advanceTimersByTimeAsync(600);
    expect(vacuum).not.toHaveBeenCalled(); // not idle yet: a request came 600 ms ago

    await vi.advanceTimersByTimeAsync(1000);
    expect(vacuum).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(vacuum).toHaveBeenCalledTimes(1); // no write since

    upkeep.activity('DELETE');
    await vi.advanceTimersByTimeAsync(2000);
    expect(vacuum).toHaveBeenCalledTimes(2);
    await upkeep.stop();
    upkeep.activity('POST');
    await vi.advanceTimersByTimeAsync(5000);
    expect(vacuum).toHaveBeenCalledTimes(2);
  });

  it("reclaims updated rows' old versions, so the next updates reuse their space", async () => {
    const database = await openDatabase({});
    try {
      const { db } = database;
      await db.execute(sql`create table churn (id int primary key, n int not null, pad text not null)`);
      await db.execute(sql`insert into churn select g, 0, repeat('x', 200) from generate_series(1, 500) g`);
      const updateAll = async () => {
        for (let i = 0; i < 10; i++) await db.execute(sql`update churn set n = n + 1`);
      };
      const stats = async () => {
        const result = (await db.execute(
          sql`select pg_relation_size('churn')::int as size, last_vacuum::text as vacuumed
              from pg_stat_user_tables where relname = 'churn'`,
        )) as unknown as { rows: { size: number; vacuumed: string | null }[] };
        return result.rows[0];
      };
      await updateAll();
      await database.vacuum();
      const vacuumed = await stats();
      expect(vacuumed?.vacuumed).not.toBeNull();
      await updateAll();
      expect((await stats())?.size).toBe(vacuumed?.size);
    } finally {
      await database.close();
    }
  }, 60_000);
});
