import type { MailListItem } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../test/render';
import { MailList } from './MailList';

vi.setConfig({ testTimeout: 20_000 });

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function mail(n: number, change: Partial<MailListItem> = {}): MailListItem {
  return {
    id: uuid(n),
    messageId: uuid(1000 + n),
    forId: uuid(2000 + n),
    name: `Sender ${n}`,
    subject: `Subject ${n}`,
    teaser: `Teaser of mail ${n}`,
    date: new Date(Date.UTC(2026, 10, 20, 10, n)).toISOString(),
    unread: n % 2 === 1,
    badge: null,
    type: 'primary',
    category: 'inbox',
    label: null,
    starred: false,
    important: false,
    hasAttachments: false,
    delivery: null,
    ...change,
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** A fetch stub answering the list (two pages) and the bulk changes, recording every call. */
function stubMailApi(pages: MailListItem[][]) {
  const calls: Call[] = [];
  // The server keeps what a bulk change set: a list fetched again shows it.
  const stored = new Map(pages.flat().map((item) => [item.id, item]));
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (method === 'GET' && url.pathname === '/api/mail') {
      const index = url.searchParams.get('cursor') ? Number(url.searchParams.get('cursor')) : 0;
      const items = (pages[index] ?? []).map((item) => stored.get(item.id) ?? item);
      return json({ items, nextCursor: index + 1 < pages.length ? String(index + 1) : null });
    }
    if (method === 'PATCH' && url.pathname === '/api/mail/entries') {
      const { ids, ...change } = body as { ids: string[] };
      for (const id of ids) {
        const item = stored.get(id);
        if (item) stored.set(id, { ...item, ...change });
      }
      return json({ count: ids.length });
    }
    if (method === 'DELETE' && url.pathname.startsWith('/api/mail/threads/'))
      return json({ forId: url.pathname.split('/').at(-1), count: 1 });
    return json({ errorCode: 'NOT_FOUND', errorMessage: 'Not found' }, 404);
  });
  return { fetch, calls };
}

afterEach(() => vi.restoreAllMocks());

const query = { category: 'inbox' as const, type: 'primary' as const };
const href = (item: MailListItem) => `?thread=${item.forId}`;

describe('MailList', () => {
  it('lists the folder with unread lines marked and each line opening its thread', async () => {
    stubMailApi([[mail(1, { label: 'family', hasAttachments: true, badge: 3 }), mail(2)]]);
    await renderInApp(<MailList query={query} threadHref={href} />, { namespaces: ['mail'] });
    const link = await screen.findByRole('link', { name: /Sender 1/ });
    expect(link.getAttribute('href')).toBe(`/?thread=${uuid(2001)}`);
    expect(within(link).getByText('Unread:', { exact: false })).toBeDefined();
    expect(within(link).getByText('Family')).toBeDefined();
    expect(within(link).getByRole('img', { name: 'Has attachments' })).toBeDefined();
    expect(within(link).getByLabelText('3 messages')).toBeDefined();
    const read = screen.getByRole('link', { name: /Sender 2/ });
    expect(read.closest('li')?.getAttribute('data-unread')).toBeNull();
    expect(link.closest('li')?.getAttribute('data-unread')).toBe('true');
  });

  it('selects lines one by one and all at once, and marks the selection read in one bulk call', async () => {
    const { calls } = stubMailApi([[mail(1), mail(2), mail(3)]]);
    const { user } = await renderInApp(<MailList query={query} threadHref={href} />, {
      namespaces: ['mail'],
    });
    await screen.findByRole('link', { name: /Sender 1/ });

    await user.click(screen.getByRole('checkbox', { name: 'Select the mail from Sender 1: Subject 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the mail from Sender 3: Subject 3' }));
    expect(screen.getByText('2 selected')).toBeDefined();
    const all = screen.getByRole('checkbox', { name: 'Select every mail shown' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);

    // Two unread lines chosen: the first action marks them read.
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ ids: [uuid(1), uuid(3)], unread: false });
    // Shown at once, before the list comes back.
    await waitFor(() =>
      expect(
        screen
          .getByRole('link', { name: /Sender 1/ })
          .closest('li')
          ?.getAttribute('data-unread'),
      ).toBeNull(),
    );

    await user.click(all);
    expect(screen.getByText('3 selected')).toBeDefined();
    await user.click(all);
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('stars one line from its toggle, moves the selection to the trash, labels it and deletes its threads forever', async () => {
    const { calls } = stubMailApi([[mail(1), mail(2)]]);
    const { user } = await renderInApp(<MailList query={query} threadHref={href} />, {
      namespaces: ['mail'],
    });
    await screen.findByRole('link', { name: /Sender 1/ });

    const star = within(
      screen.getByRole('link', { name: /Sender 2/ }).closest('li') as HTMLElement,
    ).getByRole('button', { name: 'Star' });
    await user.click(star);
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ids: [uuid(2)], starred: true });

    await user.click(screen.getByRole('checkbox', { name: 'Select the mail from Sender 1: Subject 1' }));
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    await user.click(within(menu).getByRole('menuitem', { name: 'Support', hidden: true }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).toEqual({
      ids: [uuid(1)],
      label: 'support',
    });

    await user.click(screen.getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'PATCH')[2]?.body).toEqual({
      ids: [uuid(1)],
      folder: 'trash',
    });

    await user.click(screen.getByRole('checkbox', { name: 'Select every mail shown' }));
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const again = await screen.findByRole('menu', { hidden: true });
    await user.click(within(again).getByRole('menuitem', { name: 'Delete forever', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete forever?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `/api/mail/threads/${uuid(2001)}`,
      `/api/mail/threads/${uuid(2002)}`,
    ]);
  });

  it('restores from the trash instead of trashing', async () => {
    const { calls } = stubMailApi([[mail(1, { category: 'trash' })]]);
    const { user } = await renderInApp(<MailList query={{ category: 'trash' }} threadHref={href} />, {
      namespaces: ['mail'],
    });
    await screen.findByRole('link', { name: /Sender 1/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select every mail shown' }));
    expect(screen.queryByRole('button', { name: 'Move to trash' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ ids: [uuid(1)], restore: true }),
    );
  });

  it('loads the next page with the cursor the server gave, and says when there is no more', async () => {
    const { calls } = stubMailApi([[mail(1), mail(2)], [mail(3)]]);
    const { user } = await renderInApp(<MailList query={{ ...query, q: 'budget' }} threadHref={href} />, {
      namespaces: ['mail'],
    });
    await screen.findByRole('link', { name: /Sender 1/ });
    const first = calls[0]?.url.searchParams;
    expect(first?.get('category')).toBe('inbox');
    expect(first?.get('type')).toBe('primary');
    expect(first?.get('q')).toBe('budget');
    expect(first?.get('limit')).toBe('50');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Sender 3/ })).toBeDefined();
    expect(calls.at(-1)?.url.searchParams.get('cursor')).toBe('1');
    expect(screen.getByText('That is all the mail here')).toBeDefined();
  });

  it('tells an empty search apart from an empty folder', async () => {
    stubMailApi([[]]);
    await renderInApp(<MailList query={{ ...query, q: 'nothing' }} threadHref={href} />, {
      namespaces: ['mail'],
    });
    expect(await screen.findByText('No mail matches “nothing”')).toBeDefined();
  });
});
