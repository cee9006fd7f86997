import type { SessionUser } from '@ledgerdesk/contracts';
import { setSession } from '../lib/session';

export const TEST_USER_ID = '00000000-0000-4000-8000-000000000001';

/**
 * Signs a test user in (the session as the login page leaves it): Ada Lovelace, a user with no
 * group, with the permissions and fields given.
 */
export function signInForTest(
  user: Partial<Omit<SessionUser, 'permissions'>> & { permissions?: string[] } = {},
) {
  setSession({
    accessToken: 'token',
    user: {
      id: TEST_USER_ID,
      username: 'ada',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      groups: [],
      ...user,
      // Tests name permissions as strings, including ones a page must ignore.
      permissions: (user.permissions ?? []) as SessionUser['permissions'],
    },
  });
}
