import { type Area, errorResponse, recordSearchQuery, recordSearchResponse } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can, currentUser } from '../../plugins/auth';
import type { SearchService } from './service';

export function searchRoutes(app: FastifyInstance, search: SearchService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/search',
    {
      // Any signed-in user: the areas they may not view are left out of the search itself.
      config: { access: 'authenticated' },
      schema: {
        tags: ['search'],
        summary: 'Records of every area the caller may view whose text holds q, grouped by area',
        querystring: recordSearchQuery,
        response: { 200: recordSearchResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const groups = await search.search(request.query, (area: Area) => can(user, `${area}.view`));
      return { groups };
    },
  );
}
