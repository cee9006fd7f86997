import {
  errorResponse,
  idParams,
  listQuery,
  listResponse,
  mutationResponse,
  TICKET_REPLY_ATTACHMENTS,
  ticketCountersResponse,
  ticketMessages,
  ticketReplyInput,
  ticketReplyRecord,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import type { AuditLog } from '../../lib/audit';
import { added } from '../../lib/responses';
import { type AuthUser, actorOf, can } from '../../plugins/auth';
import { registerAttachmentRoutes, registerFileOwner } from '../../resources/attachments';
import { registerResource } from '../../resources/engine';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import { createTicketsService } from './service';
import { ticketResource } from './tickets.resource';

const tags = ['tickets'];

/**
 * Support tickets on the resource engine, their reply threads, and the counters widget.
 * `/counters` is a static path: the router prefers it to `/:id`, whatever the order of registration.
 */
export function ticketsRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog; users: UsersService; notifications: NotificationsService },
) {
  const service = createTicketsService({ ...deps, storage: app.storage });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/apps/ticket/counters',
    {
      config: { access: 'tickets.view' },
      schema: {
        tags,
        summary: 'Ticket counters (total, pending, closed, deleted) and their change over the last 30 days',
        response: { 200: ticketCountersResponse },
      },
    },
    () => service.counters(),
  );

  registerResource(app, deps, ticketResource(deps.users));

  r.get(
    '/api/apps/ticket/:id/replies',
    {
      config: { access: 'tickets.view' },
      schema: {
        tags,
        summary: 'A ticket’s replies, oldest first',
        params: idParams,
        querystring: z.pick(listQuery, { page: true, pageSize: true }),
        response: { 200: listResponse(ticketReplyRecord), 400: errorResponse, 404: errorResponse },
      },
    },
    (request) => service.replies(request.params.id, request.query),
  );

  r.post(
    '/api/apps/ticket/:id/replies',
    {
      config: { access: 'tickets.manage' },
      schema: {
        tags,
        summary: 'Reply to a ticket (not while it is Closed)',
        params: idParams,
        body: ticketReplyInput,
        response: {
          201: mutationResponse(ticketReplyRecord),
          400: errorResponse,
          404: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const created = await service.addReply(request.params.id, request.body, actorOf(request));
      return reply.code(201).send(added(ticketMessages.replyAdded, created));
    },
  );

  // Files attached to a reply: /api/apps/ticket/reply/{replyId}/attachments. The web posts the
  // reply first, then its files, so a reply that fails leaves no file behind.
  const accessOf = (user: AuthUser, replyId: string, db: Database) =>
    service.replyFileAccess(
      { id: user.id, view: can(user, 'tickets.view'), manage: can(user, 'tickets.manage') },
      replyId,
      db,
    );
  registerFileOwner(app, TICKET_REPLY_ATTACHMENTS, {
    canView: async (user, replyId, db) => (await accessOf(user, replyId, db)).view,
    canEdit: async (user, replyId, db) => (await accessOf(user, replyId, db)).edit,
  });
  registerAttachmentRoutes(app, {
    db: deps.db,
    type: TICKET_REPLY_ATTACHMENTS,
    path: '/api/apps/ticket/reply',
    view: 'tickets.view',
    manage: 'tickets.manage',
    tag: 'tickets',
  });
}
