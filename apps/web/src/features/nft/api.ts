import {
  type NftBid,
  type NftCollection,
  type NftCreator,
  type NftDrop,
  type NftFollowState,
  type NftItem,
  type NftItemDetail,
  type NftLikeState,
  type NftLiveBid,
  type NftWallet,
  nftMessages,
} from '@ledgerdesk/contracts';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../../lib/api';
import { useLiveEvent } from '../../lib/live';
import { writeLive } from '../../lib/live-cache';
import { notifyError, notifySuccess } from '../../lib/notify';
import { queryKeys } from '../../lib/query-keys';
import { formatEth } from './format';

/** The API paths of the NFT records (packages/contracts/src/nft.ts lists every route). */
export const nftApi = {
  items: '/nft/items',
  collections: '/nft/collections',
  creators: '/nft/creators',
  drops: '/nft/drops',
  wallet: '/nft/wallet',
  walletBids: '/nft/wallet/bids',
} as const;

/**
 * Refetches every NFT view (items, bids, collections, creators, drops, the wallet): after a sale, a
 * closed auction or a reconnect, any of them may have changed. Their keys all start "nft/".
 */
export function refreshNft(client: QueryClient) {
  return client.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('nft/'),
  });
}

type Page<Rec> = { count: number; page: number; pageSize: number; countCapped?: boolean; results: Rec[] };
type Saved<Data> = { successCode: string; successMessage: string; data: Data };
export type ListQuery = Record<string, string | number | undefined>;

/** One page of an NFT list; the page shown stays while the next one loads. */
export function useNftList<Rec>(path: string, query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.list(path, query),
    queryFn: ({ signal }) => api.get<Page<Rec>>(path, { query, signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled,
  });
}

export const useItems = (query: ListQuery) => useNftList<NftItem>(nftApi.items, query);
export const useCollections = (query: ListQuery) => useNftList<NftCollection>(nftApi.collections, query);
export const useCreators = (query: ListQuery) => useNftList<NftCreator>(nftApi.creators, query);
export const useDrops = (query: ListQuery) => useNftList<NftDrop>(nftApi.drops, query);
export const useWalletBids = (query: ListQuery) => useNftList<NftBid>(nftApi.walletBids, query);

/** An item with its latest bids. */
export function useItem(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.one(nftApi.items, id ?? ''),
    queryFn: ({ signal }) => api.get<NftItemDetail>(`${nftApi.items}/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useWallet() {
  return useQuery({
    queryKey: queryKeys.one(nftApi.wallet, 'me'),
    queryFn: ({ signal }) => api.get<NftWallet>(nftApi.wallet, { signal }),
  });
}

/** Every cached page of items, and the item's own page, with `change` applied to that item. */
function changeItem(client: QueryClient, itemId: string, change: (item: NftItem) => NftItem) {
  writeLive<Page<NftItem>>(client, queryKeys.lists(nftApi.items), (page) =>
    page
      ? { ...page, results: page.results.map((item) => (item.id === itemId ? change(item) : item)) }
      : page,
  );
  writeLive<NftItemDetail>(client, queryKeys.one(nftApi.items, itemId), (item) =>
    item ? { ...item, ...change(item) } : item,
  );
}

/**
 * A bid arrived (anyone's, ours included): the item's highest bid and count change in every list
 * shown and on its page, where the bid tops the history (its full record comes with the refetch).
 */
function applyBid(client: QueryClient, event: NftLiveBid) {
  changeItem(client, event.itemId, (item) => ({
    ...item,
    highestBid: event.amount,
    highestBidder: event.bidder,
    bidsCount: item.bidsCount + 1,
    sales: 'Has Offers',
  }));
  void client.invalidateQueries({ queryKey: queryKeys.one(nftApi.items, event.itemId) });
  // The reader's bids and reserved money change when they are outbid.
  void client.invalidateQueries({ queryKey: queryKeys.all(nftApi.wallet) });
  void client.invalidateQueries({ queryKey: queryKeys.all(nftApi.walletBids) });
}

/**
 * Keeps what the NFT pages show current over the live connection: a bid updates the item in place
 * (then its page refetches its bid history); a sale or a closed auction, and a reconnect, refetch.
 */
export function useNftLive() {
  const client = useQueryClient();
  useLiveEvent('nft.bid', (event) => applyBid(client, event));
  useLiveEvent('nft.sold', () => void refreshNft(client));
  useLiveEvent('resync', () => void refreshNft(client));
}

/**
 * The server's NFT refusals in the reader's language: its message (nftMessages, in English) is
 * recognised and its figures kept; any other message as errorMessageOf shows it.
 */
export function nftErrorMessage(error: unknown, t: TFunction): string {
  const message = errorMessageOf(error);
  const fixed = {
    auctionEnded: nftMessages.auctionEnded,
    ownItem: nftMessages.ownItem,
    notAtAuction: nftMessages.notAtAuction,
    notForSale: nftMessages.notForSale,
    followSelf: nftMessages.followSelf,
  } as const;
  for (const [key, text] of Object.entries(fixed)) if (message === text) return t(`errors.${key}`);
  const withAmount = {
    bidTooLow: nftMessages.bidTooLow,
    shortBalance: nftMessages.shortBalance,
    priceChanged: nftMessages.priceChanged,
  } as const;
  for (const [key, make] of Object.entries(withAmount)) {
    const [before = '', after = ''] = make('\u0000').split('\u0000');
    if (message.startsWith(before) && message.endsWith(after)) {
      const amount = message.slice(before.length, message.length - after.length);
      if (/^\d+(\.\d+)?$/.test(amount)) return t(`errors.${key}`, { amount: formatEth(amount) });
    }
  }
  return message;
}

/** Places a bid; the bid history and the item update through the live event (and here, for this tab). */
export function usePlaceBid(itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) => api.post<Saved<NftBid>>(`${nftApi.items}/${itemId}/bids`, { amount }),
    onSuccess: ({ data }) => {
      client.setQueryData<NftItemDetail>(queryKeys.one(nftApi.items, itemId), (item) =>
        item && !item.bids.some((bid) => bid.id === data.id)
          ? { ...item, bids: [data, ...item.bids], highestBid: data.amount, highestBidder: data.bidder }
          : item,
      );
      void refreshNft(client);
    },
  });
}

/** Buys an item at the price the buyer saw. */
export function useBuy(itemId: string) {
  const client = useQueryClient();
  const { t } = useTranslation('nft');
  return useMutation({
    mutationFn: (price: string) => api.post<Saved<unknown>>(`${nftApi.items}/${itemId}/buy`, { price }),
    onSuccess: () => {
      notifySuccess(t('item.bought'));
      void refreshNft(client);
    },
    onError: (error) => notifyError(nftErrorMessage(error, t), { title: t('item.buyFailed') }),
  });
}

/** Likes or unlikes an item; every view of it shows the new count. */
export function useLike() {
  const client = useQueryClient();
  const { t } = useTranslation('nft');
  return useMutation({
    mutationFn: ({ itemId, like }: { itemId: string; like: boolean }) =>
      like
        ? api.put<NftLikeState>(`${nftApi.items}/${itemId}/like`)
        : api.delete<NftLikeState>(`${nftApi.items}/${itemId}/like`),
    onSuccess: (state) =>
      changeItem(client, state.itemId, (item) => ({ ...item, liked: state.liked, likes: state.likes })),
    onError: (error) => notifyError(nftErrorMessage(error, t)),
  });
}

/** Follows or unfollows a creator; the creators' lists show it. */
export function useFollow() {
  const client = useQueryClient();
  const { t } = useTranslation('nft');
  return useMutation({
    mutationFn: ({ creatorId, follow }: { creatorId: string; follow: boolean }) =>
      follow
        ? api.put<NftFollowState>(`${nftApi.creators}/${creatorId}/follow`)
        : api.delete<NftFollowState>(`${nftApi.creators}/${creatorId}/follow`),
    onSuccess: (state) => {
      client.setQueriesData<Page<NftCreator>>({ queryKey: queryKeys.lists(nftApi.creators) }, (page) =>
        page
          ? {
              ...page,
              results: page.results.map((creator) =>
                creator.id === state.creatorId
                  ? { ...creator, isFollow: state.isFollow, followers: state.followers }
                  : creator,
              ),
            }
          : page,
      );
      void client.invalidateQueries({ queryKey: queryKeys.all(nftApi.creators), refetchType: 'none' });
    },
    onError: (error) => notifyError(nftErrorMessage(error, t)),
  });
}

/** Adds ETH to the caller's wallet (the demo's "deposit"). */
export function useDeposit() {
  const client = useQueryClient();
  const { t } = useTranslation('nft');
  return useMutation({
    mutationFn: (amount: string) => api.post<Saved<NftWallet>>(`${nftApi.wallet}/deposit`, { amount }),
    onSuccess: ({ data }) => {
      client.setQueryData(queryKeys.one(nftApi.wallet, 'me'), data);
      notifySuccess(t('wallet.deposited'));
    },
  });
}
