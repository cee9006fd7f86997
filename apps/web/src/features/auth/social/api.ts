import type {
  OidcLinkConfirmRequest,
  OidcProvider,
  SignInResult,
  SocialLoginRequest,
  SocialLoginResponse,
} from '@ledgerdesk/contracts';
import { api } from '../../../lib/api';

/**
 * Plain calls (no TanStack Query), as the rest of the sign-in pages: the provider buttons are on
 * the login page, whose script has a budget.
 */

/** GET /auth/oidc/providers: the configured sign-in providers (none: no buttons). */
export function fetchProviders(signal?: AbortSignal): Promise<OidcProvider[]> {
  return api.get<OidcProvider[]>('/auth/oidc/providers', { auth: false, signal });
}

/** Where a provider button leads: the server answers 302 to the provider. */
export function startUrl(provider: string, next: string | null): string {
  const query = next ? `?${new URLSearchParams({ next })}` : '';
  return `/api/auth/oidc/${encodeURIComponent(provider)}/start${query}`;
}

/**
 * POST /users/social-login/ with the one-time code of the callback or of the link page: the
 * session, or the second step the account needs (useSignInResult takes either). The one place the
 * web reads a social sign-in's answer.
 */
export async function signInWithCode(code: string): Promise<SignInResult> {
  const body: SocialLoginRequest = { token: code };
  const response = await api.post<SocialLoginResponse>('/users/social-login/', body, { auth: false });
  return 'twoStep' in response ? response : response.session;
}

/** POST /auth/oidc/link/: the account's password links the provider; answers a sign-in code. */
export function confirmLink(body: OidcLinkConfirmRequest): Promise<{ code: string }> {
  return api.post<{ code: string }>('/auth/oidc/link/', body, { auth: false });
}

/** The values of a URL fragment (`#code=…&next=…`): never sent to any server, nor logged. */
export function fragmentValues(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}
