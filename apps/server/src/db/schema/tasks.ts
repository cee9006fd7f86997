import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';
import { projects } from './projects';

/**
 * A position in a list (lib/rank-key.ts): compared byte by byte, whatever the database's collation,
 * so that PostgreSQL orders keys as the code that makes them does.
 */
const rankKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Kanban boards: the default board (no project; the tasks without one) and at most one per project,
 * made on demand with the default columns.
 */
export const taskBoards = pgTable(
  'task_boards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('task_boards_project_key').on(t.projectId),
    // One default board: every row without a project has the same key.
    uniqueIndex('task_boards_default_key').on(sql`(true)`).where(sql`${t.projectId} is null`),
  ],
);

/** A board's columns, in rank order; a card dropped into a column with a status takes that status. */
export const taskBoardColumns = pgTable(
  'task_board_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => taskBoards.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('status'),
    rank: rankKey('rank').notNull(),
  },
  (t) => [
    unique('task_board_columns_rank_key').on(t.boardId, t.rank),
    check(
      'task_board_columns_status_check',
      sql`${t.status} is null or ${t.status} in ('New', 'Pending', 'Inprogress', 'Completed')`,
    ),
    check('task_board_columns_title_check', sql`char_length(${t.title}) between 1 and 60`),
  ],
);

export type Subtask = { title: string; done: boolean };

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task: text('task').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('New'),
    priority: text('priority').notNull().default('Medium'),
    dueDate: date('due_date'),
    /** The users the task is assigned to; kept as an array, queried through its GIN index. */
    assigneeIds: uuid('assignee_ids').array().notNull().default(sql`'{}'::uuid[]`),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Its card's column; a column with cards cannot be deleted (the API answers 409 first). */
    columnId: uuid('column_id')
      .notNull()
      .references(() => taskBoardColumns.id),
    /** Its position in the column: cards are ordered by (rank, id). */
    rank: rankKey('rank').notNull(),
    /** The number of its card id (TSK-0042). */
    cardNo: integer('card_no').notNull().generatedByDefaultAsIdentity(),
    /** The card's badges. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    subtasks: jsonb('subtasks').$type<Subtask[]>().notNull().default(sql`'[]'::jsonb`),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('tasks_status_idx').on(t.status, t.createdAt),
    index('tasks_due_idx').on(t.dueDate),
    index('tasks_assignees_idx').using('gin', t.assigneeIds),
    // The engine searches each column on its own (ILIKE … OR ILIKE …): one trigram index per column.
    index('tasks_task_trgm_idx').using('gin', sql`${t.task} gin_trgm_ops`),
    index('tasks_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('tasks_project_idx').on(t.projectId),
    // A column's cards in order (rank, id), and its neighbours when a card moves. Not unique: the
    // order is total with the id, and writes into a column take their ranks one at a time anyway.
    index('tasks_column_rank_idx').on(t.columnId, t.rank, t.id),
    unique('tasks_card_no_key').on(t.cardNo),
    check('tasks_status_check', sql`${t.status} in ('New', 'Pending', 'Inprogress', 'Completed')`),
    check('tasks_priority_check', sql`${t.priority} in ('High', 'Medium', 'Low')`),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_comments_task_idx').on(t.taskId, t.createdAt),
    check('task_comments_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
