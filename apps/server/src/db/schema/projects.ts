import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    leadId: uuid('lead_id').references(() => users.id, { onDelete: 'set null' }),
    /** The project's team, as user ids; queried through its GIN index ("projects of user X"). */
    memberIds: uuid('member_ids').array().notNull().default(sql`'{}'::uuid[]`),
    percentage: smallint('percentage').notNull().default(0),
    status: text('status').notNull().default('New'),
    priority: text('priority').notNull().default('Medium'),
    dueDate: date('due_date'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('projects_name_idx').on(t.name),
    index('projects_status_idx').on(t.status, t.createdAt),
    index('projects_priority_idx').on(t.priority),
    index('projects_due_idx').on(t.dueDate),
    index('projects_percentage_idx').on(t.percentage),
    index('projects_created_idx').on(t.createdAt),
    index('projects_lead_idx').on(t.leadId),
    index('projects_members_idx').using('gin', t.memberIds),
    index('projects_search_idx').using('gin', sql`(${t.name} || ' ' || ${t.description}) gin_trgm_ops`),
    check('projects_percentage_check', sql`${t.percentage} between 0 and 100`),
    check(
      'projects_status_check',
      sql`${t.status} in ('New', 'Pending', 'Inprogress', 'Progress', 'Completed')`,
    ),
    check('projects_priority_check', sql`${t.priority} in ('High', 'Medium', 'Low')`),
  ],
);
