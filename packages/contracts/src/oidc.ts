import { z } from 'zod/mini';
import { timestamp } from './api';
import { loginResponse, twoStepChallenge } from './auth';

export const oidcMessages = {
  tokenMissing: 'A sign-in code (token) is required: start the sign-in with the provider again.',
  codeInvalid: 'This sign-in code is not valid, has expired or was already used. Please sign in again.',
  ticketInvalid: 'This link request is not valid, has expired or was already used. Please sign in again.',
  passwordWrong: 'The password is not correct.',
  tooManyAttempts: 'Too many wrong passwords. Start the sign-in with the provider again.',
  linked: (label: string) => `Your ${label} account is now linked.`,
  unlinked: 'The account is no longer linked.',
  lastWayIn:
    'This is the only way to sign in to your account: set a password first (with "Forgot password?" on the sign-in page) or link another account.',
  providerUnknown: 'This sign-in provider is not configured.',
  providerUnavailable: 'The sign-in provider cannot be reached. Try again later.',
  alreadyLinkedProvider: 'An account of this provider is already linked to yours: unlink it first.',
} as const;

/** A configured OpenID Connect provider as the sign-in page shows it (GET /api/auth/oidc/providers). */
export const oidcProvider = z.object({ id: z.string(), label: z.string() });
export type OidcProvider = z.infer<typeof oidcProvider>;
export const oidcProviderList = z.array(oidcProvider);

/**
 * Why a provider's round trip ended on the error page (`/auth/social/error?reason=`): the web shows
 * each in the user's language.
 */
export const oidcErrorReasons = [
  'denied',
  'provider-error',
  'bad-state',
  'token-rejected',
  'no-email',
  'email-unverified',
  'account-disabled',
  'already-linked',
  'provider-unavailable',
  'unknown-provider',
  /** Anything else (logged on the server with the request id). */
  'failed',
] as const;
export type OidcErrorReason = (typeof oidcErrorReasons)[number];

/** The one-time sign-in code of the callback's URL fragment. */
const signInCode = z
  .string(oidcMessages.tokenMissing)
  .check(z.minLength(1, oidcMessages.tokenMissing), z.maxLength(200, oidcMessages.codeInvalid));

/**
 * POST /api/users/social-login/ (SPEC §5, §7): `token` is the one-time code; any other field
 * posted is echoed back in `data`.
 */
export const socialLoginRequest = z.looseObject({ token: signInCode });
export type SocialLoginRequest = z.infer<typeof socialLoginRequest>;

/**
 * SPEC §3's social-login answer (token, and data with accessToken, first_name and the posted
 * fields), and `session`: what the web keeps as its session (the answer of POST /users/login/).
 */
export const socialLoginSession = z.object({
  token: z.string(),
  data: z.looseObject({ accessToken: z.string(), first_name: z.string() }),
  session: loginResponse,
});
/** The session, or the second step the account needs first (as POST /users/login/ answers it). */
export const socialLoginResponse = z.union([socialLoginSession, twoStepChallenge]);
export type SocialLoginResponse = z.infer<typeof socialLoginResponse>;

/** The confirm-with-your-password page: the ticket of its URL fragment and the account's password. */
export const oidcLinkConfirmRequest = z.object({
  ticket: z
    .string(oidcMessages.ticketInvalid)
    .check(z.minLength(1, oidcMessages.ticketInvalid), z.maxLength(200, oidcMessages.ticketInvalid)),
  password: z
    .string('Please enter your password.')
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(1024, 'The password is too long.')),
});
export type OidcLinkConfirmRequest = z.infer<typeof oidcLinkConfirmRequest>;
/** The link is made: the one-time code that then signs in (as the callback's). */
export const oidcLinkConfirmResponse = z.object({ code: z.string() });

/** The answer of POST /api/auth/oidc/{provider}/link (profile): where the browser goes next. */
export const oidcLinkStartResponse = z.object({ url: z.string() });

/** An account of a provider linked to the signed-in user. */
export const linkedIdentity = z.object({
  id: z.uuid(),
  provider: z.string(),
  /** The provider's label, or its id when it is no longer configured. */
  providerLabel: z.string(),
  email: z.string(),
  createdAt: timestamp,
});
export type LinkedIdentity = z.infer<typeof linkedIdentity>;
export const linkedIdentities = z.object({
  /** Whether the account has a password: without one, the last link cannot be removed. */
  hasPassword: z.boolean(),
  identities: z.array(linkedIdentity),
});
export type LinkedIdentities = z.infer<typeof linkedIdentities>;
