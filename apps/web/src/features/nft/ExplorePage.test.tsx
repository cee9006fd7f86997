import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { ExplorePage } from './ExplorePage';

vi.mock('../../lib/live', () => ({ useLiveEvent: () => undefined }));

const ANA = { id: '1b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a', name: 'Ana Lima', avatarUrl: null };
const at = '2026-03-01T08:00:00.000Z';
const item = {
  id: '3b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a',
  title: 'Night Drive',
  description: '',
  category: 'Music',
  fileType: 'mp3',
  media: { id: 'm', fileType: 'mp3', mime: 'audio/mpeg', url: '/drive.mp3', thumbnailUrl: null },
  creator: ANA,
  owner: ANA,
  collection: null,
  likes: 12,
  liked: true,
  listing: 'fixed',
  price: '2.5',
  highestBid: null,
  highestBidder: null,
  bidsCount: 0,
  minNextBid: null,
  endsAt: null,
  ended: false,
  sales: null,
  isActive: true,
  volume: '0',
  createdAt: at,
  updatedAt: at,
  version: 1,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The items' list calls made, as their query strings. */
function stubApi() {
  const queries: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/nft/items') {
      queries.push(url.searchParams);
      return json({ count: 1, page: 1, pageSize: 12, results: [item] });
    }
    return json({ status: 'ok' });
  });
  return queries;
}

beforeEach(() => {
  signInForTest({
    id: '7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a',
    username: 'me',
    email: 'me@example.com',
    firstName: 'Me',
    lastName: 'Myself',
    permissions: ['nft.view'],
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('explore', () => {
  it('shows the items as cards: title, file type, likes, price', async () => {
    stubApi();
    await renderInApp(<ExplorePage />, { url: '/apps/nft/explore', namespaces: ['nft'] });
    const card = (await screen.findByRole('list', { name: 'Items' })).querySelector('li');
    if (!card) throw new Error('no card');
    expect(within(card).getByRole('link', { name: 'Night Drive' }).getAttribute('href')).toBe(
      `/apps/nft/items/${item.id}`,
    );
    expect(within(card).getByRole('img', { name: 'Night Drive, a sound' })).toBeTruthy();
    expect(within(card).getByText('MP3')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: '12 likes: like Night Drive' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(card).getByText('2.5 ETH')).toBeTruthy();
  });

  it('asks the server for the filters chosen, kept in the address', async () => {
    const queries = stubApi();
    const { user, router } = await renderInApp(<ExplorePage />, {
      url: '/apps/nft/explore?sales=On+Auction',
      namespaces: ['nft'],
    });
    await screen.findByRole('list', { name: 'Items' });
    expect(queries.at(-1)?.get('sales')).toBe('On Auction');

    await user.click(screen.getByLabelText('File type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'MP4', hidden: true }));
    await vi.waitFor(() => expect(queries.at(-1)?.get('fileType')).toBe('mp4'));

    await user.click(screen.getByRole('textbox', { name: 'Min price' }));
    await user.paste('1.5');
    await vi.waitFor(() => expect(queries.at(-1)?.get('minPrice')).toBe('1.5'));
    await user.click(screen.getByRole('textbox', { name: 'Max price' }));
    await user.paste('1.23456');
    expect(await screen.findByText('A number, up to 4 decimals')).toBeTruthy();
    expect(router.state.location.search).not.toContain('maxPrice');
    expect(new URLSearchParams(router.state.location.search).get('minPrice')).toBe('1.5');
    // A hang guard (three inputs, two dropdown walks), not a budget: 5 s is short on a busy machine.
  }, 15_000);
});
