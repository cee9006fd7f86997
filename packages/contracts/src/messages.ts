/**
 * The message catalogue of SPEC.md §8, with its typos fixed ('password'). Server and web read the
 * same strings from here so a message is written once.
 */
export const messages = {
  internalError: 'Internal Server Error',
  invalidCredentials: 'Invalid credentials',
  notFound: 'Sorry! the data you are looking for could not be found',
  loginFailed: 'Login Failed: Incorrect email or password.',
  fetchFailed: 'Fetching data has failed.',
  unexpected: 'An unexpected error occurred',
  forbidden: 'You do not have permission to do this.',
  validation: 'Some fields are not valid.',
  tooLarge: 'The request is too large.',
  tooManyLoginAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRequests: (seconds: number) =>
    `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  added: (entity: string) => `${entity} Added Successfully`,
  updated: 'Updated Successfully',
  deleted: 'Deleted Successfully',
  nulCharacter: 'Text may not contain the NUL character.',
  brokenCharacter: 'Text may not contain a broken character (an unpaired surrogate).',
  /** A unique value taken by another record, where the area has no message of its own for it. */
  duplicate: 'Another record already has this value.',
  /** A record the request refers to was deleted meanwhile. */
  referenceMissing: 'A record this refers to no longer exists. Reload and try again.',
  /** A record being deleted that others still refer to. */
  stillReferenced: 'Other records still refer to this one.',
  /** A value the database cannot take that validation let through (a date or number out of range). */
  valueOutOfRange: 'A value is out of the range this field can hold.',
  keyRequired: 'Say which record: its key is missing.',
  keyInvalid: 'The record key is not valid.',
  staleRecord:
    'Someone else changed this record after you opened it. Reload it to see their changes, or overwrite them with yours.',
} as const;

/** Machine-readable codes carried as `errorCode` beside the human `errorMessage`. */
export const errorCodes = {
  validation: 'VALIDATION_FAILED',
  unauthorized: 'UNAUTHORIZED',
  loginFailed: 'LOGIN_FAILED',
  /** The second step's code (or recovery code) is wrong: the ticket stays, try again. */
  twoStepCodeInvalid: 'TWO_STEP_CODE_INVALID',
  /** The second step's ticket is unknown, used, expired or out of attempts: sign in again. */
  twoStepTicketInvalid: 'TWO_STEP_TICKET_INVALID',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** The update named a version of the record older than the stored one: `current` is the stored record. */
  stale: 'STALE_RECORD',
  hasChildren: 'HAS_CHILDREN',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  badRequest: 'BAD_REQUEST',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];
