import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { Storage } from '../lib/storage';
import type { AuthUser } from './auth';

/**
 * Who may see and change the files attached to one kind of record ('products', 'tasks',
 * 'users.avatar'; 'files' for the file manager's own files, whose `recordId` is the file's id).
 * The download routes and the attachment routes ask it; a type nobody registered is a 404.
 */
export type FileOwner = {
  canView(user: AuthUser, recordId: string, db: Database): Promise<boolean>;
  canEdit(user: AuthUser, recordId: string, db: Database): Promise<boolean>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The files' storage (lib/storage): uploads, signed URLs, sending, garbage collection. */
    storage: Storage;
    /** The owner registry: attached type → who may see and change its files (resources/attachments.ts). */
    fileOwners: Map<string, FileOwner>;
  }
}

/**
 * Uploads, on the root app before the modules: multipart parsing for every route (a route reads
 * the parts itself, streamed: see lib/storage/upload.ts, which sets the size and count limits of
 * MAX_UPLOAD_MB and MAX_UPLOAD_FILES per request), the storage and the owner registry.
 */
export async function registerUploads(app: FastifyInstance, storage: Storage) {
  await app.register(multipart, {
    // A file past the limit is cut short and flagged (`truncated`): the pipeline answers 413 itself.
    throwFileSizeLimit: false,
    limits: {
      fileSize: storage.limits.maxFileBytes,
      files: storage.limits.maxFiles,
      fields: 50,
      fieldSize: 64 * 1024,
      headerPairs: 100,
    },
  });
  app.decorate('storage', storage);
  app.decorate('fileOwners', new Map<string, FileOwner>());
}
