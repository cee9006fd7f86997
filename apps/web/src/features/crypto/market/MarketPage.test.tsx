import type { CandleSeries, MarketItem, WatchlistItem } from '@ledgerdesk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';

// The live connection, open, with its handlers kept to be called by the test.
const live = vi.hoisted(() => ({ handlers: new Map<string, (message: unknown) => void>() }));
vi.mock('../../../lib/live', () => ({
  useLiveStatus: () => 'open',
  useLiveEvent: (type: string, handler: (message: unknown) => void) => live.handlers.set(type, handler),
}));

const { MarketPage } = await import('./MarketPage');

const bitcoin: MarketItem = {
  code: 'BTC',
  name: 'Bitcoin',
  color: '#f7931a',
  rank: 1,
  coinName: 'Bitcoin',
  pairs: 'BTC/USD',
  price: '50000',
  high: '51000',
  low: '49000',
  marketVolume: '1000000',
  percentage: 1.5,
  updatedAt: '2026-11-24T10:00:00.000Z',
};
const ether: MarketItem = {
  ...bitcoin,
  code: 'ETH',
  name: 'Ethereum',
  coinName: 'Ethereum',
  pairs: 'ETH/USD',
  rank: 2,
  price: '3000',
  high: '3100',
  low: '2900',
};
const watchlist: WatchlistItem[] = [{ ...bitcoin, series: [1, 2, 3], addedAt: bitcoin.updatedAt }];
const candles: CandleSeries = { code: 'BTC', interval: '1h', candles: [] };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('MarketPage', () => {
  it('moves prices with each live tick, without asking the server again', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/crypto/market')) return json([bitcoin, ether]);
      if (url.startsWith('/api/crypto/watchlist')) return json(watchlist);
      return json(candles);
    });
    await renderInApp(<MarketPage />, { namespaces: ['crypto'] });
    const table = await screen.findByTestId('market-table');
    const row = await within(table).findByText('Ethereum');
    expect(row.closest('tr')?.textContent).toContain('$3,000.00');
    const calls = fetch.mock.calls.length;

    act(() =>
      live.handlers.get('crypto.prices')?.({
        type: 'crypto.prices',
        step: 1,
        at: '2026-11-24T10:00:05.000Z',
        prices: [{ code: 'ETH', price: '3150.5', percentage: -2.25 }],
      }),
    );
    // The cache tells its observers on the next task.
    await waitFor(() =>
      expect(within(table).getByText('Ethereum').closest('tr')?.textContent).toContain('$3,150.50'),
    );
    const moved = within(table).getByText('Ethereum').closest('tr');
    expect(moved?.textContent).toContain('-2.25%');
    // A new high: the day's high takes the new price.
    expect(moved?.textContent).toContain('$3,150.50$3,150.50');
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('stars a coin: the watchlist is the server’s answer', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/api/crypto/market')) return json([bitcoin, ether]);
      if (url === '/api/crypto/watchlist/ETH' && init?.method === 'PUT')
        return json([...watchlist, { ...ether, series: [3, 2, 1], addedAt: ether.updatedAt }]);
      if (url.startsWith('/api/crypto/watchlist')) return json(watchlist);
      return json(candles);
    });
    const { user } = await renderInApp(<MarketPage />, { namespaces: ['crypto'] });
    await user.click(await screen.findByRole('button', { name: 'Add Ethereum to the watchlist' }));
    expect(await screen.findByTestId('watch-ETH')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Remove Ethereum from the watchlist' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(fetch).toHaveBeenCalledWith(
      '/api/crypto/watchlist/ETH',
      expect.objectContaining({ method: 'PUT' }),
    );
  });
});
