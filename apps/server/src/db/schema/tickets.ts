import { ticketPriorities, ticketStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rankOf, textLiterals } from '../rank';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull().generatedAlwaysAsIdentity({ startWith: 1001 }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    /** Cleared when the user is deleted: the ticket goes back to nobody. */
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    status: text('status').notNull().default('New'),
    priority: text('priority').notNull().default('Medium'),
    /** Set when the status becomes Closed, cleared when it is reopened: the counters' "closed". */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('tickets_number_idx').on(t.number),
    index('tickets_title_idx').on(t.title),
    index('tickets_status_idx').on(t.status, t.createdAt),
    index('tickets_status_rank_idx').on(rankOf(t.status, ticketStatuses)),
    index('tickets_priority_idx').on(t.priority),
    index('tickets_priority_rank_idx').on(rankOf(t.priority, ticketPriorities)),
    index('tickets_assigned_idx').on(t.assignedToId),
    index('tickets_due_idx').on(t.dueDate),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_closed_idx').on(t.closedAt),
    index('tickets_search_idx').using(
      'gin',
      t.title.op('gin_trgm_ops'),
      t.clientName.op('gin_trgm_ops'),
      t.clientEmail.op('gin_trgm_ops'),
    ),
    check('tickets_status_check', sql`${t.status} in (${textLiterals(ticketStatuses)})`),
    check('tickets_priority_check', sql`${t.priority} in (${textLiterals(ticketPriorities)})`),
  ],
);

export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** Kept when the author's account is deleted, without a name then. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    ...auditColumns(),
  },
  (t) => [
    index('ticket_replies_thread_idx').on(t.ticketId, t.createdAt),
    index('ticket_replies_author_idx').on(t.authorId),
  ],
);
