import type { RecordSearchResponse, SessionUser } from '@ledgerdesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { CommandPalette } from './CommandPalette';

function signIn(permissions: SessionUser['permissions']) {
  signInForTest({ permissions });
}

const found: RecordSearchResponse = {
  groups: [
    {
      area: 'crm',
      hits: [
        { kind: 'company', title: 'Quillfeather Holdings', subtitle: 'Lyon', path: '/apps/crm/companies/c1' },
      ],
    },
  ],
};

function stubSearch(answer: RecordSearchResponse = found) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (!url.startsWith('/api/search?')) throw new Error(`unexpected fetch ${url}`);
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

async function openPalette() {
  const onClose = vi.fn();
  const onOpenSettings = vi.fn();
  const view = await renderInApp(
    <CommandPalette opened onClose={onClose} onOpenSettings={onOpenSettings} />,
    {
      namespaces: ['shell', 'crm', 'ecommerce', 'jobs', 'library'],
    },
  );
  const search = await screen.findByRole('combobox', { name: 'Search pages, actions and records' });
  return { ...view, search, onClose, onOpenSettings };
}

const options = () => within(screen.getByRole('listbox', { name: 'Results' })).queryAllByRole('option');
const names = () => options().map((option) => option.textContent);

// jsdom lays nothing out and has no scrollIntoView, which spotlight calls on the option it selects.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

// Typing into a 60-option list in jsdom on a shared 2-core machine: more than the default 5 s.
describe('CommandPalette', { timeout: 20_000 }, () => {
  it('finds pages of the sidebar and inside an area, and goes there with Enter', async () => {
    signIn(['crm.view', 'invoices.view']);
    stubSearch({ groups: [] });
    const { search, user, router } = await openPalette();
    await user.type(search, 'compan');
    await waitFor(() => expect(names()).toEqual([expect.stringMatching(/^Companies/)]));
    expect(names()[0]).toContain('CRM');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/crm/companies'));
  });

  it('offers only the actions the user may do', async () => {
    signIn(['invoices.view', 'invoices.manage', 'tasks.view']);
    stubSearch({ groups: [] });
    const { search, user, router } = await openPalette();
    await user.type(search, 'new');
    await waitFor(() => expect(names().some((name) => name?.startsWith('New invoice'))).toBe(true));
    expect(names().some((name) => name?.startsWith('New task'))).toBe(false);
    await user.click(screen.getByRole('option', { name: /New invoice/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/invoices/new'));
  });

  it('opens the layout settings from their action', async () => {
    signIn([]);
    stubSearch({ groups: [] });
    const { search, user, onOpenSettings } = await openPalette();
    await user.type(search, 'layout');
    await user.click(await screen.findByRole('option', { name: /Layout settings/ }));
    expect(onOpenSettings).toHaveBeenCalledTimes(1);
  });

  it('lists the records the search endpoint finds, under their area, and opens one', async () => {
    signIn(['crm.view']);
    const fetch = stubSearch();
    const { search, user, router } = await openPalette();
    await user.type(search, 'quill');
    const record = await screen.findByRole('option', { name: /Quillfeather Holdings/ });
    expect(record.textContent).toContain('Company · Lyon');
    expect(screen.getByRole('group', { name: 'CRM' }).contains(record)).toBe(true);
    const terms = fetch.mock.calls.map(([input]) => new URL(String(input), 'http://x').searchParams);
    expect(terms.at(-1)?.get('q')).toBe('quill');
    expect(terms.at(-1)?.get('limit')).toBe('5');
    // A term shorter than the search needs never reaches the server.
    expect(terms.every((params) => (params.get('q') ?? '').length >= 2)).toBe(true);
    // The record is the only option: selected, and named by the search box for screen readers.
    expect(options()).toEqual([record]);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(search.getAttribute('aria-activedescendant')).toBe(record.id));
    expect(record.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/crm/companies/c1'));
  });

  it('says so when nothing matches', async () => {
    signIn([]);
    stubSearch({ groups: [] });
    const { search, user } = await openPalette();
    await user.type(search, 'zzqx');
    expect((await screen.findByRole('status')).textContent).toBe('Nothing matches "zzqx".');
  });
});
