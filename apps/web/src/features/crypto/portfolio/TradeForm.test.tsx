import type { MarketItem, PortfolioHolding } from '@ledgerdesk/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { TradeForm } from './TradeForm';

const coins: MarketItem[] = [
  {
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
  },
];
const holdings: PortfolioHolding[] = [
  {
    code: 'BTC',
    coinName: 'Bitcoin',
    color: '#f7931a',
    quantity: '0.7',
    // Held back by a Pending sell: 0.5 is free.
    reserved: '0.2',
    avgPrice: '40000',
    price: '50000',
    value: '35000',
    returns: '7000',
    percentage: 25,
    share: 100,
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

async function renderForm() {
  return renderInApp(<TradeForm coins={coins} holdings={holdings} cash="1000" />, { namespaces: ['crypto'] });
}

describe('TradeForm', () => {
  it('refuses a buy beyond the cash before sending, naming what it needs', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = await renderForm();
    await user.type(screen.getByLabelText(/^Quantity/), '1');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(
      await screen.findByText(/Not enough cash: this buy needs about \$50,000\.00, you have \$1,000\.00/),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a sell beyond the free holding (the reserved part is not for sale)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = await renderForm();
    await user.click(screen.getByText('Sell'));
    await user.type(screen.getByLabelText(/^Quantity/), '0.6');
    await user.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(await screen.findByText('You hold only 0.5 BTC.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends a limit order and shows the server refusal', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        json(422, { errorCode: 'INSUFFICIENT_FUNDS', errorMessage: 'Not enough cash for this order.' }),
      );
    const { user } = await renderForm();
    await user.click(screen.getByText('Limit'));
    await user.type(screen.getByLabelText(/^Quantity/), '0.01');
    await user.type(screen.getByLabelText(/^Limit price/), '45000');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Not enough cash for this order.'),
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/crypto/orders');
    expect(JSON.parse(String(init?.body))).toEqual({
      coin: 'BTC',
      type: 'Buy',
      quantity: '0.01',
      limitPrice: '45000',
    });
  });
});
