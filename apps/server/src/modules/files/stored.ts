import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { UsersService } from '../users/service';
import type { Access } from './access';
import type { FileRecordBase, FileRow, FileStorage } from './service';

/** The storage as the file manager uses it: records of stored files, and freeing unused bytes. */
export function fileStorage(deps: { db: Database; users: UsersService; config: Config }): FileStorage {
  return {
    async records(
      executor: Database,
      rows: FileRow[],
      access: Map<string, Access>,
    ): Promise<FileRecordBase[]> {
      const names = await deps.users.namesOf(
        executor,
        rows.map((r) => r.ownerId),
      );
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind as 'Media' | 'Documents',
        mime: row.mime,
        size: row.size,
        folderId: row.folderId,
        ownerId: row.ownerId,
        ownerName: names.get(row.ownerId) ?? '',
        starred: row.starred,
        trashedAt: row.trashedAt?.toISOString() ?? null,
        attachedTo: null,
        position: row.position,
        url: `/api/files/${row.id}/content`,
        thumbnailUrl: null,
        access: access.get(row.id) ?? 'view',
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
      }));
    },
    async collect() {},
  };
}
