import websocket from '@fastify/websocket';
import { liveCloseCodes, liveLimits } from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { createLiveHub, type LiveHub } from '../lib/live/hub';
import { serveSocket } from '../lib/live/socket';
import { type Authenticator, type AuthUser, can } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live connection's hub (lib/live/hub.ts): publish events, send to sockets. */
    live: LiveHub<AuthUser>;
  }
}

export type LiveSettings = {
  /** Tests shorten it; 10 s by default. */
  authTimeoutMs?: number;
  pingIntervalMs?: number;
};

/**
 * GET /api/live, the WebSocket of the signed-in tabs, and `app.live`. The upgrade request carries
 * no token (browsers cannot set headers on it, and a token in the URL would land in logs): the
 * route is public and the socket's first message authenticates it.
 */
export async function registerLive(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    auth: Authenticator & { authenticateNow(token: string): Promise<AuthUser | null> };
    settings?: LiveSettings;
  },
) {
  const node = createLiveHub<AuthUser>({
    database: deps.database,
    log: app.log,
    authenticate: deps.auth.authenticateNow,
    seesPresence: (user) => can(user, 'chat.use'),
    unauthorizedCode: liveCloseCodes.unauthorized,
    socketsPerUser: liveLimits.socketsPerUser,
  });
  app.decorate('live', node.hub);
  await node.start();
  await app.register(websocket, {
    options: { maxPayload: liveLimits.messageBytes },
    // At shutdown (and a test's end) the sockets close with 1001 before the database does.
    preClose: () => node.stop(liveCloseCodes.goingAway),
  });
  // The hub's own listener stops with the app even when no socket route was reached.
  app.addHook('onClose', () => node.stop(liveCloseCodes.goingAway));
  app.register(async (scope) => {
    scope.get(
      '/api/live',
      { websocket: true, config: { access: 'public' }, schema: { hide: true } },
      (socket) =>
        serveSocket(
          node,
          socket,
          {
            authTimeoutMs: deps.settings?.authTimeoutMs ?? liveLimits.authTimeoutMs,
            pingIntervalMs: deps.settings?.pingIntervalMs ?? liveLimits.pingIntervalMs,
            authenticate: deps.auth.authenticate,
          },
          app.log,
        ),
    );
  });
  return node;
}
