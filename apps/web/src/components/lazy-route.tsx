import type { LazyRouteFunction, NonIndexRouteObject, RouteObject } from 'react-router';
import { ChunkLoadFailed } from './ChunkLoadFailed';

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

/** Resolves with the module, or rejects with a ChunkLoadError (failed, or over the time limit). */
export function loadWithTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
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

/**
 * The `lazy` property of a route: loads the route module within the time limit. A module that fails
 * to arrive becomes a page explaining so, with a Reload button. (It is not thrown to the route's
 * errorElement: React Router keeps a route whose `lazy` rejected in its pending state and renders
 * nothing for it.)
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyRouteFunction<RouteObject> {
  return async () => {
    try {
      return await loadWithTimeout(load, timeoutMs);
    } catch (error) {
      const reason = isChunkLoadError(error) ? error.reason : 'failed';
      return { element: <ChunkLoadFailed reason={reason} /> };
    }
  };
}
