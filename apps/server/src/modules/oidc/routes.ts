import {
  errorCodes,
  errorResponse,
  idParams,
  linkedIdentities,
  oidcLinkConfirmRequest,
  oidcLinkConfirmResponse,
  oidcLinkStartResponse,
  oidcMessages,
  oidcProviderList,
  socialLoginRequest,
  socialLoginResponse,
} from '@ledgerdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { newToken } from '../../lib/tokens';
import { actorOf, currentUser } from '../../plugins/auth';
import { signInClientOf } from '../auth/service';
import { FLOW_MINUTES, type OidcService } from './service';

const tags = ['social sign-in'];
const errors = {
  400: errorResponse,
  401: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};
const providerParams = z.object({ provider: z.string().check(z.maxLength(30)) });

/**
 * The cookie that binds a round trip to the browser that started it: a callback URL (code and
 * state) handed to someone else's browser finds no flow of theirs, so nobody can be signed in to
 * an account they did not choose. Sent only to these addresses; Lax, as the provider's redirect
 * back is a top-level navigation from another site. Kept while it lasts, so that two tabs signing
 * in at once share it.
 */
const BROWSER_COOKIE = 'ldk_oidc';
const COOKIE_PATH = '/api/auth/oidc/';

function browserOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === BROWSER_COOKIE && value && /^[\w-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}

/** The browser's binding (the one it has, or a new one), set again for the whole flow's time. */
function bindBrowser(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const value = browserOf(request) ?? newToken();
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${FLOW_MINUTES * 60}; HttpOnly; SameSite=Lax${secure}`,
  );
  return value;
}

export function oidcRoutes(app: FastifyInstance, oidc: OidcService, config: Config) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Open to anyone; each writes a flow, a ticket or a session: the strict rate-limit class.
  const publicRoute = { config: { access: 'public' as const, rateClass: 'auth' as const } };
  const ownAccount = { config: { access: 'authenticated' as const, sessionOnly: true } };

  r.get(
    '/api/auth/oidc/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The sign-in providers (OpenID Connect) configured, for the sign-in page',
        security: [],
        response: { 200: oidcProviderList },
      },
    },
    () => oidc.providers(),
  );

  r.get(
    '/api/auth/oidc/:provider/start',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "Go to the provider's sign-in page (a browser navigation)",
        description:
          'Answers 302 to the provider (authorization code with PKCE S256, state and nonce); `next` is the path of the app to open after signing in. A failure goes to the web page /auth/social/error.',
        security: [],
        params: providerParams,
        querystring: z.object({ next: z.optional(z.string().check(z.maxLength(500))) }),
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const browser = bindBrowser(request, reply, config);
      try {
        const url = await oidc.begin(request.params.provider, browser, {
          purpose: 'sign-in',
          returnTo: request.query.next,
        });
        return reply.redirect(url, 302);
      } catch (failure) {
        if (!oidc.isFlowError(failure)) throw failure;
        request.log.warn(
          { provider: request.params.provider, reason: failure.reason },
          'social sign-in not started',
        );
        return reply.redirect(oidc.errorPage(failure.reason), 302);
      }
    },
  );

  r.get(
    '/api/auth/oidc/:provider/callback',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "The provider's redirect back (a browser navigation)",
        description:
          'Answers 302 to a page of the web app: /auth/social/callback with a one-time sign-in code in the fragment, /auth/social/link (confirm with your password), /profile after linking from the profile, or /auth/social/error?reason=….',
        security: [],
        params: providerParams,
        response: { 302: z.null() },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const outcome = await oidc.callback(
        request.params.provider,
        query,
        browserOf(request),
        signInClientOf(request),
        request.log,
      );
      return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
    },
  );

  r.post(
    '/api/users/social-login/',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: 'Sign in with the one-time code of a social sign-in',
        description:
          "SPEC §3/§7's social login: `token` is the code of /auth/social/callback's fragment (single use, two minutes); any other field posted is echoed in `data`, beside accessToken and first_name. `session` is the signed-in user and token, as POST /users/login/ answers.",
        security: [],
        body: socialLoginRequest,
        response: { 200: socialLoginResponse, ...errors },
      },
    },
    (request) => oidc.socialLogin(request.body, signInClientOf(request)),
  );

  r.post(
    '/api/auth/oidc/link/',
    {
      ...publicRoute,
      schema: {
        tags,
        summary: "Link a provider's account to an existing one, with that account's password",
        description:
          'The ticket comes from /auth/social/link (a verified e-mail of the provider that matched an account). Five wrong passwords spend it. Answers a one-time code for POST /users/social-login/.',
        security: [],
        body: oidcLinkConfirmRequest,
        response: { 200: oidcLinkConfirmResponse, ...errors },
      },
    },
    (request) => oidc.confirmLink(request.body, signInClientOf(request)),
  );

  r.get(
    '/api/users/me/identities/',
    {
      ...ownAccount,
      schema: {
        tags,
        summary: "The providers' accounts linked to yours",
        response: { 200: linkedIdentities },
      },
    },
    (request) => oidc.identities(currentUser(request)),
  );

  r.post(
    '/api/auth/oidc/:provider/link',
    {
      ...ownAccount,
      schema: {
        tags,
        summary: "Start linking a provider's account to yours",
        description: 'Answers the URL of the provider to open; its callback comes back to /profile.',
        params: providerParams,
        response: { 200: oidcLinkStartResponse, ...errors, 503: errorResponse },
      },
    },
    async (request, reply) => {
      oidc.assertProvider(request.params.provider);
      const browser = bindBrowser(request, reply, config);
      try {
        return {
          url: await oidc.begin(request.params.provider, browser, {
            purpose: 'link',
            user: currentUser(request),
          }),
        };
      } catch (failure) {
        if (oidc.isFlowError(failure))
          throw new AppError(503, errorCodes.unavailable, oidcMessages.providerUnavailable);
        throw failure;
      }
    },
  );

  r.delete(
    '/api/users/me/identities/:id/',
    {
      ...ownAccount,
      schema: {
        tags,
        summary: "Unlink a provider's account (refused when it is the last way to sign in)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await oidc.unlink(currentUser(request), request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
}
