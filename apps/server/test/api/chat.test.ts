import { CHAT_UNREAD_CAP, chatMessages as chatTexts } from '@ledgerdesk/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, files, users } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { multipart } from '../multipart';

let ctx: TestContext;
let admin: string;
let ana: string;
let ben: string;
let cleo: string;
let outsider: string;
const ids: Record<string, string> = {};

const chatUser = async (name: string) => {
  const email = `${name}@test.local`;
  const id = await ctx.createUser({ email, password: `${name}-password-1`, permissions: ['chat.use'] });
  const firstName = `${name.slice(0, 1).toUpperCase()}${name.slice(1)}`;
  await ctx.database.db.update(users).set({ firstName }).where(eq(users.id, id));
  ids[name] = id;
  return ctx.login(email, `${name}-password-1`);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  ana = await chatUser('ana');
  ben = await chatUser('ben');
  cleo = await chatUser('cleo');
  // Signed in, and may chat, but a member of nothing the tests make.
  outsider = await chatUser('oscar');
  await ctx.createUser({
    email: 'nochat@test.local',
    password: 'nochat-password-1',
    permissions: ['tasks.view'],
  });
  ids.nochat =
    (
      await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'nochat@test.local'))
    )[0]?.id ?? '';
});
afterAll(() => ctx.close());

const as = (token: string) => apiCaller(() => ({ ctx, token }));

type Room = {
  id: string;
  name: string;
  unread: number;
  lastReadSeq: number;
  lastSeq: number;
  memberCount: number;
};
type Message = {
  id: string;
  seq: number;
  body: string;
  replyTo?: { id: string; seq: number; teaser: string };
};

async function channel(owner: string, name: string, memberIds: string[]): Promise<Room> {
  return createdData(await as(owner)('POST', '/api/chat/rooms', { name, memberIds }));
}
async function send(token: string, roomId: string, body: string, extra: object = {}): Promise<Message> {
  return createdData(await as(token)('POST', `/api/chat/rooms/${roomId}/messages`, { body, ...extra }));
}
const page = async (token: string, roomId: string, query = '') => {
  const res = await as(token)('GET', `/api/chat/rooms/${roomId}/messages${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: Message[]; hasMore: boolean; hasNewer: boolean };
};
const roomOf = async (token: string, roomId: string) =>
  ((await as(token)('GET', '/api/chat/rooms')).json().items as Room[]).find((r) => r.id === roomId);

describe('chat rooms', () => {
  it('a channel: its creator owns it, members see it, validation with field errors', async () => {
    const room = await channel(ana, 'Budget 2027', [ids.ben ?? '']);
    expect(room).toMatchObject({ name: 'Budget 2027', memberCount: 2, unread: 0, lastSeq: 0 });
    const detail = (await as(ben)('GET', `/api/chat/rooms/${room.id}`)).json();
    expect(detail.myRole).toBe('member');
    expect(detail.members.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([
      [ids.ana, 'owner'],
      [ids.ben, 'member'],
    ]);
    expect(await roomOf(ben, room.id)).toBeDefined();
    expect(await roomOf(cleo, room.id)).toBeUndefined();

    const empty = await as(ana)('POST', '/api/chat/rooms', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.name).toBe('Please enter the channel name.');
    const noChat = await as(ana)('POST', '/api/chat/rooms', { name: 'x', memberIds: [ids.nochat] });
    expect(noChat.statusCode).toBe(400);
    expect(noChat.json().fieldErrors.memberIds).toBe(chatTexts.notChatUser);
  });

  it('owners rename and add or remove members; members may not; a direct room has none of it', async () => {
    const room = await channel(ana, 'Procurement', [ids.ben ?? '']);
    expect((await as(ben)('PATCH', `/api/chat/rooms/${room.id}`, { name: 'Mine' })).statusCode).toBe(403);
    const renamed = await as(ana)('PATCH', `/api/chat/rooms/${room.id}`, { topic: 'Suppliers', version: 1 });
    expect(renamed.json().data).toMatchObject({ name: 'Procurement', topic: 'Suppliers', version: 2 });
    expect(
      (await as(ana)('PATCH', `/api/chat/rooms/${room.id}`, { topic: 'Old', version: 1 })).statusCode,
    ).toBe(409);
    expect(
      (await as(ben)('POST', `/api/chat/rooms/${room.id}/members`, { userIds: [ids.cleo] })).statusCode,
    ).toBe(403);
    const added = await as(ana)('POST', `/api/chat/rooms/${room.id}/members`, { userIds: [ids.cleo] });
    expect(added.json().data.memberCount).toBe(3);
    expect((await as(ana)('DELETE', `/api/chat/rooms/${room.id}/members/${ids.cleo}`)).statusCode).toBe(200);
    expect((await as(cleo)('GET', `/api/chat/rooms/${room.id}`)).statusCode).toBe(404);

    const direct = createdData<Room>(await as(ana)('POST', '/api/chat/direct', { userId: ids.cleo }));
    expect((await as(ana)('PATCH', `/api/chat/rooms/${direct.id}`, { name: 'x' })).json().errorMessage).toBe(
      chatTexts.directNotChannel,
    );
  });

  it('leaving: the owner’s channel passes to the longest member; the last one out deletes it', async () => {
    const room = await channel(ana, 'Short-lived', [ids.ben ?? '', ids.cleo ?? '']);
    await send(ana, room.id, 'hello');
    expect((await as(ana)('DELETE', `/api/chat/rooms/${room.id}/members/${ids.ana}`)).statusCode).toBe(200);
    const detail = (await as(ben)('GET', `/api/chat/rooms/${room.id}`)).json();
    // The two joined together: one of them owns it now.
    expect(detail.members.map((m: { role: string }) => m.role).sort()).toEqual(['member', 'owner']);
    await as(ben)('DELETE', `/api/chat/rooms/${room.id}/members/${ids.ben}`);
    await as(cleo)('DELETE', `/api/chat/rooms/${room.id}/members/${ids.cleo}`);
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(chatRooms)
      .where(eq(chatRooms.id, room.id));
    expect(left?.n).toBe(0);
  });

  it('direct: find-or-create, one room even when both start it at once', async () => {
    const [one, two] = await Promise.all([
      as(ben)('POST', '/api/chat/direct', { userId: ids.cleo }),
      as(cleo)('POST', '/api/chat/direct', { userId: ids.ben }),
    ]);
    expect([one?.statusCode, two?.statusCode].sort()).toEqual([200, 201]);
    expect(one?.json().data.id).toBe(two?.json().data.id);
    expect(one?.json().data).toMatchObject({ kind: 'direct', name: 'Cleo User', peer: { id: ids.cleo } });
    const again = await as(ben)('POST', '/api/chat/direct', { userId: ids.cleo });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(one?.json().data.id);
    expect((await as(ben)('POST', '/api/chat/direct', { userId: ids.ben })).statusCode).toBe(400);
    expect((await as(ben)('POST', '/api/chat/direct', { userId: ids.nochat })).statusCode).toBe(400);
  });

  it('a user without chat.use gets 403 on chat routes', async () => {
    const token = await ctx.login('nochat@test.local', 'nochat-password-1');
    expect((await as(token)('GET', '/api/chat/rooms')).statusCode).toBe(403);
    expect((await as(token)('GET', '/api/channels')).statusCode).toBe(403);
  });
});

describe('chat messages', () => {
  it('a non-member gets 404 on every route of a room and its messages, aliases and files included', async () => {
    const room = await channel(ana, 'Private', [ids.ben ?? '']);
    const message = await send(ana, room.id, 'secret plans');
    const call = as(outsider);
    const upload = multipart([{ name: 'a.txt', content: 'x', type: 'text/plain' }]);
    const res = await Promise.all([
      call('GET', `/api/chat/rooms/${room.id}`),
      call('PATCH', `/api/chat/rooms/${room.id}`, { name: 'mine' }),
      call('POST', `/api/chat/rooms/${room.id}/members`, { userIds: [ids.oscar] }),
      call('DELETE', `/api/chat/rooms/${room.id}/members/${ids.ben}`),
      call('GET', `/api/chat/rooms/${room.id}/messages`),
      call('GET', `/api/chat/rooms/${room.id}/messages?q=secret`),
      call('POST', `/api/chat/rooms/${room.id}/messages`, { body: 'hi' }),
      call('POST', `/api/chat/rooms/${room.id}/read`, { seq: 1 }),
      call('PATCH', `/api/chat/messages/${message.id}`, { body: 'changed' }),
      call('DELETE', `/api/chat/messages/${message.id}`),
      call('GET', `/api/chat/messages/${message.id}/attachments`),
      call('POST', `/api/chat/messages/${message.id}/attachments`, upload.payload, {
        headers: upload.headers,
      }),
      call('GET', `/api/messages?roomId=${room.id}`),
      call('POST', '/api/add/message', { roomId: room.id, message: 'hi' }),
      call('DELETE', '/api/delete/message', undefined, { headers: { message: message.id } }),
      // Not even an administrator reads a room they are not in.
      as(admin)('GET', `/api/chat/rooms/${room.id}/messages`),
    ]);
    expect(res.map((r) => r.statusCode)).toEqual(res.map(() => 404));
    for (const r of res) expect(r.body).not.toContain('secret plans');
    expect((await page(ana, room.id)).items.map((m) => m.body)).toEqual(['secret plans']);
  });

  it('numbers messages per room; pages back, after, around; hasMore and hasNewer', async () => {
    const room = await channel(ana, 'Paging', [ids.ben ?? '']);
    for (let i = 1; i <= 12; i += 1) await send(i % 2 ? ana : ben, room.id, `message ${i}`);
    const newest = await page(ana, room.id, '?limit=5');
    expect(newest.items.map((m) => m.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(newest).toMatchObject({ hasMore: true, hasNewer: false });
    const back = await page(ana, room.id, '?limit=5&before=8');
    expect(back.items.map((m) => m.seq)).toEqual([3, 4, 5, 6, 7]);
    expect(back).toMatchObject({ hasMore: true, hasNewer: true });
    const first = await page(ana, room.id, '?limit=5&before=3');
    expect(first.items.map((m) => m.seq)).toEqual([1, 2]);
    expect(first.hasMore).toBe(false);
    const after = await page(ana, room.id, '?limit=5&after=9');
    expect(after.items.map((m) => m.seq)).toEqual([10, 11, 12]);
    expect(after).toMatchObject({ hasMore: true, hasNewer: false });
    const around = await page(ana, room.id, '?limit=4&around=6');
    expect(around.items.map((m) => m.seq)).toEqual([4, 5, 6, 7]);
    expect(around).toMatchObject({ hasMore: true, hasNewer: true });

    const both = await as(ana)('GET', `/api/chat/rooms/${room.id}/messages?before=5&after=2`);
    expect(both.statusCode).toBe(400);
    expect((await as(ana)('GET', `/api/chat/rooms/${room.id}/messages?limit=101`)).statusCode).toBe(400);
    expect((await as(ana)('GET', `/api/chat/rooms/${room.id}/messages?before=x`)).statusCode).toBe(400);
    expect((await as(ana)('GET', `/api/chat/rooms/${room.id}/messages?around=1e30`)).statusCode).toBe(400);
    expect((await as(ana)('POST', `/api/chat/rooms/${room.id}/read`, { seq: 1e30 })).statusCode).toBe(400);
  });

  it('searches a room, newest hit first, and pages the hits', async () => {
    const room = await channel(ana, 'Search', [ids.ben ?? '']);
    await send(ana, room.id, 'The invoice for Copperline is late');
    await send(ben, room.id, 'Lunch?');
    await send(ben, room.id, 'I sent the INVOICE again');
    await send(ana, room.id, '100% sure, 50_50');
    const hits = await page(ana, room.id, '?q=invoice');
    expect(hits.items.map((m) => m.seq)).toEqual([3, 1]);
    const paged = await page(ana, room.id, '?q=invoice&limit=1');
    expect(paged.items.map((m) => m.seq)).toEqual([3]);
    expect(paged.hasMore).toBe(true);
    expect((await page(ana, room.id, '?q=invoice&before=3')).items.map((m) => m.seq)).toEqual([1]);
    // % and _ are letters here, not wildcards.
    expect((await page(ana, room.id, '?q=0%25')).items.map((m) => m.seq)).toEqual([4]);
    expect((await page(ana, room.id, '?q=e_i')).items).toEqual([]);
  });

  it('unread: others’ messages after the read position, capped; read moves forward only', async () => {
    const room = await channel(ana, 'Unread', [ids.ben ?? '']);
    await send(ana, room.id, 'one');
    await send(ana, room.id, 'two');
    await send(ben, room.id, 'three');
    // Sending counts as reading: Ben's message moved his position to 3.
    expect(await roomOf(ben, room.id)).toMatchObject({ unread: 0, lastReadSeq: 3, lastSeq: 3 });
    expect(await roomOf(ana, room.id)).toMatchObject({ unread: 1, lastReadSeq: 2 });
    const back = await as(ben)('POST', `/api/chat/rooms/${room.id}/read`, { seq: 1 });
    expect(back.json().data).toMatchObject({ lastReadSeq: 3, unread: 0 });
    // Past the newest message, the position stops at it.
    const anaRead = await as(ana)('POST', `/api/chat/rooms/${room.id}/read`, { seq: 999 });
    expect(anaRead.json().data).toMatchObject({ lastReadSeq: 3, unread: 0 });
    expect((await as(ana)('POST', `/api/chat/rooms/${room.id}/read`, { seq: -1 })).statusCode).toBe(400);

    // A room of many unread messages counts up to the cap only.
    await ctx.database.db.execute(sql`
      with r as (update chat_rooms set last_seq = last_seq + 150 where id = ${room.id} returning last_seq)
      insert into chat_messages (room_id, seq, sender_id, body)
      select ${room.id}, (select last_seq from r) - 150 + g, ${ids.ben}, 'bulk ' || g from generate_series(1, 150) g`);
    expect(await roomOf(ana, room.id)).toMatchObject({ unread: CHAT_UNREAD_CAP, lastSeq: 153 });
    const channels = (await as(ana)('GET', '/api/channels')).json().items;
    expect(channels.find((c: { id: string }) => c.id === room.id)).toMatchObject({
      name: 'Unread',
      unReadMessage: CHAT_UNREAD_CAP,
    });
    await as(ana)('POST', `/api/chat/rooms/${room.id}/read`, { seq: 150 });
    expect(await roomOf(ana, room.id)).toMatchObject({ unread: 3, lastReadSeq: 150 });
  });

  it('replies and mentions: in the room only', async () => {
    const room = await channel(ana, 'Replies', [ids.ben ?? '']);
    const other = await channel(ana, 'Elsewhere', []);
    const question = await send(ana, room.id, 'Who signs the contract?\nIt is due Friday.');
    const answer = await send(ben, room.id, 'I do, @Ana', { replyToId: question.id, mentions: [ids.ana] });
    expect(answer).toMatchObject({
      replyTo: {
        id: question.id,
        seq: 1,
        teaser: 'Who signs the contract? It is due Friday.',
        senderName: 'Ana User',
      },
      mentions: [ids.ana],
    });
    const foreign = await send(ana, other.id, 'elsewhere');
    const wrongReply = await as(ana)('POST', `/api/chat/rooms/${room.id}/messages`, {
      body: 'x',
      replyToId: foreign.id,
    });
    expect(wrongReply.statusCode).toBe(400);
    expect(wrongReply.json().fieldErrors.replyToId).toBe(chatTexts.replyElsewhere);
    const wrongMention = await as(ana)('POST', `/api/chat/rooms/${room.id}/messages`, {
      body: 'x',
      mentions: [ids.cleo],
    });
    expect(wrongMention.statusCode).toBe(400);
    expect(wrongMention.json().fieldErrors.mentions).toBe(chatTexts.notMember);
    const blank = await as(ana)('POST', `/api/chat/rooms/${room.id}/messages`, { body: '   ' });
    expect(blank.json().fieldErrors.body).toBe('Please write a message.');
    expect(
      (await as(ana)('POST', `/api/chat/rooms/${room.id}/messages`, { body: 'x'.repeat(4001) })).statusCode,
    ).toBe(400);
  });

  it('edit and delete: the sender only (403 for another member); delete by id takes files and leaves replies', async () => {
    const room = await channel(ana, 'Edits', [ids.ben ?? '']);
    const mine = await send(ana, room.id, 'draft', { withFiles: true });
    const reply = await send(ben, room.id, 'answer', { replyToId: mine.id });
    expect((await as(ben)('PATCH', `/api/chat/messages/${mine.id}`, { body: 'hijack' })).statusCode).toBe(
      403,
    );
    expect((await as(ben)('DELETE', `/api/chat/messages/${mine.id}`)).statusCode).toBe(403);
    const edited = await as(ana)('PATCH', `/api/chat/messages/${mine.id}`, { body: 'final' });
    expect(edited.json().data).toMatchObject({ body: 'final', seq: 1 });
    expect(edited.json().data.editedAt).not.toBeNull();

    const upload = multipart([{ name: 'notes.txt', content: 'meeting notes', type: 'text/plain' }]);
    expect(
      (
        await as(ben)('POST', `/api/chat/messages/${mine.id}/attachments`, upload.payload, {
          headers: upload.headers,
        })
      ).statusCode,
    ).toBe(403);
    const attached = await as(ana)('POST', `/api/chat/messages/${mine.id}/attachments`, upload.payload, {
      headers: upload.headers,
    });
    expect(attached.statusCode).toBe(201);
    const seen = (await page(ben, room.id)).items.find((m) => m.id === mine.id) as Message & {
      attachments: { name: string }[];
    };
    expect(seen.attachments.map((f) => f.name)).toEqual(['notes.txt']);

    const gone = await as(ana)('DELETE', '/api/delete/message', undefined, { headers: { message: mine.id } });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ id: mine.id });
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.attachedType, 'chat-messages'), eq(files.attachedId, mine.id)));
    expect(left?.n).toBe(0);
    const items = (await page(ben, room.id)).items;
    expect(items.map((m) => m.id)).toEqual([reply.id]);
    expect(items[0]?.replyTo).toBeUndefined();
    expect((await as(ana)('DELETE', `/api/chat/messages/${mine.id}`)).statusCode).toBe(404);
    expect((await as(ana)('DELETE', '/api/delete/message')).statusCode).toBe(400);
    expect(
      (await as(ana)('DELETE', '/api/delete/message', undefined, { headers: { message: 'nope' } }))
        .statusCode,
    ).toBe(400);
  });

  it('SPEC §7 aliases: /chat, /messages, add/message', async () => {
    const room = await channel(cleo, 'Aliases', [ids.ana ?? '']);
    const added = await as(cleo)('POST', '/api/add/message', { roomId: room.id, message: 'from the alias' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      successMessage: 'Message Added Successfully',
      data: { roomId: room.id, sender: 'Cleo User', senderId: ids.cleo, message: 'from the alias' },
    });
    const listed = await as(ana)('GET', `/api/messages?roomId=${room.id}`);
    expect(listed.json()).toMatchObject({
      items: [{ message: 'from the alias', sender: 'Cleo User' }],
      hasMore: false,
    });
    expect((await as(ana)('GET', '/api/messages')).statusCode).toBe(400);
    const contacts = (await as(ana)('GET', '/api/chat')).json().items as { id: string }[];
    expect(contacts.map((c) => c.id)).toContain(ids.cleo);
  });

  it('contacts: people who may chat, except oneself, with their direct room and its unread count', async () => {
    const direct = createdData<Room>(await as(outsider)('POST', '/api/chat/direct', { userId: ids.ana }));
    await send(outsider, direct.id, 'ping');
    await send(outsider, direct.id, 'ping again');
    const res = await as(ana)('GET', '/api/chat/contacts');
    const items = res.json().items as {
      id: string;
      roomId: string | null;
      badge: number;
      status: string;
      email: string;
    }[];
    const contactIds = items.map((c) => c.id);
    expect(contactIds).not.toContain(ids.ana);
    expect(contactIds).not.toContain(ids.nochat);
    expect(items.find((c) => c.id === ids.oscar)).toMatchObject({
      roomId: direct.id,
      badge: 2,
      status: 'offline',
      email: 'oscar@test.local',
      phone: null,
    });
    expect(items.find((c) => c.id === ids.ben)?.roomId).toBeNull();
    const found = (await as(ana)('GET', '/api/chat/contacts?q=osc')).json().items;
    expect(found.map((c: { id: string }) => c.id)).toEqual([ids.oscar]);
    // The administrator may chat (all permissions).
    expect(contactIds.length).toBeGreaterThanOrEqual(4);
  });

  it('a deleted sender leaves their messages, without a sender', async () => {
    const gone = await chatUser('gone');
    const room = await channel(gone, 'Orphans', [ids.ana ?? '']);
    await send(gone, room.id, 'still here');
    await ctx.database.db.delete(users).where(eq(users.id, ids.gone ?? ''));
    const items = (await page(ana, room.id)).items as (Message & { sender: unknown })[];
    expect(items).toMatchObject([{ body: 'still here', sender: null }]);
    const [rows] = await ctx.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.id));
    expect(rows?.n).toBe(1);
  });
});

describe('chat in the OpenAPI document', () => {
  it('lists the routes with their query parameters', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const paths = doc.paths as Record<string, Record<string, { parameters?: { name: string }[] }>>;
    expect(
      Object.keys(paths)
        .filter((p) => p.startsWith('/api/chat'))
        .sort(),
    ).toEqual([
      '/api/chat',
      '/api/chat/contacts',
      '/api/chat/direct',
      '/api/chat/messages/{id}',
      '/api/chat/messages/{id}/attachments',
      '/api/chat/messages/{id}/attachments/order',
      '/api/chat/messages/{id}/attachments/{fileId}',
      '/api/chat/rooms',
      '/api/chat/rooms/{id}',
      '/api/chat/rooms/{id}/members',
      '/api/chat/rooms/{id}/members/{userId}',
      '/api/chat/rooms/{id}/messages',
      '/api/chat/rooms/{id}/read',
    ]);
    const query = paths['/api/chat/rooms/{id}/messages']?.get?.parameters?.map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['id', 'before', 'after', 'around', 'q', 'limit']));
  });
});
