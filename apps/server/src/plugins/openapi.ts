import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document, generated from the routes' zod schemas, at /api/openapi.json, and its
 * reference page at /api/docs. Both describe the API and hold no data, so they are public.
 */
export async function registerOpenApi(app: FastifyInstance) {
  // The documentation plugin's own routes cannot carry our route config; declare their access here.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) route.config = { ...route.config, access: 'public' };
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ledgerdesk API',
        version: '1.0.0',
        description: [
          'Updates: a `PUT` or `PATCH` merges onto the stored record — a field left out of the body keeps its stored value (to clear a field, send it empty or null).',
          'Records carry a `version`: send back the one you read (a `version` body field, or `If-Match: "<version>"`), and an update of a record changed since is refused with 409 `STALE_RECORD` and the current record; without it, the last writer wins.',
          'Nobody grants what they do not hold: only an administrator changes the admin flag or touches an administrator; anyone else grants only permissions they hold.',
        ].join('\n\n'),
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // The page's own policy asks the browser to upgrade every request to https, which breaks the page
    // (its scripts and styles never load) on a server reached over plain HTTP on a LAN address.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
}
