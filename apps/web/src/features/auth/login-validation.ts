import { type LoginRequest, loginRequest } from '@ledgerdesk/contracts';

export type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * The contract's check of the login form, loaded apart from the login page (the schema library
 * stays out of the script the page needs first): the cleaned values, or a message per field.
 */
export function checkLogin(values: LoginRequest): { data: LoginRequest } | { errors: LoginErrors } {
  const result = loginRequest.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
