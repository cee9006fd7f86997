import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { liveUrl, signedInSocket, type TestSocket } from '../live/socket';

let ctx: TestContext;
let url: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
const sockets: TestSocket[] = [];

async function chatUser(name: string) {
  const email = `${name}@test.local`;
  const id = await ctx.createUser({ email, password: `${name}-password-1`, permissions: ['chat.use'] });
  const firstName = `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`;
  await ctx.database.db.update(users).set({ firstName }).where(eq(users.id, id));
  ids[name] = id;
  tokens[name] = await ctx.login(email, `${name}-password-1`);
}
const as = (name: string) => apiCaller(() => ({ ctx, token: tokens[name] ?? '' }));
const socketOf = async (name: string) => {
  const socket = await signedInSocket(url, tokens[name] ?? '');
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const name of ['ana', 'ben', 'oscar']) await chatUser(name);
  url = await liveUrl(ctx.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});

type Room = { id: string };
type Message = { id: string; seq: number; body: string };

describe('chat over the live connection', () => {
  it('members receive new, edited, deleted messages, read positions and typing; others nothing', async () => {
    const [ana, ben, oscar] = [await socketOf('ana'), await socketOf('ben'), await socketOf('oscar')];
    const room = createdData<Room>(
      await as('ana')('POST', '/api/chat/rooms', { name: 'Live', memberIds: [ids.ben] }),
    );
    await ben.next('chat.room', (m) => m.roomId === room.id && m.op === 'created');

    const sent = createdData<Message>(
      await as('ana')('POST', `/api/chat/rooms/${room.id}/messages`, { body: 'secret: hello Ben' }),
    );
    const received = await ben.next('chat.message');
    expect(received.message).toMatchObject({
      id: sent.id,
      roomId: room.id,
      seq: 1,
      body: 'secret: hello Ben',
      sender: { id: ids.ana, name: 'Ana User' },
    });
    // The sender's other tabs hear of it too.
    await ana.next('chat.message', (m) => (m.message as Message).id === sent.id);

    // Typing: relayed to the other members, not stored, not echoed to the typist.
    ana.send({ type: 'chat.typing', roomId: room.id });
    expect(await ben.next('chat.typing')).toEqual({
      type: 'chat.typing',
      roomId: room.id,
      userId: ids.ana,
      name: 'Ana User',
    });
    // Someone outside the room cannot type into it.
    oscar.send({ type: 'chat.typing', roomId: room.id });

    await as('ana')('PATCH', `/api/chat/messages/${sent.id}`, { body: 'secret: hello again' });
    expect((await ben.next('chat.updated')).message).toMatchObject({
      id: sent.id,
      body: 'secret: hello again',
    });

    await as('ben')('POST', `/api/chat/rooms/${room.id}/read`, { seq: 1 });
    expect(await ana.next('chat.read')).toMatchObject({ roomId: room.id, userId: ids.ben, lastReadSeq: 1 });

    await as('ana')('DELETE', `/api/chat/messages/${sent.id}`);
    expect(await ben.next('chat.deleted')).toEqual({
      type: 'chat.deleted',
      roomId: room.id,
      id: sent.id,
      seq: 1,
    });

    // Oscar's own room, after all of it: once he hears of it, he would have heard of the rest.
    const own = createdData<Room>(await as('oscar')('POST', '/api/chat/rooms', { name: 'Mine' }));
    await oscar.next('chat.room', (m) => m.roomId === own.id);
    expect(JSON.stringify(oscar.received)).not.toContain('secret');
    expect(oscar.received.filter((m) => m.type === 'chat.typing')).toEqual([]);
    expect(ben.received.filter((m) => m.type === 'chat.typing')).toHaveLength(1);
    expect(ana.received.filter((m) => m.type === 'chat.typing')).toEqual([]);
  });

  it('a removed member hears that they left, then nothing more of the room', async () => {
    const ben = await socketOf('ben');
    const room = createdData<Room>(
      await as('ana')('POST', '/api/chat/rooms', { name: 'Removal', memberIds: [ids.ben] }),
    );
    await ben.next('chat.room', (m) => m.roomId === room.id && m.op === 'created');
    await as('ana')('DELETE', `/api/chat/rooms/${room.id}/members/${ids.ben}`);
    await ben.next('chat.room', (m) => m.roomId === room.id && m.op === 'left');
    await as('ana')('POST', `/api/chat/rooms/${room.id}/messages`, { body: 'after Ben left' });
    const marker = createdData<Room>(await as('ben')('POST', '/api/chat/rooms', { name: 'Marker' }));
    await ben.next('chat.room', (m) => m.roomId === marker.id);
    expect(JSON.stringify(ben.received)).not.toContain('after Ben left');
  });

  it('presence in contacts and rooms: online with a socket open', async () => {
    await socketOf('oscar');
    const contacts = (await as('ana')('GET', '/api/chat/contacts')).json().items as {
      id: string;
      status: string;
    }[];
    expect(contacts.find((c) => c.id === ids.oscar)?.status).toBe('online');
    const direct = await as('ana')('POST', '/api/chat/direct', { userId: ids.oscar });
    expect(direct.json().data.peer).toMatchObject({ id: ids.oscar, status: 'online' });
  });

  it('notifications: direct messages coalesce per room, mentions notify each time', async () => {
    const direct = createdData<Room>(await as('ben')('POST', '/api/chat/direct', { userId: ids.ana }));
    await as('ben')('POST', `/api/chat/rooms/${direct.id}/messages`, { body: 'first' });
    await as('ben')('POST', `/api/chat/rooms/${direct.id}/messages`, { body: 'second' });
    const room = createdData<Room>(
      await as('ben')('POST', '/api/chat/rooms', { name: 'Mentions', memberIds: [ids.ana] }),
    );
    await as('ben')('POST', `/api/chat/rooms/${room.id}/messages`, { body: 'no mention' });
    await as('ben')('POST', `/api/chat/rooms/${room.id}/messages`, {
      body: '@Ana look',
      mentions: [ids.ana],
    });

    const items = (await as('ana')('GET', '/api/notifications')).json().items as {
      kind: string;
      count: number;
      params: Record<string, string>;
      link: string;
    }[];
    const messages = items.filter((n) => n.kind === 'message');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ count: 2, params: { from: 'Ben User', teaser: 'second' } });
    expect(messages[0]?.link).toContain(direct.id);
    const mentions = items.filter((n) => n.kind === 'mention');
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({
      params: { from: 'Ben User', room: 'Mentions', teaser: '@Ana look' },
    });
    // The sender is not notified of their own messages.
    const bens = (await as('ben')('GET', '/api/notifications')).json().items as { kind: string }[];
    expect(bens.filter((n) => n.kind === 'message' || n.kind === 'mention')).toEqual([]);
  });
});
