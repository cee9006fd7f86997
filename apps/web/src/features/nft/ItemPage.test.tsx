import type { NftBid, NftItemDetail, NftLiveBid, NftWallet } from '@ledgerdesk/contracts';
import { nftMessages } from '@ledgerdesk/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { signInForTest } from '../../test/session';
import { ItemPage } from './ItemPage';

// The live connection's events, sent by the test: useLiveEvent registers here instead of a socket.
const liveHandlers = new Map<string, (message: unknown) => void>();
vi.mock('../../lib/live', () => ({
  useLiveEvent: (type: string, handler: (message: unknown) => void) => {
    liveHandlers.set(type, handler);
  },
}));

const ME = '7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const ANA = '1b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const BRUNO = '2b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const ITEM = '3b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a';
const person = (id: string, name: string) => ({ id, name, avatarUrl: null });
const at = '2026-03-01T08:00:00.000Z';

const bid = (id: string, bidder: ReturnType<typeof person>, amount: string): NftBid => ({
  id,
  itemId: ITEM,
  itemTitle: 'Neon Koi',
  bidder,
  amount,
  status: 'leading',
  createdAt: new Date().toISOString(),
});

function auction(overrides: Partial<NftItemDetail> = {}): NftItemDetail {
  return {
    id: ITEM,
    title: 'Neon Koi',
    description: 'A fish of light.',
    category: 'Artwork',
    fileType: 'jpg',
    media: { id: ITEM, fileType: 'jpg', mime: 'image/jpeg', url: '/koi.jpg', thumbnailUrl: '/koi.webp' },
    creator: person(ANA, 'Ana Lima'),
    owner: person(ANA, 'Ana Lima'),
    collection: { id: ITEM, name: 'Koi Pond' },
    likes: 4,
    liked: false,
    listing: 'auction',
    price: '0.5',
    highestBid: '1',
    highestBidder: person(ANA, 'Ana Lima'),
    bidsCount: 1,
    minNextBid: '1.01',
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    ended: false,
    sales: 'Has Offers',
    isActive: true,
    volume: '0',
    createdAt: at,
    updatedAt: at,
    version: 1,
    bids: [bid('b1', person(BRUNO, 'Bruno Keller'), '1')],
    history: [],
    ...overrides,
  };
}

const wallet: NftWallet = {
  address: '0xabc',
  balance: '5',
  reserved: '0',
  available: '5',
  ownedItems: 0,
  leadingBids: 0,
  spent: '0',
  earned: '0',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API of one item: `state.item` is what GET answers (a test changes it); the calls made. */
function stubApi(state: { item: NftItemDetail; bidAnswer?: () => Response }) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/healthz') return json(200, { status: 'ok' });
    if (url.pathname === '/api/nft/wallet') return json(200, wallet);
    if (method === 'GET' && url.pathname === `/api/nft/items/${ITEM}`) return json(200, state.item);
    if (method === 'POST' && url.pathname === `/api/nft/items/${ITEM}/bids`) {
      if (state.bidAnswer) return state.bidAnswer();
      const placed = bid('b2', person(ME, 'Me Myself'), body.amount);
      state.item = { ...state.item, bids: [placed, ...state.item.bids], highestBid: body.amount };
      return json(201, { successCode: 'BID_PLACED', successMessage: 'Bid placed', data: placed });
    }
    return json(404, { errorCode: 'NOT_FOUND', errorMessage: 'Not found.' });
  });
  return calls;
}

beforeEach(() => {
  liveHandlers.clear();
  signInForTest({
    id: ME,
    username: 'me',
    email: 'me@example.com',
    firstName: 'Me',
    lastName: 'Myself',
    permissions: ['nft.view', 'nft.manage'],
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

const render = () =>
  renderInApp(<ItemPage />, {
    url: `/apps/nft/items/${ITEM}`,
    path: '/apps/nft/items/:id',
    namespaces: ['nft'],
  });

/** The amounts of the bid history, top first. */
const historyAmounts = () =>
  within(screen.getByTestId('bid-history'))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('the item page', () => {
  it('refuses a bid below the least next one, or beyond the wallet, before asking the server', async () => {
    const calls = stubApi({ item: auction() });
    const { user } = await render();
    const amount = await screen.findByLabelText(/Your bid/);
    await user.click(amount);
    await user.paste('0.5');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your bid is too low: it must be at least 1.01 ETH.',
    );
    await user.clear(amount);
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your wallet has only 5 ETH available: not enough for this bid.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('places a bid, which then tops the bid history', async () => {
    const state = { item: auction() };
    const calls = stubApi(state);
    const { user } = await render();
    await user.click(await screen.findByLabelText(/Your bid/));
    await user.paste('1.5');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        method: 'POST',
        path: `/api/nft/items/${ITEM}/bids`,
        body: { amount: '1.5' },
      }),
    );
    await vi.waitFor(() => expect(historyAmounts()[0]).toContain('1.5 ETH'));
    expect(historyAmounts()[0]).toContain('Me Myself');
    expect(historyAmounts()).toHaveLength(2);
  });

  it("shows the server's refusal in the reader's words (the auction ended meanwhile)", async () => {
    stubApi({
      item: auction(),
      bidAnswer: () => json(409, { errorCode: 'CONFLICT', errorMessage: nftMessages.auctionEnded }),
    });
    const { user } = await render();
    await user.click(await screen.findByLabelText(/Your bid/));
    await user.paste('2');
    await user.click(screen.getByRole('button', { name: 'Place bid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This auction has ended: no more bids.');
  });

  it("puts someone else's bid, arriving live, at the top of the history", async () => {
    const state = { item: auction() };
    stubApi(state);
    await render();
    await screen.findByTestId('bid-history');
    const event: NftLiveBid = { type: 'nft.bid', itemId: ITEM, amount: '3', bidder: person(ANA, 'Ana Lima') };
    state.item = {
      ...state.item,
      highestBid: '3',
      bids: [bid('b3', person(ANA, 'Ana Lima'), '3'), ...state.item.bids],
    };
    liveHandlers.get('nft.bid')?.(event);
    await vi.waitFor(() => expect(historyAmounts()[0]).toContain('3 ETH'));
    expect(historyAmounts()[0]).toContain('Ana Lima');
    expect(screen.getByTestId('highest-bid').textContent).toBe('3 ETH');
  });

  it('says an auction whose end has passed has ended, and takes no bid', async () => {
    stubApi({ item: auction({ endsAt: new Date(Date.now() - 1000).toISOString(), ended: true }) });
    await render();
    expect((await screen.findByTestId('countdown')).textContent).toBe('Ended');
    expect(screen.getByText('This auction has ended: no more bids.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Place bid' })).toBeNull();
  });
});
