import { COUNT_CAP } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../context';

// Lists count up to COUNT_CAP rows: past it the answer says so instead of counting every row.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  await ctx.database.db.execute(
    // In the default board's first column, each with a rank key of its own ('d' and four digits).
    sql`insert into tasks (task, status, column_id, rank) select 'Counted task ' || n, case when n <= 40 then 'Completed' else 'New' end, (select id from task_board_columns order by rank limit 1), 'd' || lpad(to_hex(n), 4, '0') from generate_series(1, ${COUNT_CAP + 60}) as n`,
  );
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await ctx.call(admin, 'GET', `/api/apps/task?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; countCapped?: boolean; results: { task: string }[] };
};

describe('list counts', () => {
  it('stop at the cap and say so when more rows match', async () => {
    const all = await list('search=Counted%20task&pageSize=10');
    expect(all.count).toBe(COUNT_CAP);
    expect(all.countCapped).toBe(true);
    expect(all.results).toHaveLength(10);
  });

  it('are exact, without the flag, below the cap', async () => {
    const completed = await list('search=Counted%20task&status=Completed');
    expect(completed.count).toBe(40);
    expect(completed).not.toHaveProperty('countCapped');
  });

  it('let pages past the cap be read', async () => {
    const pageSize = 100;
    const last = await list(
      `search=Counted%20task&pageSize=${pageSize}&page=${COUNT_CAP / pageSize + 1}&ordering=task`,
    );
    expect(last.results).toHaveLength(60);
    expect(last.countCapped).toBe(true);
  });
});
