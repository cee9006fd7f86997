import { z } from 'zod/mini';
import { booleanQuery, timestamp } from './api';

/*
 * Notifications (the bell): a user sees only their own. Stored as a kind and its parameters (names,
 * titles), never as English text: the web renders them in the reader's language.
 */

export const notificationKinds = ['message', 'mention', 'mail', 'task_assigned', 'ticket_reply'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The parameters of each kind (all optional strings or numbers: a name may be gone later).
 * - message: `from` (sender's name), `room` (room name, when a channel)
 * - mention: `from`, `room`
 * - mail: `from`, `subject`
 * - task_assigned: `by` (who assigned), `title`
 * - ticket_reply: `by` (the reply's author), `subject`, `code`
 */
export type NotificationParams = Record<string, string | number>;

export const notificationRecord = z.object({
  id: z.uuid(),
  kind: z.enum(notificationKinds),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Where a click leads, inside the web app ("/tasks/…"). */
  link: z.string(),
  /** How many events this one stands for (coalesced: "3 new messages from Ana"). */
  count: z.number(),
  createdAt: timestamp,
  readAt: z.nullable(timestamp),
});
export type NotificationRecord = z.infer<typeof notificationRecord>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid.'))),
  unread: z.optional(booleanQuery),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const notificationsPage = z.object({
  items: z.array(notificationRecord),
  /** The caller's unread notifications (all of them, not only this page's). */
  unread: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type NotificationsPage = z.infer<typeof notificationsPage>;

export const notificationsUnread = z.object({ unread: z.number() });
export type NotificationsUnread = z.infer<typeof notificationsUnread>;

export const notificationMessages = {
  cursorInvalid: 'The cursor is not valid.',
} as const;
