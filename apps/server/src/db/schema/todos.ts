import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

export const todoProjects = pgTable(
  'todo_projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('blue'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('todo_projects_name_key').on(sql`lower(${t.name})`),
    index('todo_projects_name_idx').on(t.name),
    index('todo_projects_created_idx').on(t.createdAt),
    index('todo_projects_search_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

export const todos = pgTable(
  'todos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    task: text('task').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date'),
    status: text('status').notNull().default('New'),
    priority: text('priority').notNull().default('Medium'),
    /** A project holding todos cannot be deleted (the API says so with a 409 first). */
    projectId: uuid('project_id')
      .notNull()
      .references(() => todoProjects.id, { onDelete: 'restrict' }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('todos_project_idx').on(t.projectId, t.createdAt),
    index('todos_status_idx').on(t.status, t.createdAt),
    index('todos_priority_idx').on(t.priority),
    index('todos_due_idx').on(t.dueDate),
    index('todos_task_idx').on(t.task),
    index('todos_created_idx').on(t.createdAt),
    index('todos_search_idx').using('gin', sql`(${t.task} || ' ' || ${t.description}) gin_trgm_ops`),
    check('todos_status_check', sql`${t.status} in ('New', 'Pending', 'Inprogress', 'Completed')`),
    check('todos_priority_check', sql`${t.priority} in ('High', 'Medium', 'Low')`),
  ],
);
