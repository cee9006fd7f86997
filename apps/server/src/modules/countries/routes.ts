import { countryListQuery, countryRecord, errorResponse, listResponse } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CountriesService } from './service';

export function countriesRoutes(app: FastifyInstance, countries: CountriesService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/countries',
    {
      // Public: sign-up and other forms before sign-in pick a country; the list holds nothing private.
      config: { access: 'public' },
      schema: {
        tags: ['countries'],
        summary: 'Countries and territories with their dial prefixes and flags',
        security: [],
        querystring: countryListQuery,
        response: { 200: listResponse(countryRecord), 400: errorResponse },
      },
    },
    (request) => countries.list(request.query),
  );
}
