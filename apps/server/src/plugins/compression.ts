import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer goes out as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API answers over 1 KB go out compressed, brotli or gzip, as the client accepts (the web app's
 * files are compressed at build: plugins/web.ts). Brotli at quality 4: most of its gain at a cost
 * near gzip's (quality 11 is for the build, not for each request).
 *
 * Only what GET answers: lists, records, dashboards, where the bytes are. The answers of the other
 * methods are small and some carry a secret (a session's token, a new API key, a two-step secret),
 * which compressed beside text a third party chose could leak by its size (BREACH). Compressed
 * request bodies are not accepted: a body is read as it was sent.
 */
export async function registerCompression(app: FastifyInstance) {
  // Before the plugin's own onRoute hook, which reads `compress` as each route is added.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.compress === undefined && !methods.every((method) => method === 'GET' || method === 'HEAD'))
      route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
