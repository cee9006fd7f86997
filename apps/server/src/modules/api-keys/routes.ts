import {
  apiKeyCreate,
  apiKeyCreated,
  apiKeyListQuery,
  apiKeyRecord,
  apiKeyUpdate,
  errorResponse,
  errorResponses,
  idParams,
  listResponse,
  mutationResponse,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { added, deleted, updated } from '../../lib/responses';
import { actorOf, currentUser } from '../../plugins/auth';
import type { ApiKeysService } from './service';

const tags = ['apiKeys'];
const errors = errorResponses(400, 404);
/** Creating and changing keys needs a signed-in session: a key cannot mint or revive keys. */
const manage = { access: 'apiKeys.manage' as const, sessionOnly: true };

export function apiKeysRoutes(app: FastifyInstance, apiKeys: ApiKeysService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // SPEC §7 GET /api-key: the same list.
  for (const path of ['/api/apps/api-key', '/api/api-key']) {
    r.get(
      path,
      {
        config: { access: 'apiKeys.view' },
        schema: {
          tags,
          summary: 'Your API keys (an administrator: everyone’s); never their secrets',
          querystring: apiKeyListQuery,
          response: { 200: listResponse(apiKeyRecord), 400: errorResponse },
        },
      },
      (request) => apiKeys.list(currentUser(request), request.query),
    );
  }

  r.get(
    '/api/apps/api-key/:id',
    {
      config: { access: 'apiKeys.view' },
      schema: { tags, summary: 'One API key', params: idParams, response: { 200: apiKeyRecord, ...errors } },
    },
    (request) => apiKeys.get(currentUser(request), request.params.id),
  );

  r.post(
    '/api/apps/api-key',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create an API key: the answer holds its secret, shown this once',
        body: apiKeyCreate,
        response: { 201: mutationResponse(apiKeyCreated), ...errors },
      },
    },
    async (request, reply) => {
      const created = await apiKeys.create(currentUser(request), request.body, actorOf(request));
      return reply.code(201).send(added('API Key', created));
    },
  );

  r.patch(
    '/api/apps/api-key/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename, disable or enable an API key, or change its expiry',
        params: idParams,
        body: apiKeyUpdate,
        response: { 200: mutationResponse(apiKeyRecord), ...errors },
      },
    },
    async (request) =>
      updated(await apiKeys.update(currentUser(request), request.params.id, request.body, actorOf(request))),
  );

  r.delete(
    '/api/apps/api-key/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an API key: it stops working at once',
        params: idParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      await apiKeys.remove(currentUser(request), request.params.id, actorOf(request));
      return deleted({ id: request.params.id });
    },
  );
}
