import {
  type Access,
  apiKeyMessages,
  messages,
  type Permission,
  type SessionUser,
} from '@ledgerdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../lib/audit';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, with the access it declares: the permission test walks it. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    /** Who may call the route; a route under /api without it is denied. */
    access?: Access;
    /**
     * Only with a signed-in session, never with an API key (403): what a key must not do even if
     * its creator could — sign out or list sessions, change the password, profile or preferences,
     * and create or change API keys (a leaked key must not be able to make itself a successor or
     * lock its owner out).
     */
    sessionOnly?: boolean;
    /**
     * On a 'public' route: a bearer token sent is still checked, and `request.user` is its user
     * (null without one, or with one that is not valid): a route open to a signed link that also
     * answers a signed-in caller (a file's content).
     */
    optionalUser?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * The caller as the routes see it: signed in with a session (`sessionId`), or calling with an
 * API key (`apiKey`; then `sessionId` is null, and the routes marked `sessionOnly` refuse it).
 */
export type AuthUser = SessionUser & {
  sessionId: string | null;
  apiKey: { id: string; prefix: string } | null;
  isAdmin: boolean;
};

export function can(user: AuthUser, permission: Permission): boolean {
  return user.isAdmin || user.permissions.includes(permission);
}

/** Who a bearer token (a session's or an API key) belongs to: the auth module's service. */
export type Authenticator = { authenticate(token: string): Promise<AuthUser | null> };

export type RouteEntry = { method: string; url: string; readonly access: Access | undefined };

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in caller; only for routes whose access is not 'public'. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthorized();
  return request.user;
}

/**
 * The actor of an audit entry: the caller, their address and the request. A call made with an API
 * key is the key's creator's, and its label names the key.
 */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  return {
    id: user?.id ?? null,
    label: user?.apiKey ? `${user.email} (API key ${user.apiKey.prefix}…)` : (user?.email ?? ''),
    ip: request.ip,
    requestId: String(request.id),
  };
}

/**
 * Bearer token (a session's, or an API key) → user, then the route's declared access. Runs on
 * every request, before the body is read. Deny by default: a route under /api that declares no
 * access answers 403. An API key on a `sessionOnly` route answers 403 as well.
 */
export function registerAuth(app: FastifyInstance, auth: Authenticator) {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // Read lazily: a later onRoute hook may still declare the route's access.
      routeTable.push({
        method,
        url: route.url,
        get access() {
          return route.config?.access;
        },
      });
    }
  });
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // No route matched: the not-found handler answers. Outside /api: the web app's files.
    if (url === undefined || !url.startsWith('/api')) return;
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      request.log.error({ url }, 'route declares no access: denied');
      throw AppError.forbidden();
    }
    const token = bearerToken(request);
    if (access === 'public') {
      if (token && request.routeOptions.config.optionalUser) request.user = await auth.authenticate(token);
      return;
    }
    const user = token ? await auth.authenticate(token) : null;
    if (!user) throw AppError.unauthorized(messages.invalidCredentials);
    request.user = user;
    if (user.apiKey && request.routeOptions.config.sessionOnly)
      throw AppError.forbidden(apiKeyMessages.sessionOnly);
    if (access === 'authenticated') return;
    const anyOf: readonly Permission[] = typeof access === 'string' ? [access] : access;
    if (!anyOf.some((permission) => can(user, permission))) throw AppError.forbidden();
  });
}
