import {
  fromScaled,
  NFT_MIN_INCREMENT,
  NFT_SCALE,
  type NftBid,
  type NftFileType,
  type NftItem,
  type NftMedia,
  type NftSale,
  type NftUserRef,
  toScaled,
} from '@ledgerdesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  blobs,
  files,
  type nftBids,
  nftCollections,
  nftItems,
  type nftSales,
  users,
} from '../../db/schema';
import type { Storage } from '../../lib/storage';
import type { UsersService } from '../users/service';

/*
 * NFT rows → API records, a page at a time: every user, collection, media file and like a page
 * names is read once for the page.
 */

export type ItemRow = typeof nftItems.$inferSelect;
export type BidRow = typeof nftBids.$inferSelect;
export type SaleRow = typeof nftSales.$inferSelect;

/** The owner types of NFT files: an uploaded medium waiting for its item (attached to the uploader), an item's. */
export const NFT_PENDING_MEDIA = 'nft.media';
export const NFT_ITEM_MEDIA = 'nft.items';
export const NFT_DROP_IMAGES = 'nft.drops';

/** The SPEC file type of a stored media type; null when it is no type an item may have. */
export function fileTypeOf(mime: string): NftFileType | null {
  if (mime === 'image/gif') return 'gif';
  if (mime === 'image/jpeg' || mime === 'image/png' || mime === 'image/webp') return 'jpg';
  if (mime === 'audio/mpeg') return 'mp3';
  if (mime === 'video/mp4') return 'mp4';
  return null;
}

/** ETH as the API writes it: 4 decimals, trailing zeros dropped ("1.5", "0.0125"). */
export const eth = (value: string) => fromScaled(toScaled(value, NFT_SCALE), NFT_SCALE, true);
export const ethOrNull = (value: string | null) => (value === null ? null : eth(value));
export const addEth = (a: string, b: string) =>
  fromScaled(toScaled(a, NFT_SCALE) + toScaled(b, NFT_SCALE), NFT_SCALE, true);
export const subtractEth = (a: string, b: string) =>
  fromScaled(toScaled(a, NFT_SCALE) - toScaled(b, NFT_SCALE), NFT_SCALE, true);
export const lessThan = (a: string, b: string) => toScaled(a, NFT_SCALE) < toScaled(b, NFT_SCALE);

/** The least the next bid of an auction may be: its start price, or the highest bid + the increment. */
export const minNextBid = (row: Pick<ItemRow, 'price' | 'highestBid'>) =>
  row.highestBid !== null ? addEth(row.highestBid, NFT_MIN_INCREMENT) : eth(row.price ?? '0');

export const userName = sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;

export function createNftRecords(deps: { storage: Storage; users: UsersService }) {
  const { storage } = deps;

  /** Users by id as NFT records name them (name, avatar). */
  async function userRefs(db: Database, ids: (string | null)[]): Promise<Map<string, NftUserRef>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, name: userName })
      .from(users)
      .where(inArray(users.id, wanted));
    const avatars = await deps.users.avatarsOf(db, wanted);
    return new Map(
      rows.map((row) => [row.id, { id: row.id, name: row.name, avatarUrl: avatars.get(row.id) ?? null }]),
    );
  }
  const refOf = (refs: Map<string, NftUserRef>, id: string): NftUserRef =>
    refs.get(id) ?? { id, name: '', avatarUrl: null };

  async function collectionNames(db: Database, ids: (string | null)[]) {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map<string, string>();
    const rows = await db
      .select({ id: nftCollections.id, name: nftCollections.name })
      .from(nftCollections)
      .where(inArray(nftCollections.id, wanted));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Stored files by id, signed (one query: the file and whether its thumbnail is made). */
  async function mediaOf(db: Database, ids: (string | null)[]): Promise<Map<string, NftMedia>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await db
      .select({ id: files.id, mime: files.mime, thumbnail: blobs.thumbnail })
      .from(files)
      .innerJoin(blobs, eq(blobs.hash, files.blobHash))
      .where(inArray(files.id, wanted));
    return new Map(
      rows.map((file) => [
        file.id,
        {
          id: file.id,
          fileType: fileTypeOf(file.mime) ?? 'jpg',
          mime: file.mime,
          url: storage.signer.url(file.id, 'content'),
          thumbnailUrl: file.thumbnail === 'webp' ? storage.signer.url(file.id, 'thumbnail') : null,
        },
      ]),
    );
  }

  /** The database's clock: what decides whether an auction has ended. */
  async function databaseNow(db: Database): Promise<Date> {
    const [row] = await rowsOf<{ now: Date }>(db, sql`select now() as now`);
    return new Date(row?.now ?? Date.now());
  }

  /** Which of these items the viewer likes, and the database's clock, in one query. */
  async function likedAndNow(db: Database, viewerId: string, itemIds: string[]) {
    const [row] = await rowsOf<{ now: Date; liked: string[] | null }>(
      db,
      sql`select now() as now,
                 array(select item_id::text from nft_likes
                        where user_id = ${viewerId} and item_id in (${sql.join(
                          itemIds.map((id) => sql`${id}::uuid`),
                          sql`, `,
                        )})) as liked`,
    );
    return { liked: new Set(row?.liked ?? []), now: new Date(row?.now ?? Date.now()) };
  }

  async function items(db: Database, rows: ItemRow[], viewerId: string): Promise<NftItem[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [refs, collections, media, { liked, now }] = [
      await userRefs(
        db,
        rows.flatMap((row) => [row.creatorId, row.ownerId, row.highestBidderId]),
      ),
      await collectionNames(
        db,
        rows.map((row) => row.collectionId),
      ),
      await mediaOf(
        db,
        rows.map((row) => row.mediaFileId),
      ),
      await likedAndNow(db, viewerId, ids),
    ];
    return rows.map((row) => {
      const atAuction = row.listing === 'auction' && row.endsAt !== null;
      const ended = atAuction && (row.endsAt as Date).getTime() <= now.getTime();
      const running = atAuction && !ended;
      const fileMedia = row.mediaFileId ? media.get(row.mediaFileId) : undefined;
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        category: row.category as NftItem['category'],
        fileType: row.fileType as NftFileType,
        media: fileMedia ?? {
          id: row.mediaFileId ?? row.id,
          fileType: row.fileType as NftFileType,
          mime: '',
          url: '',
          thumbnailUrl: null,
        },
        creator: refOf(refs, row.creatorId),
        owner: refOf(refs, row.ownerId),
        collection: row.collectionId
          ? { id: row.collectionId, name: collections.get(row.collectionId) ?? '' }
          : null,
        likes: row.likes,
        liked: liked.has(row.id),
        listing: row.listing as NftItem['listing'],
        price: ethOrNull(row.price),
        highestBid: atAuction ? ethOrNull(row.highestBid) : null,
        highestBidder: atAuction && row.highestBidderId ? refOf(refs, row.highestBidderId) : null,
        bidsCount: atAuction ? row.bidsCount : 0,
        minNextBid: running ? minNextBid(row) : null,
        endsAt: row.endsAt?.toISOString() ?? null,
        ended,
        sales: running ? (row.bidsCount > 0 ? 'Has Offers' : 'On Auction') : null,
        isActive: row.listing === 'fixed' || running,
        volume: eth(row.volume),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        version: row.version,
      };
    });
  }

  async function bids(db: Database, rows: BidRow[]): Promise<NftBid[]> {
    if (rows.length === 0) return [];
    const refs = await userRefs(
      db,
      rows.map((row) => row.bidderId),
    );
    const titles = await db
      .select({ id: nftItems.id, title: nftItems.title })
      .from(nftItems)
      .where(inArray(nftItems.id, [...new Set(rows.map((row) => row.itemId))]));
    const titleOf = new Map(titles.map((row) => [row.id, row.title]));
    return rows.map((row) => ({
      id: row.id,
      itemId: row.itemId,
      itemTitle: titleOf.get(row.itemId) ?? '',
      bidder: refOf(refs, row.bidderId),
      amount: eth(row.amount),
      status: row.status as NftBid['status'],
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async function sales(db: Database, rows: SaleRow[]): Promise<NftSale[]> {
    if (rows.length === 0) return [];
    const refs = await userRefs(
      db,
      rows.flatMap((row) => [row.sellerId, row.buyerId]),
    );
    const collections = await collectionNames(
      db,
      rows.map((row) => row.collectionId),
    );
    const titles = await db
      .select({ id: nftItems.id, title: nftItems.title })
      .from(nftItems)
      .where(inArray(nftItems.id, [...new Set(rows.map((row) => row.itemId))]));
    const titleOf = new Map(titles.map((row) => [row.id, row.title]));
    return rows.map((row) => ({
      id: row.id,
      itemId: row.itemId,
      itemTitle: titleOf.get(row.itemId) ?? '',
      collection: row.collectionId
        ? { id: row.collectionId, name: collections.get(row.collectionId) ?? '' }
        : null,
      seller: refOf(refs, row.sellerId),
      buyer: refOf(refs, row.buyerId),
      price: eth(row.price),
      kind: row.kind as NftSale['kind'],
      createdAt: row.createdAt.toISOString(),
    }));
  }

  return { userRefs, refOf, mediaOf, databaseNow, items, bids, sales, collectionNames };
}
export type NftRecords = ReturnType<typeof createNftRecords>;
