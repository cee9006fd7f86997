import {
  errorResponse,
  loginRequest,
  sessionUser,
  signInResult,
  twoStepEnrolment,
  twoStepTicketRequest,
  twoStepVerifyRequest,
  twoStepVerifyResponse,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf, currentUser } from '../../plugins/auth';
import type { UsersService } from '../users/service';
import { type AuthService, rememberCookie, signInClientOf } from './service';

const tags = ['auth'];

export function authRoutes(app: FastifyInstance, auth: AuthService, users: UsersService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/users/login/',
    {
      config: { access: 'public', rateClass: 'auth' },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers the session, or `{ twoStep: { ticket, mode } }` when a second step is due first: `verify` (a code, POST /api/users/two-step/verify/) or `enrol` (a group requires two-step verification: POST /api/users/two-step/enrol/, then verify with the first code).',
        security: [],
        body: loginRequest,
        response: {
          200: signInResult,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    (request) => auth.login(request.body, signInClientOf(request)),
  );

  r.post(
    '/api/users/two-step/verify/',
    {
      config: { access: 'public', rateClass: 'auth' },
      schema: {
        tags,
        summary: 'The second step of a sign-in: a code of the authenticator, or a recovery code',
        description:
          'With the ticket of the sign-in. For a ticket of mode `enrol`, the first code of the authenticator being set up; the answer then holds the ten recovery codes (shown once). Wrong codes count as failed sign-ins (429 when locked) and against the ticket (5 attempts, 5 minutes, single use). `remember`: this browser skips the second step for 30 days (an httpOnly cookie).',
        security: [],
        body: twoStepVerifyRequest,
        response: {
          200: twoStepVerifyResponse,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const { response, rememberToken } = await auth.completeTwoStep(request.body, signInClientOf(request));
      if (rememberToken)
        reply.header('set-cookie', rememberCookie(rememberToken, request.protocol === 'https'));
      return response;
    },
  );

  r.post(
    '/api/users/two-step/enrol/',
    {
      config: { access: 'public', rateClass: 'auth' },
      schema: {
        tags,
        summary: 'A sign-in that must enrol: the secret to set up (QR code, otpauth URL, text)',
        description: 'Each call makes a new secret (the one before is dropped).',
        security: [],
        body: twoStepTicketRequest,
        response: { 200: twoStepEnrolment, 400: errorResponse, 401: errorResponse, 409: errorResponse },
      },
    },
    (request) => auth.enrolmentOf(request.body.ticket),
  );

  r.post(
    '/api/users/logout/',
    {
      config: { access: 'authenticated', sessionOnly: true },
      schema: { tags, summary: 'Revoke the token of this request', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await auth.logout(currentUser(request), actorOf(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/users/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The signed-in user', response: { 200: sessionUser } },
    },
    async (request) => {
      const { sessionId: _sessionId, apiKey: _apiKey, isAdmin: _isAdmin, ...user } = currentUser(request);
      return { ...user, avatarUrl: await users.avatarOf(user.id) };
    },
  );
}
