import {
  type FileKind,
  type FileShare,
  type fileChange,
  type fileListQuery,
  fileManagerMessages,
  type folderChange,
  type folderInput,
  type folderListQuery,
  type ManagedFile,
  type ManagedFolder,
  type ShareInput,
  type StorageGroup,
  type StorageSummary,
  storageGroupOf,
  storageGroups,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { fileShares, files, folders, groups, users } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { ReceivedUpload, Storage } from '../../lib/storage';
import { toFileRecords } from '../../resources/attachments';
import { listPage, orderingOf, searchCondition } from '../../resources/list';
import type { UsersService } from '../users/service';
import {
  type Access,
  atLeast,
  fileAccessOf,
  folderAccessOf,
  reachableFiles,
  reachableFolders,
  sharesNaming,
} from './access';
import { assertNameFree, freeName, lockPlace, type Place } from './names';

export type FolderRow = typeof folders.$inferSelect;
export type FileRow = typeof files.$inferSelect;
type FolderQuery = z.output<typeof folderListQuery>;
type FileQuery = z.output<typeof fileListQuery>;

const KB = 1024;
/** "1.5 MB": SPEC's fileSize, for people (the record's `size` is in bytes). */
export function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= KB && unit < units.length - 1) {
    value /= KB;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The top of what went to the trash together: its parent did not go with it. */
const trashTop = {
  folder: sql`${folders.trashedAt} is not null and not exists (select 1 from ${folders} above where above.id = ${folders.parentId} and above.trashed_at = ${folders.trashedAt})`,
  file: sql`${files.trashedAt} is not null and not exists (select 1 from ${folders} above where above.id = ${files.folderId} and above.trashed_at = ${files.trashedAt})`,
};

const fileSortable = {
  name: files.name,
  size: files.size,
  updatedAt: files.updatedAt,
  createdAt: files.createdAt,
  // The kind of a file for people is its type: PDFs together, PNGs together.
  kind: files.mime,
};
// A folder has no size or type of its own to order by: by name then, as the files' list asks.
const folderSortable = {
  name: folders.name,
  updatedAt: folders.updatedAt,
  createdAt: folders.createdAt,
  size: folders.name,
  kind: folders.name,
};

const userOf = (actor: Actor): string => {
  if (!actor.id) throw AppError.unauthorized();
  return actor.id;
};

export function createFilesService(deps: {
  db: Database;
  audit: AuditLog;
  users: UsersService;
  storage: Storage;
}) {
  const { db, audit, storage } = deps;

  // ---- records ----------------------------------------------------------------------------

  /** Files → records as `userId` sees them (access of each given, else worked out). */
  async function fileRecords(
    executor: Database,
    rows: FileRow[],
    userId: string,
    known?: Map<string, Access>,
  ): Promise<ManagedFile[]> {
    if (rows.length === 0) return [];
    const access = known ?? (await fileAccessOf(executor, userId, rows));
    const shared = await sharedIds(
      executor,
      fileShares.fileId,
      rows.map((r) => r.id),
    );
    const base = await toFileRecords(storage, rows, (row) => access.get(row.id) ?? 'view', executor);
    return base.map((record) => ({
      ...record,
      shared: shared.has(record.id),
      fileName: record.name,
      fileType: record.kind,
      fileSize: humanSize(record.size),
      createDate: record.createdAt,
      updatedDate: record.updatedAt,
    }));
  }

  async function sharedIds(
    executor: Database,
    column: typeof fileShares.fileId | typeof fileShares.folderId,
    ids: string[],
  ) {
    if (ids.length === 0) return new Set<string>();
    const rows = await executor.selectDistinct({ id: column }).from(fileShares).where(inArray(column, ids));
    return new Set(rows.flatMap((r) => (r.id ? [r.id] : [])));
  }

  /**
   * Each folder's files and bytes, everything under it counted: for a folder in use what is not in
   * the trash, for a folder in the trash what went there with it.
   */
  async function totalsOf(executor: Database, rows: FolderRow[]) {
    const totals = new Map<string, { fileCount: number; size: number }>();
    const count = async (roots: FolderRow[], trashed: boolean) => {
      if (roots.length === 0) return;
      const ids = sql.join(
        roots.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      );
      // A folder in use: what is not in the trash under it, read from the lists' partial index.
      // A folder in the trash: what went there with it (the same time).
      const query = trashed
        ? sql`with recursive down(root, id, trashed) as (
                select id, id, trashed_at from ${folders} where id in (${ids})
                union all
                select down.root, f.id, down.trashed from ${folders} f join down on f.parent_id = down.id
                 where f.trashed_at = down.trashed
              )
              select down.root, count(x.id)::int as n, coalesce(sum(x.size), 0)::float8 as bytes
                from down join ${files} x on x.folder_id = down.id and x.trashed_at = down.trashed
               group by down.root`
        : sql`with recursive down(root, id) as (
                select id, id from ${folders} where id in (${ids})
                union all
                select down.root, f.id from ${folders} f join down on f.parent_id = down.id
                 where f.trashed_at is null
              )
              select down.root, count(x.id)::int as n, coalesce(sum(x.size), 0)::float8 as bytes
                from down join ${files} x on x.folder_id = down.id and x.trashed_at is null and x.attached_type is null
               group by down.root`;
      for (const row of await rowsOf<{ root: string; n: number; bytes: number }>(executor, query)) {
        totals.set(row.root, { fileCount: Number(row.n), size: Number(row.bytes) });
      }
    };
    await count(
      rows.filter((r) => !r.trashedAt),
      false,
    );
    await count(
      rows.filter((r) => r.trashedAt),
      true,
    );
    return totals;
  }

  /** The folders above each folder that `userId` may open, from the top (breadcrumbs). */
  async function pathsOf(executor: Database, rows: FolderRow[], userId: string) {
    const paths = new Map<string, { id: string; name: string }[]>();
    const parents = [...new Set(rows.flatMap((r) => (r.parentId ? [r.parentId] : [])))];
    if (parents.length === 0) return paths;
    const chain = await rowsOf<{ start: string; id: string; name: string; depth: number; open: boolean }>(
      executor,
      sql`with recursive up(start, id, name, parent_id, owner_id, depth) as (
            select id, id, name, parent_id, owner_id, 0 from ${folders} where id in (${sql.join(
              parents.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
            union all
            select up.start, f.id, f.name, f.parent_id, f.owner_id, up.depth + 1 from ${folders} f join up on f.id = up.parent_id
          )
          select up.start, up.id, up.name, up.depth::int as depth,
                 (up.owner_id = ${userId} or exists (select 1 from ${fileShares} where ${fileShares.folderId} = up.id and ${sharesNaming(userId)})) as open
            from up order by up.start, up.depth desc`,
    );
    const byStart = new Map<string, typeof chain>();
    for (const link of chain) byStart.set(link.start, [...(byStart.get(link.start) ?? []), link]);
    const pathOfParent = new Map<string, { id: string; name: string }[]>();
    for (const [start, links] of byStart) {
      // From the top: the first folder the user may open, and everything below it.
      const first = links.findIndex((link) => link.open);
      pathOfParent.set(
        start,
        first < 0 ? [] : links.slice(first).map((link) => ({ id: link.id, name: link.name })),
      );
    }
    for (const row of rows) if (row.parentId) paths.set(row.id, pathOfParent.get(row.parentId) ?? []);
    return paths;
  }

  async function folderRecords(
    executor: Database,
    rows: FolderRow[],
    userId: string,
    known?: Map<string, Access>,
  ): Promise<ManagedFolder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [access, totals, shared, names, paths] = await Promise.all([
      known ?? folderAccessOf(executor, userId, ids),
      totalsOf(executor, rows),
      sharedIds(executor, fileShares.folderId, ids),
      deps.users.namesOf(
        executor,
        rows.map((r) => r.ownerId),
      ),
      pathsOf(executor, rows, userId),
    ]);
    return rows.map((row) => {
      const total = totals.get(row.id) ?? { fileCount: 0, size: 0 };
      return {
        id: row.id,
        name: row.name,
        parentId: row.parentId,
        ownerId: row.ownerId,
        ownerName: names.get(row.ownerId) ?? '',
        fileCount: total.fileCount,
        size: total.size,
        trashedAt: row.trashedAt?.toISOString() ?? null,
        access: access.get(row.id) ?? 'view',
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
        shared: shared.has(row.id),
        folderName: row.name,
        folderFile: total.fileCount,
        path: paths.get(row.id) ?? [],
      };
    });
  }

  // ---- finding what the caller may reach --------------------------------------------------

  /** The folder, and the caller's access to it; 404 when it does not exist or they may not open it. */
  async function folderFor(executor: Database, id: string, userId: string, lock?: 'update' | 'share') {
    const query = executor.select().from(folders).where(eq(folders.id, id)).limit(1);
    const [row] = await (lock ? query.for(lock) : query);
    const access = row ? (await folderAccessOf(executor, userId, [id])).get(id) : undefined;
    if (!row || !access) throw AppError.notFound();
    return { row, access };
  }

  async function fileFor(executor: Database, id: string, userId: string, lock = false) {
    const query = executor
      .select()
      .from(files)
      .where(and(eq(files.id, id), isNull(files.attachedType)))
      .limit(1);
    const [row] = await (lock ? query.for('update') : query);
    const access = row ? (await fileAccessOf(executor, userId, [row])).get(id) : undefined;
    if (!row || !access) throw AppError.notFound();
    return { row, access };
  }

  const mayEdit = (access: Access) => {
    if (!atLeast(access, 'edit')) throw AppError.forbidden(fileManagerMessages.viewOnly);
  };
  const notTrashed = (row: { trashedAt: Date | null }) => {
    if (row.trashedAt) throw AppError.conflict(fileManagerMessages.inTrash);
  };

  /** Where an item lands: a folder the caller may edit (not in the trash), or the owner's top level. */
  async function destination(
    executor: Database,
    folderId: string | null,
    userId: string,
    ownerId: string,
  ): Promise<Place> {
    if (!folderId) return { folderId: null, ownerId };
    // Shared lock: a trash of the folder (or of one above it) waits for this write, or this one
    // sees the folder in the trash; nothing lands in a folder that is going.
    const target = await folderFor(executor, folderId, userId, 'share');
    mayEdit(target.access);
    notTrashed(target.row);
    return { folderId, ownerId: target.row.ownerId };
  }

  const written = async <X>(work: (tx: Database) => Promise<X>): Promise<X> => {
    try {
      return await db.transaction((tx) => work(tx as Database));
    } catch (error) {
      // Two folders of one name made at once: the unique index has the last word.
      if (uniqueViolation(error) === 'folders_name_key') {
        throw AppError.conflict(fileManagerMessages.nameTaken, { name: fileManagerMessages.nameTaken });
      }
      throw error;
    }
  };

  // ---- folders --------------------------------------------------------------------------------

  async function listFolders(query: FolderQuery, actor: Actor) {
    const userId = userOf(actor);
    let where: SQL | undefined;
    if (query.trashed) {
      where = and(trashTop.folder, sql`(${folders.ownerId} = ${userId} or ${folders.updatedBy} = ${userId})`);
    } else if (query.shared) {
      where = and(
        isNull(folders.trashedAt),
        ne(folders.ownerId, userId),
        inArray(
          folders.id,
          sql`(select ${fileShares.folderId} from ${fileShares} where ${fileShares.folderId} is not null and ${sharesNaming(userId)})`,
        ),
      );
    } else if (query.parentId === 'root') {
      where = and(isNull(folders.trashedAt), isNull(folders.parentId), eq(folders.ownerId, userId));
    } else if (query.parentId) {
      // 404 unless the caller may open the folder.
      await folderFor(db, query.parentId, userId);
      where = and(isNull(folders.trashedAt), eq(folders.parentId, query.parentId));
    } else {
      where = and(isNull(folders.trashedAt), inArray(folders.id, reachableFolders(userId)));
    }
    return listPage(
      db,
      folders,
      {
        where: and(where, searchCondition(query.search, [folders.name])),
        order: orderingOf(query.ordering, folderSortable, 'name', folders.id),
        query,
      },
      (rows) => folderRecords(db, rows, userId),
    );
  }

  async function getFolder(id: string, actor: Actor) {
    const userId = userOf(actor);
    const { row, access } = await folderFor(db, id, userId);
    const [record] = await folderRecords(db, [row], userId, new Map([[id, access]]));
    return record as ManagedFolder;
  }

  async function createFolder(input: z.output<typeof folderInput>, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const place = await destination(tx, input.parentId, userId, userId);
      await lockPlace(tx, place);
      await assertNameFree(tx, place, input.name);
      const [row] = await tx
        .insert(folders)
        .values({
          name: input.name,
          parentId: place.folderId,
          ownerId: userId,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning();
      if (!row) throw new Error('folder insert returned nothing');
      const [record] = await folderRecords(tx, [row], userId);
      await audit.record(tx, actor, { action: 'create', entity: 'folder', key: row.id, after: record });
      return record as ManagedFolder;
    });
  }

  /** The folder ids above `folderId` (itself included), the top last. */
  async function lineOf(executor: Database, folderId: string): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(
      executor,
      sql`with recursive up(id, parent_id, depth) as (
            select id, parent_id, 0 from ${folders} where id = ${folderId}
            union all
            select f.id, f.parent_id, up.depth + 1 from ${folders} f join up on f.id = up.parent_id
          ) select id from up order by depth`,
    );
    return rows.map((r) => r.id);
  }

  /** Every move of a folder, one at a time: two moves at once could each pass the check and make a loop. */
  const lockMoves = (executor: Database) =>
    executor.execute(sql`select pg_advisory_xact_lock(hashtext('files:folder-moves'))`);

  async function changeFolder(id: string, change: z.output<typeof folderChange>, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const moving = change.parentId !== undefined;
      if (moving) await lockMoves(tx);
      const { row, access } = await folderFor(tx, id, userId, 'update');
      const before = (await folderRecords(tx, [row], userId, new Map([[id, access]])))[0] as ManagedFolder;
      if (change.version !== undefined && change.version !== row.version) throw AppError.stale(before);
      mayEdit(access);
      notTrashed(row);
      const name = change.name ?? row.name;
      const parentId = change.parentId === undefined ? row.parentId : change.parentId;
      if (name === row.name && parentId === row.parentId) return before;
      if (parentId !== row.parentId) {
        if (parentId === null && access !== 'owner')
          throw AppError.forbidden(fileManagerMessages.rootOwnerOnly);
        if (parentId !== null && (await lineOf(tx, parentId)).includes(id)) {
          throw AppError.badRequest(fileManagerMessages.moveIntoItself, {
            parentId: fileManagerMessages.moveIntoItself,
          });
        }
      }
      const place = await destination(tx, parentId, userId, row.ownerId);
      await lockPlace(tx, place);
      await assertNameFree(tx, place, name, id);
      const [updated] = await tx
        .update(folders)
        .set({ name, parentId, version: sql`${folders.version} + 1`, updatedBy: userId })
        .where(eq(folders.id, id))
        .returning();
      const [after] = await folderRecords(tx, [updated as FolderRow], userId);
      await audit.record(tx, actor, { action: 'update', entity: 'folder', key: id, before, after });
      return after as ManagedFolder;
    });
  }

  /** The folder and every folder under it that went (or is, when null) in the same state of trash. */
  async function subtreeOf(executor: Database, id: string, trashedAt: Date | null): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(
      executor,
      sql`with recursive down(id) as (
            select id from ${folders} where id = ${id}
            union all
            select f.id from ${folders} f join down on f.parent_id = down.id
             where f.trashed_at is not distinct from ${trashedAt?.toISOString() ?? null}::timestamptz
          ) select id from down`,
    );
    return rows.map((r) => r.id);
  }

  async function trashFolder(id: string, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const { row, access } = await folderFor(tx, id, userId, 'update');
      mayEdit(access);
      notTrashed(row);
      const at = new Date();
      const ids = await subtreeOf(tx, id, null);
      await tx
        .update(folders)
        .set({ trashedAt: at, updatedBy: userId })
        .where(and(inArray(folders.id, ids), isNull(folders.trashedAt)));
      await tx
        .update(files)
        .set({ trashedAt: at, updatedBy: userId })
        .where(and(inArray(files.folderId, ids), isNull(files.trashedAt)));
      await audit.record(tx, actor, {
        action: 'trash',
        entity: 'folder',
        key: id,
        before: { name: row.name },
      });
      return { id };
    });
  }

  async function restoreFolder(id: string, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const { row, access } = await folderFor(tx, id, userId, 'update');
      mayEdit(access);
      if (!row.trashedAt) throw AppError.conflict(fileManagerMessages.notInTrash);
      const ids = await subtreeOf(tx, id, row.trashedAt);
      const place = await restingPlace(tx, row.parentId, row.ownerId);
      await lockPlace(tx, place);
      const name = await freeName(tx, place, row.name, { except: id });
      // The folder itself first, under its free name: back in use, it must not clash with a sibling.
      const [restored] = await tx
        .update(folders)
        .set({
          name,
          parentId: place.folderId,
          trashedAt: null,
          updatedBy: userId,
          version: sql`${folders.version} + 1`,
        })
        .where(eq(folders.id, id))
        .returning();
      await tx
        .update(folders)
        .set({ trashedAt: null, updatedBy: userId })
        .where(and(inArray(folders.id, ids), eq(folders.trashedAt, row.trashedAt)));
      await tx
        .update(files)
        .set({ trashedAt: null, updatedBy: userId })
        .where(and(inArray(files.folderId, ids), eq(files.trashedAt, row.trashedAt)));
      const [record] = await folderRecords(tx, [restored as FolderRow], userId);
      await audit.record(tx, actor, { action: 'restore', entity: 'folder', key: id, after: record });
      return record as ManagedFolder;
    });
  }

  /** Where a restored item goes: back to its folder when that is there and not in the trash, else the top. */
  async function restingPlace(executor: Database, folderId: string | null, ownerId: string): Promise<Place> {
    if (!folderId) return { folderId: null, ownerId };
    const [parent] = await executor
      .select({ id: folders.id, ownerId: folders.ownerId })
      .from(folders)
      .where(and(eq(folders.id, folderId), isNull(folders.trashedAt)));
    return parent ? { folderId: parent.id, ownerId: parent.ownerId } : { folderId: null, ownerId };
  }

  /**
   * Deletes a folder in the trash and what went there with it, for good. What was put in the trash
   * before it, on its own, stays there (moved to the top level, where a restore puts it).
   */
  async function purgeFolder(executor: Database, row: FolderRow): Promise<string[]> {
    if (!row.trashedAt) throw AppError.conflict(fileManagerMessages.notInTrash);
    const ids = await subtreeOf(executor, row.id, row.trashedAt);
    await executor
      .update(folders)
      .set({ parentId: null })
      .where(
        and(inArray(folders.parentId, ids), sql`${folders.trashedAt} is distinct from ${row.trashedAt}`),
      );
    await executor
      .update(files)
      .set({ folderId: null })
      .where(and(inArray(files.folderId, ids), sql`${files.trashedAt} is distinct from ${row.trashedAt}`));
    const gone = await executor
      .delete(files)
      .where(inArray(files.folderId, ids))
      .returning({ hash: files.blobHash });
    await executor.delete(folders).where(inArray(folders.id, ids));
    return gone.map((g) => g.hash);
  }

  async function purgeFile(executor: Database, row: FileRow): Promise<string[]> {
    if (!row.trashedAt) throw AppError.conflict(fileManagerMessages.notInTrash);
    await executor.delete(files).where(eq(files.id, row.id));
    return [row.blobHash];
  }

  /** After the rows went: the bytes no file refers to any more are freed at once (storage's GC). */
  const freed = async (hashes: string[]) => {
    if (hashes.length > 0) await storage.collectGarbage();
  };

  async function deleteFolderForever(id: string, actor: Actor) {
    const userId = userOf(actor);
    const hashes = await written(async (tx) => {
      const { row, access } = await folderFor(tx, id, userId, 'update');
      mayEdit(access);
      const gone = await purgeFolder(tx, row);
      await audit.record(tx, actor, {
        action: 'delete',
        entity: 'folder',
        key: id,
        before: { name: row.name },
      });
      return gone;
    });
    await freed(hashes);
    return { id };
  }

  // ---- files ----------------------------------------------------------------------------------

  /**
   * Stores an upload read to staging into a folder the caller may edit (null: their top level), the
   * caller its files' owner (their quota counts them). A name taken there becomes "name (2).ext".
   */
  async function upload(received: ReceivedUpload, folderId: string | null, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const place = await destination(tx, folderId, userId, userId);
      await lockPlace(tx, place);
      const chosen = new Set<string>();
      for (const file of received.files) {
        file.name = await freeName(tx, place, file.name.normalize('NFC'), { chosen });
        chosen.add(file.name.toLowerCase());
      }
      const rows = await storage.save(received, { ownerId: userId, place: { folderId: place.folderId } }, tx);
      for (const row of rows) {
        await audit.record(tx, actor, {
          action: 'create',
          entity: 'file',
          key: row.id,
          after: { name: row.name, folderId: row.folderId, size: row.size, mime: row.mime },
        });
      }
      return fileRecords(tx, rows, userId);
    });
  }

  async function listFiles(query: FileQuery, actor: Actor) {
    const userId = userOf(actor);
    const conditions: (SQL | undefined)[] = [isNull(files.attachedType)];
    if (query.trashed) {
      conditions.push(trashTop.file, sql`(${files.ownerId} = ${userId} or ${files.updatedBy} = ${userId})`);
    } else {
      conditions.push(isNull(files.trashedAt));
      if (query.folderId === 'root') conditions.push(isNull(files.folderId), eq(files.ownerId, userId));
      else if (query.folderId) {
        await folderFor(db, query.folderId, userId);
        conditions.push(eq(files.folderId, query.folderId));
      } else if (query.shared) {
        conditions.push(
          ne(files.ownerId, userId),
          inArray(
            files.id,
            sql`(select ${fileShares.fileId} from ${fileShares} where ${fileShares.fileId} is not null and ${sharesNaming(userId)})`,
          ),
        );
      } else conditions.push(reachableFiles(userId));
    }
    if (query.starred !== undefined) conditions.push(eq(files.starred, query.starred));
    if (query.kind) conditions.push(eq(files.kind, query.kind));
    return listPage(
      db,
      files,
      {
        where: and(...conditions, searchCondition(query.search, [files.name])),
        order: orderingOf(query.ordering, fileSortable, 'name', files.id),
        query,
      },
      (rows) => fileRecords(db, rows, userId),
    );
  }

  async function getFile(id: string, actor: Actor) {
    const userId = userOf(actor);
    const { row, access } = await fileFor(db, id, userId);
    return (await fileRecords(db, [row], userId, new Map([[id, access]])))[0] as ManagedFile;
  }

  async function changeFile(id: string, change: z.output<typeof fileChange>, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const { row, access } = await fileFor(tx, id, userId, true);
      const before = (await fileRecords(tx, [row], userId, new Map([[id, access]])))[0] as ManagedFile;
      if (change.version !== undefined && change.version !== row.version) throw AppError.stale(before);
      mayEdit(access);
      notTrashed(row);
      const name = change.name ?? row.name;
      const folderId = change.folderId === undefined ? row.folderId : change.folderId;
      const starred = change.starred ?? row.starred;
      if (name === row.name && folderId === row.folderId && starred === row.starred) return before;
      if (folderId === null && row.folderId !== null && access !== 'owner')
        throw AppError.forbidden(fileManagerMessages.rootOwnerOnly);
      if (name !== row.name || folderId !== row.folderId) {
        const place = await destination(tx, folderId, userId, row.ownerId ?? userId);
        await lockPlace(tx, place);
        await assertNameFree(tx, place, name, id);
      }
      const [updated] = await tx
        .update(files)
        .set({ name, folderId, starred, version: sql`${files.version} + 1`, updatedBy: userId })
        .where(eq(files.id, id))
        .returning();
      const [after] = await fileRecords(tx, [updated as FileRow], userId);
      await audit.record(tx, actor, { action: 'update', entity: 'file', key: id, before, after });
      return after as ManagedFile;
    });
  }

  async function trashFile(id: string, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const { row, access } = await fileFor(tx, id, userId, true);
      mayEdit(access);
      notTrashed(row);
      await tx.update(files).set({ trashedAt: new Date(), updatedBy: userId }).where(eq(files.id, id));
      await audit.record(tx, actor, { action: 'trash', entity: 'file', key: id, before: { name: row.name } });
      return { id };
    });
  }

  async function restoreFile(id: string, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const { row, access } = await fileFor(tx, id, userId, true);
      mayEdit(access);
      if (!row.trashedAt) throw AppError.conflict(fileManagerMessages.notInTrash);
      // A file whose uploader's account is gone lands with, and belongs to, whoever restores it.
      const place = await restingPlace(tx, row.folderId, row.ownerId ?? userId);
      await lockPlace(tx, place);
      const name = await freeName(tx, place, row.name, { except: id });
      const [restored] = await tx
        .update(files)
        .set({
          name,
          folderId: place.folderId,
          ownerId: row.ownerId ?? userId,
          trashedAt: null,
          version: sql`${files.version} + 1`,
          updatedBy: userId,
        })
        .where(eq(files.id, id))
        .returning();
      const [record] = await fileRecords(tx, [restored as FileRow], userId);
      await audit.record(tx, actor, { action: 'restore', entity: 'file', key: id, after: record });
      return record as ManagedFile;
    });
  }

  async function deleteFileForever(id: string, actor: Actor) {
    const userId = userOf(actor);
    const hashes = await written(async (tx) => {
      const { row, access } = await fileFor(tx, id, userId, true);
      mayEdit(access);
      const gone = await purgeFile(tx, row);
      await audit.record(tx, actor, {
        action: 'delete',
        entity: 'file',
        key: id,
        before: { name: row.name },
      });
      return gone;
    });
    await freed(hashes);
    return { id };
  }

  /** Empties the caller's trash (what they own or put there and may still edit): every row goes, then the bytes. */
  async function emptyTrash(actor: Actor) {
    const userId = userOf(actor);
    const mine = (owner: SQL, by: SQL) => sql`(${owner} = ${userId} or ${by} = ${userId})`;
    const result = await written(async (tx) => {
      const topFolders = await tx
        .select()
        .from(folders)
        .where(and(trashTop.folder, mine(sql`${folders.ownerId}`, sql`${folders.updatedBy}`)));
      const topFiles = await tx
        .select()
        .from(files)
        .where(
          and(
            isNull(files.attachedType),
            trashTop.file,
            mine(sql`${files.ownerId}`, sql`${files.updatedBy}`),
          ),
        );
      const folderAccess = await folderAccessOf(
        tx,
        userId,
        topFolders.map((f) => f.id),
      );
      const fileAccess = await fileAccessOf(tx, userId, topFiles);
      const hashes: string[] = [];
      let count = 0;
      for (const row of topFiles) {
        if (!atLeast(fileAccess.get(row.id), 'edit')) continue;
        hashes.push(...(await purgeFile(tx, row)));
        count++;
      }
      for (const row of topFolders) {
        if (!atLeast(folderAccess.get(row.id), 'edit')) continue;
        hashes.push(...(await purgeFolder(tx, row)));
        count++;
      }
      await audit.record(tx, actor, {
        action: 'empty-trash',
        entity: 'file',
        key: userId,
        after: { items: count },
      });
      return { hashes, count };
    });
    await freed(result.hashes);
    return { deleted: result.count };
  }

  /** The caller's files most recently changed or uploaded (not in the trash), newest first. */
  async function recent(actor: Actor, limit: number) {
    const userId = userOf(actor);
    const rows = await db
      .select()
      .from(files)
      .where(and(eq(files.ownerId, userId), isNull(files.trashedAt), isNull(files.attachedType)))
      .orderBy(desc(files.updatedAt), asc(files.id))
      .limit(limit);
    return { results: await fileRecords(db, rows, userId) };
  }

  /** What the caller's files take, by type, and their quota (every file they uploaded counts, the trash too). */
  async function summary(actor: Actor): Promise<StorageSummary> {
    const userId = userOf(actor);
    const rows = await db
      .select({
        mime: files.mime,
        kind: files.kind,
        count: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
      })
      .from(files)
      .where(eq(files.ownerId, userId))
      .groupBy(files.mime, files.kind);
    const byGroup = Object.fromEntries(storageGroups.map((g) => [g, { bytes: 0, count: 0 }])) as Record<
      StorageGroup,
      { bytes: number; count: number }
    >;
    const byKind: Record<FileKind, { bytes: number; count: number }> = {
      Media: { bytes: 0, count: 0 },
      Documents: { bytes: 0, count: 0 },
    };
    let used = 0;
    for (const row of rows) {
      const group = byGroup[storageGroupOf(row.mime)];
      group.bytes += Number(row.bytes);
      group.count += Number(row.count);
      const kind = byKind[row.kind as FileKind];
      kind.bytes += Number(row.bytes);
      kind.count += Number(row.count);
      used += Number(row.bytes);
    }
    return { used, quota: storage.limits.quotaBytes, byKind, byGroup };
  }

  // ---- shares ---------------------------------------------------------------------------------

  type Item = { type: 'file' | 'folder'; id: string };
  const shareColumn = (item: Item) => (item.type === 'file' ? fileShares.fileId : fileShares.folderId);

  /** The item, for whoever manages its shares: its owner only. */
  async function ownedItem(executor: Database, item: Item, userId: string) {
    const found =
      item.type === 'file'
        ? await fileFor(executor, item.id, userId)
        : await folderFor(executor, item.id, userId);
    if (found.access !== 'owner') throw AppError.forbidden(fileManagerMessages.ownerOnly);
    return found.row;
  }

  async function sharesOf(executor: Database, item: Item): Promise<FileShare[]> {
    const rows = await executor
      .select({
        id: fileShares.id,
        userId: fileShares.userId,
        groupId: fileShares.groupId,
        groupName: groups.name,
        access: fileShares.access,
      })
      .from(fileShares)
      .leftJoin(groups, eq(groups.id, fileShares.groupId))
      .where(eq(shareColumn(item), item.id))
      .orderBy(asc(fileShares.createdAt), asc(fileShares.id));
    const names = await deps.users.namesOf(
      executor,
      rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    );
    return rows.map((r) => ({
      id: r.id,
      target: r.userId
        ? { type: 'user' as const, id: r.userId, name: names.get(r.userId) ?? '' }
        : { type: 'group' as const, id: r.groupId ?? '', name: r.groupName ?? '' },
      access: r.access as 'view' | 'edit',
    }));
  }

  /** The shares of an item: anyone who may open it may see who else may. */
  async function listShares(item: Item, actor: Actor) {
    const userId = userOf(actor);
    if (item.type === 'file') await fileFor(db, item.id, userId);
    else await folderFor(db, item.id, userId);
    return { results: await sharesOf(db, item) };
  }

  /** Shares the item with a user or a group (again: the access changes). */
  async function share(item: Item, input: ShareInput, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      const row = await ownedItem(tx, item, userId);
      const { type, id } = input.target;
      if (type === 'user') {
        if (id === row.ownerId) {
          throw AppError.badRequest(fileManagerMessages.shareSelf, { target: fileManagerMessages.shareSelf });
        }
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
        if (!user)
          throw AppError.badRequest(fileManagerMessages.unknownUser, {
            target: fileManagerMessages.unknownUser,
          });
      } else {
        const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
        if (!group) {
          throw AppError.badRequest(fileManagerMessages.unknownGroup, {
            target: fileManagerMessages.unknownGroup,
          });
        }
      }
      const targetColumn = type === 'user' ? fileShares.userId : fileShares.groupId;
      await tx.delete(fileShares).where(and(eq(shareColumn(item), item.id), eq(targetColumn, id)));
      await tx.insert(fileShares).values({
        ...(item.type === 'file' ? { fileId: item.id } : { folderId: item.id }),
        ...(type === 'user' ? { userId: id } : { groupId: id }),
        access: input.access,
        createdBy: userId,
      });
      await audit.record(tx, actor, {
        action: 'share',
        entity: item.type,
        key: item.id,
        after: { target: input.target, access: input.access },
      });
      return { results: await sharesOf(tx, item) };
    });
  }

  async function unshare(item: Item, shareId: string, actor: Actor) {
    const userId = userOf(actor);
    return written(async (tx) => {
      await ownedItem(tx, item, userId);
      const gone = await tx
        .delete(fileShares)
        .where(and(eq(fileShares.id, shareId), eq(shareColumn(item), item.id)))
        .returning({ id: fileShares.id });
      if (gone.length === 0) throw AppError.notFound();
      await audit.record(tx, actor, {
        action: 'unshare',
        entity: item.type,
        key: item.id,
        before: { share: shareId },
      });
      return { results: await sharesOf(tx, item) };
    });
  }

  /** Whether the user may see / change a file-manager file (the download routes ask). */
  async function accessToFile(userId: string, fileId: string): Promise<Access | null> {
    const [row] = await db
      .select({ id: files.id, ownerId: files.ownerId, folderId: files.folderId })
      .from(files)
      .where(eq(files.id, fileId));
    if (!row) return null;
    return (await fileAccessOf(db, userId, [row])).get(fileId) ?? null;
  }

  return {
    upload,
    listFolders,
    getFolder,
    createFolder,
    changeFolder,
    trashFolder,
    restoreFolder,
    deleteFolderForever,
    listFiles,
    getFile,
    changeFile,
    trashFile,
    restoreFile,
    deleteFileForever,
    emptyTrash,
    recent,
    summary,
    listShares,
    share,
    unshare,
    accessToFile,
  };
}
export type FilesService = ReturnType<typeof createFilesService>;
