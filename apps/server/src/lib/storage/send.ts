import { errorCodes, fileMessages } from '@ledgerdesk/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { BlobStore } from './blob-store';

/**
 * Types a browser may show in the page (inline): raster images, PDF, audio, video and plain text.
 * Anything else is downloaded (`attachment`) as application/octet-stream: never HTML, SVG, XML or
 * anything else that could run script in the app's origin.
 */
export function isInlineSafe(mime: string): boolean {
  return (
    /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(mime) ||
    mime === 'application/pdf' ||
    mime === 'text/plain' ||
    /^(audio|video)\//.test(mime)
  );
}

/**
 * The policy of every file served: no script, no plugin, no form, no navigation of the app; the
 * document sandboxed (a unique origin) whatever it is. Images and media may load themselves.
 * Checked in Chromium: a PDF under it still opens in the built-in viewer, directly and in a
 * same-origin iframe, and audio/video still play and seek (Range).
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** `Content-Disposition` with the name as ASCII (a fallback) and as UTF-8 (RFC 5987 `filename*`). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A single `bytes=` range of a `size`-byte body: the range, 'unsatisfiable', or null (send it all). */
export function parseRange(header: string | undefined, size: number) {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or a unit other than bytes: answer with the whole body (RFC 9110 allows it).
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // The last n bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable' as const;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable' as const;
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return null;
  return { start, end };
}

export type BlobToSend = {
  store: BlobStore;
  key: string;
  size: number;
  mime: string;
  /** The name the browser saves it under. */
  name: string;
  /** Force a download (`?download=1`), even of a type that may be shown. */
  download?: boolean;
};

/**
 * Sends stored bytes: ETag (the key: the bytes never change under it) and If-None-Match → 304,
 * one byte range (206 with Content-Range, 416 past the end: resuming and seeking), the name in
 * Content-Disposition, nosniff and a sandboxing policy; inline only for the safe types.
 */
export function sendBlob(request: FastifyRequest, reply: FastifyReply, blob: BlobToSend) {
  const inline = !blob.download && isInlineSafe(blob.mime);
  const etag = `"${blob.key}"`;
  reply.headers({
    etag,
    'accept-ranges': 'bytes',
    // Private: behind the session or a signed URL. An hour, as long as a signed URL stays the same.
    'cache-control': 'private, max-age=3600',
    'x-content-type-options': 'nosniff',
    'content-security-policy': FILE_CSP,
    'cross-origin-resource-policy': 'same-origin',
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', blob.name),
  });
  reply.type(
    inline
      ? blob.mime === 'text/plain'
        ? 'text/plain; charset=utf-8'
        : blob.mime
      : 'application/octet-stream',
  );
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.range, blob.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${blob.size}`);
    throw new AppError(416, errorCodes.badRequest, fileMessages.rangeNotSatisfiable, undefined, {
      'content-range': `bytes */${blob.size}`,
    });
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(blob.store.open(blob.key, range));
  }
  reply.header('content-length', blob.size);
  if (blob.size === 0) return reply.send('');
  return reply.send(blob.store.open(blob.key));
}
