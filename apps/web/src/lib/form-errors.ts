import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';

/**
 * Puts the server's `fieldErrors` on the form fields they name (focusing the first one). Returns
 * whether any was placed; errors for fields the form does not have are left to the page's alert.
 */
export function applyFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!isApiError(error)) return false;
  let placed = false;
  for (const [name, message] of Object.entries(error.fieldErrors)) {
    const field = fields.find((candidate) => candidate === name);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
