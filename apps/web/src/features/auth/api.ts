import { type LoginRequest, type LoginResponse, messages, type SessionUser } from '@ledgerdesk/contracts';
import { api } from '../../lib/api';
import { setSession, updateSessionUser } from '../../lib/session';

/**
 * Plain calls, no TanStack Query: the login page uses them and stays free of the query library
 * (see app/query-provider.tsx). Query hooks of the signed-in part are in ./queries.ts.
 */

/** POST /users/login/, then the session starts. */
export async function signIn(body: LoginRequest): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('/users/login/', body, {
    auth: false,
    fallbackMessage: messages.loginFailed,
  });
  const { accessToken, ...user } = response;
  setSession({ accessToken, user });
  return response;
}

/** POST /users/logout/: revokes the token. An expired token still signs out (no redirect on 401). */
export function logout(): Promise<void> {
  return api.post<void>('/users/logout/', undefined, { redirectOnUnauthorized: false });
}

/** GET /users/me/, which also refreshes the user kept in the session. */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser> {
  const user = await api.get<SessionUser>('/users/me/', { signal });
  updateSessionUser(user);
  return user;
}
