import { z } from 'zod/mini';
import { recordVersion, timestamp } from './api';

/*
 * Files (SPEC §3 "file" and "folder"; issue 14). The bytes are stored once per content and served
 * by id (`/api/files/{id}/content`), never by name; a record carries signed URLs that an <img>,
 * <video> or download link can open without the session header.
 */

export const fileKinds = ['Media', 'Documents'] as const;
export type FileKind = (typeof fileKinds)[number];
export const fileAccesses = ['owner', 'edit', 'view'] as const;
export type FileAccess = (typeof fileAccesses)[number];
export const shareAccesses = ['view', 'edit'] as const;
export type ShareAccess = (typeof shareAccesses)[number];

/** Upload limits' defaults (the server's MAX_UPLOAD_MB, MAX_UPLOAD_FILES, UPLOAD_QUOTA_MB). */
export const DEFAULT_MAX_UPLOAD_MB = 50;
export const DEFAULT_MAX_UPLOAD_FILES = 20;
export const DEFAULT_UPLOAD_QUOTA_MB = 2048;
/** The longest file or folder name kept (a longer uploaded name is shortened, keeping its extension). */
export const MAX_FILE_NAME = 255;

/** SPEC §3 fileType of a type detected from the content: image, audio and video are Media. */
export function fileKindOf(mime: string): FileKind {
  return /^(image|audio|video)\//.test(mime) ? 'Media' : 'Documents';
}

export const fileRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(fileKinds),
  /** Detected from the content, not the name. */
  mime: z.string(),
  /** Bytes. */
  size: z.number(),
  folderId: z.nullable(z.uuid()),
  ownerId: z.uuid(),
  ownerName: z.string(),
  starred: z.boolean(),
  trashedAt: z.nullable(timestamp),
  /** The record the file is attached to ('products', 'tasks'…), or null for a file-manager file. */
  attachedTo: z.nullable(z.object({ type: z.string(), id: z.uuid() })),
  /** Order among a record's attachments (the first is the main image). */
  position: z.number(),
  /** The content, signed (works without the session header for about an hour). */
  url: z.string(),
  /** A small WebP of an image, signed; null until it is made or when the file is no image. */
  thumbnailUrl: z.nullable(z.string()),
  /** What the caller may do with it. */
  access: z.enum(fileAccesses),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type FileRecord = z.infer<typeof fileRecord>;

export const folderRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.nullable(z.uuid()),
  ownerId: z.uuid(),
  ownerName: z.string(),
  /** Files directly in it (not trashed). */
  fileCount: z.number(),
  /** Bytes of those files. */
  size: z.number(),
  trashedAt: z.nullable(timestamp),
  access: z.enum(fileAccesses),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type FolderRecord = z.infer<typeof folderRecord>;

/** The answer of an upload (201): the files made, in the order they were sent. */
export const uploadResponse = z.object({ files: z.array(fileRecord) });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** A record's attachments (GET {base}/{id}/attachments), in their order. */
export const attachmentList = z.object({ items: z.array(fileRecord) });
export type AttachmentList = z.infer<typeof attachmentList>;

/** PUT {base}/{id}/attachments/order: every attachment's id, in the new order. */
export const attachmentOrderBody = z.object({
  ids: z
    .array(z.uuid('Each id must be a file id.'), 'Send the ids of the attachments in their new order.')
    .check(z.maxLength(500, 'At most 500 attachments.')),
});
export type AttachmentOrderBody = z.infer<typeof attachmentOrderBody>;

export const fileShare = z.object({
  id: z.uuid(),
  target: z.object({ type: z.enum(['user', 'group']), id: z.uuid(), name: z.string() }),
  access: z.enum(shareAccesses),
});
export type FileShare = z.infer<typeof fileShare>;

/** How files' types are grouped in the storage summary. */
export const storageGroups = ['images', 'video', 'audio', 'documents', 'other'] as const;
export type StorageGroup = (typeof storageGroups)[number];

/** The group of a detected type (for the storage chart). */
export function storageGroupOf(mime: string): StorageGroup {
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/octet-stream') return 'other';
  return 'documents';
}

const usage = z.object({ bytes: z.number(), count: z.number() });
export const storageSummary = z.object({
  /** Bytes counted against the quota (the caller's files, trashed ones included until emptied). */
  used: z.number(),
  /** The quota in bytes. */
  quota: z.number(),
  byKind: z.record(z.enum(fileKinds), usage),
  byGroup: z.record(z.enum(storageGroups), usage),
});
export type StorageSummary = z.infer<typeof storageSummary>;

const megabytes = (bytes: number) => {
  const mb = bytes / 1024 / 1024;
  return mb >= 1024 ? `${Number((mb / 1024).toFixed(1))} GB` : `${Number(mb.toFixed(1))} MB`;
};

/** The messages of uploads and downloads (413s name the limit). */
export const fileMessages = {
  fileTooLarge: (maxMb: number) => `The file is larger than ${megabytes(maxMb * 1024 * 1024)}.`,
  tooManyFiles: (max: number) => `At most ${max} files per upload.`,
  quotaFull: (usedBytes: number, quotaBytes: number) =>
    `Your storage is full: ${megabytes(usedBytes)} used of ${megabytes(quotaBytes)}.`,
  noFile: 'Choose a file to upload.',
  notMultipart: 'Send the files as multipart/form-data.',
  badMultipart: 'The upload is not valid multipart/form-data: send it again.',
  tooManyFields: 'The upload has too many form fields.',
  emptyFile: 'The file is empty.',
  badSignature: 'This file link is not valid or has expired. Reload the page to get a new one.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
  notAnImage: 'Only images can be attached here.',
  tooManyAttachments: (max: number) => `At most ${max} attachments per record.`,
  orderMismatch: 'The order must list every attachment of the record exactly once.',
  uploaded: (count: number) => `${count} file${count === 1 ? '' : 's'} uploaded`,
} as const;
