import { z } from 'zod/mini';
import { messages } from './messages';
import { codeParams } from './validation';

/*
 * Contracts are written with zod/mini: the same schemas as zod's classic API, but tree-shakable,
 * so that a page of the web app ships only the checks it uses (the login page has a size budget).
 */

/** The failure envelope of every API error (ARCHITECTURE.md "API contract"). */
export const errorResponse = z.object({
  errorCode: z.string(),
  errorMessage: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
  /**
   * Beside each field's English message, its code and parameters (validation.ts): what the web shows
   * in the user's language.
   */
  fieldErrorCodes: z.optional(
    z.record(
      z.string(),
      z.object({
        code: z.string(),
        params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
      }),
    ),
  ),
  /** With `STALE_RECORD` (409): the record as it is now stored, version included. */
  current: z.optional(z.unknown()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A record's version (optimistic concurrency): 1 when it is created, one more on every update. */
export const recordVersion = z.number();
/**
 * What an update sends back: the version it read (or an `If-Match: "<n>"` header). Older than the
 * stored one → 409 `STALE_RECORD` with the current record; left out → the update applies as it is
 * (the last writer wins). Ignored when creating.
 */
export const versionInput = z.optional(
  z.number('The version must be a number.').check(
    z.int('The version must be a whole number.'),
    z.minimum(1, 'The version starts at 1.'),
    // The column is a PostgreSQL integer: a larger number is no version any record has had.
    z.maximum(2_147_483_647, 'The version is too large.'),
  ),
);

/** The success envelope of every mutation. */
export const mutationResponse = <T extends z.ZodMiniType>(data: T) =>
  z.object({ successCode: z.string(), successMessage: z.string(), data });

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 25;

const hasNul = (value: string) => value.includes('\u0000');
const hasLoneSurrogate = (value: string) =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value);

/**
 * What no text may hold, whatever the field: the NUL character (a PostgreSQL text cannot store it)
 * and an unpaired surrogate (UTF-8 cannot carry it: it would be stored as U+FFFD). The message of
 * the problem's code (its message is `messages[code]`), or null. The server checks every string of
 * every request with it (plugins/input.ts).
 */
export function textProblem(value: string): 'nulCharacter' | 'brokenCharacter' | null {
  if (hasNul(value)) return 'nulCharacter';
  if (hasLoneSurrogate(value)) return 'brokenCharacter';
  return null;
}

/** A text field: trimmed, within `max` characters, and storable (see textProblem). */
export const text = (max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, message),
    z.refine((value) => !hasNul(value), { error: messages.nulCharacter, params: codeParams('nulCharacter') }),
    z.refine((value) => !hasLoneSurrogate(value), {
      error: messages.brokenCharacter,
      params: codeParams('brokenCharacter'),
    }),
  );

/** A query-string flag: "true" or "false". */
export const booleanQuery = z.pipe(
  z.enum(['true', 'false'], 'Use true or false.'),
  z.transform((v) => v === 'true'),
);

/** Query parameters every list accepts; areas add their own filters beside them. */
export const listQuery = z.object({
  page: z._default(
    z.coerce
      .number('page must be a number.')
      .check(z.int('page must be a whole number.'), z.minimum(1, 'page starts at 1.')),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number('pageSize must be a number.')
      .check(
        z.int('pageSize must be a whole number.'),
        z.minimum(1, 'pageSize must be at least 1.'),
        z.maximum(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}.`),
      ),
    DEFAULT_PAGE_SIZE,
  ),
  ordering: z.optional(
    z
      .string()
      .check(z.regex(/^-?[A-Za-z_][A-Za-z0-9_]*$/, 'Use a field name, or -field for descending order.')),
  ),
  search: z.optional(text(200, 'The search is too long.')),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * Lists count the matching rows up to this many: past it the count stops (a million rows are not
 * counted on every page) and the answer says `countCapped: true` — "more than `count`".
 */
export const COUNT_CAP = 1000;

export const listResponse = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    count: z.number().check(z.int()),
    /** More rows match than `count` (= COUNT_CAP): the list goes on past it. */
    countCapped: z.optional(z.boolean()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
    results: z.array(item),
  });

export const idParams = z.object({ id: z.uuid('The id in the address is not valid.') });

/** The address of a record under another (`…/:id/comments/:commentId`): both ids checked. */
export const childParams = <K extends string>(key: K, what: string) =>
  z.object({
    ...idParams.shape,
    ...({ [key]: z.uuid(`The ${what} id in the address is not valid.`) } as Record<K, z.ZodMiniUUID>),
  });

/** A route's failure answers, by status: all of them the one error envelope. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponse])) as Record<S, typeof errorResponse>;

export const timestamp = z.iso.datetime({ offset: true });
