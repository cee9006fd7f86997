import { errorResponse, loginRequest, loginResponse, sessionUser } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { actorOf, currentUser } from '../../plugins/auth';
import type { UsersService } from '../users/service';
import type { AuthService } from './service';

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
        security: [],
        body: loginRequest,
        response: {
          200: loginResponse,
          400: errorResponse,
          401: errorResponse,
          429: errorResponse,
        },
      },
    },
    (request) =>
      auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        requestId: String(request.id),
      }),
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
