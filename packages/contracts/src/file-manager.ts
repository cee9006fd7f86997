import { z } from 'zod/mini';
import { booleanQuery, listQuery, text, timestamp, versionInput } from './api';
import { fileKinds, fileRecord, folderRecord, MAX_FILE_NAME, shareAccesses } from './files';
import { codeParams } from './validation';

/*
 * The file manager (SPEC §3 "File" and "Folder"; §7 /folder, /add/folder, /update/folder,
 * /delete/folder, /file, /add/file, /update/file, /delete/file). Folders nest; a file or a folder
 * belongs to its owner and may be shared with users and groups (view or edit), a folder's share
 * covering everything under it. Deleting moves to the trash; emptying it deletes the rows, and the
 * storage frees the bytes no record refers to any more.
 */

/** Recent files: at most this many. */
export const MAX_RECENT_FILES = 50;

export const fileManagerMessages = {
  nameRequired: 'Please enter a name.',
  nameTooLong: `The name must be at most ${MAX_FILE_NAME} characters.`,
  nameSlash: 'A name cannot contain a slash (/).',
  nameDots: 'A name cannot be "." or "..".',
  folderNameTaken: (name: string) => `A file or folder named "${name}" already exists here.`,
  nameTaken: 'A file or folder of that name already exists here.',
  moveIntoItself: 'A folder cannot be moved into itself or one of its subfolders.',
  inTrash: 'It is in the trash: restore it first.',
  notInTrash: 'It is not in the trash.',
  viewOnly: 'You may only view this item: ask its owner for edit access.',
  ownerOnly: 'Only the owner of this item may do that.',
  rootOwnerOnly: 'Only its owner may move it to the top level.',
  shareSelf: 'The owner already has access: share with someone else.',
  unknownUser: 'There is no such user.',
  unknownGroup: 'There is no such group.',
  noFile: 'Choose at least one file to upload.',
  folderKey: 'The folder id is not valid.',
  restored: 'Restored Successfully',
} as const;

/**
 * A name as a user types it: trimmed, NFC, any Unicode, 1 to 255 characters, without "/" (names are
 * shown as paths) or NUL (refused for every text), and not "." or "..".
 */
export const fileName = text(MAX_FILE_NAME, fileManagerMessages.nameTooLong).check(
  // One spelling of "é" (composed): names that look the same compare the same.
  z.normalize('NFC'),
  z.minLength(1, fileManagerMessages.nameRequired),
  z.refine((value) => !value.includes('/'), {
    error: fileManagerMessages.nameSlash,
    params: codeParams('fileName'),
  }),
  z.refine((value) => value !== '.' && value !== '..', {
    error: fileManagerMessages.nameDots,
    params: codeParams('fileName'),
  }),
);

const folderKey = z.uuid(fileManagerMessages.folderKey);
/** A folder to list: its id, or "root" for the caller's top level. */
const folderQuery = z.union([z.literal('root'), folderKey], 'Use a folder id or "root".');

/** SPEC §3's names, beside the record's own: what the SPEC paths and their clients read. */
const specFileFields = {
  fileName: z.string(),
  fileType: z.enum(fileKinds),
  /** The size for people ("1.5 MB"); `size` is in bytes. */
  fileSize: z.string(),
  createDate: timestamp,
  updatedDate: timestamp,
};

/** A file of the file manager: the stored file's record, whether it is shared, and SPEC's names. */
export const managedFile = z.extend(fileRecord, {
  /** Whether its owner shares it with anyone (itself, not through a folder). */
  shared: z.boolean(),
  ...specFileFields,
});
export type ManagedFile = z.infer<typeof managedFile>;

/**
 * A folder of the file manager. `fileCount` and `size` count everything under it, subfolders
 * included (not in the trash): what its card shows as "N files, size".
 */
export const managedFolder = z.extend(folderRecord, {
  shared: z.boolean(),
  folderName: z.string(),
  /** SPEC's count of files: the same as `fileCount`. */
  folderFile: z.number(),
  /** The folders above it that the caller may open, from the top: the breadcrumbs. */
  path: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type ManagedFolder = z.infer<typeof managedFolder>;

const trashedFilter = z.optional(booleanQuery);

/** GET /api/files/folders: the subfolders of a folder, or those shared with the caller, or the trash. */
export const folderListQuery = z.extend(listQuery, {
  /** The folder whose subfolders to list; "root" for the top level. Left out with `search`: every folder the caller may open. */
  parentId: z.optional(folderQuery),
  /** Folders others share with the caller (directly). */
  shared: z.optional(booleanQuery),
  /** The caller's trash (what they own or put there, not what it holds). */
  trashed: trashedFilter,
});

/** GET /api/files: the files of a folder, or starred, shared with the caller, in the trash, or found. */
export const fileListQuery = z.extend(listQuery, {
  folderId: z.optional(folderQuery),
  kind: z.optional(z.enum(fileKinds, `The kind must be one of: ${fileKinds.join(', ')}.`)),
  starred: z.optional(booleanQuery),
  shared: z.optional(booleanQuery),
  trashed: trashedFilter,
});
export const fileSortable = ['name', 'size', 'updatedAt', 'createdAt', 'kind'] as const;
export const folderSortable = ['name', 'updatedAt', 'createdAt'] as const;

export const folderInput = z.object({
  name: fileName,
  /** The folder to make it in; null (or left out) for the top level. */
  parentId: z._default(z.nullable(folderKey), null),
});

/** PATCH /api/files/folders/{id}: rename and/or move (parentId null: to the owner's top level). */
export const folderChange = z.object({
  name: z.optional(fileName),
  parentId: z.optional(z.nullable(folderKey)),
  version: versionInput,
});

/** PATCH /api/files/{id}: rename, move (folderId null: the owner's top level), star. */
export const fileChange = z.object({
  name: z.optional(fileName),
  folderId: z.optional(z.nullable(folderKey)),
  starred: z.optional(z.boolean('starred must be true or false.')),
  version: versionInput,
});

/** SPEC's spelling of a folder: `folderName` stands for `name`. */
export const specFolderInput = z.object({
  folderName: z.optional(fileName),
  name: z.optional(fileName),
  parentId: z.optional(z.nullable(folderKey)),
});
export const specFolderUpdate = z.extend(specFolderInput, {
  id: z.optional(folderKey),
  _id: z.optional(folderKey),
  version: versionInput,
});
export const specFileUpdate = z.object({
  id: z.optional(z.uuid('The file id is not valid.')),
  _id: z.optional(z.uuid('The file id is not valid.')),
  fileName: z.optional(fileName),
  name: z.optional(fileName),
  folderId: z.optional(z.nullable(folderKey)),
  starred: z.optional(z.boolean('starred must be true or false.')),
  version: versionInput,
});

export const shareInput = z.object({
  target: z.object({
    type: z.enum(['user', 'group'], 'Share with a user or a group.'),
    id: z.uuid('The user or group id is not valid.'),
  }),
  access: z._default(z.enum(shareAccesses, 'The access must be view or edit.'), 'view'),
});
export type ShareInput = z.infer<typeof shareInput>;

export const recentFilesQuery = z.object({
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(MAX_RECENT_FILES, `limit must be at most ${MAX_RECENT_FILES}.`),
      ),
    10,
  ),
});
