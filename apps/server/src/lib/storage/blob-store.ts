import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where the bytes of files live, by key: a blob's key is the sha256 of its bytes (hex), its
 * thumbnail's the same with `.thumb`. Small on purpose, so that an S3-compatible store can be
 * added beside the disk store: staging (write while hashing, then commit under a key or discard),
 * reading (optionally a byte range), size, delete.
 */
export interface BlobStore {
  /**
   * Writes `source` to a staging place while hashing it; `inspect` sees each chunk as it passes
   * (type sniffing). Nothing is visible under a key until `commit`; `discard` removes it.
   */
  stage(source: Readable, inspect?: (chunk: Buffer) => void): Promise<StagedBlob>;
  /** The bytes under `key`, or the inclusive range `start`..`end` of them. */
  open(key: string, range?: { start: number; end: number }): Readable;
  /** The size of what is under `key`, or null when nothing is. */
  size(key: string): Promise<number | null>;
  /** Removes what is under `key` (nothing there is no error). */
  delete(key: string): Promise<void>;
}

export type StagedBlob = {
  /** sha256 of the bytes, lower-case hex. */
  hash: string;
  size: number;
  /** Makes the bytes durable under `key` (by default their hash); the same bytes there already are kept. */
  commit(key?: string): Promise<void>;
  /** Removes the staged bytes (after a commit: nothing to do). Never throws. */
  discard(): Promise<void>;
};

/** A staged file not written to for this long belongs to an upload that was cut short. */
export const STALE_STAGING_MS = 3600_000;

export type DiskStore = BlobStore & { cleanStaging(olderThanMs?: number): Promise<number> };

export const thumbnailKey = (hash: string) => `${hash}.thumb`;
const KEY = /^[0-9a-f]{64}(\.thumb)?$/;

/**
 * The disk store: `<root>/ab/cd/<key>` (two levels of 256 folders keep each folder small), staged
 * bytes in `<root>/tmp`. A commit fsyncs the file, renames it into place (atomic: a reader sees all
 * of it or nothing) and fsyncs its folder. A process that dies mid-upload leaves only a file in
 * tmp, which `cleanStaging` removes at start-up.
 */
export function createDiskStore(root: string): DiskStore {
  const staging = path.join(root, 'tmp');
  const pathOf = (key: string) => {
    // Keys are made here (hashes), never from what a client sends; checked all the same.
    if (!KEY.test(key)) throw new Error(`not a blob key: ${key}`);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  let stagingReady: Promise<unknown> | null = null;

  async function syncDirectory(dir: string) {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    async stage(source, inspect) {
      stagingReady ??= mkdir(staging, { recursive: true });
      await stagingReady;
      const temp = path.join(staging, `${randomBytes(12).toString('hex')}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const discard = () => rm(temp, { force: true }).catch(() => undefined);
      const sink = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(
          source,
          async function* (chunks: AsyncIterable<Buffer>) {
            for await (const chunk of chunks) {
              hash.update(chunk);
              size += chunk.length;
              inspect?.(chunk);
              yield chunk;
            }
          },
          sink,
        );
      } catch (error) {
        // The file may still be opening (it is created then): removed once it is closed, not before.
        if (!sink.closed) await new Promise<void>((closed) => sink.once('close', () => closed()));
        await discard();
        throw error;
      }
      const digest = hash.digest('hex');
      let committed = false;
      return {
        hash: digest,
        size,
        async commit(key = digest) {
          const target = pathOf(key);
          await mkdir(path.dirname(target), { recursive: true });
          const handle = await open(temp, 'r+');
          try {
            await handle.sync();
          } finally {
            await handle.close();
          }
          await rename(temp, target);
          committed = true;
          await syncDirectory(path.dirname(target));
        },
        async discard() {
          if (!committed) await discard();
        },
      };
    },

    open(key, range) {
      return createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
    },

    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(key) {
      await unlink(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },

    /**
     * Removes what uploads cut short left in staging: at start-up and with the garbage collection.
     * Only files untouched for `olderThanMs`: another node sharing the folder may be writing one.
     */
    async cleanStaging(olderThanMs = STALE_STAGING_MS) {
      let entries: string[];
      try {
        entries = await readdir(staging);
      } catch {
        return 0;
      }
      const removed = await Promise.all(
        entries.map(async (entry) => {
          const file = path.join(staging, entry);
          const info = await stat(file).catch(() => null);
          if (!info || Date.now() - info.mtimeMs < olderThanMs) return 0;
          await rm(file, { force: true, recursive: true });
          return 1;
        }),
      );
      return removed.reduce<number>((sum, n) => sum + n, 0);
    },
  };
}
