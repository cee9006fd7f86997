import { accountMessages } from '@ledgerdesk/contracts';
import { commonPasswords } from './common-passwords';

/** Similarity of two strings in [0, 1]: 1 − edit distance / length of the longer. */
function similarity(a: string, b: string): number {
  if (!a.length || !b.length) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return 1 - (previous[b.length] ?? 0) / Math.max(a.length, b.length);
}

const SIMILARITY_LIMIT = 0.7;

/**
 * The rules the contract cannot check alone (it has length and digits-only): not a common
 * password, not too close to the user's own email or username. Returns the reason, or null.
 */
export function passwordProblem(
  password: string,
  attributes: { email?: string; username?: string },
): string | null {
  const lower = password.toLowerCase();
  const stem = lower.replace(/[\d\W_]+$/, '');
  if (commonPasswords.has(lower) || (stem.length >= 4 && commonPasswords.has(stem)))
    return accountMessages.passwordCommon;
  const fields: [string, string | undefined][] = [
    ['email', attributes.email],
    ['username', attributes.username],
  ];
  for (const [field, value] of fields) {
    if (!value) continue;
    const whole = value.toLowerCase();
    // The email as a whole and its parts ("jane.doe@example.org" → jane, doe, example, org).
    const parts = [whole, ...whole.split(/[\W_]+/)].filter((part) => part.length >= 3);
    for (const part of parts) {
      if (lower.includes(part) && part.length >= Math.min(4, lower.length))
        return accountMessages.passwordSimilar(field);
      if (similarity(lower, part) >= SIMILARITY_LIMIT) return accountMessages.passwordSimilar(field);
    }
  }
  return null;
}
