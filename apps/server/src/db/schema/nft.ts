import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';
import { files } from './files';

/*
 * NFT (issue 16): items, their bids and sales, collections, creators' followers, likes, drops and
 * each user's ETH wallet. Amounts are numeric(18, 4): ETH with 4 decimals, never floats.
 */
const eth = (name: string) => numeric(name, { precision: 18, scale: 4 });

export const nftCollections = pgTable(
  'nft_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('nft_collections_name_key').on(sql`lower(${t.name})`),
    index('nft_collections_creator_idx').on(t.creatorId),
  ],
);

/**
 * An item. Its sale is kept on the row: `listing` none / fixed (at `price`) / auction (from `price`,
 * until `ends_at`, one `auction_id` per run so that its bids and its sale are told apart from the
 * next run's). The highest bid and its bidder are copied here by each bid (the row is locked while
 * a bid is placed); `current_price` — the highest bid, else the price — is what lists filter and sort.
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    fileType: text('file_type').notNull(),
    mediaFileId: uuid('media_file_id').references(() => files.id, { onDelete: 'set null' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => nftCollections.id, { onDelete: 'set null' }),
    likes: integer('likes').notNull().default(0),
    listing: text('listing').notNull().default('none'),
    price: eth('price'),
    auctionId: uuid('auction_id'),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    highestBid: eth('highest_bid'),
    highestBidderId: uuid('highest_bidder_id').references(() => users.id, { onDelete: 'set null' }),
    bidsCount: integer('bids_count').notNull().default(0),
    currentPrice: eth('current_price').generatedAlwaysAs(sql`coalesce(highest_bid, price)`),
    volume: eth('volume').notNull().default('0'),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    check('nft_items_listing_check', sql`${t.listing} in ('none', 'fixed', 'auction')`),
    check(
      'nft_items_sale_check',
      sql`(${t.listing} = 'none' and ${t.price} is null and ${t.endsAt} is null)
       or (${t.listing} = 'fixed' and ${t.price} > 0 and ${t.endsAt} is null)
       or (${t.listing} = 'auction' and ${t.price} > 0 and ${t.endsAt} is not null and ${t.auctionId} is not null)`,
    ),
    index('nft_items_created_idx').on(t.createdAt, t.id),
    index('nft_items_category_idx').on(t.category, t.createdAt),
    index('nft_items_file_type_idx').on(t.fileType, t.createdAt),
    index('nft_items_owner_idx').on(t.ownerId, t.createdAt),
    index('nft_items_creator_idx').on(t.creatorId, t.createdAt),
    index('nft_items_collection_idx').on(t.collectionId, t.createdAt),
    // Both ways, empty prices (not for sale) last: "-price" is `desc nulls last`, which the
    // ascending index cannot serve backwards.
    index('nft_items_price_idx').on(t.currentPrice),
    index('nft_items_price_desc_idx').on(sql`${t.currentPrice} desc nulls last`),
    index('nft_items_likes_idx').on(t.likes),
    index('nft_items_title_idx').on(t.title),
    // Auctions by their end (only an auction has one): the ending-soon order and the sweep.
    index('nft_items_ends_idx').on(t.endsAt),
    index('nft_items_search_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // A collection's floor: its items on sale, cheapest first (the ranking reads the first that is
    // still on sale).
    index('nft_items_collection_floor_idx')
      .on(t.collectionId, t.currentPrice)
      .where(sql`${t.listing} <> 'none'`),
  ],
);

/** A bid of one auction run (`auction_id`). Status: leading → outbid, or won / lost when it closes. */
export const nftBids = pgTable(
  'nft_bids',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => nftItems.id, { onDelete: 'cascade' }),
    auctionId: uuid('auction_id').notNull(),
    bidderId: uuid('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: eth('amount').notNull(),
    status: text('status').notNull().default('leading'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('nft_bids_amount_check', sql`${t.amount} > 0`),
    check('nft_bids_status_check', sql`${t.status} in ('leading', 'outbid', 'won', 'lost')`),
    index('nft_bids_item_idx').on(t.itemId, t.createdAt),
    index('nft_bids_bidder_idx').on(t.bidderId, t.createdAt),
    index('nft_bids_auction_idx').on(t.auctionId),
    // One leading bid per auction run: a second one cannot be written, whatever happens.
    uniqueIndex('nft_bids_leading_key').on(t.auctionId).where(sql`${t.status} = 'leading'`),
  ],
);

/**
 * How many items of each collection each user owns, kept by triggers on nft_items (migration
 * 0031): the ranking counts a collection's items and owners here, not over all its items. A pair
 * whose items fell to 0 stays, not counted.
 */
export const nftCollectionHolders = pgTable(
  'nft_collection_holders',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => nftCollections.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.ownerId] })],
);

/** Each collection's sales, all time, kept by triggers on nft_sales (migration 0031). */
export const nftCollectionSales = pgTable('nft_collection_sales', {
  collectionId: uuid('collection_id')
    .primaryKey()
    .references(() => nftCollections.id, { onDelete: 'cascade' }),
  volume: numeric('volume', { precision: 24, scale: 4 }).notNull(),
  sales: integer('sales').notNull(),
});

/** A sale: a fixed-price purchase, or an auction closed on its highest bid (once: `auction_id` unique). */
export const nftSales = pgTable(
  'nft_sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => nftItems.id, { onDelete: 'cascade' }),
    collectionId: uuid('collection_id').references(() => nftCollections.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: eth('price').notNull(),
    kind: text('kind').notNull(),
    auctionId: uuid('auction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('nft_sales_kind_check', sql`${t.kind} in ('fixed', 'auction')`),
    uniqueIndex('nft_sales_auction_key').on(t.auctionId),
    index('nft_sales_created_idx').on(t.createdAt),
    index('nft_sales_item_idx').on(t.itemId, t.createdAt),
    index('nft_sales_collection_idx').on(t.collectionId, t.createdAt),
    index('nft_sales_buyer_idx').on(t.buyerId),
    index('nft_sales_seller_idx').on(t.sellerId),
  ],
);

export const nftLikes = pgTable(
  'nft_likes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => nftItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('nft_likes_user_idx').on(t.userId)],
);

export const nftFollows = pgTable(
  'nft_follows',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.creatorId, t.followerId] }),
    check('nft_follows_self_check', sql`${t.creatorId} <> ${t.followerId}`),
    index('nft_follows_follower_idx').on(t.followerId),
  ],
);

export const nftDrops = pgTable(
  'nft_drops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    collectionId: uuid('collection_id').references(() => nftCollections.id, { onDelete: 'set null' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    price: eth('price').notNull(),
    available: integer('available').notNull(),
    sold: integer('sold').notNull().default(0),
    category: text('category').notNull(),
    ...auditColumns(),
  },
  (t) => [
    check('nft_drops_sold_check', sql`${t.sold} >= 0 and ${t.sold} <= ${t.available}`),
    check('nft_drops_category_check', sql`${t.category} in ('upto-15', 'upto-30', 'upto-40')`),
    index('nft_drops_starts_idx').on(t.startsAt),
  ],
);

/** Each user's ETH wallet, made at the first use; the balance never goes below 0. */
export const nftWallets = pgTable(
  'nft_wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: eth('balance').notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('nft_wallets_balance_check', sql`${t.balance} >= 0`)],
);
