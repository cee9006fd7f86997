import {
  TICKET_REPLY_ATTACHMENTS,
  type TicketRecord,
  ticketFilters,
  ticketInput,
  ticketInputOf,
  ticketMessages,
  ticketPriorities,
  ticketRecord,
  ticketStatuses,
} from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { priorityRankOf, rankOf } from '../../db/rank';
import { ticketReplies, tickets } from '../../db/schema';
import { deleteAttachmentsOf } from '../../resources/attachments';
import type { ResourceDefinition } from '../../resources/engine';
import { countsBy } from '../../resources/refs';
import { type UsersService, userNameOf } from '../users/service';

/**
 * Support tickets: a client's request, the user handling it, status and priority. `closedAt`
 * follows the status (set when it becomes Closed, kept while it stays so, cleared on reopening):
 * the counters count closings by it.
 */
export function ticketResource(
  users: UsersService,
): ResourceDefinition<typeof tickets, TicketRecord, typeof ticketInput, typeof ticketFilters> {
  return {
    entity: 'ticket',
    label: 'Ticket',
    area: 'tickets',
    path: '/api/apps/ticket',
    table: tickets,
    record: ticketRecord,
    input: ticketInput,
    filters: ticketFilters,
    where: (f) => [
      f.status ? eq(tickets.status, f.status) : undefined,
      f.priority ? eq(tickets.priority, f.priority) : undefined,
      f.assignedTo ? eq(tickets.assignedToId, f.assignedTo) : undefined,
    ],
    search: [tickets.title, tickets.clientName, tickets.clientEmail],
    sortable: {
      number: tickets.number,
      title: tickets.title,
      client: tickets.clientName,
      assignedTo: userNameOf(tickets.assignedToId),
      status: rankOf(tickets.status, ticketStatuses),
      priority: priorityRankOf(tickets.priority, ticketPriorities),
      dueDate: tickets.dueDate,
      createdAt: tickets.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const names = await users.namesOf(
        db,
        rows.flatMap((t) => (t.assignedToId ? [t.assignedToId] : [])),
      );
      const replies = await countsBy(
        db,
        ticketReplies,
        ticketReplies.ticketId,
        rows.map((t) => t.id),
      );
      return rows.map((t) => {
        const assignee = t.assignedToId ? names.get(t.assignedToId) : undefined;
        return {
          _id: t.id,
          number: t.number,
          title: t.title,
          description: t.description,
          client: { name: t.clientName, email: t.clientEmail },
          assignedTo:
            t.assignedToId && assignee !== undefined ? { id: t.assignedToId, name: assignee } : null,
          dueDate: t.dueDate,
          status: t.status as TicketRecord['status'],
          priority: t.priority as TicketRecord['priority'],
          closedAt: t.closedAt?.toISOString() ?? null,
          replyCount: replies(t.id),
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
          version: t.version,
        };
      });
    },
    toColumns: (input, current) => ({
      ...input,
      closedAt:
        input.status !== 'Closed'
          ? null
          : current?.status === 'Closed' && current.closedAt
            ? current.closedAt
            : new Date(),
    }),
    toInput: ticketInputOf,
    // The replies go with the ticket (cascade); their attachments with them (bytes freed by the GC).
    async beforeDelete(db, id) {
      const replies = await db
        .select({ id: ticketReplies.id })
        .from(ticketReplies)
        .where(eq(ticketReplies.ticketId, id));
      await deleteAttachmentsOf(
        db,
        TICKET_REPLY_ATTACHMENTS,
        replies.map((r) => r.id),
      );
    },
    async validate(db, input) {
      if (input.assignedToId) {
        await users.assertUsersExist(db, [input.assignedToId], {
          field: 'assignedToId',
          message: ticketMessages.unknownAssignee,
        });
      }
    },
    csv: {
      id: (t) => t._id,
      number: (t) => String(t.number),
      title: (t) => t.title,
      clientName: (t) => t.client.name,
      clientEmail: (t) => t.client.email,
      assignedTo: (t) => t.assignedTo?.name ?? '',
      dueDate: (t) => t.dueDate ?? '',
      status: (t) => t.status,
      priority: (t) => t.priority,
      createdAt: (t) => t.createdAt,
    },
  };
}
