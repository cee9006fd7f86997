import { NOTIFICATIONS_PAGE_SIZE } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { createNotificationsService } from '../../src/modules/notifications/service';
import { createdData, createTestContext, type TestContext } from '../context';
import { liveUrl, signedInSocket, type TestSocket } from '../live/socket';

const MANAGER = { email: 'manager@test.local', password: 'manager-password-1' };
const ANA = { email: 'ana@test.local', password: 'ana-password-123' };
const BEN = { email: 'ben@test.local', password: 'ben-password-123' };

let ctx: TestContext;
let url: string;
let manager: string;
let managerId: string;
let ana: string;
let anaId: string;
let ben: string;
let benId: string;
const sockets: TestSocket[] = [];
type Page = {
  items: { id: string; kind: string; params: object; link: string; count: number; readAt: string | null }[];
  unread: number;
  nextCursor: string | null;
};

const page = async (token: string, query = ''): Promise<Page> => {
  const res = await ctx.call(token, 'GET', `/api/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const unread = async (token: string): Promise<number> =>
  (await ctx.call(token, 'GET', '/api/notifications/unread-count')).json().unread;

beforeAll(async () => {
  ctx = await createTestContext();
  url = await liveUrl(ctx.app);
  managerId = await ctx.createUser({
    ...MANAGER,
    permissions: ['tasks.view', 'tasks.manage', 'tickets.view', 'tickets.manage'],
  });
  manager = await ctx.login(MANAGER.email, MANAGER.password);
  anaId = await ctx.createUser({ ...ANA, permissions: ['tickets.view', 'tickets.manage', 'tasks.view'] });
  ana = await ctx.login(ANA.email, ANA.password);
  benId = await ctx.createUser({ ...BEN, permissions: ['tasks.view'] });
  ben = await ctx.login(BEN.email, BEN.password);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});

async function socketOf(token: string) {
  const socket = await signedInSocket(url, token);
  sockets.push(socket);
  return socket;
}

describe('task assigned', () => {
  it('notifies a new assignee at once over the live socket, not the one who assigned themselves', async () => {
    const anaSocket = await socketOf(ana);
    const task = createdData<{ _id: string }>(
      await ctx.call(manager, 'POST', '/api/apps/task', {
        task: 'Close the books',
        assigneeIds: [anaId, managerId],
      }),
    );
    const live = await anaSocket.next('notification');
    expect(live).toMatchObject({
      unread: 1,
      notification: {
        kind: 'task_assigned',
        params: { by: 'Test User', title: 'Close the books' },
        link: `/apps/tasks/${task._id}`,
        count: 1,
        readAt: null,
      },
    });
    expect((await page(ana)).items).toHaveLength(1);
    expect(await unread(manager)).toBe(0);

    // Changing the task again: only whoever is newly assigned hears of it.
    const update = await ctx.call(manager, 'PATCH', `/api/apps/task/${task._id}`, {
      task: 'Close the books (Q3)',
      assigneeIds: [anaId, benId],
    });
    expect(update.statusCode).toBe(200);
    expect(await unread(ana)).toBe(1);
    const bens = await page(ben);
    expect(bens.items).toMatchObject([{ kind: 'task_assigned', params: { title: 'Close the books (Q3)' } }]);
  });
});

describe('ticket reply', () => {
  it('notifies whoever filed the ticket and its assignee, not the author; replies to one ticket pile up', async () => {
    const ticket = createdData<{ _id: string; number: number }>(
      await ctx.call(manager, 'POST', '/api/apps/ticket', {
        title: 'Printer on fire',
        clientName: 'Acme',
        clientEmail: 'ops@acme.test',
        assignedToId: anaId,
      }),
    );
    const before = await unread(ana);
    const reply = (token: string, body: string) =>
      ctx.call(token, 'POST', `/api/apps/ticket/${ticket._id}/replies`, { body });
    expect((await reply(ana, 'On it')).statusCode).toBe(201);
    // Ana wrote it: the manager (who filed the ticket) hears of it, Ana does not.
    expect(await unread(ana)).toBe(before);
    const managers = await page(manager);
    expect(managers.items).toMatchObject([
      {
        kind: 'ticket_reply',
        count: 1,
        params: { title: 'Printer on fire', number: ticket.number },
        link: `/apps/tickets/${ticket._id}`,
      },
    ]);
    expect((await reply(ana, 'Fire is out')).statusCode).toBe(201);
    const piled = await page(manager);
    expect(piled.items).toHaveLength(1);
    expect(piled.items[0]?.count).toBe(2);
    expect(piled.unread).toBe(1);

    // The manager's reply goes to the assignee.
    expect((await reply(manager, 'Thanks')).statusCode).toBe(201);
    expect(await unread(ana)).toBe(before + 1);

    // Once read, the next reply starts a new notification.
    const first = piled.items[0]?.id ?? '';
    expect((await ctx.call(manager, 'POST', `/api/notifications/${first}/read`)).statusCode).toBe(200);
    expect((await reply(ana, 'One more thing')).statusCode).toBe(201);
    const after = await page(manager);
    expect(after.items.map((item) => item.count)).toEqual([1, 2]);
    expect(after.items[1]?.readAt).not.toBeNull();
  });
});

describe('reading notifications', () => {
  it('marks one read and all read, and tells the user’s other tabs', async () => {
    const other = await socketOf(ben);
    const { items } = await page(ben);
    const [first] = items;
    if (!first) throw new Error('Ben has no notification');
    const read = await ctx.call(ben, 'POST', `/api/notifications/${first.id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ unread: 0 });
    expect(await other.next('notifications.changed')).toEqual({ type: 'notifications.changed', unread: 0 });
    // Reading it again changes nothing.
    expect((await ctx.call(ben, 'POST', `/api/notifications/${first.id}/read`)).statusCode).toBe(200);

    expect(await unread(ana)).toBeGreaterThan(0);
    const all = await ctx.call(ana, 'POST', '/api/notifications/read-all');
    expect(all.json().data).toEqual({ unread: 0 });
    expect(await unread(ana)).toBe(0);
    expect((await page(ana, '?unread=true')).items).toEqual([]);
    expect((await page(ana)).items.length).toBeGreaterThan(0);
  });

  it('never shows or marks another user’s notification (404), and refuses bad input with 400', async () => {
    const { items } = await page(manager);
    const theirs = items[0]?.id ?? '';
    const res = await ctx.call(ben, 'POST', `/api/notifications/${theirs}/read`);
    expect(res.statusCode).toBe(404);
    expect((await page(manager)).items[0]?.readAt).toBeNull();
    expect((await page(ben)).items.map((item) => item.id)).not.toContain(theirs);
    expect((await ctx.call(ben, 'POST', '/api/notifications/not-an-id/read')).statusCode).toBe(400);
    const badCursor = await ctx.call(ben, 'GET', '/api/notifications?cursor=nonsense');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errorMessage).toBe('The cursor is not valid.');
    expect((await ctx.call(ben, 'GET', '/api/notifications?unread=maybe')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('pages newest first, 20 at a time, and coalesces by key', async () => {
    const email = 'paged@test.local';
    const userId = await ctx.createUser({ email, password: 'paged-password-1' });
    const token = await ctx.login(email, 'paged-password-1');
    const service = createNotificationsService({ db: ctx.database.db, live: ctx.app.live });
    for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE + 5; i += 1) {
      await ctx.database.db.transaction((tx) =>
        service.notify(tx as Database, {
          userIds: [userId],
          kind: 'mail',
          params: { subject: `Mail ${i}` },
          link: '/mailbox',
        }),
      );
    }
    for (let i = 0; i < 3; i += 1) {
      await service.notify(ctx.database.db, {
        userIds: [userId],
        kind: 'message',
        params: { from: 'Ana' },
        link: '/chat',
        coalesceKey: 'room:1',
      });
    }
    const first = await page(token);
    expect(first.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.unread).toBe(NOTIFICATIONS_PAGE_SIZE + 6);
    expect(first.items[0]).toMatchObject({ kind: 'message', count: 3 });
    expect(first.items[1]).toMatchObject({
      kind: 'mail',
      params: { subject: `Mail ${NOTIFICATIONS_PAGE_SIZE + 4}` },
    });
    const second = await page(token, `?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(6);
    expect(second.nextCursor).toBeNull();
    expect(second.items.at(-1)).toMatchObject({ params: { subject: 'Mail 0' } });
  });
});
