import path from 'node:path';
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { blobs, outbox } from '../db/schema';
import { THUMBNAIL_JOB } from '../lib/storage';
import { createDiskStore } from '../lib/storage/blob-store';
import { isRasterImage, mimeOf } from '../lib/storage/upload';

/** What the storage keeps of bytes put in it (the blob row made too). */
export type StoredBytes = { hash: string; size: number; mime: string };
export type PutBytes = (db: Database, bytes: Buffer) => Promise<StoredBytes>;

/**
 * Bytes made at seed time into the store of DATA_DIR/files, as an upload stores them: by their hash,
 * once (the blob row made or kept), typed from the content; an image's thumbnail queued.
 */
export function storeBytesIn(dataDir: string): PutBytes {
  const store = createDiskStore(path.join(dataDir, 'files'));
  return async (db, bytes) => {
    const staged = await store.stage(Readable.from([bytes]));
    const mime = await mimeOf(bytes.subarray(0, 64 * 1024));
    const made = await db
      .insert(blobs)
      .values({ hash: staged.hash, size: staged.size, mime })
      .onConflictDoNothing()
      .returning({ hash: blobs.hash });
    await staged.commit();
    if (made.length > 0 && isRasterImage(mime)) {
      await db.insert(outbox).values({ kind: THUMBNAIL_JOB, payload: { hash: staged.hash } });
    }
    return { hash: staged.hash, size: staged.size, mime };
  };
}
