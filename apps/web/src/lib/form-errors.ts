import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api';
import { serverFieldMessage } from './field-messages';

/**
 * The server's `fieldErrors` for the fields a form has, in the server's order and in the user's
 * language where the error has a code; errors for fields
 * the form does not have are left to the page's alert.
 */
export function fieldErrorsOf<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): [Field, string][] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fieldErrors).flatMap(([name, message]) => {
    const field = fields.find((candidate) => candidate === name);
    return field
      ? [[field, serverFieldMessage(error.fieldErrorCodes, name, message)] as [Field, string]]
      : [];
  });
}

/**
 * Puts the server's `fieldErrors` on the form fields they name (focusing the first one). Returns
 * whether any was placed.
 */
export function applyFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  const found = fieldErrorsOf(error, fields);
  found.forEach(([field, message], index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return found.length > 0;
}
