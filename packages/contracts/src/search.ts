import { z } from 'zod/mini';
import { text } from './api';
import { areas } from './permissions';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_LIMIT = 20;
export const SEARCH_DEFAULT_LIMIT = 5;

/** GET /api/search: `q` is looked for in the records of every area the caller may view. */
export const recordSearchQuery = z.object({
  q: text(SEARCH_MAX_LENGTH, `q is at most ${SEARCH_MAX_LENGTH} characters long.`).check(
    z.minLength(SEARCH_MIN_LENGTH, `q needs at least ${SEARCH_MIN_LENGTH} characters.`),
  ),
  /** The most records per kind (companies, contacts, …). */
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}.`),
      ),
    SEARCH_DEFAULT_LIMIT,
  ),
});
export type RecordSearchQuery = z.output<typeof recordSearchQuery>;

/** The kinds of records the search finds, each in one area. */
export const recordSearchKinds = [
  'company',
  'contact',
  'lead',
  'deal',
  'invoice',
  'ticket',
  'project',
  'task',
  'product',
  'order',
  'customer',
  'job',
  'candidate',
  'teamMember',
] as const;
export type RecordSearchKind = (typeof recordSearchKinds)[number];

export const recordSearchHit = z.object({
  kind: z.enum(recordSearchKinds),
  title: z.string(),
  /** A second line (an e-mail, a customer, a place); empty when the record has none. */
  subtitle: z.string(),
  /** The record's page in the web app. */
  path: z.string(),
});
export type RecordSearchHit = z.infer<typeof recordSearchHit>;

/** The hits of one area, in its kinds' order; areas without a hit are left out. */
export const recordSearchGroup = z.object({
  area: z.enum(areas),
  hits: z.array(recordSearchHit),
});
export type RecordSearchGroup = z.infer<typeof recordSearchGroup>;

export const recordSearchResponse = z.object({ groups: z.array(recordSearchGroup) });
export type RecordSearchResponse = z.infer<typeof recordSearchResponse>;
