import path from 'node:path';
import { Readable } from 'node:stream';
import { type FileAccess, type FileRecord, fileKindOf, fileMessages } from '@ledgerdesk/contracts';
import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { blobs, files, users } from '../../db/schema';
import type { Outbox } from '../outbox';
import { createDiskStore, thumbnailKey } from './blob-store';
import { sendBlob } from './send';
import { createUrlSigner, type FileVariant, fileUrlKey } from './signing';
import { isRasterImage, type ReceivedUpload, receiveUpload, tooLarge, type UploadLimits } from './upload';

export type { BlobStore } from './blob-store';
export { isInlineSafe } from './send';
export type { FileVariant } from './signing';
export type { ReceivedFile, ReceivedUpload, UploadLimits } from './upload';

export type FileRow = typeof files.$inferSelect;
/** Where uploaded files go: a folder of the file manager (null: the owner's root), or a record. */
export type FilePlace = { folderId: string | null } | { attachedType: string; attachedId: string };

/** The outbox kind that makes an image's thumbnail. */
export const THUMBNAIL_JOB = 'file-thumbnail';
const THUMBNAIL_SIZE = 320;
const GC_BATCH = 100;

type Log = { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };

/**
 * The files' storage (issue 14): the blob store on disk under DATA_DIR/files, the upload pipeline
 * (staging, limits, quota, dedup), signed URLs, thumbnails (an outbox job) and the garbage
 * collection of unreferenced blobs. One per app (app.ts), reached as `app.storage`.
 */
export async function createStorage(deps: {
  db: Database;
  config: Pick<Config, 'dataDir' | 'maxUploadBytes' | 'maxUploadFiles' | 'uploadQuotaBytes'>;
  outbox: Outbox;
  log: Log;
  /** Only this process uses DATA_DIR (PGlite holds its lock): every staged file at start-up is stale. */
  soleUser: boolean;
}) {
  const { db, config, outbox, log } = deps;
  const store = createDiskStore(path.join(config.dataDir, 'files'));
  const cleaned = await store.cleanStaging(deps.soleUser ? 0 : undefined);
  if (cleaned > 0) log.info({ files: cleaned }, 'removed uploads cut short');
  const signer = createUrlSigner(await fileUrlKey(db));
  const limits: UploadLimits = {
    maxFileBytes: config.maxUploadBytes,
    maxFiles: config.maxUploadFiles,
    quotaBytes: config.uploadQuotaBytes,
  };

  /** What the owner's files take, trashed ones included (until the trash is emptied). */
  async function usedBytes(ownerId: string, executor: Database = db): Promise<number> {
    const [row] = await executor
      .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
      .from(files)
      .where(eq(files.ownerId, ownerId));
    return Number(row?.used ?? 0);
  }

  /**
   * Stores what `receive` staged, all or nothing, in one transaction: the owner's row locked (two
   * uploads of one owner cannot both pass the quota), the quota checked, each blob inserted or
   * updated (`created_at`: when last uploaded) so that its row stays locked until the commit (the
   * garbage collection skips it) and its bytes moved into place, then the files' rows. The staged files are removed whatever
   * happens. An image's thumbnail is queued (the outbox), never made here.
   */
  async function save(
    upload: ReceivedUpload,
    options: { ownerId: string; place: FilePlace; actorId?: string },
    executor?: Database,
  ): Promise<FileRow[]> {
    const { ownerId, place } = options;
    const actorId = options.actorId ?? ownerId;
    const work = async (tx: Database) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
      const used = await usedBytes(ownerId, tx);
      const adding = upload.files.reduce((sum, file) => sum + file.staged.size, 0);
      if (used + adding > limits.quotaBytes) throw tooLarge(fileMessages.quotaFull(used, limits.quotaBytes));
      // In hash order: two uploads sharing blobs lock them in the same order (no deadlock).
      const byHash = new Map(upload.files.map((file) => [file.staged.hash, file]));
      for (const hash of [...byHash.keys()].sort()) {
        const file = byHash.get(hash);
        if (!file) continue;
        const [blob] = await tx
          .insert(blobs)
          .values({ hash, size: file.staged.size, mime: file.mime })
          .onConflictDoUpdate({ target: blobs.hash, set: { createdAt: sql`now()` } })
          .returning({ thumbnail: blobs.thumbnail, mime: blobs.mime });
        await file.staged.commit();
        if (blob?.thumbnail === null && isRasterImage(blob.mime))
          await outbox.enqueue(THUMBNAIL_JOB, { hash }, tx);
      }
      let position = 0;
      if ('attachedType' in place) {
        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${files.position}) + 1, 0)` })
          .from(files)
          .where(and(eq(files.attachedType, place.attachedType), eq(files.attachedId, place.attachedId)));
        position = Number(last?.next ?? 0);
      }
      return tx
        .insert(files)
        .values(
          upload.files.map((file, index) => ({
            name: file.name,
            blobHash: file.staged.hash,
            size: file.staged.size,
            mime: file.mime,
            kind: fileKindOf(file.mime),
            ownerId,
            ...('attachedType' in place
              ? { attachedType: place.attachedType, attachedId: place.attachedId, position: position + index }
              : { folderId: place.folderId }),
            createdBy: actorId,
            updatedBy: actorId,
          })),
        )
        .returning();
    };
    try {
      return executor ? await work(executor) : await db.transaction((tx) => work(tx as Database));
    } finally {
      await upload.discard();
    }
  }

  /** Makes an image's WebP thumbnail; bytes sharp cannot read are marked 'none' (not retried). */
  outbox.handle(THUMBNAIL_JOB, async (payload) => {
    const hash = String(payload.hash);
    const [blob] = await db.select().from(blobs).where(eq(blobs.hash, hash));
    if (!blob || blob.thumbnail !== null) return;
    let made: 'webp' | 'none' = 'none';
    try {
      const { default: sharp } = await import('sharp');
      const resize = sharp({ failOn: 'error' })
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 });
      const source = store.open(hash);
      // Both streams' errors are listened to: an 'error' event nobody hears ends the process.
      const webp = await new Promise<Buffer>((resolve, reject) => {
        source.once('error', (error) => {
          resize.destroy();
          reject(error);
        });
        resize.once('error', reject);
        source.pipe(resize).toBuffer().then(resolve, reject);
      });
      const staged = await store.stage(Readable.from([webp]));
      await staged.commit(thumbnailKey(hash));
      made = 'webp';
    } catch (error) {
      // Bytes missing here (a node whose DATA_DIR/files is not shared with the one that stored
      // them): the job fails and is retried, by whichever node takes it next.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
      log.warn({ err: error, hash }, 'no thumbnail: the image could not be read');
    }
    await db.update(blobs).set({ thumbnail: made }).where(eq(blobs.hash, hash));
  });

  /**
   * Deletes the blobs no file refers to, from the table and the store, in batches (after a trash is
   * emptied, and hourly). Safe beside uploads of the same bytes: a batch's rows are locked, skipping
   * those an upload holds (it refers to them when it commits), and their bytes are deleted before
   * the batch commits; an upload that comes while a blob is being deleted waits for the row, then
   * inserts it again and puts its bytes back. A file inserted straight with an existing blob (a
   * copy) locks the row too (its foreign key): skipped as well.
   */
  async function collectGarbage() {
    await store.cleanStaging();
    // A deleted user's own top-level files (their folders went with them): nobody's now, gone.
    await db
      .delete(files)
      .where(and(isNull(files.ownerId), isNull(files.attachedType), isNull(files.folderId)));
    let count = 0;
    let bytes = 0;
    for (;;) {
      const batch = await db.transaction(async (trx) => {
        const tx = trx as Database;
        const rows = await tx
          .select({ hash: blobs.hash, size: blobs.size })
          .from(blobs)
          .where(notExists(tx.select({ one: sql`1` }).from(files).where(eq(files.blobHash, blobs.hash))))
          .limit(GC_BATCH)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return rows;
        await tx.delete(blobs).where(
          inArray(
            blobs.hash,
            rows.map((row) => row.hash),
          ),
        );
        for (const row of rows) {
          await store.delete(row.hash);
          await store.delete(thumbnailKey(row.hash));
        }
        return rows;
      });
      count += batch.length;
      bytes += batch.reduce((sum, row) => sum + row.size, 0);
      if (batch.length < GC_BATCH) break;
    }
    if (count > 0) log.info({ blobs: count, bytes }, 'unreferenced files deleted');
    return { blobs: count, bytes };
  }
  // Hourly, on every node (the worker's clean-up): what a deleted record or an emptied trash left.
  outbox.onCleanUp(async () => {
    await collectGarbage();
  });

  /**
   * File rows → the API's records: owner's name, signed content and thumbnail URLs. `access` says
   * what the caller may do with each (the file manager's shares; 'edit' or 'view' for attachments).
   */
  async function toFileRecords(
    rows: FileRow[],
    access: FileAccess | ((row: FileRow) => FileAccess),
    executor: Database = db,
  ): Promise<FileRecord[]> {
    if (rows.length === 0) return [];
    const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))];
    const hashes = [...new Set(rows.map((row) => row.blobHash))];
    // One after the other: the executor may be a transaction, one connection.
    const owners = await executor
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, ownerIds));
    const thumbnails = await executor
      .select({ hash: blobs.hash, thumbnail: blobs.thumbnail })
      .from(blobs)
      .where(inArray(blobs.hash, hashes));
    const names = new Map(owners.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim() || u.email]));
    const withThumbnail = new Set(thumbnails.filter((b) => b.thumbnail === 'webp').map((b) => b.hash));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind === 'Media' ? 'Media' : 'Documents',
      mime: row.mime,
      size: row.size,
      folderId: row.folderId,
      ownerId: row.ownerId,
      ownerName: (row.ownerId && names.get(row.ownerId)) || '',
      starred: row.starred,
      trashedAt: row.trashedAt?.toISOString() ?? null,
      attachedTo: row.attachedType && row.attachedId ? { type: row.attachedType, id: row.attachedId } : null,
      position: row.position,
      url: signer.url(row.id, 'content'),
      thumbnailUrl: withThumbnail.has(row.blobHash) ? signer.url(row.id, 'thumbnail') : null,
      access: typeof access === 'function' ? access(row) : access,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    }));
  }

  /** Sends a file's bytes or its thumbnail (see sendBlob); a thumbnail not made answers 404. */
  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: FileRow,
    variant: FileVariant,
    options: { download?: boolean } = {},
  ) {
    if (variant === 'content') {
      return sendBlob(request, reply, {
        store,
        key: file.blobHash,
        size: file.size,
        mime: file.mime,
        name: file.name,
        download: options.download,
      });
    }
    const key = thumbnailKey(file.blobHash);
    const size = await store.size(key);
    if (size === null) return null;
    const dot = file.name.lastIndexOf('.');
    return sendBlob(request, reply, {
      store,
      key,
      size,
      mime: 'image/webp',
      name: `${dot > 0 ? file.name.slice(0, dot) : file.name}.webp`,
    });
  }

  return {
    store,
    limits,
    signer,
    usedBytes,
    /** Reads a multipart upload of `ownerId` into staging (see receiveUpload); then `save` it. */
    receive: (
      request: FastifyRequest,
      options: { ownerId: string; imagesOnly?: boolean; maxFiles?: number },
    ) =>
      usedBytes(options.ownerId).then((used) =>
        receiveUpload(request, {
          store,
          limits,
          usedBytes: used,
          imagesOnly: options.imagesOnly,
          maxFiles: options.maxFiles,
        }),
      ),
    save,
    toFileRecords,
    send,
    collectGarbage,
  };
}
export type Storage = Awaited<ReturnType<typeof createStorage>>;
