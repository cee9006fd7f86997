import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    designation: text('designation').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** The user this member is, when they have an account: their projects and tasks are counted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    colour: text('colour').notNull().default('blue'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('team_members_user_key').on(t.userId),
    index('team_members_name_idx').on(t.name),
    index('team_members_designation_idx').on(t.designation),
    index('team_members_created_idx').on(t.createdAt),
    index('team_members_search_idx').using(
      'gin',
      sql`(${t.name} || ' ' || ${t.designation} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);
