import { auditEntry, auditListQuery, errorResponse, idParams, listResponse } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditService } from './service';

/** Read-only: the log is written by the services, never through the API. */
export function auditRoutes(app: FastifyInstance, audit: AuditService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/audit/',
    {
      config: { access: 'audit.view' },
      schema: {
        tags: ['audit'],
        summary: 'Audit entries: filter by actor, entity, key, action, date range',
        querystring: auditListQuery,
        response: { 200: listResponse(auditEntry), 400: errorResponse },
      },
    },
    (request) => audit.list(request.query),
  );
  r.get(
    '/api/audit/:id/',
    {
      config: { access: 'audit.view' },
      schema: {
        tags: ['audit'],
        summary: 'One audit entry',
        params: idParams,
        response: { 200: auditEntry, 404: errorResponse },
      },
    },
    (request) => audit.get(request.params.id),
  );
}
