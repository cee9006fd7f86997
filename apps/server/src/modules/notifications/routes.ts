import {
  errorResponses,
  idParams,
  mutationResponse,
  notificationsPage,
  notificationsQuery,
  notificationsUnread,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updated } from '../../lib/responses';
import { currentUser } from '../../plugins/auth';
import type { NotificationsService } from './service';

const tags = ['notifications'];
const errors = errorResponses(400, 401, 404);

/** The caller's own notifications (any signed-in user; another's answers 404). */
export function notificationsRoutes(app: FastifyInstance, notifications: NotificationsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "The caller's notifications, newest first (20 a page; keyset: the previous page's cursor)",
        querystring: notificationsQuery,
        response: { 200: notificationsPage, ...errors },
      },
    },
    (request) => notifications.list(currentUser(request).id, request.query),
  );

  r.get(
    '/api/notifications/unread-count',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "How many of the caller's notifications are unread",
        response: { 200: notificationsUnread, ...errors },
      },
    },
    async (request) => ({ unread: await notifications.unreadCount(currentUser(request).id) }),
  );

  r.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read',
        params: idParams,
        response: { 200: mutationResponse(notificationsUnread), ...errors },
      },
    },
    async (request) =>
      updated({ unread: await notifications.markRead(currentUser(request).id, request.params.id) }),
  );

  r.post(
    '/api/notifications/read-all',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Mark all the caller's notifications read",
        response: { 200: mutationResponse(notificationsUnread), ...errors },
      },
    },
    async (request) => updated({ unread: await notifications.markAllRead(currentUser(request).id) }),
  );
}
