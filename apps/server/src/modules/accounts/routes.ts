import {
  accountMessages,
  errorResponse,
  errorResponses,
  forgotPasswordRequest,
  idParams,
  legacyProfileUpdate,
  mutationResponse,
  ownSession,
  passwordChange,
  preferencesChange,
  preferencesInput,
  profileChange,
  resendVerificationRequest,
  resetPasswordRequest,
  sessionUser,
  signupRequest,
  verifyEmailRequest,
} from '@ledgerdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { AppError } from '../../lib/errors';
import { done, emptyMutation, updated } from '../../lib/responses';
import { actorOf, currentUser } from '../../plugins/auth';
import type { AuthService } from '../auth/service';
import type { AccountsService } from './service';

const errors = errorResponses(400, 401, 409, 429);
const client = (request: FastifyRequest) => ({ ip: request.ip, requestId: String(request.id) });

export function accountsRoutes(app: FastifyInstance, accounts: AccountsService, auth: AuthService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open to anyone, and each hashes a password or sends mail: the strict rate-limit class.
  const publicRoute = { config: { access: 'public' as const, rateClass: 'auth' as const } };
  const signedIn = { config: { access: 'authenticated' as const } };
  // Your own account's password, profile, settings and sessions: never with an API key.
  const ownAccount = { config: { access: 'authenticated' as const, sessionOnly: true } };

  r.post(
    '/api/auth/signup',
    {
      ...publicRoute,
      schema: {
        tags: ['accounts'],
        summary: 'Create an account (a regular user with no group)',
        description:
          'The account signs in once its address is confirmed by the mailed link. An email that already has an account gets the same answer, and its owner a notice instead.',
        security: [],
        body: signupRequest,
        response: {
          201: mutationResponse(z.object({ email: z.string(), username: z.string() })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const account = await accounts.signup(request.body, client(request));
      return reply.code(201).send(done('SIGNED_UP', accountMessages.signedUp, account));
    },
  );

  r.post(
    '/api/auth/verify-email',
    {
      ...publicRoute,
      schema: {
        tags: ['accounts'],
        summary: 'Confirm the address of a new account with the token of the mailed link',
        security: [],
        body: verifyEmailRequest,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await accounts.verifyEmail(request.body, client(request));
      return done('EMAIL_VERIFIED', accountMessages.emailVerified, null);
    },
  );

  r.post(
    '/api/auth/resend-verification',
    {
      ...publicRoute,
      schema: {
        tags: ['accounts'],
        summary: 'Mail a new confirmation link; the same answer whether or not such an account waits',
        security: [],
        body: resendVerificationRequest,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await accounts.resendVerification(request.body, client(request));
      return done('VERIFY_MAIL_SENT', accountMessages.verifyMailSent, null);
    },
  );

  r.post(
    '/api/auth/forgot-password',
    {
      ...publicRoute,
      schema: {
        tags: ['accounts'],
        summary: 'Mail a password reset link; the same answer whether or not the account exists',
        security: [],
        body: forgotPasswordRequest,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await accounts.forgotPassword(request.body, client(request));
      return done('RESET_MAIL_SENT', accountMessages.resetMailSent, null);
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      ...publicRoute,
      schema: {
        tags: ['accounts'],
        summary:
          'Set a new password with the token of a reset link; signs out every session and revokes the API keys',
        security: [],
        body: resetPasswordRequest,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await accounts.resetPassword(request.body, client(request));
      return done('PASSWORD_RESET', accountMessages.resetDone, null);
    },
  );

  const profileResponse = { 200: mutationResponse(sessionUser), ...errors };
  r.put(
    '/api/users/me/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Edit your username and names',
        description: 'A field left out of the body keeps its stored value (PUT merges, as PATCH does).',
        body: profileChange,
        response: profileResponse,
      },
    },
    async (request) => {
      const user = currentUser(request);
      await accounts.updateProfile(user, request.body, actorOf(request));
      return updated(await auth.describeUserById(user.id));
    },
  );

  r.post(
    '/api/users/profile/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Edit your username (the profile call of the original client: idx is your id)',
        body: legacyProfileUpdate,
        response: { ...profileResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.body.idx !== user.id) throw AppError.forbidden('You can only edit your own profile.');
      await accounts.updateProfile(
        user,
        { username: request.body.username, firstName: user.firstName, lastName: user.lastName },
        actorOf(request),
      );
      return updated(await auth.describeUserById(user.id));
    },
  );

  r.post(
    '/api/users/me/password/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Change your password; your other sessions are signed out and your API keys revoked',
        body: passwordChange,
        response: { 200: emptyMutation, ...errors },
      },
    },
    async (request) => {
      await accounts.changePassword(currentUser(request), request.body, actorOf(request));
      return done('PASSWORD_CHANGED', accountMessages.passwordChanged, null);
    },
  );

  const preferencesSchema = z.object({
    layout: preferencesInput.shape.layout,
    language: preferencesInput.shape.language,
    density: preferencesInput.shape.density,
    weekStart: preferencesInput.shape.weekStart,
  });
  r.get(
    '/api/users/me/preferences/',
    {
      ...signedIn,
      schema: {
        tags: ['profile'],
        summary: 'Your layout settings, language, list density and first day of the week',
        response: { 200: preferencesSchema },
      },
    },
    (request) => accounts.preferences(currentUser(request)),
  );
  r.put(
    '/api/users/me/preferences/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Save your layout settings, language, list density and first day of the week',
        description: 'A setting left out of the body keeps its stored value (PUT merges, as PATCH does).',
        body: preferencesChange,
        response: { 200: mutationResponse(preferencesSchema), ...errors },
      },
    },
    async (request) =>
      updated(await accounts.savePreferences(currentUser(request), request.body, actorOf(request))),
  );

  r.get(
    '/api/users/me/sessions/',
    {
      ...ownAccount,
      schema: { tags: ['profile'], summary: 'Your active sessions', response: { 200: z.array(ownSession) } },
    },
    (request) => accounts.listOwnSessions(currentUser(request)),
  );

  r.delete(
    '/api/users/me/sessions/:id/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Sign out one of your sessions',
        params: idParams,
        response: { 200: emptyMutation, 404: errorResponse },
      },
    },
    async (request) => {
      await accounts.revokeOwnSession(currentUser(request), request.params.id, actorOf(request));
      return done('SESSION_REVOKED', 'The session was signed out.', null);
    },
  );

  r.post(
    '/api/users/me/sessions/revoke-others/',
    {
      ...ownAccount,
      schema: {
        tags: ['profile'],
        summary: 'Sign out all your sessions but this one',
        response: { 200: mutationResponse(z.object({ revoked: z.number().check(z.int()) })) },
      },
    },
    async (request) => {
      const revoked = await accounts.revokeOtherSessions(currentUser(request), actorOf(request));
      return done(
        'SESSIONS_REVOKED',
        `${revoked} other session${revoked === 1 ? ' was' : 's were'} signed out.`,
        { revoked },
      );
    },
  );
}
