import { liveCloseCodes, liveLimits } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { ADMIN, createdData, createTestContext, engine, type TestContext } from '../context';
import { liveUrl, openSocket, signedInSocket, type TestSocket } from '../live/socket';

const AUTH_TIMEOUT_MS = 300;
const ANA = { email: 'ana@test.local', password: 'ana-password-123' };
const BEN = { email: 'ben@test.local', password: 'ben-password-123' };

let ctx: TestContext;
let url: string;
let admin: string;
let anaId: string;
let benId: string;
const sockets: TestSocket[] = [];

async function socketOf(token: string): Promise<TestSocket> {
  const socket = await signedInSocket(url, token);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  ctx = await createTestContext({}, { live: { authTimeoutMs: AUTH_TIMEOUT_MS } });
  url = await liveUrl(ctx.app);
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  anaId = await ctx.createUser({ ...ANA, permissions: ['chat.use', 'tasks.view'] });
  benId = await ctx.createUser({ ...BEN, permissions: ['chat.use'] });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});

describe('authenticating a socket', () => {
  it('closes a socket that sends no auth message in time with 4401', async () => {
    const socket = await openSocket(url);
    expect((await socket.closed).code).toBe(liveCloseCodes.unauthorized);
    expect(socket.received).toEqual([]);
  });

  it('ignores a token in the address: without an auth message the socket still closes with 4401', async () => {
    const token = await ctx.login(ANA.email, ANA.password);
    const socket = await openSocket(`${url}?token=${encodeURIComponent(token)}`);
    expect((await socket.closed).code).toBe(liveCloseCodes.unauthorized);
    expect(socket.received).toEqual([]);
  });

  it('closes a socket with a bad token, or a first message that is not auth, with 4401', async () => {
    const bad = await openSocket(url);
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect((await bad.closed).code).toBe(liveCloseCodes.unauthorized);
    const other = await openSocket(url);
    other.send({ type: 'presence', away: true });
    expect((await other.closed).code).toBe(liveCloseCodes.unauthorized);
    const garbage = await openSocket(url);
    garbage.send('{not json');
    expect((await garbage.closed).code).toBe(liveCloseCodes.unauthorized);
  });

  it('answers ready with the user for a session token, and for an API key', async () => {
    const socket = await socketOf(await ctx.login(ANA.email, ANA.password));
    expect(socket.received[0]).toEqual({ type: 'ready', user: anaId });
    const key = createdData<{ secret: string }>(
      await ctx.call(admin, 'POST', '/api/apps/api-key', { name: 'Live key' }),
    );
    const keyed = await socketOf(key.secret);
    expect(keyed.received[0]).toMatchObject({ type: 'ready' });
  });
});

describe('closing sockets whose session ended', () => {
  it('signing out closes that session’s socket (session.ended, then 4401) and not another session’s', async () => {
    const leaving = await ctx.login(BEN.email, BEN.password);
    const staying = await ctx.login(BEN.email, BEN.password);
    const gone = await socketOf(leaving);
    const kept = await socketOf(staying);
    expect((await ctx.call(leaving, 'POST', '/api/users/logout/')).statusCode).toBe(204);
    expect((await gone.closed).code).toBe(liveCloseCodes.unauthorized);
    expect(gone.received.map((message) => message.type)).toContain('session.ended');
    // The other session's socket still hears what is sent to Ben.
    ctx.app.live.sendTo([benId], { type: 'test.hello' });
    await kept.next('test.hello');
    expect(kept.ws.readyState).toBe(kept.ws.OPEN);
  });

  it('deactivating a user closes all their sockets', async () => {
    const email = 'cleo@test.local';
    const cleoId = await ctx.createUser({ email, password: 'cleo-password-123' });
    const first = await socketOf(await ctx.login(email, 'cleo-password-123'));
    const second = await socketOf(await ctx.login(email, 'cleo-password-123'));
    const user = (await ctx.call(admin, 'GET', `/api/users/user/${cleoId}/`)).json();
    const res = await ctx.call(admin, 'PUT', `/api/users/user/${cleoId}/`, { ...user, isActive: false });
    expect(res.statusCode).toBe(200);
    expect((await first.closed).code).toBe(liveCloseCodes.unauthorized);
    expect((await second.closed).code).toBe(liveCloseCodes.unauthorized);
  });

  it('asks for the tokens of the users a change concerns only: none after a sign-in, the owner after a sign-out', async () => {
    const asked: unknown[] = [];
    ctx.app.live.on('auth', async (payload) => {
      asked.push(payload.users ?? 'everyone');
    });
    // A sign-in ends no socket: nothing is announced (checked after the next announcement, which
    // is heard after it if it was made).
    const token = await ctx.login(ANA.email, ANA.password);
    expect((await ctx.call(token, 'POST', '/api/users/logout/')).statusCode).toBe(204);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    expect(asked).toEqual([[anaId]]);
    // A user's change concerns that user.
    const user = (await ctx.call(admin, 'GET', `/api/users/user/${benId}/`)).json();
    const res = await ctx.call(admin, 'PUT', `/api/users/user/${benId}/`, { ...user, firstName: 'Benedict' });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => asked).toEqual([[anaId], [benId]]);
  });
});

describe('limits', () => {
  it(`refuses a user's socket beyond ${liveLimits.socketsPerUser} on one node with 4429`, async () => {
    const email = 'dora@test.local';
    await ctx.createUser({ email, password: 'dora-password-123' });
    const token = await ctx.login(email, 'dora-password-123');
    for (let i = 0; i < liveLimits.socketsPerUser; i += 1) await socketOf(token);
    const extra = await openSocket(url);
    extra.send({ type: 'auth', token });
    expect((await extra.closed).code).toBe(liveCloseCodes.tooManySockets);
    for (const socket of sockets.splice(-liveLimits.socketsPerUser)) socket.close();
  });

  it('closes a flooding socket with 1008, and one sending more than 4 KB', async () => {
    const token = await ctx.login(ANA.email, ANA.password);
    const flooding = await socketOf(token);
    for (let i = 0; i < liveLimits.messagesPerSecond * 6; i += 1) flooding.send({ type: 'noise' });
    expect((await flooding.closed).code).toBe(liveCloseCodes.policyViolation);
    const large = await socketOf(token);
    large.send({ type: 'noise', text: 'x'.repeat(liveLimits.messageBytes) });
    expect((await large.closed).code).toBe(1009);
  });
});

describe('messages and events', () => {
  it('hands a client message to its handler with the socket’s user', async () => {
    const heard: { user: string; data: unknown }[] = [];
    ctx.app.live.onClientMessage('test.echo', async (user, data, socketId) => {
      heard.push({ user: user.id, data });
      expect(socketId).toEqual(expect.any(String));
      ctx.app.live.sendTo([user.id], { type: 'test.echoed' });
    });
    const socket = await socketOf(await ctx.login(ANA.email, ANA.password));
    socket.send({ type: 'test.echo', text: 'hi' });
    await socket.next('test.echoed');
    expect(heard).toEqual([{ user: anaId, data: { type: 'test.echo', text: 'hi' } }]);
  });

  it('announces what a transaction published once it commits, and nothing when it rolls back', async () => {
    const seen: unknown[] = [];
    let wake: () => void = () => {};
    ctx.app.live.on('test.topic', async (payload) => {
      seen.push(payload);
      wake();
    });
    const db = ctx.database.db;
    await expect(
      db.transaction(async (tx) => {
        await ctx.app.live.publish(tx as Database, 'test.topic', { n: 1 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const arrived = new Promise<void>((resolve) => {
      wake = resolve;
    });
    await db.transaction(async (tx) => {
      await ctx.app.live.publish(tx as Database, 'test.topic', { n: 2 });
      // Not before the commit.
      await tx.execute(sql`select 1`);
      expect(seen).toEqual([]);
    });
    await arrived;
    expect(seen).toEqual([{ n: 2 }]);
  });

  it('tells users who may chat of others’ presence: online, away, offline', async () => {
    const others = sockets.splice(0);
    for (const socket of others) socket.close();
    await Promise.all(others.map((socket) => socket.closed));
    const watcher = await socketOf(await ctx.login(BEN.email, BEN.password));
    const anaToken = await ctx.login(ANA.email, ANA.password);
    const ana = await socketOf(anaToken);
    await watcher.next('presence', (m) => m.userId === anaId && m.status === 'online');
    expect((await ctx.app.live.presence([anaId, benId])).get(anaId)).toBe('online');
    ana.send({ type: 'presence', away: true });
    await watcher.next('presence', (m) => m.userId === anaId && m.status === 'away');
    expect((await ctx.app.live.presence([anaId])).get(anaId)).toBe('away');
    ana.close();
    await watcher.next('presence', (m) => m.userId === anaId && m.status === 'offline');
    expect((await ctx.app.live.presence([anaId])).get(anaId)).toBe('offline');
  });
});

// Only PostgreSQL has a LISTEN connection that can drop (PGlite runs in this process).
if (engine === 'postgres') {
  describe('the LISTEN connection', () => {
    it('is reopened after it dropped: sockets are told to resync, and events flow again', async () => {
      const socket = await socketOf(await ctx.login(ANA.email, ANA.password));
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      await socket.next('resync');
      let heard = false;
      ctx.app.live.on('test.after', async () => {
        heard = true;
      });
      await ctx.app.live.publish(ctx.database.db, 'test.after', {});
      await expect.poll(() => heard).toBe(true);
    });
  });
}
