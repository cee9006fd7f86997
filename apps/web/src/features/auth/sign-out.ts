import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { errorMessageOf, isApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { clearSession } from '../../lib/session';
import { logout } from './api';

// Apart from ./queries.ts: only the user menu (loaded on first use) signs out.
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
