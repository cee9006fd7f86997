import { useQuery } from '@tanstack/react-query';
import { resourceKeys } from '../../lib/query-keys';
import { getSession, useSession } from '../../lib/session';
import { fetchMe } from './api';

export const authKeys = {
  me: resourceKeys.me,
};

/**
 * The signed-in user, refreshed from GET /users/me/ (which also refreshes the stored session).
 * Until the answer arrives the user from the session is shown.
 */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: authKeys.me,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: session !== null,
    initialData: () => getSession()?.user,
    // The stored user is only a placeholder: fetch the current one as soon as the shell mounts.
    initialDataUpdatedAt: 0,
  });
}
