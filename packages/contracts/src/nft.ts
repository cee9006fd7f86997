import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { inputOf, isoDateTime, oneOf, optionalText, requiredText } from './fields';
import { decimal } from './library';
import { codeParams } from './validation';

/*
 * NFT (SPEC §3 "NFT item", "NFT drop", "Collection ranking", "Creator"; issue 16): a marketplace of
 * items (media in the file storage), fixed-price sales and auctions with bids, collections ranked by
 * their sales, creators to follow, drops, and each user's own wallet (an ETH balance).
 *
 * Amounts are ETH as decimal strings with at most 4 decimals ("1.25"), never floats. Access: `nft.view`
 * reads everything here (and follows, likes); `nft.manage` bids, buys, lists and creates. A wallet is
 * personal: everyone reads only their own (administrators too). An item is changed only by its owner.
 *
 * Routes (all under /api):
 * - GET    /nft/items                     marketplace / explore: nftItemListQuery → list of NftItem (view)
 * - GET    /nft/items/{id}                one item with its latest bids: NftItemDetail (view)
 * - GET    /nft/items/{id}/bids           the item's bid history, newest first: list of NftBid (view)
 * - POST   /nft/media                     multipart, one file (gif, jpg, png, webp, mp3, mp4) → NftMedia (manage)
 * - POST   /nft/items                     nftItemInput (with the uploaded mediaId) → NftItem, 201 (manage)
 * - PATCH  /nft/items/{id}                nftItemUpdate, the owner only → NftItem (manage)
 * - DELETE /nft/items/{id}                the owner only, not while its auction has bids (manage)
 * - PUT    /nft/items/{id}/listing        nftListingInput: fixed price, auction or none; the owner only (manage)
 * - POST   /nft/items/{id}/bids           nftBidInput → NftBid, 201; refused 409/422 by the money rules (manage)
 * - POST   /nft/items/{id}/buy            nftBuyInput (the price seen) → NftSale, 201 (manage)
 * - PUT    /nft/items/{id}/like           like (idempotent) → NftLikeState (view)
 * - DELETE /nft/items/{id}/like           unlike (idempotent) → NftLikeState (view)
 * - GET    /nft/collections               the collections ranking: nftCollectionListQuery → list of NftCollection (view)
 * - POST   /nft/collections               nftCollectionInput → NftCollection, 201; the caller is its creator (manage)
 * - GET    /nft/creators                  nftCreatorListQuery → list of NftCreator (view)
 * - PUT    /nft/creators/{id}/follow      follow (idempotent; not oneself) → NftFollowState (view)
 * - DELETE /nft/creators/{id}/follow      unfollow (idempotent) → NftFollowState (view)
 * - GET    /nft/drops                     nftDropListQuery → list of NftDrop (view)
 * - GET    /nft/sales                     sales, newest first: nftSaleListQuery → list of NftSale (view)
 * - GET    /nft/wallet                    the caller's own wallet: NftWallet (view)
 * - GET    /nft/wallet/bids               the caller's own bids, newest first: list of NftBid (view)
 * - POST   /nft/wallet/deposit            nftDepositInput → NftWallet (manage)
 * - GET    /dashboard/nft                 the NFT dashboard (view; see dashboards.ts)
 * Live (see live.ts): after a bid, `{ type: 'nft.bid', itemId, amount, bidder }` to every user with nft.view;
 * after a sale (bought, or an auction closed) `{ type: 'nft.sold', itemId }`.
 */

export const nftCategories = [
  'Artwork',
  'Photography',
  'Music',
  'Video',
  'Collectibles',
  '3d Style',
  'Crypto Card',
  'Games',
] as const;
export type NftCategory = (typeof nftCategories)[number];
/** SPEC's file types, from the media's detected content type (png and webp count as jpg: still images). */
export const nftFileTypes = ['gif', 'jpg', 'mp3', 'mp4'] as const;
export type NftFileType = (typeof nftFileTypes)[number];
/**
 * SPEC's "sales" of an item: 'On Auction' — its auction is running; 'Has Offers' — and has at least
 * one bid. As a filter, 'On Auction' matches every running auction, 'Has Offers' those with bids.
 */
export const nftSales = ['On Auction', 'Has Offers'] as const;
export type NftSales = (typeof nftSales)[number];
/** How an item is offered: not for sale, at a fixed price (buy now) or at auction. */
export const nftListings = ['none', 'fixed', 'auction'] as const;
export type NftListing = (typeof nftListings)[number];
/**
 * A bid's state: 'leading' (the highest of a running auction), 'outbid', 'won' (the auction closed on
 * it) or 'lost' (another bid won, or the auction closed otherwise).
 */
export const nftBidStatuses = ['leading', 'outbid', 'won', 'lost'] as const;
export type NftBidStatus = (typeof nftBidStatuses)[number];
export const nftSaleKinds = ['fixed', 'auction'] as const;
/** SPEC drop categories ("upto-15": up to 15 % off at the drop). */
export const nftDropCategories = ['upto-15', 'upto-30', 'upto-40'] as const;
export type NftDropCategory = (typeof nftDropCategories)[number];

/** ETH amounts keep 4 decimals. */
export const NFT_SCALE = 4;
/** A bid must beat the highest one by at least this much (the first bid must reach the start price). */
export const NFT_MIN_INCREMENT = '0.01';
/** An auction runs from 1 hour to 30 days. */
export const NFT_AUCTION_MIN_HOURS = 1;
export const NFT_AUCTION_MAX_DAYS = 30;
/** The latest bids an item's detail carries (the full history is /nft/items/{id}/bids). */
export const NFT_DETAIL_BIDS = 20;

/** An ETH amount in: a decimal with at most 4 decimals, above 0 and below 1,000,000. */
export const ethAmount = (label: string) =>
  z.pipe(
    decimal(label, NFT_SCALE),
    z.string().check(
      z.regex(/^\d{1,6}(\.|$)/, `${label} must be less than 1,000,000 ETH.`),
      z.refine((value) => /[1-9]/.test(value), {
        error: `${label} must be more than 0.`,
        params: codeParams('greaterThan', { min: 0 }),
      }),
    ),
  );

/** A user as NFT records name them (creator, owner, bidder, buyer, seller). */
export const nftUserRef = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Their picture (signed), or null. */
  avatarUrl: z.nullable(z.string()),
});
export type NftUserRef = z.infer<typeof nftUserRef>;

/** An item's media, from the file storage (signed URLs, about an hour). */
export const nftMedia = z.object({
  /** The stored file's id (what POST /nft/items takes as mediaId). */
  id: z.uuid(),
  fileType: z.enum(nftFileTypes),
  mime: z.string(),
  url: z.string(),
  /** A small WebP of an image (a still of a gif); null for audio and video. */
  thumbnailUrl: z.nullable(z.string()),
});
export type NftMedia = z.infer<typeof nftMedia>;

// ---------------------------------------------------------------------------------------------
// Items

/** SPEC §3 NFT item: title, category, likes, price, highestBid, volume, fileType, sales, isActive. */
export const nftItemRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(nftCategories),
  fileType: z.enum(nftFileTypes),
  media: nftMedia,
  creator: nftUserRef,
  owner: nftUserRef,
  collection: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  likes: z.number(),
  /** Whether the caller likes it. */
  liked: z.boolean(),
  listing: z.enum(nftListings),
  /** The fixed price, or the auction's start price; null when not for sale. */
  price: z.nullable(z.string()),
  /** The running (or ended, not yet closed) auction's highest bid; null without bids. */
  highestBid: z.nullable(z.string()),
  highestBidder: z.nullable(nftUserRef),
  bidsCount: z.number(),
  /** The least the next bid may be (start price, or highest + NFT_MIN_INCREMENT); null unless at auction. */
  minNextBid: z.nullable(z.string()),
  /** When the auction ends (by the server's clock); null unless at auction. */
  endsAt: z.nullable(timestamp),
  /** The auction's end has passed (by the database's clock) even if it is not closed yet: no more bids. */
  ended: z.boolean(),
  sales: z.nullable(z.enum(nftSales)),
  /** For sale now: a fixed price, or an auction that has not ended. */
  isActive: z.boolean(),
  /** Sum of the item's sales, ETH. */
  volume: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type NftItem = z.infer<typeof nftItemRecord>;

/** nft.items ordering fields: createdAt (default: -createdAt), price, likes, endsAt, highestBid, title. */
export const nftItemOrderings = ['createdAt', 'price', 'likes', 'endsAt', 'highestBid', 'title'] as const;

export const nftItemFilters = z.object({
  category: z.optional(z.enum(nftCategories, oneOf('category', nftCategories))),
  fileType: z.optional(z.enum(nftFileTypes, oneOf('fileType', nftFileTypes))),
  sales: z.optional(z.enum(nftSales, oneOf('sales', nftSales))),
  listing: z.optional(z.enum(nftListings, oneOf('listing', nftListings))),
  /** On the item's price (fixed or start price; an auction with bids: its highest bid). */
  minPrice: z.optional(decimal('minPrice', NFT_SCALE)),
  maxPrice: z.optional(decimal('maxPrice', NFT_SCALE)),
  creator: z.optional(z.uuid('creator must be a user id.')),
  /** A user id, or "me" for the caller's own items. */
  owner: z.optional(z.union([z.literal('me'), z.uuid()], 'owner must be a user id or me.')),
  collection: z.optional(z.uuid('collection must be a collection id.')),
  /** "true": only the items the caller likes. */
  liked: z.optional(z.enum(['true', 'false'], 'liked must be true or false.')),
});
export const nftItemListQuery = z.extend(listQuery, nftItemFilters.shape);
export type NftItemListQuery = z.input<typeof nftItemListQuery>;

export const nftItemInput = z.object({
  title: requiredText('title', 120),
  description: optionalText('description', 2000),
  category: z.enum(nftCategories, oneOf('The category', nftCategories)),
  collectionId: z._default(z.nullable(z.uuid('Unknown collection.')), null),
  /** The file uploaded by POST /nft/media (by the caller, not yet used by another item). */
  mediaId: z.uuid('Please upload the media first.'),
});
export type NftItemInput = z.input<typeof nftItemInput>;

export const nftItemUpdate = z.object({
  version: versionInput,
  title: z.optional(requiredText('title', 120)),
  description: z.optional(text(2000, 'The description must be at most 2000 characters.')),
  category: z.optional(z.enum(nftCategories, oneOf('The category', nftCategories))),
  collectionId: z.optional(z.nullable(z.uuid('Unknown collection.'))),
});
export type NftItemUpdate = z.input<typeof nftItemUpdate>;
export const nftItemUpdateOf = inputOf(nftItemUpdate);

/**
 * Put an item on sale, at auction, or take it off: `fixed` with a price; `auction` with a start
 * price and its end (1 hour to 30 days ahead); `none`. Refused (409) while its auction has bids.
 */
export const nftListingInput = z.discriminatedUnion(
  'listing',
  [
    z.object({ listing: z.literal('none') }),
    z.object({ listing: z.literal('fixed'), price: ethAmount('The price') }),
    z.object({
      listing: z.literal('auction'),
      price: ethAmount('The start price'),
      endsAt: isoDateTime('The end must be a date and time.'),
    }),
  ],
  { error: oneOf('The listing', nftListings) },
);
export type NftListingInput = z.input<typeof nftListingInput>;

// ---------------------------------------------------------------------------------------------
// Bids and sales

export const nftBidRecord = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemTitle: z.string(),
  bidder: nftUserRef,
  amount: z.string(),
  status: z.enum(nftBidStatuses),
  createdAt: timestamp,
});
export type NftBid = z.infer<typeof nftBidRecord>;

export const nftBidInput = z.object({ amount: ethAmount('The bid') });
export type NftBidInput = z.input<typeof nftBidInput>;

/** Buy at the fixed price: `price` is the one the buyer saw (409 when it changed since). */
export const nftBuyInput = z.object({ price: ethAmount('The price') });
export type NftBuyInput = z.input<typeof nftBuyInput>;

export const nftSaleRecord = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  itemTitle: z.string(),
  collection: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  seller: nftUserRef,
  buyer: nftUserRef,
  price: z.string(),
  kind: z.enum(nftSaleKinds),
  createdAt: timestamp,
});
export type NftSale = z.infer<typeof nftSaleRecord>;

/** An item with its latest bids (NFT_DETAIL_BIDS, newest first) and its sales (`history`, newest first). */
export const nftItemDetail = z.extend(nftItemRecord, {
  bids: z.array(nftBidRecord),
  history: z.array(nftSaleRecord),
});
export type NftItemDetail = z.infer<typeof nftItemDetail>;

export const nftSaleListQuery = z.extend(listQuery, {
  item: z.optional(z.uuid('item must be an item id.')),
  collection: z.optional(z.uuid('collection must be a collection id.')),
});

export const nftLikeState = z.object({ itemId: z.uuid(), liked: z.boolean(), likes: z.number() });
export type NftLikeState = z.infer<typeof nftLikeState>;

// ---------------------------------------------------------------------------------------------
// Collections (the ranking), creators, drops

/**
 * SPEC §3 collection ranking: ranking, collection, volume_price, hours, day, item, floor_price —
 * computed from the sales: `volume` all time, `volume24h` / `volume7d` with their change against
 * the 24 h / 7 d before (percent; null when there was nothing before), `items`, `floorPrice` (the
 * lowest price of its items for sale now; null when none is).
 */
export const nftCollectionRecord = z.object({
  id: z.uuid(),
  /** The place by the list's ordering (1 = first), across pages. */
  ranking: z.number(),
  name: z.string(),
  description: z.string(),
  creator: nftUserRef,
  /** The first item's image (thumbnail, signed), or null. */
  image: z.nullable(z.string()),
  items: z.number(),
  owners: z.number(),
  volume: z.string(),
  volume24h: z.string(),
  change24h: z.nullable(z.number()),
  volume7d: z.string(),
  change7d: z.nullable(z.number()),
  floorPrice: z.nullable(z.string()),
  createdAt: timestamp,
});
export type NftCollection = z.infer<typeof nftCollectionRecord>;

/** Ordering: volume (default: -volume), volume24h, volume7d, floorPrice, items, name. */
export const nftCollectionOrderings = [
  'volume',
  'volume24h',
  'volume7d',
  'floorPrice',
  'items',
  'name',
] as const;
export const nftCollectionListQuery = z.extend(listQuery, {
  creator: z.optional(z.uuid('creator must be a user id.')),
});

export const nftCollectionInput = z.object({
  name: requiredText('collection name', 80),
  description: optionalText('description', 1000),
});
export type NftCollectionInput = z.input<typeof nftCollectionInput>;

/** SPEC §3 creator: title or author, products count, isFollow. Creators are users who made items. */
export const nftCreatorRecord = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  /** Items they created ("products count"). */
  items: z.number(),
  followers: z.number(),
  /** Whether the caller follows them. */
  isFollow: z.boolean(),
  /** Sum of the sales of the items they created, ETH. */
  volume: z.string(),
});
export type NftCreator = z.infer<typeof nftCreatorRecord>;

/** Ordering: volume (default: -volume), items, followers, name. */
export const nftCreatorOrderings = ['volume', 'items', 'followers', 'name'] as const;
export const nftCreatorListQuery = z.extend(listQuery, {
  /** "true": only the creators the caller follows. */
  following: z.optional(z.enum(['true', 'false'], 'following must be true or false.')),
});

export const nftFollowState = z.object({ creatorId: z.uuid(), isFollow: z.boolean(), followers: z.number() });
export type NftFollowState = z.infer<typeof nftFollowState>;

/** SPEC §3 NFT drop: date, available, sold, progress (sold / available, percent), category. */
export const nftDropRecord = z.object({
  id: z.uuid(),
  title: z.string(),
  collection: z.nullable(z.object({ id: z.uuid(), name: z.string() })),
  creator: nftUserRef,
  /** Cover image (thumbnail, signed), or null. */
  image: z.nullable(z.string()),
  /** When it drops (start of the sale). */
  date: timestamp,
  endsAt: timestamp,
  price: z.string(),
  available: z.number(),
  sold: z.number(),
  /** sold / available × 100, rounded to an integer. */
  progress: z.number(),
  category: z.enum(nftDropCategories),
  /** upcoming before `date`, live until `endsAt` (or sold out), ended after. */
  state: z.enum(['upcoming', 'live', 'ended']),
});
export type NftDrop = z.infer<typeof nftDropRecord>;

/** Ordering: date (default: date, the soonest first), progress, price, title. */
export const nftDropOrderings = ['date', 'progress', 'price', 'title'] as const;
export const nftDropListQuery = z.extend(listQuery, {
  category: z.optional(z.enum(nftDropCategories, oneOf('category', nftDropCategories))),
  state: z.optional(z.enum(['upcoming', 'live', 'ended'], oneOf('state', ['upcoming', 'live', 'ended']))),
});

// ---------------------------------------------------------------------------------------------
// Wallet

/**
 * The caller's own wallet: `balance` held, `reserved` by their leading bids (an auction they lead
 * takes that much if it closes on them), `available` = balance − reserved (what a new bid or a purchase
 * may use), their items and open bids counted, what they spent and earned in sales.
 */
export const nftWalletRecord = z.object({
  address: z.string(),
  balance: z.string(),
  reserved: z.string(),
  available: z.string(),
  ownedItems: z.number(),
  leadingBids: z.number(),
  spent: z.string(),
  earned: z.string(),
});
export type NftWallet = z.infer<typeof nftWalletRecord>;

export const nftDepositInput = z.object({ amount: ethAmount('The amount') });
export type NftDepositInput = z.input<typeof nftDepositInput>;

export const nftWalletBidsQuery = z.extend(listQuery, {
  status: z.optional(z.enum(nftBidStatuses, oneOf('status', nftBidStatuses))),
});

// ---------------------------------------------------------------------------------------------
// Live

/** After each accepted bid, to every signed-in user with nft.view (the item page and lists update). */
export type NftLiveBid = { type: 'nft.bid'; itemId: string; amount: string; bidder: NftUserRef };
/** An auction closed (sold or not) or an item was bought: lists and the item page refetch. */
export type NftLiveSold = { type: 'nft.sold'; itemId: string };
export type NftLiveMessage = NftLiveBid | NftLiveSold;

export const nftMessages = {
  itemAdded: 'Item',
  itemUpdated: 'Item updated',
  listingUpdated: 'Listing updated',
  bidPlaced: 'Bid placed',
  bought: 'Item bought',
  collectionAdded: 'Collection',
  deposited: 'Deposit made',
  notOwner: 'Only the item’s owner may do this.',
  ownItem: 'You cannot bid on or buy your own item.',
  notAtAuction: 'This item is not at auction.',
  auctionEnded: 'This auction has ended.',
  bidTooLow: (min: string) => `The bid must be at least ${min} ETH.`,
  shortBalance: (available: string) => `Your wallet has ${available} ETH available: not enough.`,
  notForSale: 'This item is not for sale at a fixed price.',
  priceChanged: (price: string) => `The price changed: it is now ${price} ETH.`,
  hasBids: 'This auction has bids: it cannot be changed or removed until it closes.',
  endsTooSoon: `An auction runs at least ${NFT_AUCTION_MIN_HOURS} hour.`,
  endsTooLate: `An auction runs at most ${NFT_AUCTION_MAX_DAYS} days.`,
  mediaUnknown: 'The media was not found: please upload it again.',
  mediaType: 'The media must be a gif, jpg, png, webp, mp3 or mp4 file.',
  followSelf: 'You cannot follow yourself.',
  notCreator: 'This user has created no items.',
} as const;
