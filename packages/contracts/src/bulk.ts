import { z } from 'zod/mini';
import { versionInput } from './api';

/*
 * Bulk changes, one shape for every area (the resource engine's and the code library's):
 * `POST <list path>/bulk-delete` with `{ items }` and `POST <list path>/bulk-update` with
 * `{ items, changes }`. All or nothing: one transaction; an unknown id (404), a stale version (409
 * STALE_RECORD) or any record the change is refused for rolls everything back, and the answer names
 * the records at fault in `fieldErrors`, keyed by their ids.
 */

/** The most records one bulk request may name. */
export const BULK_LIMIT = 500;

export const bulkMessages = {
  atLeastOne: 'Choose at least one record.',
  tooMany: `At most ${BULK_LIMIT} records at once: choose fewer.`,
  noChange: 'Name at least one field to change.',
  missing: (count: number) =>
    count === 1
      ? 'One of the records chosen no longer exists: nothing was changed.'
      : `${count} of the records chosen no longer exist: nothing was changed.`,
  stale: (count: number) =>
    count === 1
      ? 'One of the records chosen was changed by someone else meanwhile: nothing was changed. Reload and try again.'
      : `${count} of the records chosen were changed by someone else meanwhile: nothing was changed. Reload and try again.`,
  nowVersion: (version: number) => `Changed meanwhile: it is now version ${version}.`,
  notFound: 'Not found.',
} as const;

/**
 * A record a bulk request names: its id, and the version the client read (left out: the change
 * applies to whatever version is stored, as a single update without a version).
 */
export const bulkItem = z.object({ id: z.uuid('Not a valid id.'), version: versionInput });
export type BulkItem = z.output<typeof bulkItem>;

export const bulkItems = z
  .array(bulkItem)
  .check(z.minLength(1, bulkMessages.atLeastOne), z.maxLength(BULK_LIMIT, bulkMessages.tooMany));

export const bulkDeleteBody = z.object({ items: bulkItems });
export type BulkDeleteBody = z.input<typeof bulkDeleteBody>;

/** The body of a bulk update: the records, and the fields set on each of them. */
export const bulkUpdateBody = <C extends z.ZodMiniObject>(changes: C) =>
  z.object({ items: bulkItems, changes });

/** What a bulk delete answers: how many records went (with a cascade, those below them too). */
export const bulkDeleted = z.object({ deleted: z.number() });
/** What a bulk update answers: how many records changed (one already as asked is not counted). */
export const bulkUpdated = z.object({ updated: z.number() });
