import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { groups, users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/**
 * The stored bytes, once per content: the key is the sha256 of the bytes, and the store keeps them
 * under it (disk: `DATA_DIR/files/ab/cd/<hash>`). Files refer to a blob; a blob no file refers to
 * is collected (lib/storage/gc.ts).
 */
export const blobs = pgTable(
  'blobs',
  {
    /** sha256 of the bytes, lower-case hex. */
    hash: text('hash').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The type detected from the content, never from a name. */
    mime: text('mime').notNull(),
    /**
     * The made thumbnail: 'webp' once it is in the store (under `<hash>.thumb`), 'none' when the
     * bytes are not an image sharp can read; null while none was made yet.
     */
    thumbnail: text('thumbnail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('blobs_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check('blobs_size_check', sql`${t.size} >= 0`),
    check('blobs_thumbnail_check', sql`${t.thumbnail} is null or ${t.thumbnail} in ('webp', 'none')`),
  ],
);

/** The file manager's folders: nested (`parent_id`), each with one owner; null parent = the root. */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    // Two folders of the same name side by side would be told apart by nothing the user sees.
    uniqueIndex('folders_name_key')
      .on(
        t.ownerId,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.trashedAt} is null`),
    index('folders_parent_idx').on(t.parentId, t.trashedAt, t.name),
    index('folders_owner_idx').on(t.ownerId, t.trashedAt),
    index('folders_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('folders_name_check', sql`length(${t.name}) between 1 and 255`),
  ],
);

/**
 * A file: a name and a place (a folder of the file manager, or a record it is attached to) for a
 * blob. The same bytes uploaded twice are two files and one blob.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As uploaded (renameable); shown and sent in Content-Disposition, never used in a path. */
    name: text('name').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash, { onDelete: 'restrict' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    /** SPEC §3 fileType: image, audio and video are Media, the rest Documents. */
    kind: text('kind').notNull(),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    /** The uploader: the quota counts their files, trashed ones included until emptied. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    starred: boolean('starred').notNull().default(false),
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** The record the file is attached to ('products', 'tasks', 'users.avatar'…); null = file manager. */
    attachedType: text('attached_type'),
    attachedId: uuid('attached_id'),
    /** Order among a record's attachments; the first is the main image. */
    position: integer('position').notNull().default(0),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('files_folder_idx').on(t.folderId, t.trashedAt, t.name),
    index('files_owner_idx').on(t.ownerId, t.trashedAt),
    index('files_attached_idx').on(t.attachedType, t.attachedId, t.position),
    index('files_blob_idx').on(t.blobHash),
    index('files_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    check('files_kind_check', sql`${t.kind} in ('Media', 'Documents')`),
    check('files_size_check', sql`${t.size} >= 0`),
    check('files_name_check', sql`length(${t.name}) between 1 and 255`),
    check('files_attached_check', sql`(${t.attachedType} is null) = (${t.attachedId} is null)`),
    // An attachment belongs to its record, not to a folder.
    check('files_place_check', sql`${t.attachedType} is null or ${t.folderId} is null`),
  ],
);

/** A file or a folder shared with a user or a group (exactly one of each pair); a folder's covers its content. */
export const fileShares = pgTable(
  'file_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    access: text('access').notNull().default('view'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('file_shares_file_idx').on(t.fileId),
    index('file_shares_folder_idx').on(t.folderId),
    index('file_shares_user_idx').on(t.userId),
    index('file_shares_group_idx').on(t.groupId),
    uniqueIndex('file_shares_target_key').on(
      sql`coalesce(${t.fileId}, ${t.folderId})`,
      sql`coalesce(${t.userId}, ${t.groupId})`,
    ),
    check('file_shares_item_check', sql`(${t.fileId} is null) <> (${t.folderId} is null)`),
    check('file_shares_target_check', sql`(${t.userId} is null) <> (${t.groupId} is null)`),
    check('file_shares_access_check', sql`${t.access} in ('view', 'edit')`),
  ],
);

/**
 * Secrets the servers share, made once by whichever node starts first (insert … on conflict do
 * nothing, then read): e.g. the key that signs file content URLs.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
