import { z } from 'zod/mini';
import { email } from './fields';
import { type Permission, permissions } from './permissions';

export const loginRequest = z.object({
  email,
  password: z
    .string('Please enter your password.')
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(1024, 'The password is too long.')),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const roles = ['admin', 'user'] as const;

export const permissionName = z.enum(
  permissions as unknown as [Permission, ...Permission[]],
  'Unknown permission.',
);

/** The signed-in user as the server describes it to the client. */
export const sessionUser = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(roles),
  groups: z.array(z.object({ id: z.uuid(), name: z.string() })),
  permissions: z.array(permissionName),
  /** The avatar's thumbnail (signed URL), on GET /api/users/me/; null: initials are shown. */
  avatarUrl: z.optional(z.nullable(z.string())),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.extend(sessionUser, { accessToken: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * The identity is proven but a second step is due before a session opens: 'verify' asks for a code
 * of the user's authenticator (or a recovery code), 'enrol' for setting one up first (a group the
 * user belongs to requires it). The ticket names this sign-in on the two-step routes.
 */
export const twoStepChallenge = z.object({
  twoStep: z.object({ ticket: z.string(), mode: z.enum(['verify', 'enrol']) }),
});
export type TwoStepChallenge = z.infer<typeof twoStepChallenge>;

/** What a sign-in ends with (a password, a provider): a session, or a second step to take first. */
export const signInResult = z.union([loginResponse, twoStepChallenge]);
export type SignInResult = z.infer<typeof signInResult>;

export const isTwoStepChallenge = (result: SignInResult): result is TwoStepChallenge => 'twoStep' in result;
