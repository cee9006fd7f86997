import { type TaskColumnRecord, type TaskStatus, taskMessages } from '@ledgerdesk/contracts';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { taskBoardColumns, taskBoards, tasks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { keyBetween } from '../../lib/rank-key';
import type { ColumnRow } from './board';

export const columnRecordOf = (c: ColumnRow): TaskColumnRecord => ({
  id: c.id,
  kanId: c.id,
  boardId: c.boardId,
  title: c.title,
  name: c.title,
  status: c.status as TaskStatus | null,
});

/** The board, locked: changes to its columns (their ranks, the last one's delete) one at a time. */
async function lockBoard(db: Database, boardId: string) {
  const [board] = await db.select().from(taskBoards).where(eq(taskBoards.id, boardId)).limit(1).for('update');
  if (!board) throw AppError.notFound();
  return board;
}

/**
 * The rank of a column placed after `afterId` (null: first; undefined: last), the column `except`
 * (the one moving) left out.
 */
async function columnRankAfter(
  db: Database,
  boardId: string,
  afterId: string | null | undefined,
  except?: string,
) {
  const others = and(
    eq(taskBoardColumns.boardId, boardId),
    except ? ne(taskBoardColumns.id, except) : undefined,
  );
  if (afterId === undefined) {
    const [last] = await db
      .select({ rank: taskBoardColumns.rank })
      .from(taskBoardColumns)
      .where(others)
      .orderBy(sql`${taskBoardColumns.rank} desc`)
      .limit(1);
    return keyBetween(last?.rank ?? null, null);
  }
  let low: string | null = null;
  if (afterId !== null) {
    const [previous] = await db
      .select({ rank: taskBoardColumns.rank })
      .from(taskBoardColumns)
      .where(and(others, eq(taskBoardColumns.id, afterId)));
    if (!previous) {
      const message = taskMessages.unknownColumn;
      throw AppError.badRequest(message, { afterId: message });
    }
    low = previous.rank;
  }
  const [next] = await db
    .select({ rank: taskBoardColumns.rank })
    .from(taskBoardColumns)
    .where(and(others, low === null ? undefined : gt(taskBoardColumns.rank, low)))
    .orderBy(asc(taskBoardColumns.rank))
    .limit(1);
  return keyBetween(low, next?.rank ?? null);
}

export async function createColumn(
  db: Database,
  boardId: string,
  input: { title: string; status?: TaskStatus | null | undefined; afterId?: string | null | undefined },
): Promise<ColumnRow> {
  await lockBoard(db, boardId);
  const [column] = await db
    .insert(taskBoardColumns)
    .values({
      boardId,
      title: input.title,
      status: input.status ?? null,
      rank: await columnRankAfter(db, boardId, input.afterId),
    })
    .returning();
  if (!column) throw new Error('column insert returned nothing');
  return column;
}

export async function findColumn(db: Database, id: string): Promise<ColumnRow> {
  const [column] = await db.select().from(taskBoardColumns).where(eq(taskBoardColumns.id, id)).limit(1);
  if (!column) throw AppError.notFound();
  return column;
}

/** Rename, change the status of or move a column; answers it before and after. */
export async function updateColumn(
  db: Database,
  id: string,
  changes: {
    title?: string | undefined;
    status?: TaskStatus | null | undefined;
    afterId?: string | null | undefined;
  },
): Promise<{ before: ColumnRow; after: ColumnRow }> {
  const before = await findColumn(db, id);
  await lockBoard(db, before.boardId);
  if (changes.afterId === id) {
    throw AppError.badRequest(taskMessages.afterItself, { afterId: taskMessages.afterItself });
  }
  const values = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    ...(changes.afterId !== undefined
      ? { rank: await columnRankAfter(db, before.boardId, changes.afterId, id) }
      : {}),
  };
  if (Object.keys(values).length === 0) return { before, after: before };
  const [after] = await db
    .update(taskBoardColumns)
    .set(values)
    .where(eq(taskBoardColumns.id, id))
    .returning();
  if (!after) throw AppError.notFound();
  return { before, after };
}

/** Deletes an empty column; a column with cards, or a board's last column, is refused (409). */
export async function deleteColumn(db: Database, id: string): Promise<ColumnRow> {
  const column = await findColumn(db, id);
  await lockBoard(db, column.boardId);
  // Locked too: a card written into it meanwhile waits, then finds it gone.
  await db
    .select({ id: taskBoardColumns.id })
    .from(taskBoardColumns)
    .where(eq(taskBoardColumns.id, id))
    .for('update');
  const [card] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.columnId, id)).limit(1);
  if (card) throw AppError.conflict(taskMessages.columnNotEmpty);
  const [other] = await db
    .select({ id: taskBoardColumns.id })
    .from(taskBoardColumns)
    .where(and(eq(taskBoardColumns.boardId, column.boardId), ne(taskBoardColumns.id, id)))
    .limit(1);
  if (!other) throw AppError.conflict(taskMessages.lastColumn);
  await db.delete(taskBoardColumns).where(eq(taskBoardColumns.id, id));
  return column;
}
