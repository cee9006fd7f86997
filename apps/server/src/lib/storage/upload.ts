import { finished } from 'node:stream/promises';
import { errorCodes, fileMessages, MAX_FILE_NAME } from '@ledgerdesk/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { BlobStore, StagedBlob } from './blob-store';

/** How much of a file's beginning the type is read from (file-type needs a few KB; Office files more). */
const SNIFF_BYTES = 64 * 1024;

export type UploadLimits = {
  /** The largest file, in bytes. */
  maxFileBytes: number;
  /** The most files in one request. */
  maxFiles: number;
  /** What one owner's files may take in all, in bytes. */
  quotaBytes: number;
};

export type ReceivedFile = {
  /** The name as uploaded, made safe to show and store (no path, no control character, ≤ 255). */
  name: string;
  /** The form field it came in. */
  field: string;
  /** The type read from the content. */
  mime: string;
  staged: StagedBlob;
};

/** An upload read to staging: its files (nothing stored yet) and its text fields. */
export type ReceivedUpload = {
  files: ReceivedFile[];
  fields: Record<string, string>;
  /** Removes the staged files (those not committed). Safe to call more than once. */
  discard(): Promise<void>;
};

export const tooLarge = (message: string) => new AppError(413, errorCodes.tooLarge, message);

/**
 * The type of bytes from their beginning: what file-type recognises; otherwise text (valid
 * UTF-8, no NUL) is text/plain and anything else application/octet-stream. Never text/html or
 * image/svg+xml: a page or a drawing uploaded is plain text to the browser.
 */
export async function mimeOf(head: Buffer): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  if (head.includes(0)) return 'application/octet-stream';
  try {
    // `stream`: the sample may end inside a character.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return 'text/plain';
  } catch {
    return 'application/octet-stream';
  }
}

/** The raster images sharp reads and browsers show (what an image-only attachment accepts). */
export const isRasterImage = (mime: string) => /^image\/(png|jpeg|gif|webp|avif|bmp|tiff)$/.test(mime);

/**
 * A name as uploaded, made safe: the last part of a path only, no control characters, trimmed,
 * at most 255 characters (the extension kept); 'file' when nothing is left.
 */
export function safeFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim();
  const name = cleaned === '.' || cleaned === '..' ? '' : cleaned;
  if (name === '') return 'file';
  const chars = [...name];
  if (chars.length <= MAX_FILE_NAME) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  return chars.slice(0, MAX_FILE_NAME - [...extension].length).join('') + extension;
}

/**
 * Reads a multipart upload into staging, never a whole file in memory: each file part is written
 * to the store's staging while it is hashed and its type read. Every part is read to the end even
 * after a limit is passed (the client is still sending it; a reply before would reach it as a
 * broken connection), then the first problem is thrown and everything staged is removed: an
 * upload is all or nothing. `usedBytes` is what the owner's files already take (for the quota).
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: {
    store: BlobStore;
    limits: UploadLimits;
    usedBytes: number;
    /** Only images (a product's pictures, an avatar). */
    imagesOnly?: boolean;
    /** Fewer files than the limit (an avatar: 1). */
    maxFiles?: number;
  },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, errorCodes.badRequest, fileMessages.notMultipart);
  const { store, limits } = options;
  const maxFiles = Math.min(options.maxFiles ?? limits.maxFiles, limits.maxFiles);
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  const discard = async () => {
    await Promise.all(files.map((file) => file.staged.discard()));
  };
  let problem: AppError | null = null;
  let total = 0;
  if (options.usedBytes >= limits.quotaBytes)
    problem = tooLarge(fileMessages.quotaFull(options.usedBytes, limits.quotaBytes));

  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxFileBytes, files: maxFiles, fields: 50, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (problem) {
        part.file.resume();
        await finished(part.file);
        continue;
      }
      const head: Buffer[] = [];
      let headBytes = 0;
      const staged = await store.stage(part.file, (chunk) => {
        if (headBytes >= SNIFF_BYTES) return;
        head.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
        headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
      });
      const name = safeFileName(part.filename);
      if (part.file.truncated) {
        await staged.discard();
        problem = tooLarge(fileMessages.fileTooLarge(limits.maxFileBytes / 1024 / 1024));
        continue;
      }
      if (staged.size === 0) {
        await staged.discard();
        problem = AppError.badRequest(fileMessages.emptyFile, { [part.fieldname]: fileMessages.emptyFile });
        continue;
      }
      const mime = await mimeOf(Buffer.concat(head));
      files.push({ name, field: part.fieldname, mime, staged });
      total += staged.size;
      if (options.imagesOnly && !isRasterImage(mime)) {
        problem = AppError.badRequest(fileMessages.notAnImage, { [part.fieldname]: fileMessages.notAnImage });
      } else if (options.usedBytes + total > limits.quotaBytes) {
        problem = tooLarge(fileMessages.quotaFull(options.usedBytes, limits.quotaBytes));
      }
    }
  } catch (error) {
    await discard();
    throw multipartError(error, maxFiles);
  }
  if (problem) {
    await discard();
    throw problem;
  }
  if (files.length === 0) throw AppError.badRequest(fileMessages.noFile, { file: fileMessages.noFile });
  return { files, fields, discard };
}

/** @fastify/multipart's and busboy's errors as the client's (4xx with a message), never a 500. */
function multipartError(error: unknown, maxFiles: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return tooLarge(fileMessages.tooManyFiles(maxFiles));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return tooLarge(fileMessages.tooManyFields);
  if (
    code === 'FST_PROTO_VIOLATION' ||
    code === 'FST_INVALID_JSON_FIELD_ERROR' ||
    code === 'FST_MP_PREMATURE_CLOSE'
  )
    return AppError.badRequest(fileMessages.badMultipart);
  // busboy's parse errors ("Unexpected end of form", "Malformed part header", …); not the disk's
  // (those carry a syscall: the server's problem, a 500).
  if (error instanceof Error && !('statusCode' in error) && !('syscall' in error))
    return AppError.badRequest(fileMessages.badMultipart);
  return error;
}
