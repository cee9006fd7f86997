import {
  errorResponse,
  idParams,
  listQuery,
  listResponse,
  mutationResponse,
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
import { actorOf } from '../../plugins/auth';
import { registerResource } from '../../resources/engine';
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
  deps: { db: Database; audit: AuditLog; users: UsersService },
) {
  const service = createTicketsService(deps);
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
}
