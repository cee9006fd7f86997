import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { fileShares, files, folders, userGroups } from '../../db/schema';

/**
 * Who may do what with a file or a folder: its owner all of it; a user a share names (or a group
 * of theirs names), on the item or on a folder above it, what the share says ('view' or 'edit');
 * the owner of a folder above it may edit it (a file someone uploaded into their folder). Nobody
 * else sees it: not even an administrator (a person's files are private, as their calendar).
 */
export type Access = 'owner' | 'edit' | 'view';
const rank: Record<Access, number> = { view: 1, edit: 2, owner: 3 };
export const atLeast = (access: Access | null | undefined, wanted: Access) =>
  access ? rank[access] >= rank[wanted] : false;
const best = (a: Access | null, b: Access | null): Access | null =>
  !a ? b : !b ? a : rank[a] >= rank[b] ? a : b;

/** The shares that name the user or a group of theirs. */
export const sharesNaming = (userId: string) =>
  sql`(${fileShares.userId} = ${userId} or ${fileShares.groupId} in (select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${userId}))`;

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The folders the user may open: theirs and those shared with them, and every folder under one of
 * these. As SQL that selects their ids (for `in (...)`).
 */
export const reachableFolders = (userId: string) =>
  sql`(with recursive reach(id) as (
        select ${folders.id} from ${folders}
         where ${folders.ownerId} = ${userId}
            or ${folders.id} in (select ${fileShares.folderId} from ${fileShares} where ${fileShares.folderId} is not null and ${sharesNaming(userId)})
        union
        select child.id from ${folders} child join reach on child.parent_id = reach.id
      ) select id from reach)`;

/** The file-manager files (not records' attachments) the user may see, in the trash or not. */
export function reachableFiles(userId: string): SQL {
  return sql`(${files.ownerId} = ${userId}
    or ${files.id} in (select ${fileShares.fileId} from ${fileShares} where ${fileShares.fileId} is not null and ${sharesNaming(userId)})
    or ${files.folderId} in ${reachableFolders(userId)})`;
}

/**
 * The access of the user to each folder (by id): through the folder itself and every folder above
 * it. A folder they may not open is left out of the map.
 */
export async function folderAccessOf(
  db: Database,
  userId: string,
  folderIds: string[],
): Promise<Map<string, Access>> {
  const ids = [...new Set(folderIds)];
  const found = new Map<string, Access>();
  if (ids.length === 0) return found;
  const rows = await rowsOf<{ start: string; owns: boolean; owns_above: boolean; shared: number | null }>(
    db,
    sql`with recursive up(start, id, parent_id, owner_id) as (
          select id, id, parent_id, owner_id from ${folders} where id in (${idList(ids)})
          union all
          select up.start, f.id, f.parent_id, f.owner_id from ${folders} f join up on f.id = up.parent_id
        )
        select up.start,
               bool_or(up.owner_id = ${userId} and up.id = up.start) as owns,
               bool_or(up.owner_id = ${userId}) as owns_above,
               max(case s.access when 'edit' then 2 when 'view' then 1 end) as shared
          from up
          left join ${fileShares} s on s.folder_id = up.id and (s.user_id = ${userId} or s.group_id in (select ${userGroups.groupId} from ${userGroups} where ${userGroups.userId} = ${userId}))
         group by up.start`,
  );
  for (const row of rows) {
    const shared = Number(row.shared ?? 0);
    const access: Access | null = row.owns
      ? 'owner'
      : row.owns_above || shared === 2
        ? 'edit'
        : shared === 1
          ? 'view'
          : null;
    if (access) found.set(row.start, access);
  }
  return found;
}

/** What a folder's access gives on what it holds: its owner edits what others put in it. */
const inherited = (access: Access | null | undefined): Access | null =>
  access === 'owner' ? 'edit' : (access ?? null);

/**
 * The access of the user to each file (by id), given each file's owner and folder. A file they may
 * not see is left out of the map.
 */
export async function fileAccessOf(
  db: Database,
  userId: string,
  rows: { id: string; ownerId: string | null; folderId: string | null }[],
): Promise<Map<string, Access>> {
  const found = new Map<string, Access>();
  const others = rows.filter((row) => row.ownerId !== userId);
  for (const row of rows) if (row.ownerId === userId) found.set(row.id, 'owner');
  if (others.length === 0) return found;
  const byFolder = await folderAccessOf(
    db,
    userId,
    others.flatMap((row) => (row.folderId ? [row.folderId] : [])),
  );
  const direct = await rowsOf<{ file_id: string; shared: number }>(
    db,
    sql`select ${fileShares.fileId} as file_id, max(case ${fileShares.access} when 'edit' then 2 else 1 end) as shared
          from ${fileShares}
         where ${fileShares.fileId} in (${idList(others.map((row) => row.id))}) and ${sharesNaming(userId)}
         group by ${fileShares.fileId}`,
  );
  const shares = new Map(
    direct.map((row) => [row.file_id, Number(row.shared) === 2 ? 'edit' : 'view'] as const),
  );
  for (const row of others) {
    const access = best(
      inherited(row.folderId ? byFolder.get(row.folderId) : null),
      shares.get(row.id) ?? null,
    );
    if (access) found.set(row.id, access);
  }
  return found;
}
