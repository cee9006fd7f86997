import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { errorMessageOf, isApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { resourceKeys } from '../../lib/query-keys';
import { clearSession, getSession, useSession } from '../../lib/session';
import { fetchMe, logout } from './api';

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

/**
 * Revokes the token on the server, forgets the session (and with it the query cache) and goes to
 * the login page, whether or not the server could be reached.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      // 401: the token had already ended, which is what signing out wants anyway.
      if (isApiError(error) && error.status === 401) return;
      notifyError(i18n.t('auth:signOutUnconfirmed', { reason: errorMessageOf(error) }));
    },
    onSettled: async () => {
      clearSession();
      await navigate('/login', { replace: true });
    },
  });
}
