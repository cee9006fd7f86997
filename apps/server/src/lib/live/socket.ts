import {
  liveAuthMessage,
  liveClientMessage,
  liveCloseCodes,
  liveLimits,
  livePresenceMessage,
} from '@ledgerdesk/contracts';
import type { WebSocket } from 'ws';
import type { LiveConnection, LiveNode, LiveUser } from './hub';

export type SocketOptions<U extends LiveUser> = {
  /** How long a new socket has to send its `auth` message. */
  authTimeoutMs: number;
  /** Ping every so often; a socket that did not answer the previous ping is closed. */
  pingIntervalMs: number;
  /** The token's user (the app's authenticator, cached like any request's). */
  authenticate(token: string): Promise<U | null>;
};

type Log = { warn(obj: object, msg: string): void };

/** A flood: this many times the allowed rate in one second closes the socket (1008). */
const FLOOD_FACTOR = 5;

function parse(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * One socket of GET /api/live: the first message must be `{ type: 'auth', token }` within the
 * timeout (else 4401); then the hub has it. Messages over the rate (20/s) are dropped, a flood
 * closes it (1008); pings keep it honest.
 */
export function serveSocket<U extends LiveUser>(
  node: LiveNode<U>,
  socket: WebSocket,
  options: SocketOptions<U>,
  log: Log,
): void {
  let connection: LiveConnection<U> | null = null;
  let authenticating = false;
  let alive = true;
  let windowStart = Date.now();
  let inWindow = 0;

  const close = (code: number, reason: string) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };
  const authTimer = setTimeout(
    () => close(liveCloseCodes.unauthorized, 'authentication expected'),
    options.authTimeoutMs,
  );
  const pingTimer = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, options.pingIntervalMs);
  pingTimer.unref();
  socket.on('pong', () => {
    alive = true;
  });

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearInterval(pingTimer);
    if (connection) node.detach(connection);
  });
  socket.on('error', (error) => log.warn({ err: error }, 'live: socket error'));

  async function authenticate(data: unknown) {
    const parsed = liveAuthMessage.safeParse(data);
    if (!parsed.success) {
      close(liveCloseCodes.unauthorized, 'authentication expected');
      return;
    }
    authenticating = true;
    const user = await options.authenticate(parsed.data.token).catch(() => null);
    clearTimeout(authTimer);
    if (socket.readyState !== socket.OPEN) return;
    if (!user) {
      close(liveCloseCodes.unauthorized, 'invalid credentials');
      return;
    }
    const opened: LiveConnection<U> = {
      id: node.newSocketId(),
      user,
      token: parsed.data.token,
      away: false,
      send: (text) => {
        if (socket.readyState === socket.OPEN) socket.send(text);
      },
      close,
    };
    if (!node.attach(opened)) {
      close(liveCloseCodes.tooManySockets, 'too many sockets');
      return;
    }
    connection = opened;
    socket.send(JSON.stringify({ type: 'ready', user: user.id }));
  }

  socket.on('message', (raw, isBinary) => {
    const now = Date.now();
    if (now - windowStart >= 1000) {
      windowStart = now;
      inWindow = 0;
    }
    inWindow += 1;
    if (inWindow > liveLimits.messagesPerSecond * FLOOD_FACTOR) {
      close(liveCloseCodes.policyViolation, 'too many messages');
      return;
    }
    if (inWindow > liveLimits.messagesPerSecond || isBinary) return;
    const data = parse(raw.toString());
    if (!connection) {
      if (!authenticating) void authenticate(data);
      return;
    }
    const message = liveClientMessage.safeParse(data);
    if (!message.success) return;
    if (message.data.type === 'presence') {
      const presence = livePresenceMessage.safeParse(data);
      if (presence.success) node.setAway(connection, presence.data.away);
      return;
    }
    node.receive(connection, message.data.type, data).catch((error: unknown) => {
      log.warn({ err: error, type: message.data.type }, 'live: a client message failed');
    });
  });
}
