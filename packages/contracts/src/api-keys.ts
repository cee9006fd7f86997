import { z } from 'zod/mini';
import { listQuery, text, timestamp } from './api';
import { isoDateTime } from './fields';

/*
 * API keys (SPEC §3 "API key": id, name, createBy, apikey, status, create_date, expiry_date; §7
 * GET /api-key). A key is a secret shown once, at creation; the server keeps only its SHA-256 and
 * a short visible prefix. `Authorization: Bearer <key>` acts as the key's creator.
 */

export const apiKeyStatuses = ['Active', 'Disable'] as const;
/** Every key starts with this, so that the server (and a secret scanner) tells keys from sessions. */
export const API_KEY_PREFIX = 'ldk_';
/** How much of a key stays visible in lists: the prefix and the first 8 characters of the secret. */
export const API_KEY_VISIBLE_LENGTH = API_KEY_PREFIX.length + 8;

export const apiKeyRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The creator's name (the SPEC's createBy), and id. */
  createBy: z.string(),
  createdById: z.uuid(),
  /** The visible start of the key, followed by an ellipsis: never the secret. */
  apikey: z.string(),
  status: z.enum(apiKeyStatuses),
  /** Past its expiry date: it no longer authenticates, whatever its status. */
  expired: z.boolean(),
  createDate: timestamp,
  /** Null: never expires. */
  expiryDate: z.nullable(timestamp),
  lastUsedAt: z.nullable(timestamp),
  updatedAt: timestamp,
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecord>;

/** The answer to a create: the record and, this once, the whole secret. */
export const apiKeyCreated = z.extend(apiKeyRecord, { secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

const name = text(100, 'The name must be at most 100 characters.').check(
  z.minLength(1, 'Please name the key.'),
);
const expiryDate = z.nullable(isoDateTime('The expiry must be a date and time (ISO 8601).'));

export const apiKeyCreate = z.object({
  name,
  expiryDate: z._default(expiryDate, null),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreate>;

/** Rename, disable or enable, change the expiry: only the fields sent change. */
export const apiKeyUpdate = z.object({
  name: z.optional(name),
  status: z.optional(z.enum(apiKeyStatuses, `The status must be one of: ${apiKeyStatuses.join(', ')}.`)),
  expiryDate: z.optional(expiryDate),
});
export type ApiKeyUpdate = z.input<typeof apiKeyUpdate>;

export const apiKeyListQuery = z.extend(listQuery, {
  status: z.optional(z.enum(apiKeyStatuses, `status must be one of: ${apiKeyStatuses.join(', ')}.`)),
  /** Administrators: the keys of one user. */
  createdBy: z.optional(z.uuid('createdBy must be a user id.')),
});
export type ApiKeyListQuery = z.input<typeof apiKeyListQuery>;

export const apiKeyMessages = {
  expiryInPast: 'The expiry must be in the future.',
  sessionOnly: 'An API key cannot do this: sign in to the application.',
} as const;
