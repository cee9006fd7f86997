import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { DatabaseHandle } from '../../db/client';

const status = z.object({ status: z.string() });

/** Probes are never rate-limited: a load balancer must always get the true answer. */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/healthz',
    {
      config: { access: 'public', rateLimit: false },
      schema: { tags: ['health'], summary: 'The process is alive', security: [], response: { 200: status } },
    },
    () => ({ status: 'ok' }),
  );

  r.get(
    '/api/readyz',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The database answers',
        security: [],
        response: { 200: status, 503: status },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: 'ready' };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
}
