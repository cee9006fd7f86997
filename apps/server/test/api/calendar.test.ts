import {
  type CalendarEventRecord,
  type CalendarOccurrence,
  calendarMessages,
  errorCodes,
} from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, userGroups } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { type SmtpPeer, startSmtpPeer } from '../smtp';

// The calendar's API on either database: events (engine routes and SPEC aliases), who sees and
// changes what, occurrences of series (across a month and a change of daylight saving time), the
// panels beside the calendar, invitations by mail and the iCalendar feed.

const NOW = new Date('2026-03-15T12:00:00Z');
const PASSWORD = 'calendar-pass-2026';
let ctx: TestContext;
let smtp: SmtpPeer;
let admin: string;
/** Tokens and ids of the people of the tests. */
const people: Record<string, { token: string; id: string; email: string }> = {};
let teamGroup: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await createTestContext(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://ledger.example.org' },
    { now: () => NOW },
  );
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  for (const [name, permissions] of [
    ['owner', ['calendar.view', 'calendar.manage', 'tasks.view']],
    ['guest', ['calendar.view', 'calendar.manage']],
    ['member', ['calendar.view', 'invoices.view']],
    ['stranger', ['calendar.view', 'calendar.manage']],
    ['outsider', ['tasks.view']],
  ] as const) {
    const email = `${name}@calendar.test`;
    const id = await ctx.createUser({ email, password: PASSWORD, permissions: [...permissions] });
    people[name] = { id, email, token: await ctx.login(email, PASSWORD) };
  }
  // A group the member belongs to (besides the group of their permissions).
  const [group] = await ctx.database.db.insert(groups).values({ name: 'Calendar team' }).returning();
  teamGroup = group?.id ?? '';
  await ctx.database.db.insert(userGroups).values({ userId: people.member?.id ?? '', groupId: teamGroup });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const as = (name: string) => apiCaller(() => ({ ctx, token: people[name]?.token ?? '' }));
const owner = as('owner');
const guest = as('guest');
const member = as('member');
const stranger = as('stranger');
const outsider = as('outsider');
const adminCall = apiCaller(() => ({ ctx, token: admin }));

const base = {
  title: 'Budget review',
  start: '2026-03-16T09:00:00+01:00',
  end: '2026-03-16T10:30:00+01:00',
  timeZone: 'Europe/Paris',
  category: 'warning',
  location: 'Room 4',
  description: 'Quarterly figures',
  department: 'Finance',
  url: 'https://intranet.example.org/budget',
};
async function addEvent(fields: Record<string, unknown> = {}, call = owner): Promise<CalendarEventRecord> {
  return createdData(await call('POST', '/api/calendar/events', { ...base, ...fields }));
}
async function occurrencesOf(
  call: ReturnType<typeof as>,
  start: string,
  end: string,
): Promise<CalendarOccurrence[]> {
  const res = await call(
    'GET',
    `/api/events?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('events', () => {
  it('are created, read, changed and deleted through the engine routes and the SPEC aliases', async () => {
    const event = await addEvent();
    expect(event).toMatchObject({
      title: 'Budget review',
      start: '2026-03-16T09:00:00+01:00',
      end: '2026-03-16T10:30:00+01:00',
      allDay: false,
      category: 'warning',
      repeat: 'none',
      repeatUntil: null,
      timeZone: 'Europe/Paris',
      owner: { id: people.owner?.id },
      users: [],
      groups: [],
      mayEdit: true,
      version: 1,
    });
    const read = await owner('GET', `/api/calendar/events/${event.id}`);
    expect(read.json()).toEqual(event);

    const patched = await owner('PATCH', `/api/calendar/events/${event.id}`, { title: 'Budget review (Q1)' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({
      title: 'Budget review (Q1)',
      version: 2,
      location: 'Room 4',
    });

    const viaAlias = await owner('PUT', '/api/update/event', {
      id: event.id,
      category: 'danger',
      version: 2,
    });
    expect(viaAlias.statusCode).toBe(200);
    expect(viaAlias.json().data).toMatchObject({ category: 'danger', version: 3 });

    const added = await owner('POST', '/api/add/event', { ...base, title: 'Added by alias' });
    expect(added.statusCode).toBe(201);
    expect(added.json().successMessage).toBe('Event Added Successfully');

    const removed = await owner('DELETE', '/api/delete/event', undefined, { headers: { event: event.id } });
    expect(removed.statusCode).toBe(200);
    expect((await owner('GET', `/api/calendar/events/${event.id}`)).statusCode).toBe(404);
    const noKey = await owner('DELETE', '/api/delete/event');
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fieldErrors).toHaveProperty('event');

    const list = (await owner('GET', '/api/calendar/events?search=alias')).json();
    expect(list.results.map((e: CalendarEventRecord) => e.title)).toEqual(['Added by alias']);
  });

  it('refuses bad input with a 400 naming each field, never a 500', async () => {
    const bad = await owner('POST', '/api/calendar/events', {
      ...base,
      title: '',
      category: 'purple',
      url: 'javascript:alert(1)',
      timeZone: 'Mars/Olympus',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['category', 'timeZone', 'title', 'url']);
    expect(bad.json().fieldErrorCodes.timeZone).toMatchObject({ code: 'timeZone' });
    expect(bad.json().fieldErrorCodes.url).toMatchObject({ code: 'webAddress' });
    // The rules between fields, once each field is valid on its own.
    const rules = await owner('POST', '/api/calendar/events', {
      ...base,
      end: '2026-03-16T08:00:00+01:00',
      repeat: 'weekly',
    });
    expect(rules.statusCode).toBe(400);
    const body = rules.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['end', 'repeatUntil']);
    expect(body.fieldErrors.end).toBe('The end must be after the start.');
    expect(body.fieldErrorCodes.end).toMatchObject({ code: 'afterStart' });
    expect(body.fieldErrorCodes.repeatUntil).toMatchObject({ code: 'required' });

    const tooLong = await owner('POST', '/api/calendar/events', {
      ...base,
      repeat: 'daily',
      repeatUntil: '2032-01-01',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrorCodes.repeatUntil).toMatchObject({
      code: 'tooManyYears',
      params: { max: 5 },
    });
    const before = await owner('POST', '/api/calendar/events', {
      ...base,
      repeat: 'daily',
      repeatUntil: '2026-03-01',
    });
    expect(before.json().fieldErrorCodes.repeatUntil).toMatchObject({ code: 'notBeforeStart' });
    const notDate = await owner('POST', '/api/calendar/events', {
      ...base,
      start: 'tomorrow',
      userIds: ['x'],
    });
    expect(notDate.statusCode).toBe(400);
    expect(Object.keys(notDate.json().fieldErrors).sort()).toEqual(['start', 'userIds.0']);
    const ancient = await owner('POST', '/api/calendar/events', { ...base, start: '1800-01-01T09:00:00Z' });
    expect(ancient.statusCode).toBe(400);
    expect(ancient.json().fieldErrors).toEqual({ start: 'The start must be in 1900 or later.' });
    const unknownUser = await owner('POST', '/api/calendar/events', {
      ...base,
      userIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().fieldErrors).toEqual({ userIds: calendarMessages.unknownUsers });
    // A PATCH that breaks the start/end rule with the stored fields.
    const event = await addEvent();
    const patch = await owner('PATCH', `/api/calendar/events/${event.id}`, {
      end: '2026-03-16T08:00:00+01:00',
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fieldErrors).toHaveProperty('end');
  });

  it('stores an all-day event as whole days of its zone, end exclusive', async () => {
    const event = await addEvent({
      title: 'Offsite',
      allDay: true,
      start: '2026-03-20T10:00:00+01:00',
      end: '2026-03-21T12:00:00+01:00',
    });
    expect(event).toMatchObject({ start: '2026-03-20T00:00:00+01:00', end: '2026-03-22T00:00:00+01:00' });
    const [occurrence] = (await occurrencesOf(owner, '2026-03-20T00:00:00Z', '2026-03-21T00:00:00Z')).filter(
      (o) => o.eventId === event.id,
    );
    expect(occurrence).toMatchObject({
      start: '2026-03-20',
      end: '2026-03-22',
      allDay: true,
      recurring: false,
    });
  });
});

describe('who sees and changes what', () => {
  it('the owner, invited users and members of invited groups see it; only the owner changes it', async () => {
    const event = await addEvent({
      title: 'Shared planning',
      userIds: [people.guest?.id],
      groupIds: [teamGroup],
    });
    expect(event.users).toEqual([{ id: people.guest?.id, name: 'Test User' }]);
    expect(event.groups).toEqual([{ id: teamGroup, name: 'Calendar team' }]);

    for (const [who, call] of [
      ['guest', guest],
      ['member', member],
    ] as const) {
      const read = await call('GET', `/api/calendar/events/${event.id}`);
      expect(read.statusCode, who).toBe(200);
      expect(read.json().mayEdit, who).toBe(false);
      const seen = await occurrencesOf(call, '2026-03-16T00:00:00+01:00', '2026-03-17T00:00:00+01:00');
      expect(
        seen.find((o) => o.eventId === event.id),
        who,
      ).toMatchObject({ mayEdit: false });
    }
    const change = await guest('PATCH', `/api/calendar/events/${event.id}`, { title: 'Mine now' });
    expect(change.statusCode).toBe(403);
    expect(change.json().errorMessage).toBe(calendarMessages.notOwner);
    expect((await guest('DELETE', `/api/calendar/events/${event.id}`)).statusCode).toBe(403);
    const bulk = await guest('POST', '/api/calendar/events/bulk-delete', { items: [{ id: event.id }] });
    expect(bulk.statusCode).toBe(403);

    // A stranger, and an administrator who is not invited: as if there were no such event.
    for (const call of [stranger, adminCall]) {
      expect((await call('GET', `/api/calendar/events/${event.id}`)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/calendar/events/${event.id}`, { title: 'x' })).statusCode).toBe(404);
      expect(
        (await call('DELETE', '/api/delete/event', undefined, { headers: { event: event.id } })).statusCode,
      ).toBe(404);
      expect((await call('GET', `/api/calendar/events/${event.id}/activity`)).statusCode).toBe(404);
      const list = (await call('GET', '/api/calendar/events?search=Shared%20planning')).json();
      expect(list).toMatchObject({ count: 0, results: [] });
      const csv = await call('GET', '/api/calendar/events/export?search=Shared');
      expect(csv.body).not.toContain('Shared planning');
      const seen = await occurrencesOf(call, '2026-03-16T00:00:00+01:00', '2026-03-17T00:00:00+01:00');
      expect(seen.find((o) => o.eventId === event.id)).toBeUndefined();
    }
    const bulkStranger = await stranger('POST', '/api/calendar/events/bulk-delete', {
      items: [{ id: event.id }],
    });
    expect(bulkStranger.statusCode).toBe(404);

    // Without the permission: 403 whatever the event.
    expect((await outsider('GET', `/api/calendar/events/${event.id}`)).statusCode).toBe(403);
    expect((await outsider('GET', '/api/events?start=2026-03-01&end=2026-04-01')).statusCode).toBe(403);
    // calendar.view alone does not write.
    expect((await member('POST', '/api/calendar/events', base)).statusCode).toBe(403);

    // Removing the guest: they no longer see it.
    const unshared = await owner('PATCH', `/api/calendar/events/${event.id}`, { userIds: [] });
    expect(unshared.statusCode).toBe(200);
    expect((await guest('GET', `/api/calendar/events/${event.id}`)).statusCode).toBe(404);
  });
});

describe('occurrences', () => {
  it('a weekly series keeps 09:00 Paris time across the change to summer time (last Sunday of March)', async () => {
    const series = await addEvent({
      title: 'Stand-up',
      start: '2026-03-23T09:00:00+01:00',
      end: '2026-03-23T09:15:00+01:00',
      repeat: 'weekly',
      repeatUntil: '2026-04-13',
    });
    const found = (await occurrencesOf(owner, '2026-03-01T00:00:00Z', '2026-05-01T00:00:00Z')).filter(
      (o) => o.eventId === series.id,
    );
    expect(found.map((o) => o.start)).toEqual([
      '2026-03-23T09:00:00+01:00',
      '2026-03-30T09:00:00+02:00',
      '2026-04-06T09:00:00+02:00',
      '2026-04-13T09:00:00+02:00',
    ]);
    expect(found.map((o) => new Date(o.start).toISOString().slice(11, 16))).toEqual([
      '08:00',
      '07:00',
      '07:00',
      '07:00',
    ]);
    expect(found[1]).toMatchObject({
      id: `${series.id}_2026-03-30T07:00:00Z`,
      end: '2026-03-30T09:15:00+02:00',
      recurring: true,
      className: 'warning',
      extendedProps: { department: 'Finance' },
    });
  });

  it('a daily series across the end of summer time (last Sunday of October), and across a month', async () => {
    const series = await addEvent({
      title: 'Daily check',
      start: '2026-10-23T09:00:00+02:00',
      end: '2026-10-23T09:30:00+02:00',
      repeat: 'daily',
      repeatUntil: '2026-11-03',
    });
    const found = (
      await occurrencesOf(owner, '2026-10-24T00:00:00+02:00', '2026-11-02T00:00:00+01:00')
    ).filter((o) => o.eventId === series.id);
    expect(found.map((o) => o.start)).toEqual([
      '2026-10-24T09:00:00+02:00',
      '2026-10-25T09:00:00+01:00',
      '2026-10-26T09:00:00+01:00',
      '2026-10-27T09:00:00+01:00',
      '2026-10-28T09:00:00+01:00',
      '2026-10-29T09:00:00+01:00',
      '2026-10-30T09:00:00+01:00',
      '2026-10-31T09:00:00+01:00',
      '2026-11-01T09:00:00+01:00',
    ]);
  });

  it('a monthly series on the 31st skips the months without one', async () => {
    const series = await addEvent({
      title: 'Month-end close',
      start: '2026-01-31T16:00:00+01:00',
      end: '2026-01-31T17:00:00+01:00',
      repeat: 'monthly',
      repeatUntil: '2026-08-31',
    });
    const found = (await occurrencesOf(owner, '2026-01-01T00:00:00Z', '2026-12-31T00:00:00Z')).filter(
      (o) => o.eventId === series.id,
    );
    expect(found.map((o) => o.start.slice(0, 10))).toEqual([
      '2026-01-31',
      '2026-03-31',
      '2026-05-31',
      '2026-07-31',
      '2026-08-31',
    ]);
  });

  it('answers only for a valid range of at most 400 days', async () => {
    for (const [query, field] of [
      ['', 'start'],
      ['start=2026-03-01&end=soon', 'end'],
      ['start=2026-03-02&end=2026-03-01', 'end'],
      ['start=2026-01-01&end=2027-03-01', 'end'],
    ] as const) {
      const res = await owner('GET', `/api/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors, query).toHaveProperty(field);
    }
    const span = await owner('GET', '/api/events?start=2026-01-01&end=2027-03-01');
    expect(span.json().fieldErrors.end).toBe('The range may span at most 400 days.');
  });
});

describe('beside the calendar', () => {
  it('counts the occurrences of each category in the range, every category named', async () => {
    const range = 'start=2026-06-01T00:00:00Z&end=2026-06-08T00:00:00Z';
    await addEvent({
      title: 'June daily',
      category: 'success',
      start: '2026-06-01T08:00:00+02:00',
      end: '2026-06-01T09:00:00+02:00',
      repeat: 'daily',
      repeatUntil: '2026-06-30',
    });
    await addEvent({
      title: 'June one-off',
      category: 'danger',
      start: '2026-06-03T08:00:00+02:00',
      end: '2026-06-03T09:00:00+02:00',
    });
    const res = await owner('GET', `/api/categories?${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'success', count: 7 },
      { id: 'info', count: 0 },
      { id: 'warning', count: 0 },
      { id: 'danger', count: 1 },
    ]);
  });

  it('lists the next occurrences from now, under both spellings', async () => {
    const soon = await addEvent({
      title: 'Soon',
      start: '2026-03-15T14:00:00+01:00',
      end: '2026-03-15T15:00:00+01:00',
    });
    for (const path of ['/api/upcommingevents?limit=1', '/api/upcoming-events?limit=1']) {
      const res = await owner('GET', path);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((o: CalendarOccurrence) => o.eventId)).toEqual([soon.id]);
    }
    expect((await owner('GET', '/api/upcoming-events?limit=0')).statusCode).toBe(400);
    expect((await owner('GET', '/api/upcoming-events?limit=51')).statusCode).toBe(400);
    expect((await owner('GET', '/api/upcoming-events')).json().length).toBe(5);
  });

  it('shows the due dates of tasks and unpaid invoices to whoever may see them', async () => {
    const task = await ctx.call(admin, 'POST', '/api/apps/task', {
      task: 'File the VAT return',
      dueDate: '2026-03-20',
      assigneeIds: [people.owner?.id],
    });
    expect(task.statusCode, task.body).toBe(201);
    const range = 'start=2026-03-01T00:00:00%2B01:00&end=2026-04-01T00:00:00%2B02:00';
    const mine = (await owner('GET', `/api/calendar/layers?${range}`)).json();
    expect(mine.tasks).toEqual([
      {
        id: task.json().data._id,
        title: 'File the VAT return',
        date: '2026-03-20',
        url: `/apps/tasks/${task.json().data._id}`,
      },
    ]);
    expect(mine).not.toHaveProperty('invoices');
    const theirs = (await member('GET', `/api/calendar/layers?${range}`)).json();
    expect(theirs).not.toHaveProperty('tasks');
    expect(theirs.invoices).toEqual([]);
    expect((await guest('GET', `/api/calendar/layers?${range}`)).json()).toEqual({});
  });
});

describe('invitations', () => {
  it('mails each new invitee an .ics (users and group members, not the owner), and a cancellation when removed', async () => {
    // What earlier tests queued (cancellations) goes first.
    await ctx.app.outbox.drain();
    const since = smtp.inbox.length;
    const event = await addEvent({
      title: 'Kick-off; phase 2, with a long title that needs folding in the calendar file',
      userIds: [people.guest?.id, people.owner?.id],
      groupIds: [teamGroup],
      repeat: 'weekly',
      repeatUntil: '2026-04-27',
    });
    await ctx.app.outbox.drain();
    const guestMail = await smtp.next(people.guest?.email ?? '', since);
    const memberMail = await smtp.next(people.member?.email ?? '', since);
    expect(smtp.inbox.slice(since).filter((m) => m.to === people.owner?.email)).toEqual([]);
    expect(guestMail.subject).toBe(`Invitation: ${event.title}`);
    expect(memberMail.subject).toBe(`Invitation: ${event.title}`);
    const [ics] = guestMail.attachments;
    expect(ics?.filename).toBe('invite.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const text = ics?.content ?? '';
    expect(text).toContain('\r\n');
    expect(text).toContain('METHOD:REQUEST');
    expect(text).toContain(`UID:${event.id}@ledgerdesk`);
    expect(text).toContain('DTSTART;TZID=Europe/Paris:20260316T090000');
    expect(text).toContain('RRULE:FREQ=WEEKLY;UNTIL=20260427T215959Z');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      `SUMMARY:Kick-off\\; phase 2\\, with a long title that needs folding in the calendar file`,
    );

    // An update that invites nobody new mails nobody; removing the guest cancels for them.
    const quiet = smtp.inbox.length;
    await owner('PATCH', `/api/calendar/events/${event.id}`, { title: 'Kick-off' });
    expect(await ctx.app.outbox.drain()).toMatchObject({ done: 0 });
    await owner('PATCH', `/api/calendar/events/${event.id}`, { userIds: [] });
    await ctx.app.outbox.drain();
    const cancel = await smtp.next(people.guest?.email ?? '', quiet);
    expect(cancel.subject).toBe('Cancelled: Kick-off');
    expect(cancel.attachments[0]?.content).toContain('METHOD:CANCEL');
    expect(smtp.inbox.slice(quiet).filter((m) => m.to === people.member?.email)).toEqual([]);

    // Deleting the event cancels it for the group's members.
    const beforeDelete = smtp.inbox.length;
    expect((await owner('DELETE', `/api/calendar/events/${event.id}`)).statusCode).toBe(200);
    await ctx.app.outbox.drain();
    const gone = await smtp.next(people.member?.email ?? '', beforeDelete);
    expect(gone.attachments[0]?.content).toContain('STATUS:CANCELLED');
  });
});

describe('the iCalendar feed', () => {
  it('is made with a secret address shown once, read without signing in, replaced and revoked', async () => {
    expect((await guest('GET', '/api/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    const made = await guest('POST', '/api/calendar/feed');
    expect(made.statusCode).toBe(201);
    const { url, createdAt } = made.json().data;
    expect(url).toMatch(/^https:\/\/ledger\.example\.org\/api\/calendar\/feed\/[\w-]{43}\.ics$/);
    expect((await guest('GET', '/api/calendar/feed')).json()).toEqual({ active: true, createdAt });

    const shared = await addEvent({ title: 'Feed visible', userIds: [people.guest?.id] });
    const path = new URL(url).pathname;
    const feed = await ctx.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain(`UID:${shared.id}@ledgerdesk`);
    expect(feed.body).not.toContain('METHOD:');

    const rotated = (await guest('POST', '/api/calendar/feed')).json().data.url;
    expect(rotated).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const rotatedPath = new URL(rotated).pathname;
    expect((await ctx.app.inject({ method: 'GET', url: rotatedPath })).statusCode).toBe(200);

    expect((await guest('DELETE', '/api/calendar/feed')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: rotatedPath })).statusCode).toBe(404);
    expect((await guest('GET', '/api/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    for (const wrong of ['nope.ics', `${'a'.repeat(43)}.ics`, `${'a'.repeat(43)}.txt`]) {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/calendar/feed/${wrong}` })).statusCode).toBe(
        404,
      );
    }
    expect(errorCodes.notFound).toBe('NOT_FOUND');
  });
});
