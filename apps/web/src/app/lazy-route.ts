import type { LazyRouteFunction, NonIndexRouteObject, RouteObject } from 'react-router';

/** SPEC.md §9: a script chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** What a lazily loaded route module may export (the page component, usually nothing else). */
export type RouteModule = Omit<
  NonIndexRouteObject,
  'lazy' | 'caseSensitive' | 'path' | 'id' | 'index' | 'children' | 'middleware'
>;

/** A route's code could not be loaded: the network failed, or it took longer than the limit. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly reason: 'failed' | 'timeout';

  constructor(reason: 'failed' | 'timeout', options?: { cause?: unknown }) {
    super(
      reason === 'timeout'
        ? 'This part of Ledgerdesk took too long to load.'
        : 'This part of Ledgerdesk could not be loaded.',
      options,
    );
    this.reason = reason;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * The `lazy` property of a route: loads the route module, and turns a failed or too slow load into
 * a ChunkLoadError that the route's error element explains (with a Reload button).
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyRouteFunction<RouteObject> {
  return () =>
    new Promise<RouteModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (cause: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('failed', { cause }));
        },
      );
    });
}
