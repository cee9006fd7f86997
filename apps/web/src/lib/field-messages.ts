import { type ErrorResponse, type FieldError, fieldErrorCodes, fieldErrorText } from '@ledgerdesk/contracts';
import { i18n } from '../i18n';

/*
 * Field errors in the user's language, by their code (contracts' validation.ts): the form's own
 * check of the contract and the server's answer name the same codes, so a field reads the same
 * text whoever found the fault. Apart from the forms' resolver (validation.ts): the sign-in page
 * shows the server's field errors without loading a form library.
 */

const knownCodes = new Set<string>(fieldErrorCodes);

/** The text of a field error's code in the current language. */
export const fieldErrorMessage = (error: FieldError) => fieldErrorText(error, i18n.language);

/**
 * The text of a server's field error: its code's text in the current language, or the server's own
 * (English) message for an error without a known code (an area's own check, e.g. a name in use).
 */
export function serverFieldMessage(
  fieldErrorCodes: ErrorResponse['fieldErrorCodes'],
  field: string,
  message: string,
): string {
  const error = fieldErrorCodes?.[field];
  return error && knownCodes.has(error.code) ? fieldErrorMessage(error as FieldError) : message;
}
