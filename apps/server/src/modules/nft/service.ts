import { createHash } from 'node:crypto';
import {
  type listQuery,
  NFT_DETAIL_BIDS,
  type NftBid,
  type NftCollection,
  type NftCreator,
  type NftDrop,
  type NftItem,
  type NftItemDetail,
  type NftLiveMessage,
  type NftMedia,
  type NftSale,
  type nftCollectionInput,
  type nftCollectionListQuery,
  nftCollectionOrderings,
  type nftCreatorListQuery,
  nftCreatorOrderings,
  type nftDropListQuery,
  type nftItemInput,
  type nftItemListQuery,
  type nftItemUpdate,
  nftMessages,
  type nftSaleListQuery,
  type nftWalletBidsQuery,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import {
  files,
  groups,
  nftBids,
  nftCollections,
  nftDrops,
  nftFollows,
  nftItems,
  nftLikes,
  nftSales,
  userGroups,
  users,
} from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { LiveHub } from '../../lib/live/hub';
import type { ReceivedUpload, Storage } from '../../lib/storage';
import { isStale } from '../../lib/versions';
import type { AuthUser } from '../../plugins/auth';
import {
  containsPattern,
  listPage,
  orderingOf,
  type Page,
  pageOf,
  searchCondition,
} from '../../resources/list';
import type { UsersService } from '../users/service';
import { createNftRecords, eth, fileTypeOf, NFT_ITEM_MEDIA, NFT_PENDING_MEDIA, userName } from './records';
import { createNftTrading, NFT_TOPIC, type NftEvent } from './trading';

export { NFT_DROP_IMAGES, NFT_ITEM_MEDIA, NFT_PENDING_MEDIA } from './records';

type ItemQuery = z.output<typeof nftItemListQuery>;

/** Sortable item fields (nftItemOrderings); the default is the newest first. */
const itemSortable = {
  createdAt: nftItems.createdAt,
  price: nftItems.currentPrice,
  likes: nftItems.likes,
  endsAt: nftItems.endsAt,
  highestBid: nftItems.highestBid,
  title: nftItems.title,
};

/** A wallet's address: a stable, made-up hex string of the user (no chain here). */
export const walletAddress = (userId: string) =>
  `0x${createHash('sha256').update(userId).digest('hex').slice(0, 40)}`;

export function createNftService(deps: {
  db: Database;
  audit: AuditLog;
  storage: Storage;
  users: UsersService;
  live: LiveHub<AuthUser>;
}) {
  const { db, audit, storage, live } = deps;
  const records = createNftRecords({ storage, users: deps.users });
  const publish = (executor: Database, event: NftEvent) => live.publish(executor, NFT_TOPIC, event);
  const trading = createNftTrading({ db, audit, publish });

  /** Of these users (with a socket here), those who hold nft.view. */
  async function viewers(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(users.id, ids),
          eq(users.isActive, true),
          sql`(${users.isAdmin} or ${exists(
            db
              .select({ one: sql`1` })
              .from(userGroups)
              .innerJoin(groups, eq(groups.id, userGroups.groupId))
              .where(and(eq(userGroups.userId, users.id), sql`'nft.view' = any(${groups.permissions})`)),
          )})`,
        ),
      );
    return rows.map((row) => row.id);
  }

  // Every node hears each event and tells its own sockets of users with nft.view.
  live.on(NFT_TOPIC, async (payload) => {
    const event = payload as NftEvent;
    const told = await viewers([...live.localUserIds()]);
    if (told.length === 0) return;
    let message: NftLiveMessage;
    if (event.op === 'bid') {
      const bidder = records.refOf(await records.userRefs(db, [event.bidder]), event.bidder);
      message = { type: 'nft.bid', itemId: event.item, amount: event.amount, bidder };
    } else {
      message = { type: 'nft.sold', itemId: event.item };
    }
    live.sendTo(told, message);
  });

  async function itemRow(id: string) {
    const [row] = await db.select().from(nftItems).where(eq(nftItems.id, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  async function item(id: string, viewerId: string): Promise<NftItem> {
    const [found] = await records.items(db, [await itemRow(id)], viewerId);
    if (!found) throw AppError.notFound();
    return found;
  }

  /** A collection the user made (an item goes only into one of its owner's collections). */
  async function assertOwnCollection(executor: Database, userId: string, collectionId: string) {
    const [found] = await executor
      .select({ creatorId: nftCollections.creatorId })
      .from(nftCollections)
      .where(eq(nftCollections.id, collectionId));
    if (!found || found.creatorId !== userId) {
      const message = 'Choose one of your own collections.';
      throw AppError.badRequest(message, { collectionId: message });
    }
  }

  function itemConditions(query: ItemQuery, viewerId: string): (SQL | undefined)[] {
    const running = sql`${nftItems.listing} = 'auction' and ${nftItems.endsAt} > now()`;
    return [
      searchCondition(query.search, [nftItems.title]),
      query.category ? eq(nftItems.category, query.category) : undefined,
      query.fileType ? eq(nftItems.fileType, query.fileType) : undefined,
      query.listing ? eq(nftItems.listing, query.listing) : undefined,
      query.sales === 'On Auction' ? sql`(${running})` : undefined,
      query.sales === 'Has Offers' ? sql`(${running} and ${nftItems.bidsCount} > 0)` : undefined,
      query.minPrice ? gte(nftItems.currentPrice, query.minPrice) : undefined,
      query.maxPrice ? lte(nftItems.currentPrice, query.maxPrice) : undefined,
      query.creator ? eq(nftItems.creatorId, query.creator) : undefined,
      query.owner ? eq(nftItems.ownerId, query.owner === 'me' ? viewerId : query.owner) : undefined,
      query.collection ? eq(nftItems.collectionId, query.collection) : undefined,
      // From the caller's likes (few) to the items, not the other way round.
      query.liked === 'true'
        ? inArray(
            nftItems.id,
            db.select({ id: nftLikes.itemId }).from(nftLikes).where(eq(nftLikes.userId, viewerId)),
          )
        : undefined,
    ];
  }

  return {
    trading,

    /** A bid by the money rules (trading.ts), as its record. */
    async placeBid(user: AuthUser, itemId: string, amount: string, actor: Actor): Promise<NftBid> {
      const id = await trading.placeBid(user.id, itemId, amount, actor);
      const [bid] = await records.bids(db, await db.select().from(nftBids).where(eq(nftBids.id, id)));
      if (!bid) throw new Error('the new bid was not found');
      return bid;
    },

    /** A purchase at the fixed price (trading.ts), as its sale. */
    async buy(user: AuthUser, itemId: string, priceSeen: string, actor: Actor): Promise<NftSale> {
      const id = await trading.buy(user.id, itemId, priceSeen, actor);
      const [sale] = await records.sales(db, await db.select().from(nftSales).where(eq(nftSales.id, id)));
      if (!sale) throw new Error('the new sale was not found');
      return sale;
    },

    listItems(query: ItemQuery, viewer: AuthUser): Promise<Page<NftItem>> {
      const where = and(...itemConditions(query, viewer.id));
      const order = orderingOf(query.ordering, itemSortable, '-createdAt', nftItems.id);
      return listPage(db, nftItems, { where, order, query }, (rows) => records.items(db, rows, viewer.id));
    },

    item: (id: string, viewer: AuthUser) => item(id, viewer.id),

    async itemDetail(id: string, viewer: AuthUser): Promise<NftItemDetail> {
      const found = await item(id, viewer.id);
      const bidRows = await db
        .select()
        .from(nftBids)
        .where(eq(nftBids.itemId, id))
        .orderBy(desc(nftBids.createdAt), desc(nftBids.amount))
        .limit(NFT_DETAIL_BIDS);
      const saleRows = await db
        .select()
        .from(nftSales)
        .where(eq(nftSales.itemId, id))
        .orderBy(desc(nftSales.createdAt))
        .limit(NFT_DETAIL_BIDS);
      return { ...found, bids: await records.bids(db, bidRows), history: await records.sales(db, saleRows) };
    },

    async itemBids(id: string, query: z.output<typeof listQuery>) {
      await itemRow(id);
      return listPage(
        db,
        nftBids,
        {
          where: eq(nftBids.itemId, id),
          order: [desc(nftBids.createdAt), desc(nftBids.amount), asc(nftBids.id)],
          query,
        },
        (rows) => records.bids(db, rows),
      );
    },

    /** Stores an uploaded medium, waiting (attached to its uploader) for the item that will use it. */
    async saveMedia(user: AuthUser, upload: ReceivedUpload): Promise<NftMedia> {
      const [file] = upload.files;
      if (upload.files.length !== 1 || !file || !fileTypeOf(file.mime)) {
        await upload.discard();
        throw AppError.badRequest(nftMessages.mediaType, { file: nftMessages.mediaType });
      }
      const [saved] = await storage.save(upload, {
        ownerId: user.id,
        place: { attachedType: NFT_PENDING_MEDIA, attachedId: user.id },
      });
      const media = saved ? (await records.mediaOf(db, [saved.id])).get(saved.id) : undefined;
      if (!media) throw new Error('the uploaded medium was not stored');
      return media;
    },

    async createItem(user: AuthUser, input: z.output<typeof nftItemInput>, actor: Actor): Promise<NftItem> {
      const id = await db.transaction(async (trx) => {
        const tx = trx as Database;
        const [medium] = await tx
          .select({ id: files.id, mime: files.mime })
          .from(files)
          .where(
            and(
              eq(files.id, input.mediaId),
              eq(files.attachedType, NFT_PENDING_MEDIA),
              eq(files.attachedId, user.id),
            ),
          )
          .for('update');
        const fileType = medium ? fileTypeOf(medium.mime) : null;
        if (!medium || !fileType)
          throw AppError.badRequest(nftMessages.mediaUnknown, { mediaId: nftMessages.mediaUnknown });
        if (input.collectionId) await assertOwnCollection(tx, user.id, input.collectionId);
        const [created] = await tx
          .insert(nftItems)
          .values({
            title: input.title,
            description: input.description,
            category: input.category,
            fileType,
            mediaFileId: medium.id,
            creatorId: user.id,
            ownerId: user.id,
            collectionId: input.collectionId,
            createdBy: user.id,
            updatedBy: user.id,
          })
          .returning({ id: nftItems.id });
        if (!created) throw new Error('item insert returned nothing');
        await tx
          .update(files)
          .set({ attachedType: NFT_ITEM_MEDIA, attachedId: created.id })
          .where(eq(files.id, medium.id));
        await audit.record(tx, actor, {
          action: 'create',
          entity: 'nftItem',
          key: created.id,
          after: { title: input.title, category: input.category, fileType, collectionId: input.collectionId },
        });
        return created.id;
      });
      return item(id, user.id);
    },

    async updateItem(
      user: AuthUser,
      id: string,
      input: z.output<typeof nftItemUpdate>,
      expected: number | undefined,
      actor: Actor,
    ): Promise<NftItem> {
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        const [row] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update');
        if (!row) throw AppError.notFound();
        if (row.ownerId !== user.id) throw AppError.forbidden(nftMessages.notOwner);
        if (isStale(expected, row.version))
          throw AppError.stale((await records.items(tx, [row], user.id))[0]);
        if (input.collectionId && input.collectionId !== row.collectionId)
          await assertOwnCollection(tx, user.id, input.collectionId);
        const before = {
          title: row.title,
          description: row.description,
          category: row.category,
          collectionId: row.collectionId,
        };
        const after = {
          title: input.title ?? row.title,
          description: input.description ?? row.description,
          category: input.category ?? row.category,
          collectionId: input.collectionId === undefined ? row.collectionId : input.collectionId,
        };
        if (JSON.stringify(before) === JSON.stringify(after)) return;
        await tx
          .update(nftItems)
          .set({ ...after, version: sql`${nftItems.version} + 1`, updatedAt: sql`now()`, updatedBy: user.id })
          .where(eq(nftItems.id, id));
        await audit.record(tx, actor, { action: 'update', entity: 'nftItem', key: id, before, after });
      });
      return item(id, user.id);
    },

    /** The owner removes an item that was never sold nor bid on (its history stays otherwise). */
    async deleteItem(user: AuthUser, id: string, actor: Actor): Promise<void> {
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        const [row] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update');
        if (!row) throw AppError.notFound();
        if (row.ownerId !== user.id) throw AppError.forbidden(nftMessages.notOwner);
        const [history] = await rowsOf<{ traded: boolean }>(
          tx,
          sql`select exists (select 1 from nft_bids where item_id = ${id})
                  or exists (select 1 from nft_sales where item_id = ${id}) as traded`,
        );
        if (history?.traded) throw AppError.conflict(nftMessages.traded);
        await tx.delete(nftItems).where(eq(nftItems.id, id));
        await tx.delete(files).where(and(eq(files.attachedType, NFT_ITEM_MEDIA), eq(files.attachedId, id)));
        await audit.record(tx, actor, {
          action: 'delete',
          entity: 'nftItem',
          key: id,
          before: { title: row.title },
        });
      });
    },

    /** Likes (or unlikes) an item: once per user, counted on the item. */
    async setLike(user: AuthUser, id: string, like: boolean) {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const [row] = await tx
          .select({ id: nftItems.id })
          .from(nftItems)
          .where(eq(nftItems.id, id))
          .for('update');
        if (!row) throw AppError.notFound();
        const changed = like
          ? await tx
              .insert(nftLikes)
              .values({ itemId: id, userId: user.id })
              .onConflictDoNothing()
              .returning()
          : await tx
              .delete(nftLikes)
              .where(and(eq(nftLikes.itemId, id), eq(nftLikes.userId, user.id)))
              .returning();
        const [updated] = await tx
          .update(nftItems)
          .set({ likes: sql`${nftItems.likes} + ${changed.length > 0 ? (like ? 1 : -1) : 0}` })
          .where(eq(nftItems.id, id))
          .returning({ likes: nftItems.likes });
        return { itemId: id, liked: like, likes: updated?.likes ?? 0 };
      });
    },

    /** Follows (or unfollows) a creator: once per follower, never oneself. */
    async setFollow(user: AuthUser, creatorId: string, follow: boolean) {
      if (creatorId === user.id) throw AppError.badRequest(nftMessages.followSelf);
      const [creator] = await db
        .select({ id: nftItems.creatorId })
        .from(nftItems)
        .where(eq(nftItems.creatorId, creatorId))
        .limit(1);
      if (!creator) throw AppError.notFound(nftMessages.notCreator);
      if (follow)
        await db.insert(nftFollows).values({ creatorId, followerId: user.id }).onConflictDoNothing();
      else
        await db
          .delete(nftFollows)
          .where(and(eq(nftFollows.creatorId, creatorId), eq(nftFollows.followerId, user.id)));
      const [row] = await db
        .select({ followers: sql<number>`count(*)::int` })
        .from(nftFollows)
        .where(eq(nftFollows.creatorId, creatorId));
      return { creatorId, isFollow: follow, followers: row?.followers ?? 0 };
    },

    collections,

    async createCollection(user: AuthUser, input: z.output<typeof nftCollectionInput>, actor: Actor) {
      try {
        const id = await db.transaction(async (trx) => {
          const tx = trx as Database;
          const [created] = await tx
            .insert(nftCollections)
            .values({ ...input, creatorId: user.id, createdBy: user.id, updatedBy: user.id })
            .returning({ id: nftCollections.id });
          if (!created) throw new Error('collection insert returned nothing');
          await audit.record(tx, actor, {
            action: 'create',
            entity: 'nftCollection',
            key: created.id,
            after: input,
          });
          return created.id;
        });
        const page = await collections({ page: 1, pageSize: 500, search: input.name });
        const found = page.results.find((collection) => collection.id === id);
        if (!found) throw new Error('the new collection was not found');
        return found;
      } catch (error) {
        if (uniqueViolation(error)) {
          const message = 'A collection of this name exists already.';
          throw AppError.conflict(message, { name: message });
        }
        throw error;
      }
    },

    /** The users who created items (SPEC "creator"), with what their items sold for. */
    async creators(query: z.output<typeof nftCreatorListQuery>, viewer: AuthUser): Promise<Page<NftCreator>> {
      const requested = query.ordering ?? '-volume';
      const field = requested.replace(/^-/, '');
      if (!(nftCreatorOrderings as readonly string[]).includes(field)) {
        const message = `Order by one of: ${nftCreatorOrderings.join(', ')} (with - for descending).`;
        throw AppError.badRequest(message, { ordering: message });
      }
      const column = sql.identifier(
        { volume: 'volume', items: 'items', followers: 'followers', name: 'lname' }[field] ?? 'volume',
      );
      const direction = requested.startsWith('-') ? sql`desc` : sql`asc`;
      const { limit, offset } = pageOf(query);
      const rows = await rowsOf<{
        id: string;
        name: string;
        items: number;
        followers: number;
        is_follow: boolean;
        volume: string;
        total: number;
      }>(
        db,
        sql`with c as (
              select creator_id, count(*)::int as items, sum(volume) as volume
                from nft_items group by creator_id),
            f as (select creator_id, count(*)::int as followers from nft_follows group by creator_id),
            listed as (
              select users.id, ${userName} as name, lower(${userName}) as lname, c.items,
                     coalesce(f.followers, 0) as followers, c.volume,
                     exists (select 1 from nft_follows m
                              where m.creator_id = users.id and m.follower_id = ${viewer.id}) as is_follow
                from c join users on users.id = c.creator_id
                left join f on f.creator_id = c.creator_id)
            select id::text, name, items, followers, is_follow, volume::text, (count(*) over ())::int as total
              from listed
             where ${query.search ? sql`name ilike ${containsPattern(query.search)}` : sql`true`}
               and ${query.following === 'true' ? sql`is_follow` : sql`true`}
             order by ${column} ${direction}, id
             limit ${limit} offset ${offset}`,
      );
      const avatars = await deps.users.avatarsOf(
        db,
        rows.map((row) => row.id),
      );
      return {
        count: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
        results: rows.map((row) => ({
          id: row.id,
          name: row.name,
          avatarUrl: avatars.get(row.id) ?? null,
          items: row.items,
          followers: row.followers,
          isFollow: row.is_follow,
          volume: eth(row.volume),
        })),
      };
    },

    async drops(query: z.output<typeof nftDropListQuery>): Promise<Page<NftDrop>> {
      const state = {
        upcoming: sql`${nftDrops.startsAt} > now()`,
        live: sql`(${nftDrops.startsAt} <= now() and ${nftDrops.endsAt} > now() and ${nftDrops.sold} < ${nftDrops.available})`,
        ended: sql`(${nftDrops.endsAt} <= now() or ${nftDrops.sold} >= ${nftDrops.available})`,
      };
      const where = and(
        searchCondition(query.search, [nftDrops.title]),
        query.category ? eq(nftDrops.category, query.category) : undefined,
        query.state ? state[query.state] : undefined,
      );
      const order = orderingOf(
        query.ordering,
        {
          date: nftDrops.startsAt,
          progress: sql`(${nftDrops.sold}::numeric / nullif(${nftDrops.available}, 0))`,
          price: nftDrops.price,
          title: nftDrops.title,
        },
        'date',
        nftDrops.id,
      );
      return listPage(db, nftDrops, { where, order, query }, async (rows) => {
        const refs = await records.userRefs(
          db,
          rows.map((row) => row.creatorId),
        );
        const collections = await records.collectionNames(
          db,
          rows.map((row) => row.collectionId),
        );
        const images = await records.mediaOf(
          db,
          rows.map((row) => row.imageFileId),
        );
        const now = (await records.databaseNow(db)).getTime();
        return rows.map((row) => {
          const image = row.imageFileId ? images.get(row.imageFileId) : undefined;
          const soldOut = row.sold >= row.available;
          return {
            id: row.id,
            title: row.title,
            collection: row.collectionId
              ? { id: row.collectionId, name: collections.get(row.collectionId) ?? '' }
              : null,
            creator: records.refOf(refs, row.creatorId),
            image: image ? (image.thumbnailUrl ?? image.url) : null,
            date: row.startsAt.toISOString(),
            endsAt: row.endsAt.toISOString(),
            price: eth(row.price),
            available: row.available,
            sold: row.sold,
            progress: row.available > 0 ? Math.round((row.sold / row.available) * 100) : 0,
            category: row.category as NftDrop['category'],
            state:
              row.startsAt.getTime() > now
                ? 'upcoming'
                : row.endsAt.getTime() <= now || soldOut
                  ? 'ended'
                  : 'live',
          };
        });
      });
    },

    sales(query: z.output<typeof nftSaleListQuery>) {
      const where = and(
        query.item ? eq(nftSales.itemId, query.item) : undefined,
        query.collection ? eq(nftSales.collectionId, query.collection) : undefined,
      );
      const order = orderingOf(
        query.ordering,
        { createdAt: nftSales.createdAt, price: nftSales.price },
        '-createdAt',
        nftSales.id,
      );
      return listPage(db, nftSales, { where, order, query }, (rows) => records.sales(db, rows));
    },

    async wallet(user: AuthUser) {
      return { address: walletAddress(user.id), ...(await trading.wallet(user.id)) };
    },

    walletBids(user: AuthUser, query: z.output<typeof nftWalletBidsQuery>) {
      const where = and(
        eq(nftBids.bidderId, user.id),
        query.status ? eq(nftBids.status, query.status) : undefined,
      );
      const order = orderingOf(
        query.ordering,
        { createdAt: nftBids.createdAt, amount: nftBids.amount },
        '-createdAt',
        nftBids.id,
      );
      return listPage(db, nftBids, { where, order, query }, (rows) => records.bids(db, rows));
    },

    /** Users with a socket here who may see NFT events (exposed for the tests of the live push). */
    viewers,
  };

  /**
   * The collections ranked (SPEC "collection ranking") from their sales: all time, the last 24 h
   * and 7 days by the database's clock, each against the span before; the floor is the lowest
   * price of its items on sale now.
   */
  async function collections(query: z.output<typeof nftCollectionListQuery>): Promise<Page<NftCollection>> {
    const requested = query.ordering ?? '-volume';
    const field = requested.replace(/^-/, '');
    if (!(nftCollectionOrderings as readonly string[]).includes(field)) {
      const message = `Order by one of: ${nftCollectionOrderings.join(', ')} (with - for descending).`;
      throw AppError.badRequest(message, { ordering: message });
    }
    const column = sql.identifier(
      {
        volume: 'volume',
        volume24h: 'volume24h',
        volume7d: 'volume7d',
        floorPrice: 'floor',
        items: 'items',
        name: 'lname',
      }[field] ?? 'volume',
    );
    const direction = requested.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
    const { limit, offset } = pageOf(query);
    const filters = sql.join(
      [
        sql`true`,
        query.search ? sql`c.name ilike ${containsPattern(query.search)}` : sql`true`,
        query.creator ? sql`c.creator_id = ${query.creator}` : sql`true`,
      ],
      sql` and `,
    );
    const rows = await rowsOf<{
      id: string;
      name: string;
      description: string;
      creator_id: string;
      created_at: Date;
      items: number;
      owners: number;
      volume: string;
      volume24h: string;
      previous24h: string;
      volume7d: string;
      previous7d: string;
      floor: string | null;
      first_media: string | null;
      ranking: number;
      total: number;
    }>(
      db,
      sql`with ranked as (
              select c.id, c.name, lower(c.name) as lname, c.description, c.creator_id, c.created_at,
                     coalesce(h.items, 0) as items, coalesce(h.owners, 0) as owners,
                     coalesce(t.volume, 0) as volume, recent.volume24h, recent.previous24h,
                     recent.volume7d, recent.previous7d, floor.price as floor, first.media_file_id as first_media
                from nft_collections c
                -- Items and owners from the holders the triggers keep (migration 0031).
                left join lateral (select sum(items)::int as items, (count(*) filter (where items > 0))::int as owners
                                     from nft_collection_holders where collection_id = c.id) h on true
                left join nft_collection_sales t on t.collection_id = c.id
                -- The last two weeks' sales, through nft_sales_collection_idx.
                left join lateral (
                  select coalesce(sum(price) filter (where created_at > now() - interval '1 day'), 0) as volume24h,
                         coalesce(sum(price) filter (where created_at <= now() - interval '1 day'
                                                       and created_at > now() - interval '2 days'), 0) as previous24h,
                         coalesce(sum(price) filter (where created_at > now() - interval '7 days'), 0) as volume7d,
                         coalesce(sum(price) filter (where created_at <= now() - interval '7 days'), 0) as previous7d
                    from nft_sales
                   where collection_id = c.id and created_at > now() - interval '14 days') recent on true
                -- The cheapest item still on sale, through nft_items_collection_floor_idx.
                left join lateral (select f.current_price as price from nft_items f
                                    where f.collection_id = c.id and f.listing <> 'none'
                                      and (f.listing = 'fixed' or f.ends_at > now())
                                    order by f.current_price limit 1) floor on true
                -- Its first item's picture, through the collection's index (not a sort of its items).
                left join lateral (select media_file_id from nft_items f where f.collection_id = c.id
                                    order by f.created_at, f.id limit 1) first on true
               where ${filters})
            select id::text, name, description, creator_id::text, created_at, items, owners,
                   volume::text, volume24h::text, previous24h::text, volume7d::text, previous7d::text,
                   floor::text, first_media::text,
                   (row_number() over (order by ${column} ${direction}, id))::int as ranking,
                   (count(*) over ())::int as total
              from ranked
             order by ${column} ${direction}, id
             limit ${limit} offset ${offset}`,
    );
    const refs = await records.userRefs(
      db,
      rows.map((row) => row.creator_id),
    );
    const media = await records.mediaOf(
      db,
      rows.map((row) => row.first_media),
    );
    const change = (now: string, before: string) => {
      const previous = Number(before);
      return previous === 0 ? null : Math.round(((Number(now) - previous) / previous) * 1000) / 10;
    };
    const total = rows[0]?.total ?? (query.page > 1 ? await countCollections(filters) : 0);
    return {
      count: total,
      page: query.page,
      pageSize: query.pageSize,
      results: rows.map((row) => {
        const image = row.first_media ? media.get(row.first_media) : undefined;
        return {
          id: row.id,
          ranking: row.ranking,
          name: row.name,
          description: row.description,
          creator: records.refOf(refs, row.creator_id),
          image: image ? (image.thumbnailUrl ?? image.url) : null,
          items: row.items,
          owners: row.owners,
          volume: eth(row.volume),
          volume24h: eth(row.volume24h),
          change24h: change(row.volume24h, row.previous24h),
          volume7d: eth(row.volume7d),
          change7d: change(row.volume7d, row.previous7d),
          floorPrice: row.floor === null ? null : eth(row.floor),
          createdAt: new Date(row.created_at).toISOString(),
        };
      }),
    };
  }

  async function countCollections(filters: SQL): Promise<number> {
    const [row] = await rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from nft_collections c where ${filters}`,
    );
    return row?.total ?? 0;
  }
}
export type NftService = ReturnType<typeof createNftService>;
