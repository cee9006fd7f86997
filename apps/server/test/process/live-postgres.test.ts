import { liveCloseCodes } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInSocket } from '../live/socket';
import { type Server, signIn, startServer, twoNodeDatabase } from './server';

// Runs in the `process:postgres` project (vitest.config.ts), only when TEST_DATABASE_URL is set:
// two server processes on one PostgreSQL database, an event raised through one reaching a socket
// held by the other (LISTEN/NOTIFY).
const { databaseUrl, dataDirs, create, drop } = twoNodeDatabase('ledgerdesk_live');
const ADMIN = { email: 'boss@example.com', password: 'first-password-1' };
const COLLEAGUE = { email: 'cora@example.com', password: 'Lantern-orbit-quartz-71' };

let nodeA: Server;
let nodeB: Server;
const wsOf = (node: Server) => `${node.url.replace(/^http/, 'ws')}/api/live`;

async function call(node: Server, token: string, method: string, url: string, body?: object) {
  const res = await fetch(`${node.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), text };
}

beforeAll(async () => {
  await create();
  const env = (dataDir: string) => ({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO: 'false',
  });
  // One after the other: the first migrates and seeds.
  nodeA = await startServer(env(dataDirs[0] ?? ''));
  nodeB = await startServer(env(dataDirs[1] ?? ''));
}, 300_000);
afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await drop();
}, 60_000);

describe('the live connection across two nodes on one PostgreSQL', () => {
  it('a notification and a chat message sent through node A reach the socket on node B; a sign-out on A closes it; B closes with 1001 when it stops', async () => {
    const adminOnB = (await signIn(nodeB.url, ADMIN.email, ADMIN.password)).token;
    const socket = await signedInSocket(wsOf(nodeB), adminOnB);
    const adminId = socket.received[0]?.user as string;

    const adminOnA = (await signIn(nodeA.url, ADMIN.email, ADMIN.password)).token;
    const created = await call(nodeA, adminOnA, 'POST', '/api/users/user/', {
      username: 'cora',
      email: COLLEAGUE.email,
      firstName: 'Cora',
      lastName: 'Lee',
      password: COLLEAGUE.password,
      isAdmin: true,
    });
    expect(created.status, created.text).toBe(201);
    const colleagueOnA = (await signIn(nodeA.url, COLLEAGUE.email, COLLEAGUE.password)).token;
    const task = await call(nodeA, colleagueOnA, 'POST', '/api/apps/task', {
      task: 'Reconcile the ledger',
      assigneeIds: [adminId],
    });
    expect(task.status, task.text).toBe(201);
    const message = await socket.next('notification');
    expect(message).toMatchObject({
      unread: 1,
      notification: { kind: 'task_assigned', params: { by: 'Cora Lee', title: 'Reconcile the ledger' } },
    });

    // A chat message sent through A reaches the room's member on B.
    const room = await call(nodeA, colleagueOnA, 'POST', '/api/chat/rooms', {
      name: 'close-2026',
      memberIds: [adminId],
    });
    expect(room.status, room.text).toBe(201);
    const roomId = room.json().data.id as string;
    const sent = await call(nodeA, colleagueOnA, 'POST', `/api/chat/rooms/${roomId}/messages`, {
      body: 'The ledger balances.',
    });
    expect(sent.status, sent.text).toBe(201);
    const chat = await socket.next('chat.message');
    expect(chat).toMatchObject({
      message: { roomId, body: 'The ledger balances.', sender: { name: 'Cora Lee' } },
    });

    // The session the socket on B uses is ended through A: B hears of it and closes the socket.
    const leaving = await signedInSocket(wsOf(nodeB), colleagueOnA);
    expect((await call(nodeA, colleagueOnA, 'POST', '/api/users/logout/')).status).toBe(204);
    expect((await leaving.closed).code).toBe(liveCloseCodes.unauthorized);

    // Stopping node B: its sockets close with 1001 (going away) before it exits.
    expect(await nodeB.stop()).toBe(0);
    expect((await socket.closed).code).toBe(liveCloseCodes.goingAway);
  }, 120_000);
});
