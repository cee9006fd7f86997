import { dealPipelineQuery, dealPipelineResponse, errorResponse } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import type { AuditLog } from '../../lib/audit';
import { registerResource } from '../../resources/engine';
import type { UsersService } from '../users/service';
import { companyResource } from './companies.resource';
import { contactResource } from './contacts.resource';
import { dealResource, describeDeals } from './deals.resource';
import { leadResource } from './leads.resource';
import { createPipeline } from './pipeline';

/** The CRM area: contacts, companies, leads and deals on the resource engine, and the deal pipeline. */
export function crmRoutes(
  app: FastifyInstance,
  deps: { db: Database; audit: AuditLog; users: UsersService },
) {
  registerResource(app, deps, companyResource());
  registerResource(app, deps, contactResource());
  registerResource(app, deps, leadResource());
  registerResource(app, deps, dealResource(deps.users));

  const pipeline = createPipeline(deps.db, describeDeals(deps.users));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/deals/pipeline',
    {
      config: { access: 'crm.view' },
      schema: {
        tags: ['crm'],
        summary: 'The deal pipeline: each stage with its deal count, total amount and first deal cards',
        querystring: dealPipelineQuery,
        response: { 200: dealPipelineResponse, 400: errorResponse },
      },
    },
    (request) => pipeline(request.query),
  );
}
