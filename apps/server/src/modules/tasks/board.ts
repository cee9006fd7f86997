import {
  cardIdOf,
  type TaskCard,
  type TaskFilters,
  type TaskRecord,
  type TaskStatus,
  taskMessages,
} from '@ledgerdesk/contracts';
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { projects, taskBoardColumns, taskBoards, taskComments, tasks } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { keyBetween, keysBetween } from '../../lib/rank-key';
import { attachmentCounts } from '../../resources/attachments';
import { searchCondition } from '../../resources/list';
import type { UsersService } from '../users/service';

export type TaskRow = typeof tasks.$inferSelect;
export type ColumnRow = typeof taskBoardColumns.$inferSelect;

/** A new board's columns (SPEC §3), in order. */
export const DEFAULT_COLUMNS: { title: string; status: TaskStatus | null }[] = [
  { title: 'Unassigned', status: null },
  { title: 'To Do', status: 'Pending' },
  { title: 'Inprogress', status: 'Inprogress' },
  { title: 'IN REVIEWS', status: null },
  { title: 'Completed', status: 'Completed' },
  { title: 'New', status: 'New' },
];
export const DEFAULT_BOARD_NAME = 'Tasks';

/** Subtasks done over all, in percent; 100 once Completed; 0 without subtasks. */
export function progressOf(status: string, subtasks: { done: boolean }[]): number {
  if (status === 'Completed') return 100;
  if (subtasks.length === 0) return 0;
  return Math.round((100 * subtasks.filter((s) => s.done).length) / subtasks.length);
}

/** Today's date where the database keeps time (due filters compare dates there). */
const today = sql`current_date`;
function dueCondition(due: TaskFilters['due']): SQL | undefined {
  switch (due) {
    case 'overdue':
      return and(lt(tasks.dueDate, today), ne(tasks.status, 'Completed'));
    case 'today':
      return eq(tasks.dueDate, today);
    case 'week':
      return sql`${tasks.dueDate} between ${today} and ${today} + 6`;
    case 'none':
      return isNull(tasks.dueDate);
    default:
      return undefined;
  }
}

/** The filters of the list and the board alike. */
export const taskConditions = (f: TaskFilters): (SQL | undefined)[] => [
  f.status ? eq(tasks.status, f.status) : undefined,
  f.priority ? eq(tasks.priority, f.priority) : undefined,
  f.assignee ? sql`${tasks.assigneeIds} @> array[${f.assignee}]::uuid[]` : undefined,
  f.project === 'none' ? isNull(tasks.projectId) : f.project ? eq(tasks.projectId, f.project) : undefined,
  dueCondition(f.due),
];
export const taskSearch = [tasks.task, tasks.description];

/** A keyset cursor (rank and id of the last card sent), opaque to clients. */
const encodeCursor = (row: { rank: string; id: string }) =>
  Buffer.from(JSON.stringify([row.rank, row.id])).toString('base64url');
function decodeCursor(cursor: string): { rank: string; id: string } {
  try {
    const [rank, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof rank === 'string' && typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id))
      return { rank, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw AppError.invalidField('cursor', { code: 'invalid' }, taskMessages.cursorInvalid);
}

/** The owner type of the files attached to tasks. */
export const TASK_ATTACHMENTS = 'tasks';

/**
 * What the records and cards of some task rows show besides the rows: names, comment and
 * attachment counts (one query each, whatever the number of rows: a board loads thousands).
 */
async function detailsOf(db: Database, users: UsersService, rows: TaskRow[]) {
  const ids = rows.map((t) => t.id);
  const projectIds = [...new Set(rows.flatMap((t) => (t.projectId ? [t.projectId] : [])))];
  const [names, comments, projectNames, attachments] = await Promise.all([
    users.namesOf(
      db,
      rows.flatMap((t) => t.assigneeIds),
    ),
    ids.length === 0
      ? []
      : db
          .select({ taskId: taskComments.taskId, n: count() })
          .from(taskComments)
          .where(inArray(taskComments.taskId, ids))
          .groupBy(taskComments.taskId),
    projectIds.length === 0
      ? []
      : db
          .select({ id: projects.id, name: projects.name })
          .from(projects)
          .where(inArray(projects.id, projectIds)),
    attachmentCounts(db, TASK_ATTACHMENTS, ids),
  ]);
  const commentCounts = new Map(comments.map((c) => [c.taskId, c.n]));
  const projectsById = new Map(projectNames.map((p) => [p.id, p]));
  return {
    members: (t: TaskRow) =>
      t.assigneeIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id) ?? '' })),
    comments: (t: TaskRow) => commentCounts.get(t.id) ?? 0,
    attachments: (t: TaskRow) => attachments.get(t.id) ?? 0,
    project: (t: TaskRow) => (t.projectId ? (projectsById.get(t.projectId) ?? null) : null),
  };
}

export async function toTaskRecords(
  db: Database,
  users: UsersService,
  rows: TaskRow[],
): Promise<TaskRecord[]> {
  const details = await detailsOf(db, users, rows);
  return rows.map((t) => ({
    _id: t.id,
    task: t.task,
    description: t.description,
    status: t.status as TaskRecord['status'],
    priority: t.priority as TaskRecord['priority'],
    dueDate: t.dueDate,
    assignees: details.members(t),
    project: details.project(t),
    cardId: cardIdOf(t.cardNo),
    tags: t.tags,
    subtasks: t.subtasks,
    columnId: t.columnId,
    commentCount: details.comments(t),
    attachmentCount: details.attachments(t),
    progress: progressOf(t.status, t.subtasks),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    version: t.version,
  }));
}

/** A task's kanban card (SPEC §3): the same task, named as the board names it. */
export const cardOf = (t: TaskRecord): TaskCard => ({
  id: t._id,
  title: t.task,
  cardId: t.cardId,
  text: t.description,
  badges: t.tags,
  dueDate: t.dueDate,
  counters: {
    comments: t.commentCount,
    attachments: t.attachmentCount,
    subtasks: t.subtasks.length,
    subtasksDone: t.subtasks.filter((s) => s.done).length,
  },
  progress: t.progress,
  kanId: t.columnId,
  members: t.assignees,
  status: t.status,
  priority: t.priority,
  version: t.version,
});

export const toTaskCards = async (db: Database, users: UsersService, rows: TaskRow[]): Promise<TaskCard[]> =>
  (await toTaskRecords(db, users, rows)).map(cardOf);

/** The board of a project (null: the default board), made with the default columns the first time. */
export async function ensureBoard(db: Database, projectId: string | null): Promise<string> {
  const find = async (executor: Database) => {
    const [board] = await executor
      .select({ id: taskBoards.id })
      .from(taskBoards)
      .where(projectId ? eq(taskBoards.projectId, projectId) : isNull(taskBoards.projectId))
      .limit(1);
    return board?.id;
  };
  const found = await find(db);
  if (found) return found;
  // Two first opens at once: the second's insert waits for the first's commit, then does nothing,
  // and reads the board the first made (with its columns, written in the same transaction).
  return db.transaction(async (tx) => {
    const executor = tx as Database;
    const [board] = await executor
      .insert(taskBoards)
      .values({ projectId, name: DEFAULT_BOARD_NAME })
      .onConflictDoNothing()
      .returning({ id: taskBoards.id });
    if (!board) {
      const made = await find(executor);
      if (!made) throw new Error('task board neither made nor found');
      return made;
    }
    const ranks = keysBetween(null, null, DEFAULT_COLUMNS.length);
    await executor
      .insert(taskBoardColumns)
      .values(DEFAULT_COLUMNS.map((c, i) => ({ boardId: board.id, ...c, rank: ranks[i] ?? '' })));
    return board.id;
  });
}

export async function assertProjectExists(db: Database, projectId: string, field = 'projectId') {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!row) throw AppError.badRequest(taskMessages.unknownProject, { [field]: taskMessages.unknownProject });
}

export const columnsOf = (db: Database, boardId: string) =>
  db
    .select()
    .from(taskBoardColumns)
    .where(eq(taskBoardColumns.boardId, boardId))
    .orderBy(asc(taskBoardColumns.rank));

/** The column, locked until the transaction ends: the writes of its ranks happen one at a time. */
async function lockColumn(db: Database, columnId: string): Promise<ColumnRow | undefined> {
  const [column] = await db
    .select()
    .from(taskBoardColumns)
    .where(eq(taskBoardColumns.id, columnId))
    .limit(1)
    .for('update');
  return column;
}

/** The rank of the top of a column (the card `except` left out: the one moving). */
async function topRankOf(db: Database, columnId: string, except?: string): Promise<string> {
  const [first] = await db
    .select({ rank: tasks.rank })
    .from(tasks)
    .where(and(eq(tasks.columnId, columnId), except ? ne(tasks.id, except) : undefined))
    .orderBy(asc(tasks.rank))
    .limit(1);
  return keyBetween(null, first?.rank ?? null);
}

/** The first column of a board with this status, else its first column. */
async function columnForStatus(db: Database, boardId: string, status: string): Promise<ColumnRow> {
  const columns = await columnsOf(db, boardId);
  const column = columns.find((c) => c.status === status) ?? columns[0];
  if (!column) throw new Error(`task board ${boardId} has no column`);
  return column;
}

const columnError = (message: string) => AppError.badRequest(message, { columnId: message });

/**
 * Where a task goes when it is written through the list (the engine's `columnsIn`): on create, the
 * top of the column asked for, else of the first column with its status, else of the first column;
 * on update, the top of a column asked for; else, when its project changes, the column of its status
 * on the project's board; else, when its status changes away from its column's status, the first
 * column with the new status. A card landing in a column with a status takes that status.
 */
export async function placementOf(
  db: Database,
  input: { projectId: string | null; status: string; columnId?: string | null | undefined },
  current?: TaskRow,
): Promise<Partial<TaskRow>> {
  const stays =
    current &&
    input.projectId === current.projectId &&
    input.status === current.status &&
    (!input.columnId || input.columnId === current.columnId);
  // Most edits (a title, a date) leave the card where it is, without a look at the board.
  if (stays) return {};
  const boardId = await ensureBoard(db, input.projectId);
  const land = async (columnId: string) => {
    const column = await lockColumn(db, columnId);
    if (!column) throw columnError(taskMessages.unknownColumn);
    if (column.boardId !== boardId) throw columnError(taskMessages.otherBoard);
    return {
      columnId: column.id,
      rank: await topRankOf(db, column.id, current?.id),
      status: column.status ?? input.status,
    };
  };
  if (!current) {
    return land(input.columnId ?? (await columnForStatus(db, boardId, input.status)).id);
  }
  if (input.columnId && input.columnId !== current.columnId) return land(input.columnId);
  const [column] = await db
    .select()
    .from(taskBoardColumns)
    .where(eq(taskBoardColumns.id, current.columnId))
    .limit(1);
  if (!column || column.boardId !== boardId)
    return land((await columnForStatus(db, boardId, input.status)).id);
  if (column.status !== null && column.status !== input.status) {
    const target = (await columnsOf(db, boardId)).find((c) => c.status === input.status);
    if (target) return land(target.id);
  }
  return {};
}

/**
 * A card's move (POST /api/apps/tasks/:id/move), in the caller's transaction: just after `afterId`
 * in `columnId`, or at its top when afterId is null. When afterId is no longer in that column (moved
 * or deleted meanwhile), the card goes to the top: the mover sees it there and can move it again.
 * The card and then its target column are locked, so moves into the same column happen one after
 * the other, each between the neighbours as they are then: none is lost, the order stays total.
 * Answers the row before, and after (null when it was already there: nothing written).
 */
export async function moveTask(
  db: Database,
  id: string,
  move: { columnId: string; afterId: string | null },
): Promise<{ before: TaskRow; after: TaskRow | null }> {
  const [found] = await db
    .select({ task: tasks, boardId: taskBoardColumns.boardId })
    .from(tasks)
    .innerJoin(taskBoardColumns, eq(taskBoardColumns.id, tasks.columnId))
    .where(eq(tasks.id, id))
    .limit(1)
    .for('update', { of: tasks });
  if (!found) throw AppError.notFound();
  const task = found.task;
  if (move.afterId === id) {
    throw AppError.badRequest(taskMessages.afterItself, { afterId: taskMessages.afterItself });
  }
  const target = await lockColumn(db, move.columnId);
  if (!target) throw columnError(taskMessages.unknownColumn);
  if (found.boardId !== target.boardId) throw columnError(taskMessages.otherBoard);
  const [previous] = move.afterId
    ? await db
        .select({ rank: tasks.rank })
        .from(tasks)
        .where(and(eq(tasks.id, move.afterId), eq(tasks.columnId, target.id)))
    : [];
  const low = previous?.rank ?? null;
  const [next] = await db
    .select({ rank: tasks.rank })
    .from(tasks)
    .where(
      and(eq(tasks.columnId, target.id), ne(tasks.id, id), low === null ? undefined : gt(tasks.rank, low)),
    )
    .orderBy(asc(tasks.rank))
    .limit(1);
  const high = next?.rank ?? null;
  const status = target.status ?? task.status;
  const inPlace =
    task.columnId === target.id &&
    (low === null || task.rank > low) &&
    (high === null || task.rank < high) &&
    status === task.status;
  if (inPlace) return { before: task, after: null };
  const [after] = await db
    .update(tasks)
    .set({
      columnId: target.id,
      rank: keyBetween(low, high),
      status,
      version: sql`${tasks.version} + 1`,
    })
    .where(eq(tasks.id, id))
    .returning();
  if (!after) throw AppError.notFound();
  return { before: task, after };
}

/** A page of a column's cards in rank order, matching `where`, after `cursor`. */
export async function columnPage(
  db: Database,
  columnId: string,
  where: SQL | undefined,
  limit: number,
  cursor?: string,
): Promise<{ rows: TaskRow[]; nextCursor: string | null }> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.columnId, columnId),
        where,
        after
          ? or(gt(tasks.rank, after.rank), and(eq(tasks.rank, after.rank), gt(tasks.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(tasks.rank), asc(tasks.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** How many cards of each of the columns match `where`. */
export async function columnCounts(db: Database, columnIds: string[], where: SQL | undefined) {
  if (columnIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ columnId: tasks.columnId, n: count() })
    .from(tasks)
    .where(and(inArray(tasks.columnId, columnIds), where))
    .groupBy(tasks.columnId);
  return new Map(rows.map((r) => [r.columnId, r.n]));
}

export const filtersWhere = (f: TaskFilters & { search?: string | undefined }) =>
  and(searchCondition(f.search, taskSearch), ...taskConditions(f));

/**
 * A project's tasks before the project goes (its board with it): onto the default board, each on top
 * of the column of its status there, in the order they had.
 */
export async function releaseProjectTasks(db: Database, projectId: string) {
  const board = await ensureBoard(db, null);
  // The tasks first, then the columns: the order every write takes its locks in.
  const moving = await db
    .select({ id: tasks.id, status: tasks.status })
    .from(tasks)
    .innerJoin(taskBoardColumns, eq(taskBoardColumns.id, tasks.columnId))
    .innerJoin(taskBoards, eq(taskBoards.id, taskBoardColumns.boardId))
    .where(eq(taskBoards.projectId, projectId))
    .orderBy(asc(taskBoardColumns.rank), asc(tasks.rank), asc(tasks.id))
    .for('update', { of: tasks });
  const byColumn = new Map<string, string[]>();
  for (const task of moving) {
    const column = await columnForStatus(db, board, task.status);
    byColumn.set(column.id, [...(byColumn.get(column.id) ?? []), task.id]);
  }
  for (const [columnId, ids] of byColumn) {
    const column = await lockColumn(db, columnId);
    if (!column) continue;
    const [first] = await db
      .select({ rank: tasks.rank })
      .from(tasks)
      .where(eq(tasks.columnId, columnId))
      .orderBy(asc(tasks.rank))
      .limit(1);
    const ranks = keysBetween(null, first?.rank ?? null, ids.length);
    for (const [i, id] of ids.entries()) {
      await db
        .update(tasks)
        .set({ columnId, rank: ranks[i] ?? '', projectId: null })
        .where(eq(tasks.id, id));
    }
  }
}
