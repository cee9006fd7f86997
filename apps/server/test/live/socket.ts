import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** A test's socket on /api/live: what it received, in order, and how it closed. */
export type TestSocket = {
  ws: WebSocket;
  received: Record<string, unknown>[];
  /**
   * The first message of this type received after the one the previous `next` found (from the
   * start the first time), waiting for it if need be.
   */
  next(type: string, match?: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  close(): void;
};

const WAIT_MS = 5000;

/** The base ws:// address of an app listening on a free port (listens on the first call). */
export async function liveUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/live`;
}

export function openSocket(url: string): Promise<TestSocket> {
  const ws = new WebSocket(url);
  const received: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let from = 0;
  ws.on('message', (raw) => {
    // A frame holds one message, or a batch of them (presence).
    const data = JSON.parse(raw.toString()) as Record<string, unknown> | Record<string, unknown>[];
    received.push(...(Array.isArray(data) ? data : [data]));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters.splice(0)) wake();
    });
  });
  const socket: TestSocket = {
    ws,
    received,
    closed,
    next(type, match = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${type} message within ${WAIT_MS} ms; got ${JSON.stringify(received)}`)),
          WAIT_MS,
        );
        const look = () => {
          const index = received.findIndex(
            (message, i) => i >= from && message.type === type && match(message),
          );
          const found = received[index];
          if (found) {
            from = index + 1;
            clearTimeout(timer);
            resolve(found);
          } else waiters.push(look);
        };
        look();
      });
    },
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/** A socket authenticated with `token`, once the server said it is ready. */
export async function signedInSocket(url: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(url);
  socket.send({ type: 'auth', token });
  await socket.next('ready');
  return socket;
}
