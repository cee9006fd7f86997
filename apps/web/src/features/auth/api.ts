import { type LoginRequest, type LoginResponse, messages, type SessionUser } from '@ledgerdesk/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { clearSession, getSession, setSession, updateSessionUser, useSession } from '../../lib/session';

export const authKeys = {
  me: ['me'] as const,
};

export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/users/login/', body, {
    auth: false,
    fallbackMessage: messages.loginFailed,
  });
}

export function logout(): Promise<void> {
  // An expired token still signs out: no redirect on 401, the session is cleared either way.
  return api.post<void>('/users/logout/', undefined, { redirectOnUnauthorized: false });
}

export async function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  const user = await api.get<SessionUser>('/users/me/', { signal });
  updateSessionUser(user);
  return user;
}

/** Signs in and starts the session; the caller decides where to go next. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ accessToken, ...user }) => {
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      setSession({ accessToken, user });
    },
  });
}

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

/** Revokes the token on the server, forgets the session and goes to the login page. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: async () => {
      clearSession();
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
}
