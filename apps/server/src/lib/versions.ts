import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/;

/**
 * The version an update read (optimistic concurrency): the body's `version`, else the `If-Match`
 * header (`"3"`, `W/"3"` or `3`); undefined when the caller sent neither (then the update applies,
 * last writer wins). A header that names no version is a 400, not a silent overwrite.
 */
export function expectedVersion(
  request: FastifyRequest,
  bodyVersion: number | undefined,
): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers['if-match'];
  if (header === undefined || header === '*') return undefined;
  const match = IF_MATCH.exec(Array.isArray(header) ? (header[0] ?? '') : header);
  if (!match?.[1]) throw AppError.badRequest('If-Match must name the version read, e.g. "3".');
  return Number(match[1]);
}
