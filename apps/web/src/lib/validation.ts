import { toNestErrors } from '@hookform/resolvers';
import { fieldErrorOf, isFilled } from '@ledgerdesk/contracts';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';
import { fieldErrorMessage } from './field-messages';

/** The value at a path of the form's values, to tell a missing field (`required`) from a wrong one. */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * react-hook-form's resolver for a contract schema: the values checked by the schema the server
 * checks them with, each error shown by its code. A form's own refinement without a code (e.g.
 * "the passwords differ") keeps its message, which it writes in the current language.
 */
export function contractResolver<Input extends FieldValues, Output>(
  schema: z.ZodMiniType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      if (name in errors) continue;
      const error = fieldErrorOf(issue, isFilled(valueAt(values, issue.path)));
      const ownRefinement = issue.code === 'custom' && error.code === 'invalid';
      errors[name] = {
        type: error.code,
        message: ownRefinement ? issue.message : fieldErrorMessage(error),
      };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
