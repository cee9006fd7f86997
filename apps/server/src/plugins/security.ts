import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers. The Content-Security-Policy allows only this origin's scripts; styles may be
 * inline because the component library sets style attributes and injects its CSS variables.
 */
export async function registerSecurity(app: FastifyInstance) {
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
    // HTTPS is the reverse proxy's business; on plain HTTP this header would be ignored anyway.
    strictTransportSecurity: false,
  });
}
