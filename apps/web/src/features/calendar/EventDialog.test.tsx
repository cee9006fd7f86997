import type { CalendarEventRecord } from '@ledgerdesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { browserTimeZone } from './dates';
import { EventDialog } from './EventDialog';

const EVENT_ID = '5f0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const OWNER = { id: '7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a', name: 'Ada Lovelace' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function record(change: Partial<CalendarEventRecord> = {}): CalendarEventRecord {
  return {
    id: EVENT_ID,
    title: 'Budget review',
    start: '2026-03-12T09:00:00+00:00',
    end: '2026-03-12T10:30:00+00:00',
    allDay: false,
    category: 'warning',
    location: 'Room 4',
    description: 'Quarterly figures',
    department: 'Finance',
    url: '',
    repeat: 'weekly',
    repeatUntil: '2026-06-30',
    timeZone: 'UTC',
    owner: OWNER,
    users: [{ id: '9a0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a', name: 'Grace Hopper' }],
    groups: [],
    mayEdit: true,
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    version: 3,
    ...change,
  };
}

/** The calls made, as [method, path, body]. */
type Call = [string, string, unknown];

function stubApi(answers: { get?: CalendarEventRecord; post?: Response } = {}) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push([method, url.pathname, body]);
    if (method === 'GET' && url.pathname === `/api/calendar/events/${EVENT_ID}`)
      return json(200, answers.get);
    if (method === 'POST' && url.pathname === '/api/calendar/events')
      return answers.post ?? json(201, { successCode: 'ADDED', successMessage: 'Added', data: record(body) });
    if (url.pathname === '/api/users/group-options/') return json(200, { results: [] });
    if (url.pathname === '/api/users/options/') return json(200, { results: [] });
    if (method === 'DELETE' && url.pathname === `/api/calendar/events/${EVENT_ID}`)
      return json(200, { successCode: 'DELETED', successMessage: 'Deleted', data: { id: EVENT_ID } });
    return json(404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found.' });
  });
  return calls;
}

function signIn(permissions: string[]) {
  signInForTest({ id: OWNER.id, permissions });
}

// A new event on 12 March 2026 from 9:00 to 10:00, the viewer's time.
const draft = { start: new Date(2026, 2, 12, 9, 0), end: new Date(2026, 2, 12, 10, 0), allDay: false };

/** A whole value entered at once (typing it key by key re-renders the form for each). */
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function open(props: { eventId?: string | null; onSaved?: () => void } = {}) {
  const onClose = vi.fn();
  const view = await renderInApp(
    <EventDialog
      opened
      eventId={props.eventId ?? null}
      draft={props.eventId ? null : draft}
      onClose={onClose}
      onSaved={props.onSaved ?? vi.fn()}
    />,
    { namespaces: ['calendar'] },
  );
  return { ...view, onClose };
}

beforeEach(() => signIn(['calendar.view', 'calendar.manage']));
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

// A dialog of many fields, and the date picker's chunk loaded on first use: slower than a button.
describe('EventDialog', { timeout: 30_000 }, () => {
  it('asks for a title and an end after the start before anything is sent', async () => {
    const calls = stubApi();
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();

    type(within(dialog).getByLabelText(/^Title/), 'Team lunch');
    fireEvent.change(within(dialog).getByLabelText(/^End time/), { target: { value: '08:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(await within(dialog).findByText('Must be after the start')).toBeTruthy();
    expect(calls.filter(([method]) => method === 'POST')).toEqual([]);
  });

  it('sends the event as the API takes it, and shows the server field errors on their fields', async () => {
    const calls = stubApi({
      post: json(400, {
        errorCode: 'VALIDATION',
        errorMessage: 'Please check the highlighted fields.',
        fieldErrors: { location: 'The location must be at most 200 characters.' },
      }),
    });
    const { user } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'New event' });
    type(within(dialog).getByLabelText(/^Title/), 'Team lunch');
    type(within(dialog).getByLabelText('Location'), 'Canteen');
    type(within(dialog).getByLabelText('Link'), 'https://example.com/lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));

    expect(await within(dialog).findByText('The location must be at most 200 characters.')).toBeTruthy();
    const posts = calls.filter(([method]) => method === 'POST');
    expect(posts).toHaveLength(1);
    const [, path, body] = posts[0] as Call;
    expect(path).toBe('/api/calendar/events');
    expect(body).toMatchObject({
      title: 'Team lunch',
      allDay: false,
      category: 'info',
      location: 'Canteen',
      url: 'https://example.com/lunch',
      repeat: 'none',
      repeatUntil: null,
      timeZone: browserTimeZone(),
      userIds: [],
      groupIds: [],
    });
    const sent = body as { start: string; end: string };
    expect(sent.start).toMatch(/^2026-03-12T09:00:00([+-]\d{2}:\d{2}|Z)$/);
    expect(sent.end).toMatch(/^2026-03-12T10:00:00([+-]\d{2}:\d{2}|Z)$/);
    expect(Date.parse(sent.start)).toBe(draft.start.getTime());
  });

  it('deletes a series after saying every occurrence goes', async () => {
    const calls = stubApi({ get: record() });
    const onSaved = vi.fn();
    const { user, onClose } = await open({ eventId: EVENT_ID, onSaved });
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect(((await within(dialog).findByLabelText(/^Title/)) as HTMLInputElement).value).toBe(
      'Budget review',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete event' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete this event?' });
    expect(within(confirm).getByText(/deletes every occurrence of the series/)).toBeTruthy();
    expect(calls.some(([method]) => method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete event' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter(([method]) => method === 'DELETE').map(([, path]) => path)).toEqual([
      `/api/calendar/events/${EVENT_ID}`,
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows an event the user may not change, with its owner, and no way to save or delete it', async () => {
    stubApi({ get: record({ mayEdit: false }) });
    await open({ eventId: EVENT_ID });
    const dialog = await screen.findByRole('dialog', { name: 'Budget review' });
    expect(within(dialog).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(dialog).getByText('Grace Hopper')).toBeTruthy();
    expect(within(dialog).getByText('Warning')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete event' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
