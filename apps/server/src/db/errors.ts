/*
 * What a database error means, on either engine (node-postgres and PGlite both carry PostgreSQL's
 * SQLSTATE as `code`; Drizzle wraps them, the original as `cause`).
 */

type PostgresError = { code?: string; constraint?: string; detail?: string; message?: string };

function postgresErrorOf(error: unknown): PostgresError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as PostgresError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PostgresError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A unique-index violation, with the index's name (or '' when the engine does not say); else null. */
export function uniqueViolation(error: unknown): string | null {
  const e = postgresErrorOf(error);
  if (e?.code !== '23505') return null;
  return e.constraint ?? e.detail ?? '';
}

/**
 * A foreign-key violation: 'missing' when a row refers to one that does not exist (deleted by
 * someone else meanwhile), 'referenced' when a deleted (or re-keyed) row is still referred to.
 */
export function foreignKeyViolation(error: unknown): 'missing' | 'referenced' | null {
  const e = postgresErrorOf(error);
  // 23001: a key declared ON DELETE RESTRICT, still referred to.
  if (e?.code === '23001') return 'referenced';
  if (e?.code !== '23503') return null;
  // PostgreSQL: 'insert or update on table "a" violates …' / 'update or delete on table "b" violates …'.
  return /^update or delete\b/.test(e.message ?? '') ? 'referenced' : 'missing';
}

/**
 * A value the database cannot take (class 22, data exception: a number or date out of range, a
 * character it cannot store): the request's fault, where its validation let the value through.
 */
export function isDataException(error: unknown): boolean {
  return postgresErrorOf(error)?.code?.startsWith('22') ?? false;
}
