import type {
  CandleInterval,
  CandleSeries,
  CryptoOrder,
  CryptoOrderInput,
  cryptoOrder,
  IcoGroup,
  LivePrice,
  MarketItem,
  Portfolio,
  PortfolioCurrency,
  WatchlistItem,
  walletTransaction,
} from '@ledgerdesk/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ListResponse, MutationResponse } from '../../lib/list';
import { useLiveEvent, useLiveStatus } from '../../lib/live';
import { writeLive } from '../../lib/live-cache';
import { queryKeys } from '../../lib/query-keys';
import type { ListParams } from '../../lib/table-url-state';

/** Without the live connection, prices are read again this often (the market's tick). */
const POLL_MS = 5000;

const crypto = queryKeys.all('/crypto');
export const cryptoKeys = {
  all: crypto,
  market: [...crypto, 'market'] as const,
  watchlist: [...crypto, 'watchlist'] as const,
  candlesOf: (code: string) => [...crypto, 'candles', code] as const,
  candles: (code: string, interval: CandleInterval) => [...crypto, 'candles', code, interval] as const,
  portfolios: [...crypto, 'portfolio'] as const,
  portfolio: (currency: PortfolioCurrency) => [...crypto, 'portfolio', currency] as const,
  icoGroups: [...crypto, 'ico-groups'] as const,
  orders: queryKeys.all('/order-list'),
  transactions: queryKeys.all('/transaction-list'),
};

/** Each coin's new price and change, in a list of market items (a market, a watchlist). */
function withPrices<Item extends MarketItem>(
  items: Item[] | undefined,
  prices: Map<string, LivePrice>,
  at: string,
) {
  return items?.map((item) => {
    const moved = prices.get(item.code);
    if (!moved) return item;
    const price = Number(moved.price);
    return {
      ...item,
      price: moved.price,
      percentage: moved.percentage,
      // The day's extremes take in the new price (the server's next answer has the exact ones).
      high: price > Number(item.high) ? moved.price : item.high,
      low: price < Number(item.low) ? moved.price : item.low,
      updatedAt: at,
    };
  });
}

/** The last candle of every series shown takes in its coin's new price (a new candle comes with the next read). */
function updateCandles(client: QueryClient, prices: Map<string, LivePrice>) {
  writeLive<CandleSeries>(client, [...crypto, 'candles'], (series) => {
    const moved = series ? prices.get(series.code) : undefined;
    const last = series?.candles.at(-1);
    if (!series || !moved || !last) return series;
    const price = Number(moved.price);
    const candle = {
      ...last,
      close: price,
      high: Math.max(last.high, price),
      low: Math.min(last.low, price),
    };
    return { ...series, candles: [...series.candles.slice(0, -1), candle] };
  });
}

/**
 * How prices reach a page: while the live connection is open, each market tick (`crypto.prices`)
 * is written into the market, the watchlist and the candles shown (no request), and the portfolio
 * (valued by the server) is read again; a filled order (`crypto.wallet`) refreshes the wallet.
 * Without the connection, the page polls each tick. Answers the polling interval for the page's
 * price queries (false while live).
 */
export function usePriceUpdates(): number | false {
  const client = useQueryClient();
  const live = useLiveStatus() === 'open';
  useLiveEvent('crypto.prices', (message) => {
    const prices = new Map(message.prices.map((price) => [price.code, price]));
    writeLive<MarketItem[]>(client, cryptoKeys.market, (items) => withPrices(items, prices, message.at));
    writeLive<WatchlistItem[]>(client, cryptoKeys.watchlist, (items) =>
      withPrices(items, prices, message.at),
    );
    updateCandles(client, prices);
    void client.invalidateQueries({ queryKey: cryptoKeys.portfolios });
  });
  useLiveEvent('crypto.wallet', () => void refreshWallet(client));
  // After a reconnect, what was pushed meanwhile is lost.
  useLiveEvent('resync', () => void client.invalidateQueries({ queryKey: cryptoKeys.all }));
  return live ? false : POLL_MS;
}

/** The caller's wallet changed: its portfolio, orders and transactions are read again. */
function refreshWallet(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: cryptoKeys.portfolios }),
    client.invalidateQueries({ queryKey: cryptoKeys.orders }),
    client.invalidateQueries({ queryKey: cryptoKeys.transactions }),
  ]);
}

export function useMarket(refetchInterval: number | false) {
  return useQuery({
    queryKey: cryptoKeys.market,
    queryFn: ({ signal }) => api.get<MarketItem[]>('/crypto/market', { signal }),
    refetchInterval,
  });
}

export function useWatchlist(refetchInterval: number | false) {
  return useQuery({
    queryKey: cryptoKeys.watchlist,
    queryFn: ({ signal }) => api.get<WatchlistItem[]>('/crypto/watchlist', { signal }),
    refetchInterval,
  });
}

export function useCandles(
  code: string | undefined,
  interval: CandleInterval,
  refetchInterval: number | false,
) {
  return useQuery({
    queryKey: cryptoKeys.candles(code ?? '', interval),
    queryFn: ({ signal }) =>
      api.get<CandleSeries>(`/crypto/coins/${code}/candles`, { query: { interval, limit: 60 }, signal }),
    enabled: code !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function usePortfolio(currency: PortfolioCurrency, refetchInterval: number | false) {
  return useQuery({
    queryKey: cryptoKeys.portfolio(currency),
    queryFn: ({ signal }) => api.get<Portfolio>('/crypto/portfolio', { query: { currency }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

export function useIcoGroups() {
  return useQuery({
    queryKey: cryptoKeys.icoGroups,
    queryFn: ({ signal }) => api.get<IcoGroup[]>('/crypto/ico-groups', { signal }),
  });
}

/** Adds a coin to the watchlist or takes it off; the answer is the watchlist as it is now. */
export function useWatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, watched }: { code: string; watched: boolean }) =>
      watched
        ? api.put<WatchlistItem[]>(`/crypto/watchlist/${code}`)
        : api.delete<WatchlistItem[]>(`/crypto/watchlist/${code}`),
    onSuccess: (watchlist) => client.setQueryData(cryptoKeys.watchlist, watchlist),
  });
}

/** Places an order; the wallet (portfolio, orders) is read again. */
export function usePlaceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: CryptoOrderInput) =>
      api.post<MutationResponse<typeof cryptoOrder>>('/crypto/orders', order),
    onSuccess: () => refreshWallet(client),
  });
}

/** Cancels one's own Pending order (its reserved cash or coins come back). */
export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: CryptoOrder) =>
      api.post<MutationResponse<typeof cryptoOrder>>(`/crypto/orders/${order.id}/cancel`),
    onSettled: () => refreshWallet(client),
  });
}

export type WalletListParams = ListParams<'type' | 'status'>;

/** A page of one's orders (SPEC §7 `/order-list`), as the URL asks. */
export function useOrderList(query: WalletListParams) {
  return useQuery({
    queryKey: queryKeys.list('/order-list', query),
    queryFn: ({ signal }) => api.get<ListResponse<typeof cryptoOrder>>('/order-list', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A page of one's deposits and withdrawals (SPEC §7 `/transaction-list`), as the URL asks. */
export function useTransactionList(query: WalletListParams) {
  return useQuery({
    queryKey: queryKeys.list('/transaction-list', query),
    queryFn: ({ signal }) =>
      api.get<ListResponse<typeof walletTransaction>>('/transaction-list', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
