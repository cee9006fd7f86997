import {
  type ListQuery,
  TICKET_COUNTER_WINDOW_DAYS,
  TICKET_REPLY_ATTACHMENTS,
  type TicketCounter,
  type TicketCountersResponse,
  type TicketReplyInput,
  type TicketReplyRecord,
  ticketMessages,
} from '@ledgerdesk/contracts';
import { and, asc, count, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { auditLog, ticketReplies, tickets } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { attachmentsOf } from '../../resources/attachments';
import { listPage, type Page } from '../../resources/list';
import { findById } from '../../resources/records';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';

type ReplyRow = typeof ticketReplies.$inferSelect;
const DAY_MS = 86_400_000;

/** How many rows match `where`, within the window and within the window before it. */
const countsOf = (where: SQL | undefined, at: PgColumn, from: Date, middle: Date) => ({
  now: sql<number>`(count(*) filter (where ${where ?? sql`true`}))::int`,
  current: sql<number>`(count(*) filter (where ${and(where, gte(at, middle))}))::int`,
  previous: sql<number>`(count(*) filter (where ${and(where, gte(at, from), lt(at, middle))}))::int`,
});

/** Change in % (2 decimals); null without a base to compare with. */
const change = (current: number, previous: number) =>
  previous === 0 ? null : Math.round(((current - previous) / previous) * 10_000) / 100;

export function createTicketsService(deps: {
  db: Database;
  audit: AuditLog;
  users: UsersService;
  storage: Storage;
  notifications: NotificationsService;
}) {
  const { db, audit, users, storage, notifications } = deps;

  const describeReplies = async (executor: Database, rows: ReplyRow[]): Promise<TicketReplyRecord[]> => {
    const [names, files] = await Promise.all([
      users.namesOf(
        executor,
        rows.flatMap((r) => (r.authorId ? [r.authorId] : [])),
      ),
      // Read-only here: a reply's files are changed through their own routes, by the reply's author.
      attachmentsOf(
        storage,
        executor,
        TICKET_REPLY_ATTACHMENTS,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) => {
      const name = r.authorId ? names.get(r.authorId) : undefined;
      return {
        _id: r.id,
        ticketId: r.ticketId,
        author: r.authorId && name !== undefined ? { id: r.authorId, name } : null,
        body: r.body,
        attachments: files.get(r.id) ?? [],
        createdAt: r.createdAt.toISOString(),
      };
    });
  };

  return {
    /**
     * Who may see and add to a reply's files: whoever may see tickets sees them; only the reply's
     * author (a tickets manager) adds or removes them, and not once the ticket is Closed.
     */
    async replyFileAccess(
      user: { id: string; view: boolean; manage: boolean },
      replyId: string,
      executor: Database,
    ) {
      if (!user.view) return { view: false, edit: false };
      const [found] = await executor
        .select({ authorId: ticketReplies.authorId, status: tickets.status })
        .from(ticketReplies)
        .innerJoin(tickets, eq(tickets.id, ticketReplies.ticketId))
        .where(eq(ticketReplies.id, replyId));
      if (!found) return { view: false, edit: false };
      return { view: true, edit: user.manage && found.authorId === user.id && found.status !== 'Closed' };
    },

    /** A ticket's thread, oldest first. */
    async replies(
      ticketId: string,
      query: Pick<ListQuery, 'page' | 'pageSize'>,
    ): Promise<Page<TicketReplyRecord>> {
      await findById(db, tickets, ticketId);
      return listPage(
        db,
        ticketReplies,
        {
          where: eq(ticketReplies.ticketId, ticketId),
          order: [asc(ticketReplies.createdAt), asc(ticketReplies.id)],
          query,
        },
        (rows) => describeReplies(db, rows),
      );
    },

    /** A reply by the signed-in user; a Closed ticket takes none until it is reopened (409). */
    addReply(ticketId: string, input: TicketReplyInput, actor: Actor): Promise<TicketReplyRecord> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        // FOR UPDATE: a ticket being closed at the same moment does not take a reply after closing.
        const [ticket] = await executor
          .select({
            status: tickets.status,
            title: tickets.title,
            number: tickets.number,
            createdBy: tickets.createdBy,
            assignedToId: tickets.assignedToId,
          })
          .from(tickets)
          .where(eq(tickets.id, ticketId))
          .for('update');
        if (!ticket) throw AppError.notFound();
        if (ticket.status === 'Closed') throw AppError.conflict(ticketMessages.closedNoReplies);
        const [row] = await executor
          .insert(ticketReplies)
          .values({
            ticketId,
            authorId: actor.id,
            body: input.body,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning();
        if (!row) throw new Error('reply insert returned nothing');
        const [reply] = await describeReplies(executor, [row]);
        if (!reply) throw new Error('reply vanished');
        await audit.record(executor, actor, {
          action: 'create',
          entity: 'ticketReply',
          key: row.id,
          after: reply,
        });
        // The people of the ticket hear of it: whoever filed it and its assignee, not the author.
        // Replies to one ticket pile up in one unread notification.
        await notifications.notify(executor, {
          userIds: [ticket.createdBy, ticket.assignedToId].filter(
            (id): id is string => id !== null && id !== actor.id,
          ),
          kind: 'ticket_reply',
          params: { by: reply.author?.name ?? actor.label, title: ticket.title, number: ticket.number },
          link: `/apps/tickets/${ticketId}`,
          coalesceKey: `ticket:${ticketId}`,
        });
        return reply;
      });
    },

    /**
     * The counters widget, from the data: each counter now, and its change over the last
     * TICKET_COUNTER_WINDOW_DAYS days against the same span before — tickets opened (total), of
     * those the ones still not closed (pending), tickets closed (by `closedAt`), tickets deleted
     * (by the audit log).
     */
    async counters(now = new Date()): Promise<TicketCountersResponse> {
      const middle = new Date(now.getTime() - TICKET_COUNTER_WINDOW_DAYS * DAY_MS);
      const from = new Date(now.getTime() - 2 * TICKET_COUNTER_WINDOW_DAYS * DAY_MS);
      const notClosed = ne(tickets.status, 'Closed');
      const [row] = await db
        .select({
          total: count(),
          opened: countsOf(undefined, tickets.createdAt, from, middle),
          pending: countsOf(notClosed, tickets.createdAt, from, middle),
          closed: countsOf(eq(tickets.status, 'Closed'), tickets.closedAt, from, middle),
        })
        .from(tickets);
      const [deleted] = await db
        .select(countsOf(undefined, auditLog.at, from, middle))
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.action, 'delete')));
      const counter = (
        key: TicketCounter['key'],
        title: string,
        value: number,
        window: { current: number; previous: number },
      ): TicketCounter => ({
        key,
        title,
        counter: value,
        percentage: change(window.current, window.previous),
        decimals: 0,
        prefix: '',
        suffix: '',
        current: window.current,
        previous: window.previous,
      });
      const none = { now: 0, current: 0, previous: 0 };
      const opened = row?.opened ?? none;
      const pending = row?.pending ?? none;
      const closed = row?.closed ?? none;
      const gone = deleted ?? none;
      return {
        counters: [
          counter('total', 'Total Tickets', row?.total ?? 0, opened),
          counter('pending', 'Pending Tickets', pending.now, pending),
          counter('closed', 'Closed Tickets', closed.now, closed),
          counter('deleted', 'Deleted Tickets', gone.now, gone),
        ],
        windowDays: TICKET_COUNTER_WINDOW_DAYS,
        at: now.toISOString(),
      };
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
