import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

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
    check('tasks_status_check', sql`${t.status} in ('New', 'Pending', 'Inprogress', 'Completed')`),
    check('tasks_priority_check', sql`${t.priority} in ('High', 'Medium', 'Low')`),
  ],
);
