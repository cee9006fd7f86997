import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors';

/** A browser asking for a page of the app (not a file, not the API). */
function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    path.extname(pathname) === ''
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * client-side route answered with index.html. Anything else unknown is a JSON 404. Text files go
 * out as the brotli or gzip copy the build wrote beside them (apps/web/build/precompress.ts) when
 * the browser accepts it, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (hasWebApp && isPageRequest(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFound(reply);
  });
}
