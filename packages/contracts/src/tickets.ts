import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { email, isoDate, oneOf, optionalText, requiredText } from './fields';
import { fileRecord } from './files';

/*
 * Support tickets (SPEC §3 "Ticket counter", §7 /apps/ticket), keyed `_id`: a client's request, who
 * handles it, its status and priority, and a thread of replies.
 */

export const ticketStatuses = ['New', 'Open', 'Inprogress', 'Closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketPriorities = ['High', 'Medium', 'Low'] as const;

export const ticketRecord = z.object({
  _id: z.uuid(),
  /** A running number for people to quote ("#1042"); the key stays `_id`. */
  number: z.number(),
  title: z.string(),
  description: z.string(),
  client: z.object({ name: z.string(), email: z.string() }),
  /** Null when nobody is assigned, or the assigned user has been deleted. */
  assignedTo: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  dueDate: z.nullable(z.iso.date()),
  status: z.enum(ticketStatuses),
  priority: z.enum(ticketPriorities),
  /** When it was last closed; null while it is not Closed. */
  closedAt: z.nullable(timestamp),
  replyCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type TicketRecord = z.infer<typeof ticketRecord>;

export const ticketInput = z.object({
  version: versionInput,
  title: requiredText('title', 200),
  description: optionalText('description', 5000),
  clientName: requiredText('client’s name', 200),
  clientEmail: email,
  assignedToId: z._default(z.nullable(z.uuid('Choose a user from the list.')), null),
  dueDate: z._default(z.nullable(isoDate('The due date')), null),
  status: z._default(z.enum(ticketStatuses, oneOf('The status', ticketStatuses)), 'New'),
  priority: z._default(z.enum(ticketPriorities, oneOf('The priority', ticketPriorities)), 'Medium'),
});
export type TicketInput = z.input<typeof ticketInput>;
/** A ticket back as its input: where the server's PATCH and the web edit form start from. */
export const ticketInputOf = (ticket: TicketRecord): TicketInput => ({
  title: ticket.title,
  description: ticket.description,
  clientName: ticket.client.name,
  clientEmail: ticket.client.email,
  assignedToId: ticket.assignedTo?.id ?? null,
  dueDate: ticket.dueDate,
  status: ticket.status,
  priority: ticket.priority,
});

export const ticketFilters = z.object({
  status: z.optional(z.enum(ticketStatuses, oneOf('status', ticketStatuses))),
  priority: z.optional(z.enum(ticketPriorities, oneOf('priority', ticketPriorities))),
  assignedTo: z.optional(z.uuid('assignedTo must be a user id.')),
});
export const ticketListQuery = z.extend(listQuery, ticketFilters.shape);

// Replies -----------------------------------------------------------------------------------------

export const ticketReplyRecord = z.object({
  _id: z.uuid(),
  ticketId: z.uuid(),
  /** Null once the author's account has been deleted. */
  author: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  body: z.string(),
  /** Files attached to the reply (POST /apps/ticket/reply/{id}/attachments), in their order. */
  attachments: z.array(fileRecord),
  createdAt: timestamp,
});
export type TicketReplyRecord = z.infer<typeof ticketReplyRecord>;

/** The owner type of the files attached to ticket replies. */
export const TICKET_REPLY_ATTACHMENTS = 'ticket-replies';

export const ticketReplyInput = z.object({
  body: text(5000, 'The reply must be at most 5000 characters.').check(
    z.minLength(1, 'Please write a reply.'),
  ),
});
export type TicketReplyInput = z.input<typeof ticketReplyInput>;

// Counters ----------------------------------------------------------------------------------------

/** The days of the window each counter's change compares with the window before it. */
export const TICKET_COUNTER_WINDOW_DAYS = 30;
export const ticketCounterKeys = ['total', 'pending', 'closed', 'deleted'] as const;

/** One counter of the widget (SPEC §3 "Ticket counter": title, counter, percentage, decimals, prefix, suffix). */
export const ticketCounter = z.object({
  key: z.enum(ticketCounterKeys),
  title: z.string(),
  counter: z.number(),
  /**
   * Change in % of this window against the one before (see `current`, `previous`), 2 decimals;
   * null when the window before had none (nothing to compare with).
   */
  percentage: z.nullable(z.number()),
  decimals: z.number(),
  prefix: z.string(),
  suffix: z.string(),
  /** What the change compares: total = tickets opened; pending = opened and not yet closed; closed = tickets closed; deleted = tickets deleted. */
  current: z.number(),
  previous: z.number(),
});
export type TicketCounter = z.infer<typeof ticketCounter>;
export const ticketCountersResponse = z.object({
  counters: z.array(ticketCounter),
  windowDays: z.number(),
  at: timestamp,
});
export type TicketCountersResponse = z.infer<typeof ticketCountersResponse>;

export const ticketMessages = {
  unknownAssignee: 'This user does not exist (any more).',
  closedNoReplies: 'This ticket is closed: reopen it before replying.',
  replyAdded: 'Reply',
} as const;
