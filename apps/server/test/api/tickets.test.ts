import { ticketMessages } from '@ledgerdesk/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, files, ticketReplies, tickets } from '../../src/db/schema';
import { seedTickets } from '../../src/seed/tickets';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { multipart } from '../multipart';

let ctx: TestContext;
let admin: string;
let agent: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  agent = await ctx.createUser({ email: 'agent@test.local', password: 'agent-password-1' });
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Ticket = {
  _id: string;
  number: number;
  title: string;
  status: string;
  priority: string;
  closedAt: string | null;
  replyCount: number;
  assignedTo: { id: string; name: string } | null;
};
const client = { clientName: 'Harriet Cole', clientEmail: 'harriet@northgate.example' };
async function addTicket(fields: Record<string, unknown>): Promise<Ticket> {
  return createdData(await call('POST', '/api/apps/ticket', { ...client, ...fields }));
}
const titles = (res: { json(): { results: Ticket[] } }) => res.json().results.map((t) => t.title);

describe('tickets', () => {
  it('create with defaults, a running number and the client; validation with field errors', async () => {
    const res = await call('POST', '/api/apps/ticket', {
      title: 'Cannot export the report',
      clientName: 'Rui Matos',
      clientEmail: 'Rui@Copperline.example',
      assignedToId: agent,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Ticket Added Successfully',
      data: {
        title: 'Cannot export the report',
        client: { name: 'Rui Matos', email: 'rui@copperline.example' },
        assignedTo: { id: agent, name: 'Test User' },
        status: 'New',
        priority: 'Medium',
        dueDate: null,
        closedAt: null,
        replyCount: 0,
      },
    });
    expect(res.json().data.number).toBeGreaterThanOrEqual(1001);
    const next = await addTicket({ title: 'Second' });
    expect(next.number).toBe(res.json().data.number + 1);

    const bad = await call('POST', '/api/apps/ticket', {
      title: '',
      clientName: '',
      clientEmail: 'nope',
      status: 'Done',
      priority: 'Urgent',
      dueDate: '1/2/2027',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      title: 'Please enter the title.',
      clientName: 'Please enter the client’s name.',
      clientEmail: 'Please enter a valid email address.',
      status: 'The status must be one of: New, Open, Inprogress, Closed.',
      priority: 'The priority must be one of: High, Medium, Low.',
      dueDate: 'The due date must be a date (YYYY-MM-DD).',
    });
    const ghost = await call('POST', '/api/apps/ticket', {
      ...client,
      title: 'Ghost',
      assignedToId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.json().fieldErrors).toEqual({ assignedToId: ticketMessages.unknownAssignee });
  });

  it('lists by search, filters and ordering (priority by meaning)', async () => {
    await addTicket({ title: 'Kiosk A low', priority: 'Low', status: 'Open', dueDate: '2027-01-03' });
    await addTicket({ title: 'Kiosk B high', priority: 'High', assignedToId: agent, dueDate: '2027-01-01' });
    await addTicket({
      title: 'Kiosk C medium',
      clientName: 'Pieter Claes',
      clientEmail: 'pieter@crossway.example',
      dueDate: '2027-01-02',
    });
    expect(titles(await call('GET', '/api/apps/ticket?search=kiosk&ordering=-priority'))).toEqual([
      'Kiosk B high',
      'Kiosk C medium',
      'Kiosk A low',
    ]);
    expect(titles(await call('GET', '/api/apps/ticket?search=kiosk&ordering=-dueDate'))).toEqual([
      'Kiosk A low',
      'Kiosk C medium',
      'Kiosk B high',
    ]);
    expect(titles(await call('GET', '/api/apps/ticket?search=crossway'))).toEqual(['Kiosk C medium']);
    expect(titles(await call('GET', '/api/apps/ticket?search=kiosk&status=Open'))).toEqual(['Kiosk A low']);
    expect(titles(await call('GET', `/api/apps/ticket?search=kiosk&assignedTo=${agent}`))).toEqual([
      'Kiosk B high',
    ]);
    expect((await call('GET', '/api/apps/ticket?search=kiosk&priority=High')).json().count).toBe(1);
    const byNumber = (await call('GET', '/api/apps/ticket?search=kiosk&ordering=-number')).json().results;
    expect(byNumber[0].number).toBeGreaterThan(byNumber[2].number);
    expect((await call('GET', '/api/apps/ticket?priority=Urgent')).statusCode).toBe(400);
  });

  it('closedAt follows the status: set on closing, kept while closed, cleared on reopening', async () => {
    const ticket = await addTicket({ title: 'Close me' });
    const closed = (await call('PATCH', `/api/apps/ticket/${ticket._id}`, { status: 'Closed' })).json().data;
    expect(closed.closedAt).toEqual(expect.any(String));
    const edited = (await call('PATCH', `/api/apps/ticket/${ticket._id}`, { priority: 'High' })).json().data;
    expect(edited).toMatchObject({ status: 'Closed', priority: 'High', closedAt: closed.closedAt });
    const reopened = (await call('PATCH', `/api/apps/ticket/${ticket._id}`, { status: 'Open' })).json().data;
    expect(reopened.closedAt).toBeNull();
  });

  it('replies: a thread oldest first, counted on the ticket, audited; none on a closed ticket', async () => {
    const ticket = await addTicket({ title: 'Reply to me' });
    const first = await call('POST', `/api/apps/ticket/${ticket._id}/replies`, {
      body: 'Could you send a screenshot?',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      successMessage: 'Reply Added Successfully',
      data: { ticketId: ticket._id, body: 'Could you send a screenshot?', author: { name: 'Ada Admin' } },
    });
    await call('POST', `/api/apps/ticket/${ticket._id}/replies`, { body: 'Fixed in today’s release.' });
    const thread = (await call('GET', `/api/apps/ticket/${ticket._id}/replies`)).json();
    expect(thread.count).toBe(2);
    expect(thread.results.map((r: { body: string }) => r.body)).toEqual([
      'Could you send a screenshot?',
      'Fixed in today’s release.',
    ]);
    expect((await call('GET', `/api/apps/ticket/${ticket._id}`)).json().replyCount).toBe(2);

    const audit = (
      await call('GET', `/api/audit/?entity=ticketReply&entityKey=${first.json().data._id}`)
    ).json();
    expect(audit.results[0]).toMatchObject({
      action: 'create',
      after: { ticketId: ticket._id, body: 'Could you send a screenshot?' },
    });

    const empty = await call('POST', `/api/apps/ticket/${ticket._id}/replies`, { body: '  ' });
    expect(empty.json().fieldErrors).toEqual({ body: 'Please write a reply.' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('POST', `/api/apps/ticket/${unknown}/replies`, { body: 'Hello' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/apps/ticket/${unknown}/replies`)).statusCode).toBe(404);

    await call('PATCH', `/api/apps/ticket/${ticket._id}`, { status: 'Closed' });
    const refused = await call('POST', `/api/apps/ticket/${ticket._id}/replies`, { body: 'One more thing' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(ticketMessages.closedNoReplies);

    // Deleting the ticket takes its thread with it.
    expect((await call('DELETE', `/api/apps/ticket/${ticket._id}`)).statusCode).toBe(200);
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(ticketReplies)
      .where(eq(ticketReplies.ticketId, ticket._id));
    expect(left?.n).toBe(0);
  });

  it('a deleted user leaves the ticket unassigned and their replies without an author', async () => {
    const leaver = await ctx.createUser({ email: 'leaver@test.local', password: 'leaver-password-1' });
    const ticket = await addTicket({ title: 'Leaver ticket', assignedToId: leaver });
    await ctx.database.db
      .insert(ticketReplies)
      .values({ ticketId: ticket._id, authorId: leaver, body: 'On it.' });
    expect((await call('DELETE', `/api/users/user/${leaver}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/apps/ticket/${ticket._id}`)).json().assignedTo).toBeNull();
    const [reply] = (await call('GET', `/api/apps/ticket/${ticket._id}/replies`)).json().results;
    expect(reply).toMatchObject({ body: 'On it.', author: null });
  });
});

describe('ticket reply attachments', () => {
  type Reply = { _id: string; attachments: { id: string; name: string; url: string; size: number }[] };
  const upload = (replyId: string, names: string[], token = admin) => {
    const body = multipart(
      names.map((name) => ({ name, content: `The notes of ${name}.\n`, type: 'text/plain' })),
    );
    return ctx.app.inject({
      method: 'POST',
      url: `/api/apps/ticket/reply/${replyId}/attachments`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  it('the author attaches files to a reply; the thread shows them; only those who see tickets read them', async () => {
    const ticket = await addTicket({ title: 'With a screenshot' });
    const reply: Reply = createdData(
      await call('POST', `/api/apps/ticket/${ticket._id}/replies`, { body: 'Here is the log.' }),
    );
    expect(reply.attachments).toEqual([]);
    const added = await upload(reply._id, ['server.log', 'steps.txt']);
    expect(added.statusCode).toBe(201);
    expect(added.json().files.map((f: { name: string }) => f.name)).toEqual(['server.log', 'steps.txt']);

    const thread = (await call('GET', `/api/apps/ticket/${ticket._id}/replies`)).json();
    const [shown] = thread.results as Reply[];
    expect(shown?.attachments.map((f) => f.name)).toEqual(['server.log', 'steps.txt']);
    const file = shown?.attachments[0];
    if (!file) throw new Error('no attachment');
    // The signed URL works without a session; the file with the session, for a tickets viewer.
    const signed = await ctx.app.inject({ method: 'GET', url: file.url });
    expect(signed.statusCode).toBe(200);
    expect(signed.body).toBe('The notes of server.log.\n');
    await ctx.createUser({
      email: 'reply-viewer@test.local',
      password: 'reply-viewer-password-1',
      permissions: ['tickets.view'],
    });
    const viewer = await ctx.login('reply-viewer@test.local', 'reply-viewer-password-1');
    expect(
      (await call('GET', `/api/files/${file.id}/content`, undefined, { token: viewer })).statusCode,
    ).toBe(200);
    const listed = await call('GET', `/api/apps/ticket/reply/${reply._id}/attachments`, undefined, {
      token: viewer,
    });
    expect(listed.json().items.map((f: { access: string }) => f.access)).toEqual(['view', 'view']);

    // Someone who cannot see tickets cannot read the file, even knowing its id, nor list it.
    await ctx.createUser({
      email: 'reply-seller@test.local',
      password: 'seller-password-1',
      permissions: ['crm.view'],
    });
    const seller = await ctx.login('reply-seller@test.local', 'seller-password-1');
    expect(
      (await call('GET', `/api/files/${file.id}/content`, undefined, { token: seller })).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/files/${file.id}/thumbnail`, undefined, { token: seller })).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/apps/ticket/reply/${reply._id}/attachments`, undefined, { token: seller }))
        .statusCode,
    ).toBe(403);

    // Another tickets manager may not add to (or remove from) someone else's reply.
    await ctx.createUser({
      email: 'reply-manager@test.local',
      password: 'manager-password-1',
      permissions: ['tickets.view', 'tickets.manage'],
    });
    const manager = await ctx.login('reply-manager@test.local', 'manager-password-1');
    expect((await upload(reply._id, ['mine.txt'], manager)).statusCode).toBe(403);
    expect(
      (
        await call('DELETE', `/api/apps/ticket/reply/${reply._id}/attachments/${file.id}`, undefined, {
          token: manager,
        })
      ).statusCode,
    ).toBe(403);
    // An unknown reply is a 404.
    expect((await upload('00000000-0000-4000-8000-000000000000', ['a.txt'])).statusCode).toBe(404);

    // The author removes one; the thread shows the other.
    expect(
      (await call('DELETE', `/api/apps/ticket/reply/${reply._id}/attachments/${file.id}`)).statusCode,
    ).toBe(200);
    const after = (await call('GET', `/api/apps/ticket/${ticket._id}/replies`)).json().results[0] as Reply;
    expect(after.attachments.map((f) => f.name)).toEqual(['steps.txt']);

    // Once the ticket is closed, its replies' files are fixed.
    await call('PATCH', `/api/apps/ticket/${ticket._id}`, { status: 'Closed' });
    expect((await upload(reply._id, ['late.txt'])).statusCode).toBe(403);

    // Deleting the ticket deletes its replies' attachments.
    expect((await call('DELETE', `/api/apps/ticket/${ticket._id}`)).statusCode).toBe(200);
    const [left] = await ctx.database.db
      .select({ n: count() })
      .from(files)
      .where(and(eq(files.attachedType, 'ticket-replies'), eq(files.attachedId, reply._id)));
    expect(left?.n).toBe(0);
  });
});

describe('ticket counters', () => {
  it('are computed from the data: now, and the last 30 days against the 30 before', async () => {
    const { db } = ctx.database;
    await db.delete(tickets);
    await db.delete(auditLog).where(eq(auditLog.entity, 'ticket'));
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    const make = async (title: string, createdDaysAgo: number, status: string, closedDaysAgo?: number) => {
      const ticket = await addTicket({ title, status });
      await db
        .update(tickets)
        .set({
          createdAt: daysAgo(createdDaysAgo),
          ...(closedDaysAgo === undefined ? {} : { closedAt: daysAgo(closedDaysAgo) }),
        })
        .where(eq(tickets.id, ticket._id));
      return ticket;
    };
    await make('A', 5, 'New');
    await make('B', 10, 'Closed', 2);
    await make('C', 40, 'Open');
    await make('D', 45, 'Closed', 35);
    await make('E', 50, 'Closed', 20);
    await make('F', 100, 'Inprogress');
    const g = await addTicket({ title: 'G' });
    const h = await addTicket({ title: 'H' });
    await call('DELETE', `/api/apps/ticket/${g._id}`);
    await call('POST', '/api/apps/ticket/bulk-delete', { items: [{ id: h._id }] });
    await db
      .update(auditLog)
      .set({ at: daysAgo(40) })
      .where(
        and(eq(auditLog.entity, 'ticket'), eq(auditLog.action, 'delete'), eq(auditLog.entityKey, h._id)),
      );

    // A static path beside /:id: not taken for a ticket's id.
    const res = await call('GET', '/api/apps/ticket/counters');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.windowDays).toBe(30);
    const shape = { decimals: 0, prefix: '', suffix: '' };
    expect(body.counters).toEqual([
      {
        key: 'total',
        title: 'Total Tickets',
        counter: 6,
        current: 2,
        previous: 3,
        percentage: -33.33,
        ...shape,
      },
      {
        key: 'pending',
        title: 'Pending Tickets',
        counter: 3,
        current: 1,
        previous: 1,
        percentage: 0,
        ...shape,
      },
      {
        key: 'closed',
        title: 'Closed Tickets',
        counter: 3,
        current: 2,
        previous: 1,
        percentage: 100,
        ...shape,
      },
      {
        key: 'deleted',
        title: 'Deleted Tickets',
        counter: 2,
        current: 1,
        previous: 1,
        percentage: 0,
        ...shape,
      },
    ]);

    await db.delete(tickets);
    const empty = (await call('GET', '/api/apps/ticket/counters')).json().counters;
    expect(empty[0]).toMatchObject({ counter: 0, current: 0, previous: 0, percentage: null });
  });
});

describe('ticket permissions', () => {
  it('tickets.view reads (list, details, replies, counters); tickets.manage writes; crm does not open tickets', async () => {
    const ticket = await addTicket({ title: 'Permission check' });
    await ctx.createUser({
      email: 'viewer@test.local',
      password: 'viewer-pass-1',
      permissions: ['tickets.view'],
    });
    await ctx.createUser({
      email: 'sales@test.local',
      password: 'sales-pass-1',
      permissions: ['crm.view', 'crm.manage'],
    });
    const viewer = await ctx.login('viewer@test.local', 'viewer-pass-1');
    const sales = await ctx.login('sales@test.local', 'sales-pass-1');
    for (const url of [
      '/api/apps/ticket',
      `/api/apps/ticket/${ticket._id}`,
      `/api/apps/ticket/${ticket._id}/replies`,
      '/api/apps/ticket/counters',
    ]) {
      expect((await call('GET', url, undefined, { token: viewer })).statusCode).toBe(200);
      expect((await call('GET', url, undefined, { token: sales })).statusCode).toBe(403);
    }
    const reply = { body: 'Not allowed' };
    expect(
      (await call('POST', `/api/apps/ticket/${ticket._id}/replies`, reply, { token: viewer })).statusCode,
    ).toBe(403);
    expect(
      (await call('PATCH', `/api/apps/ticket/${ticket._id}`, { status: 'Open' }, { token: viewer }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/apps/ticket', { ...client, title: 'No' }, { token: sales })).statusCode,
    ).toBe(403);
  });
});

describe('tickets demo seed', () => {
  it('seeds 80 tickets with replies, the same every time', async () => {
    const { db } = ctx.database;
    await db.delete(tickets);
    await seedTickets(db, [agent], agent);
    const byStatus = await db
      .select({ status: tickets.status, n: count() })
      .from(tickets)
      .groupBy(tickets.status)
      .orderBy(tickets.status);
    const [replies] = await db.select({ n: count() }).from(ticketReplies);
    expect({ byStatus, replies: replies?.n }).toEqual(SEEDED);
    const [closed] = await db
      .select({ n: count() })
      .from(tickets)
      .where(and(eq(tickets.status, 'Closed'), sql`${tickets.closedAt} is not null`));
    expect(closed?.n).toBe(SEEDED.byStatus.find((s) => s.status === 'Closed')?.n);
  });
});

/** What the seed makes: a change to it shows here. */
const SEEDED = {
  byStatus: [
    { status: 'Closed', n: 31 },
    { status: 'Inprogress', n: 15 },
    { status: 'New', n: 22 },
    { status: 'Open', n: 12 },
  ],
  replies: 134,
};
