import { z } from 'zod/mini';
import { timestamp } from './api';
import { loginResponse } from './auth';

/** How long a sign-in waits for its second step, and how many wrong codes it takes. */
export const TWO_STEP_TICKET_MINUTES = 5;
/** Enrolling takes longer (installing an authenticator app): a sign-in that must enrol waits this long. */
export const TWO_STEP_ENROL_TICKET_MINUTES = 15;
export const TWO_STEP_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
export const REMEMBER_BROWSER_DAYS = 30;

const ticket = z
  .string('The sign-in ticket is missing.')
  .check(
    z.minLength(1, 'The sign-in ticket is missing.'),
    z.maxLength(200, 'The sign-in ticket is not valid.'),
  );

/** A 6-digit code of the authenticator app; spaces are allowed (the service drops them). */
export const totpCode = z
  .string('Please enter the 6-digit code of your authenticator app.')
  .check(z.regex(/^\s*(\d\s*){6}$/, 'Please enter the 6-digit code of your authenticator app.'));

/** A 6-digit code or a recovery code (xxxxx-xxxxx): told apart by their shape. */
export const twoStepCode = z
  .string('Please enter a code.')
  .check(z.minLength(1, 'Please enter a code.'), z.maxLength(40, 'This code is too long.'));

/** POST /api/users/two-step/verify/: the second step of a sign-in. */
export const twoStepVerifyRequest = z.object({
  ticket,
  code: twoStepCode,
  /** Skip the second step on this browser for REMEMBER_BROWSER_DAYS days. */
  remember: z._default(z.boolean(), false),
});
export type TwoStepVerifyRequest = z.input<typeof twoStepVerifyRequest>;

/** The session; after an enrolment (mode 'enrol'), the recovery codes too, shown once. */
export const twoStepVerifyResponse = z.extend(loginResponse, {
  recoveryCodes: z.optional(z.array(z.string())),
});
export type TwoStepVerifyResponse = z.infer<typeof twoStepVerifyResponse>;

/** POST /api/users/two-step/enrol/: a sign-in that must enrol asks for its secret with its ticket. */
export const twoStepTicketRequest = z.object({ ticket });

/** A new secret to enrol: its otpauth:// URL, the same as a QR code (an SVG data URL), and as text. */
export const twoStepEnrolment = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string(),
});
export type TwoStepEnrolment = z.infer<typeof twoStepEnrolment>;

export const twoStepStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.nullable(timestamp),
  /** A group of the user requires two-step verification: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().check(z.int()),
});
export type TwoStepStatus = z.infer<typeof twoStepStatus>;

export const twoStepConfirm = z.object({ code: totpCode });
export type TwoStepConfirm = z.input<typeof twoStepConfirm>;

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const twoStepDisable = z.object({
  password: z
    .string('Please enter your password.')
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(1024, 'The password is too long.')),
  code: twoStepCode,
});
export type TwoStepDisable = z.input<typeof twoStepDisable>;

export const rememberedBrowser = z.object({
  id: z.uuid(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: timestamp,
  lastUsedAt: timestamp,
  expiresAt: timestamp,
});
export type RememberedBrowser = z.infer<typeof rememberedBrowser>;

export const twoStepMessages = {
  codeInvalid: 'This code is not valid. Check the time on your phone and try again.',
  ticketInvalid: 'This sign-in has expired or was already used. Please sign in again.',
  ticketWrongMode: 'This sign-in does not enrol a new authenticator.',
  alreadyEnabled: 'Two-step verification is already on.',
  notEnabled: 'Two-step verification is not on.',
  noEnrolment: 'Start the set-up again: no authenticator is waiting to be confirmed.',
  required: 'A group you belong to requires two-step verification: it cannot be turned off.',
  passwordWrong: 'The password is not correct.',
  enabled: 'Two-step verification is on.',
  disabled: 'Two-step verification is off.',
  codesRegenerated: 'New recovery codes made: the old ones no longer work.',
  browserForgotten: 'This browser will ask for a code again.',
  browsersForgotten: (count: number) =>
    `${count} browser${count === 1 ? '' : 's'} will ask for a code again.`,
  reset:
    'Two-step verification of this user is reset: they set it up again at their next sign-in if required.',
} as const;
