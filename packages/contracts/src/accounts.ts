import { z } from 'zod/mini';
import { text, timestamp } from './api';
import { email } from './fields';
import { codeParams } from './validation';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

/** The password rules as the forms show them; the server checks all of them. */
export const passwordRules = [
  `At least ${PASSWORD_MIN_LENGTH} characters.`,
  'Not a commonly used password.',
  'Not too similar to your email or username.',
  'Not made of digits only.',
] as const;

/** What can be checked without the server's list of common passwords. */
export const password = z.string('Please enter a password.').check(
  z.minLength(PASSWORD_MIN_LENGTH, `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`),
  z.maxLength(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
  z.refine((value) => !/^\d+$/.test(value), {
    error: 'The password must not be made of digits only.',
    params: codeParams('passwordDigitsOnly'),
  }),
);

export const username = z
  .string('Please enter a username.')
  .check(
    z.trim(),
    z.minLength(3, 'The username must be at least 3 characters.'),
    z.maxLength(30, 'The username must be at most 30 characters.'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'Use letters, digits, and . _ - only.'),
  );

const firstName = text(100, 'The first name must be at most 100 characters.').check(
  z.minLength(1, 'Please enter a first name.'),
);
const lastName = z._default(text(100, 'The last name must be at most 100 characters.'), '');

export const signupRequest = z.object({ email, username, firstName, lastName, password });
export type SignupRequest = z.infer<typeof signupRequest>;

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** The token of a mailed link (reset or confirmation). */
const linkToken = z
  .string('The link is incomplete.')
  .check(z.trim(), z.minLength(1, 'The link is incomplete.'), z.maxLength(200, 'The link is not valid.'));

export const resetPasswordRequest = z.object({ token: linkToken, password });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The token of the link that confirms a new account's address. */
export const verifyEmailRequest = z.object({ token: linkToken });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;

/** Asks for a new confirmation link; the same answer whether or not such an account waits. */
export const resendVerificationRequest = z.object({ email });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequest>;

export const profileUpdate = z.object({ username, firstName, lastName });
/** PUT /users/me/: as every PUT of the API, a field left out keeps its stored value. */
export const profileChange = z.partial(profileUpdate);
export type ProfileUpdate = z.infer<typeof profileChange>;

/** The mock backend's profile call of SPEC §7: `idx` is the user's id. */
export const legacyProfileUpdate = z.object({ idx: z.uuid('idx must be your user id.'), username });

export const passwordChange = z.object({
  currentPassword: z
    .string('Please enter your current password.')
    .check(z.minLength(1, 'Please enter your current password.'), z.maxLength(PASSWORD_MAX_LENGTH)),
  newPassword: password,
});
export type PasswordChange = z.infer<typeof passwordChange>;

export const ownSession = z.object({
  id: z.uuid(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: timestamp,
  lastSeenAt: timestamp,
  current: z.boolean(),
});
export type OwnSession = z.infer<typeof ownSession>;

export const accountMessages = {
  signedUp:
    'Almost done: we have sent a link to your email address. Open it to confirm your address, then sign in.',
  resetMailSent: 'If an account exists for that email, we have sent a link to reset its password.',
  resetDone: 'Your password has been changed and your API keys revoked. Sign in with the new one.',
  passwordChanged:
    'Your password has been changed. Your other sessions were signed out and your API keys revoked.',
  resetTokenInvalid: 'This reset link is not valid. Ask for a new one.',
  resetTokenExpired: 'This reset link has expired. Ask for a new one.',
  resetTokenUsed: 'This reset link has already been used. Ask for a new one.',
  emailTaken: 'An account with this email already exists.',
  usernameTaken: 'This username is already taken.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordCommon: 'This password is too common.',
  passwordSimilar: (field: string) => `The password is too similar to the ${field}.`,
  tooManyResetRequests: 'Too many reset requests from this address. Try again later.',
  verifyMailSent: 'If an account at that address is waiting for confirmation, we have sent it a new link.',
  emailVerified: 'Your email address is confirmed. Sign in to continue.',
  verifyTokenInvalid: 'This confirmation link is not valid. Ask for a new one from the sign-in page.',
  verifyTokenExpired: 'This confirmation link has expired. Ask for a new one from the sign-in page.',
  verifyTokenUsed: 'This confirmation link has already been used. Sign in, or ask for a new one.',
  tooManyVerifyRequests: 'Too many confirmation requests from this address. Try again later.',
  tooManySignups: 'Too many sign-ups from this address. Try again later.',
} as const;
