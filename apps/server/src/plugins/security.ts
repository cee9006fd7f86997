import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers. The Content-Security-Policy allows only this origin's scripts; styles may be
 * inline because the component library sets style attributes and injects its CSS variables.
 * Strict-Transport-Security only when the server's public address is https: the server may just as
 * well be reached over plain HTTP on a LAN address, where it must not send browsers to https.
 */
export async function registerSecurity(app: FastifyInstance, config: Pick<Config, 'publicUrl'>) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // The server may be reached over plain HTTP on a LAN address; do not force HTTPS on it.
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity:
      new URL(config.publicUrl).protocol === 'https:' ? { includeSubDomains: false } : false,
  });
  // What the API answers is someone's data, read with their token: no cache (browser or proxy) keeps
  // it. A route that may be cached (a file, the docs page's assets) sets its own Cache-Control.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
}
