import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { isRankKey } from '../../src/lib/rank-key';
import { migrationsDir } from '../../src/paths';
import { engine, openTestDatabase } from '../context';

// The kanban migration on a database that already has tasks: each goes to the default board's
// column of its status, newest first, with a valid rank key; card numbers follow creation order.
const before = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-kanban-migration-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

describe('the kanban migration', () => {
  it('places the existing tasks on the default board', async () => {
    cpSync(migrationsDir, before, { recursive: true });
    const journalPath = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const kanban = journal.entries.findIndex((entry) => entry.tag.endsWith('_kanban'));
    expect(kanban).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, kanban);
    writeFileSync(journalPath, JSON.stringify(journal));

    const handle = await openTestDatabase({ migrated: false });
    try {
      const migrate = (folder: string) =>
        engine === 'postgres'
          ? migratePg(handle.db as never, { migrationsFolder: folder })
          : migratePglite(handle.db as never, { migrationsFolder: folder });
      await migrate(before);
      await handle.db.execute(
        sql`insert into tasks (task, status, created_at)
            select 'Old ' || n, (array['New', 'Pending', 'Inprogress', 'Completed'])[1 + n % 4],
                   timestamptz '2026-01-01' + n * interval '1 hour'
              from generate_series(1, 200) n`,
      );
      await handle.migrate();

      const columns = await rowsOf<{ title: string; status: string | null; cards: string[]; ok: boolean }>(
        handle.db,
        sql`select c.title, c.status,
                   coalesce(array_agg(t.task order by t.rank, t.id) filter (where t.id is not null), '{}') as cards,
                   coalesce(bool_and(t.status = c.status), true) as ok
              from task_board_columns c
              join task_boards b on b.id = c.board_id and b.project_id is null
              left join tasks t on t.column_id = c.id
             group by c.id, c.title, c.status, c.rank
             order by c.rank`,
      );
      expect(columns.map((c) => [c.title, c.status, c.cards.length, c.ok])).toEqual([
        ['Unassigned', null, 0, true],
        ['To Do', 'Pending', 50, true],
        ['Inprogress', 'Inprogress', 50, true],
        ['IN REVIEWS', null, 0, true],
        ['Completed', 'Completed', 50, true],
        ['New', 'New', 50, true],
      ]);
      // Newest first: in New (n % 4 = 0), 'Old 200' is the latest.
      expect(columns.at(-1)?.cards.slice(0, 3)).toEqual(['Old 200', 'Old 196', 'Old 192']);
      const ranks = await rowsOf<{ rank: string }>(handle.db, sql`select rank from tasks`);
      expect(ranks.every((r) => isRankKey(r.rank))).toBe(true);
      const numbers = await rowsOf<{ task: string; card_no: number }>(
        handle.db,
        sql`select task, card_no from tasks where task in ('Old 1', 'Old 200')`,
      );
      expect(Object.fromEntries(numbers.map((r) => [r.task, r.card_no]))).toEqual({
        'Old 1': 1,
        'Old 200': 200,
      });
      // The next task takes the next number.
      const [next] = await rowsOf<{ card_no: number }>(
        handle.db,
        sql`insert into tasks (task, column_id, rank)
            select 'New one', id, 'a0' from task_board_columns order by rank limit 1
            returning card_no`,
      );
      expect(next?.card_no).toBe(201);
    } finally {
      await handle.close();
    }
  });
});
