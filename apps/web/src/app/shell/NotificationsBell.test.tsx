import type { NotificationRecord } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { NotificationsBell } from './NotificationsBell';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const item = (fields: Partial<NotificationRecord>): NotificationRecord => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'task_assigned',
  params: { by: 'Ana Silva', title: 'Close the books' },
  link: '/apps/tasks/00000000-0000-4000-8000-0000000000aa',
  count: 1,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...fields,
});

afterEach(() => vi.restoreAllMocks());

describe('NotificationsBell', () => {
  it('names the unread count, lists the notifications in words, and opening one marks it read and goes to it', async () => {
    const unread = item({});
    const coalesced = item({
      id: '00000000-0000-4000-8000-000000000002',
      kind: 'ticket_reply',
      params: { by: 'Ben Wei', title: 'Printer on fire', number: 1001 },
      link: '/apps/tickets/00000000-0000-4000-8000-0000000000bb',
      count: 3,
    });
    const read = item({
      id: '00000000-0000-4000-8000-000000000003',
      kind: 'message',
      params: { from: 'Chen Wei' },
      link: '/chat',
      readAt: new Date().toISOString(),
    });
    let left = 2;
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/unread-count')) return json({ unread: left });
      if (url.includes(`/notifications/${unread.id}/read`)) {
        left = 1;
        return json({ successCode: 'UPDATED', successMessage: 'Updated', data: { unread: 1 } });
      }
      return json({ items: [unread, coalesced, read], unread: left, nextCursor: null });
    });
    const { user, router } = await renderInApp(<NotificationsBell />, { namespaces: ['shell'] });

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notifications-badge').textContent).toBe('2');
    await user.click(bell);
    // Mantine's transition leaves the dropdown display:none in jsdom: reached with `hidden`.
    const panel = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    const rows = await within(panel).findAllByRole('listitem', { hidden: true });
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Ana Silva assigned you a task: Close the books5 minutes agoUnread$/),
      expect.stringMatching(/^3 new replies on ticket #1001: Printer on fire/),
      expect.stringMatching(/^Chen Wei sent you a message/),
    ]);
    expect(rows[2]?.textContent).not.toContain('Unread');

    await user.click(
      within(panel).getByRole('button', { name: /Ana Silva assigned you a task/, hidden: true }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(unread.link));
    await waitFor(() => expect(calls).toContain(`POST /api/notifications/${unread.id}/read`));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('says when there is nothing, with "Mark all as read" disabled', async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      return String(input).endsWith('/unread-count')
        ? json({ unread: 0 })
        : json({ items: [], unread: 0, nextCursor: null });
    });
    const { user } = await renderInApp(<NotificationsBell />, { namespaces: ['shell'] });
    const bell = await screen.findByRole('button', { name: 'Notifications, none unread' });
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
    await user.click(bell);
    const panel = await screen.findByRole('dialog', { hidden: true });
    await within(panel).findByText('You are all caught up');
    const markAll = within(panel).getByRole('button', { name: 'Mark all as read', hidden: true });
    expect(markAll.getAttribute('aria-disabled')).toBe('true');
    await user.click(markAll);
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);
  });
});
