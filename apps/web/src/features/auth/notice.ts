/**
 * What a page beside the login page hands to it when it sends the user there (router state): a
 * success message to show, and the email to fill in.
 */
export interface LoginNotice {
  notice: string;
  email?: string;
}

export function readLoginNotice(state: unknown): LoginNotice | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, email } = state as Partial<Record<keyof LoginNotice, unknown>>;
  if (typeof notice !== 'string' || !notice) return null;
  return { notice, email: typeof email === 'string' ? email : undefined };
}
