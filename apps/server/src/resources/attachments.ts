import {
  type Access,
  attachmentList,
  attachmentOrderBody,
  errorResponse,
  errorResponses,
  type FileAccess,
  type FileRecord,
  fileMessages,
  mutationResponse,
  uploadResponse,
} from '@ledgerdesk/contracts';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import { files } from '../db/schema';
import { AppError } from '../lib/errors';
import { deleted } from '../lib/responses';
import type { FileRow, FileVariant, Storage } from '../lib/storage';
import { type AuthUser, currentUser } from '../plugins/auth';
import type { FileOwner } from '../plugins/uploads';
import { readCacheOf } from './read-cache';

export type { FileOwner } from '../plugins/uploads';

/** The owner type of the file manager's own files (`attached_type` null); modules/files registers it. */
export const FILE_MANAGER_OWNER = 'files';

/**
 * What an engine resource says to have attachments (ResourceDefinition.attachments): the type its
 * files are attached under ('products', 'tasks', 'invoices'), images only (the upload refuses other
 * types), and at most `max` per record.
 */
export type AttachmentOptions = { type: string; images?: true; max?: number };

/**
 * Registers who may see and change the files attached under `type` (once per type, on any scope:
 * the registry is the root app's). For FILE_MANAGER_OWNER, `recordId` is the file's own id.
 */
export function registerFileOwner(app: FastifyInstance, type: string, owner: FileOwner) {
  if (app.fileOwners.has(type)) throw new Error(`the file owner "${type}" is registered twice`);
  app.fileOwners.set(type, owner);
}

/** The owner a file belongs to, and the id it is asked about. */
const ownerOf = (row: FileRow) => ({
  type: row.attachedType ?? FILE_MANAGER_OWNER,
  recordId: row.attachedId ?? row.id,
});

/**
 * Whether `user` may see `row`: its owner type's rule; a type nobody registered (yet) lets only the
 * uploader see it.
 */
export async function mayViewFile(app: FastifyInstance, db: Database, user: AuthUser, row: FileRow) {
  const { type, recordId } = ownerOf(row);
  const owner = app.fileOwners.get(type);
  return owner ? owner.canView(user, recordId, db) : row.ownerId === user.id;
}

/** The attachments of records of one type, by record id, in their order (a batch: lists' images, counters). */
export async function attachmentsOf(
  storage: Storage,
  db: Database,
  type: string,
  recordIds: readonly string[],
  access: FileAccess = 'view',
): Promise<Map<string, FileRecord[]>> {
  const found = new Map<string, FileRecord[]>(recordIds.map((id) => [id, []]));
  if (recordIds.length === 0) return found;
  const rows = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.attachedType, type),
        inArray(files.attachedId, [...new Set(recordIds)]),
        isNull(files.trashedAt),
      ),
    )
    .orderBy(asc(files.attachedId), asc(files.position), asc(files.createdAt));
  for (const record of await storage.toFileRecords(rows, access, db)) {
    if (record.attachedTo) found.get(record.attachedTo.id)?.push(record);
  }
  return found;
}

/** How many attachments each record has (the cards' counters), without signing anything. */
export async function attachmentCounts(
  db: Database,
  type: string,
  recordIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(recordIds.map((id) => [id, 0]));
  if (recordIds.length === 0) return counts;
  const rows = await db
    .select({ id: files.attachedId, n: count() })
    .from(files)
    .where(
      and(
        eq(files.attachedType, type),
        inArray(files.attachedId, [...new Set(recordIds)]),
        isNull(files.trashedAt),
      ),
    )
    .groupBy(files.attachedId);
  for (const row of rows) if (row.id) counts.set(row.id, Number(row.n));
  return counts;
}

/** File rows → records (see Storage.toFileRecords): owner's name, signed URLs, the caller's access. */
export function toFileRecords(
  storage: Storage,
  rows: FileRow[],
  access: FileAccess | ((row: FileRow) => FileAccess),
  db?: Database,
): Promise<FileRecord[]> {
  return storage.toFileRecords(rows, access, db);
}

/**
 * Deletes the attachment rows of deleted records (in the deleting transaction); their bytes are
 * freed by the garbage collection once nothing else refers to them.
 */
export async function deleteAttachmentsOf(db: Database, type: string, recordIds: readonly string[]) {
  if (recordIds.length === 0) return;
  await db
    .delete(files)
    .where(and(eq(files.attachedType, type), inArray(files.attachedId, [...new Set(recordIds)])));
}

const recordParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), fileId: z.string() });
const uuid = z.uuid();
/** A key that cannot name a record is a 404 (a dead link), like one that names none. */
const existing = (key: string) => {
  if (!uuid.safeParse(key).success) throw AppError.notFound();
  return key;
};

/**
 * The attachment routes of one owner type, under `path` (the records' base path):
 * `GET {path}/:id/attachments` → `{ items }`, `POST` (multipart, one or more files) → 201
 * `{ files }`, `DELETE {path}/:id/attachments/:fileId`, `PUT {path}/:id/attachments/order`
 * `{ ids }`. `view`/`manage` are the routes' access; each record is then checked with the owner
 * registered under `type` (registerFileOwner): one the caller may not see is a 404, one they may
 * see but not change a 403.
 */
export function registerAttachmentRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    type: string;
    path: string;
    view: Access;
    manage: Access;
    images?: boolean;
    max?: number;
    /** OpenAPI tag. */
    tag: string;
  },
) {
  const { db, type } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = app.storage;
  const tags = [options.tag];
  const errors = errorResponses(400, 403, 404);
  const base = `${options.path}/:id/attachments`;

  const ownerFor = () => {
    const owner = app.fileOwners.get(type);
    if (!owner) throw new Error(`no file owner registered for "${type}"`);
    return owner;
  };
  /** The record's id when the caller may see it (404 otherwise), and whether they may change it. */
  const check = async (request: FastifyRequest, key: string, edit: boolean) => {
    const user = currentUser(request);
    const id = existing(key);
    const owner = ownerFor();
    if (!(await owner.canView(user, id, db))) throw AppError.notFound();
    const mayEdit = await owner.canEdit(user, id, db);
    if (edit && !mayEdit) throw AppError.forbidden();
    return { id, user, access: (mayEdit ? 'edit' : 'view') as FileAccess };
  };
  const listOf = async (id: string, access: FileAccess) =>
    (await attachmentsOf(storage, db, type, [id], access)).get(id) ?? [];
  // Records show their attachments (a product's images): cached lists are read again after a change.
  const changed = () => readCacheOf(db).invalidate();

  r.get(
    base,
    {
      config: { access: options.view },
      schema: {
        tags,
        summary: 'The files attached to a record, in their order',
        params: recordParams,
        response: { 200: attachmentList, ...errors },
      },
    },
    async (request) => {
      const { id, access } = await check(request, request.params.id, false);
      return { items: await listOf(id, access) };
    },
  );

  r.post(
    base,
    {
      config: { access: options.manage },
      schema: {
        tags,
        summary: 'Attach files to a record (multipart/form-data, one or more files)',
        description: `All or nothing: a file past the size limit, the files-per-upload limit or the uploader's quota answers 413 and none is kept.${options.images ? ' Images only.' : ''}${options.max ? ` At most ${options.max} per record.` : ''}`,
        params: recordParams,
        response: { 201: uploadResponse, ...errors, 413: errorResponse, 415: errorResponse },
      },
    },
    async (request, reply) => {
      const { id, user } = await check(request, request.params.id, true);
      let maxFiles: number | undefined;
      if (options.max) {
        const existingCount = (await attachmentCounts(db, type, [id])).get(id) ?? 0;
        maxFiles = options.max - existingCount;
        if (maxFiles <= 0) throw AppError.badRequest(fileMessages.tooManyAttachments(options.max));
      }
      const upload = await storage.receive(request, {
        ownerId: user.id,
        imagesOnly: options.images,
        maxFiles,
      });
      const rows = await storage.save(upload, {
        ownerId: user.id,
        place: { attachedType: type, attachedId: id },
      });
      changed();
      return reply.code(201).send({ files: await storage.toFileRecords(rows, 'edit') });
    },
  );

  r.delete(
    `${base}/:fileId`,
    {
      config: { access: options.manage },
      schema: {
        tags,
        summary: 'Remove a file from a record',
        params: fileParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors },
      },
    },
    async (request) => {
      const { id } = await check(request, request.params.id, true);
      const fileId = existing(request.params.fileId);
      const removed = await db
        .delete(files)
        .where(and(eq(files.id, fileId), eq(files.attachedType, type), eq(files.attachedId, id)))
        .returning({ id: files.id });
      if (removed.length === 0) throw AppError.notFound();
      changed();
      return deleted({ id: fileId });
    },
  );

  r.put(
    `${base}/order`,
    {
      config: { access: options.manage },
      schema: {
        tags,
        summary: "Set the order of a record's files (the first is the main image)",
        params: recordParams,
        body: attachmentOrderBody,
        response: { 200: attachmentList, ...errors },
      },
    },
    async (request) => {
      const { id, access } = await check(request, request.params.id, true);
      const ids = request.body.ids;
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        const current = await tx
          .select({ id: files.id })
          .from(files)
          .where(and(eq(files.attachedType, type), eq(files.attachedId, id), isNull(files.trashedAt)))
          .for('update');
        const known = new Set(current.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((f) => known.has(f)))
          throw AppError.badRequest(fileMessages.orderMismatch, { ids: fileMessages.orderMismatch });
        for (const [position, fileId] of ids.entries()) {
          await tx.update(files).set({ position }).where(eq(files.id, fileId));
        }
      });
      changed();
      return { items: await listOf(id, access) };
    },
  );
}

const contentQuery = z.object({
  expires: z.optional(z.string()),
  sig: z.optional(z.string()),
  download: z.optional(z.enum(['1', 'true'], 'Use download=1.')),
});

/**
 * `GET /api/files/:id/content` and `/thumbnail`: with a signed URL (a record's `url`), or as a
 * signed-in caller whom the file's owner type lets see it. A bad or expired signature is a 403; a
 * file the caller may not see, one that does not exist, and a call with neither are a 404.
 */
export function registerFileContentRoutes(app: FastifyInstance, db: Database) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const storage = app.storage;
  const variants: FileVariant[] = ['content', 'thumbnail'];
  for (const variant of variants) {
    r.get(
      `/api/files/:id/${variant}`,
      {
        // Not rate-limited: a page of images is dozens of these, and an office behind one address
        // would soon pass the public limit. What a request without a valid signature or session
        // costs is one HMAC (it is refused before the database is asked).
        config: { access: 'public', optionalUser: true, rateLimit: false },
        schema: {
          tags: ['files'],
          summary: variant === 'content' ? "A file's bytes" : "An image's thumbnail (WebP, 320 px)",
          description:
            "With `expires` and `sig` from a record's URL, or with the session or an API key. Supports `Range` (206/416) and `If-None-Match` (304); `download=1` forces a download.",
          params: recordParams,
          querystring: contentQuery,
          response: { 400: errorResponse, 403: errorResponse, 404: errorResponse, 416: errorResponse },
        },
      },
      async (request, reply) => {
        const { expires, sig, download } = request.query;
        const key = request.params.id;
        const signed = expires !== undefined || sig !== undefined;
        if (signed && !storage.signer.verify(key, variant, expires ?? '', sig ?? ''))
          throw AppError.forbidden(fileMessages.badSignature);
        if (!(signed || request.user) || !uuid.safeParse(key).success) throw AppError.notFound();
        const [row] = await db.select().from(files).where(eq(files.id, key));
        if (!row) throw AppError.notFound();
        if (!signed && request.user && !(await mayViewFile(app, db, request.user, row)))
          throw AppError.notFound();
        const sent = await storage.send(request, reply, row, variant, { download: download !== undefined });
        if (sent === null) throw AppError.notFound();
        return sent;
      },
    );
  }
}
