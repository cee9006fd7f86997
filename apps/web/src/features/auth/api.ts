import {
  type ForgotPasswordRequest,
  type LoginRequest,
  messages,
  type ResendVerificationRequest,
  type ResetPasswordRequest,
  type SessionUser,
  type SignInResult,
  type SignupRequest,
  type TwoStepEnrolment,
  type TwoStepVerifyRequest,
  type TwoStepVerifyResponse,
  type VerifyEmailRequest,
} from '@ledgerdesk/contracts';
import type { ZodMiniNull, ZodMiniUnknown } from 'zod/mini';
import { api } from '../../lib/api';
import type { MutationResponse } from '../../lib/list';
import { updateSessionUser } from '../../lib/session';

/**
 * Plain calls, no TanStack Query: the login page and the pages beside it use them and stay free of
 * the query library (see app/query-provider.tsx). Query hooks of the signed-in part are in ./queries.ts.
 */

/** POST /users/login/: a session, or a second step to take first (see ./sign-in-result.ts). */
export function signIn(body: LoginRequest): Promise<SignInResult> {
  return api.post<SignInResult>('/users/login/', body, {
    auth: false,
    fallbackMessage: messages.loginFailed,
  });
}

/** POST /users/two-step/verify/: the second step of a sign-in; the session (and codes after an enrolment). */
export function verifyTwoStep(body: TwoStepVerifyRequest): Promise<TwoStepVerifyResponse> {
  return api.post<TwoStepVerifyResponse>('/users/two-step/verify/', body, { auth: false });
}

/** POST /users/two-step/enrol/: the secret a sign-in that must enrol sets up. */
export function startTwoStepEnrolment(ticket: string): Promise<TwoStepEnrolment> {
  return api.post<TwoStepEnrolment>('/users/two-step/enrol/', { ticket }, { auth: false });
}

/** POST /auth/signup: a new account, which signs in once the mailed link confirms its address. */
export function signUp(body: SignupRequest): Promise<MutationResponse<ZodMiniUnknown>> {
  return api.post<MutationResponse<ZodMiniUnknown>>('/auth/signup', body, { auth: false });
}

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<MutationResponse<ZodMiniNull>> {
  return api.post<MutationResponse<ZodMiniNull>>('/auth/forgot-password', body, { auth: false });
}

/** POST /auth/verify-email with the token of the mailed link: the account may sign in from then on. */
export function verifyEmail(body: VerifyEmailRequest): Promise<MutationResponse<ZodMiniNull>> {
  return api.post<MutationResponse<ZodMiniNull>>('/auth/verify-email', body, { auth: false });
}

/** POST /auth/resend-verification: the same answer whether or not such an account waits. */
export function resendVerification(body: ResendVerificationRequest): Promise<MutationResponse<ZodMiniNull>> {
  return api.post<MutationResponse<ZodMiniNull>>('/auth/resend-verification', body, { auth: false });
}

/** POST /auth/reset-password with the token of the mailed link. */
export function resetPassword(body: ResetPasswordRequest): Promise<MutationResponse<ZodMiniNull>> {
  return api.post<MutationResponse<ZodMiniNull>>('/auth/reset-password', body, { auth: false });
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
