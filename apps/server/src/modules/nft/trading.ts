import { randomUUID } from 'node:crypto';
import {
  NFT_AUCTION_MAX_DAYS,
  NFT_AUCTION_MIN_HOURS,
  type NftListingInput,
  nftMessages,
} from '@ledgerdesk/contracts';
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { nftBids, nftItems, nftSales, nftWallets } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { addEth, eth, type ItemRow, lessThan, minNextBid, subtractEth } from './records';

/*
 * The money rules (DESIGN-16 "NFT"). Every move of ETH happens in one transaction that first locks
 * the item's row (`for update`), then the wallets it touches in the order of their user ids: two
 * bids, a bid and a purchase, or a bid and the sweep of one item wait for each other, and no two
 * transactions lock the same rows in opposite orders. "Now" is the database's (`now()`), so every
 * node agrees on when an auction ends.
 */

/** Announced through the database (LISTEN/NOTIFY) to every node: ids and the amount only. */
export const NFT_TOPIC = 'nft';
export type NftEvent =
  | { op: 'bid'; item: string; amount: string; bidder: string }
  | { op: 'sold'; item: string };
export type Publish = (executor: Database, event: NftEvent) => Promise<void>;

/** Closed per transaction of the sweep: a batch commits, the next one starts. */
const SWEEP_BATCH = 50;

const conflict = (message: string, field?: string) =>
  AppError.conflict(message, field ? { [field]: message } : undefined);

export function createNftTrading(deps: { db: Database; audit: AuditLog; publish: Publish }) {
  const { db, audit, publish } = deps;

  /** The item's row, locked for the transaction, with whether its auction has ended by now(). */
  async function lockItem(tx: Database, id: string): Promise<ItemRow & { ended: boolean }> {
    const [row] = await tx
      .select({
        ...getTableColumns(nftItems),
        ended: sql<boolean>`coalesce(${nftItems.endsAt} <= now(), false)`,
      })
      .from(nftItems)
      .where(eq(nftItems.id, id))
      .for('update');
    if (!row) throw AppError.notFound();
    return row;
  }

  /** The user's wallet, made empty at its first use, and locked; several in the order of their ids. */
  async function lockWallets(tx: Database, userIds: string[]): Promise<Map<string, string>> {
    const ids = [...new Set(userIds)].sort();
    const balances = new Map<string, string>();
    for (const userId of ids) {
      await tx.insert(nftWallets).values({ userId }).onConflictDoNothing();
      const [wallet] = await tx
        .select({ balance: nftWallets.balance })
        .from(nftWallets)
        .where(eq(nftWallets.userId, userId))
        .for('update');
      balances.set(userId, wallet?.balance ?? '0');
    }
    return balances;
  }

  /** What the user's leading bids hold back (on other items than `exceptItem`). */
  async function reserved(tx: Database, userId: string, exceptItem?: string): Promise<string> {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${nftBids.amount}), 0)::text` })
      .from(nftBids)
      .where(
        and(
          eq(nftBids.bidderId, userId),
          eq(nftBids.status, 'leading'),
          exceptItem ? ne(nftBids.itemId, exceptItem) : undefined,
        ),
      );
    return row?.total ?? '0';
  }

  async function move(tx: Database, from: string, to: string, amount: string) {
    await tx
      .update(nftWallets)
      .set({ balance: sql`${nftWallets.balance} - ${amount}::numeric`, updatedAt: sql`now()` })
      .where(eq(nftWallets.userId, from));
    await tx
      .update(nftWallets)
      .set({ balance: sql`${nftWallets.balance} + ${amount}::numeric`, updatedAt: sql`now()` })
      .where(eq(nftWallets.userId, to));
  }

  /** The item passes to its buyer, off sale; the sale is recorded once (a run's auction_id is unique). */
  async function sell(
    tx: Database,
    item: ItemRow,
    buyerId: string,
    price: string,
    kind: 'fixed' | 'auction',
  ): Promise<string | null> {
    const [sale] = await tx
      .insert(nftSales)
      .values({
        itemId: item.id,
        collectionId: item.collectionId,
        category: item.category,
        sellerId: item.ownerId,
        buyerId,
        price,
        kind,
        auctionId: kind === 'auction' ? item.auctionId : null,
      })
      .onConflictDoNothing()
      .returning({ id: nftSales.id });
    if (!sale) return null;
    await move(tx, buyerId, item.ownerId, price);
    await tx
      .update(nftItems)
      .set({
        ...offSale,
        ownerId: buyerId,
        volume: sql`${nftItems.volume} + ${price}::numeric`,
        version: sql`${nftItems.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(nftItems.id, item.id));
    return sale.id;
  }

  return {
    /**
     * A bid on a running auction: refused when it ended (by now()), from the owner, below the start
     * price or the highest bid + the increment, or beyond what the bidder's wallet has left once
     * their other leading bids are held back. The previous leading bid becomes outbid.
     */
    async placeBid(userId: string, itemId: string, amount: string, actor: Actor): Promise<string> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const item = await lockItem(tx, itemId);
        if (item.listing !== 'auction' || !item.auctionId) throw conflict(nftMessages.notAtAuction);
        if (item.ended) throw conflict(nftMessages.auctionEnded);
        if (item.ownerId === userId) throw conflict(nftMessages.ownItem);
        const least = minNextBid(item);
        if (lessThan(amount, least)) throw conflict(nftMessages.bidTooLow(least), 'amount');
        const balance = (await lockWallets(tx, [userId])).get(userId) ?? '0';
        const available = subtractEth(balance, await reserved(tx, userId, item.id));
        if (lessThan(available, amount)) throw conflict(nftMessages.shortBalance(eth(available)), 'amount');
        await tx
          .update(nftBids)
          .set({ status: 'outbid' })
          .where(and(eq(nftBids.auctionId, item.auctionId), eq(nftBids.status, 'leading')));
        const [bid] = await tx
          .insert(nftBids)
          .values({ itemId, auctionId: item.auctionId, bidderId: userId, amount })
          .returning({ id: nftBids.id });
        if (!bid) throw new Error('bid insert returned nothing');
        await tx
          .update(nftItems)
          .set({
            highestBid: amount,
            highestBidderId: userId,
            bidsCount: sql`${nftItems.bidsCount} + 1`,
            version: sql`${nftItems.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(nftItems.id, itemId));
        await audit.record(tx, actor, {
          action: 'bid',
          entity: 'nftItem',
          key: itemId,
          before: { highestBid: item.highestBid },
          after: { highestBid: eth(amount) },
        });
        await publish(tx, { op: 'bid', item: itemId, amount: eth(amount), bidder: userId });
        return bid.id;
      });
    },

    /** Buys an item at its fixed price (the one the buyer saw: 409 when it changed). */
    async buy(userId: string, itemId: string, priceSeen: string, actor: Actor): Promise<string> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const item = await lockItem(tx, itemId);
        if (item.listing !== 'fixed' || item.price === null) throw conflict(nftMessages.notForSale);
        if (item.ownerId === userId) throw conflict(nftMessages.ownItem);
        if (eth(item.price) !== eth(priceSeen))
          throw conflict(nftMessages.priceChanged(eth(item.price)), 'price');
        const balance = (await lockWallets(tx, [userId, item.ownerId])).get(userId) ?? '0';
        const available = subtractEth(balance, await reserved(tx, userId));
        if (lessThan(available, item.price))
          throw conflict(nftMessages.shortBalance(eth(available)), 'price');
        const saleId = await sell(tx, item, userId, item.price, 'fixed');
        if (!saleId) throw new Error('a fixed-price sale was not recorded');
        await audit.record(tx, actor, {
          action: 'buy',
          entity: 'nftItem',
          key: itemId,
          before: { ownerId: item.ownerId },
          after: { ownerId: userId, price: eth(item.price) },
        });
        await publish(tx, { op: 'sold', item: itemId });
        return saleId;
      });
    },

    /** The owner puts the item on sale, at auction, or takes it off (not while its auction has bids). */
    async setListing(userId: string, itemId: string, input: NftListingInput, actor: Actor): Promise<void> {
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        const item = await lockItem(tx, itemId);
        if (item.ownerId !== userId) throw AppError.forbidden(nftMessages.notOwner);
        if (item.listing === 'auction' && item.bidsCount > 0) throw conflict(nftMessages.hasBids);
        let set: Partial<typeof nftItems.$inferInsert> = offSale;
        if (input.listing === 'fixed') set = { ...offSale, listing: 'fixed', price: String(input.price) };
        if (input.listing === 'auction') {
          const [window] = await rowsOf<{ soon: boolean; late: boolean }>(
            tx,
            sql`select ${input.endsAt}::timestamptz < now() + ${`${NFT_AUCTION_MIN_HOURS} hours`}::interval as soon,
                       ${input.endsAt}::timestamptz > now() + ${`${NFT_AUCTION_MAX_DAYS} days`}::interval as late`,
          );
          if (window?.soon)
            throw AppError.badRequest(nftMessages.endsTooSoon, { endsAt: nftMessages.endsTooSoon });
          if (window?.late)
            throw AppError.badRequest(nftMessages.endsTooLate, { endsAt: nftMessages.endsTooLate });
          set = {
            ...offSale,
            listing: 'auction',
            price: String(input.price),
            endsAt: new Date(input.endsAt),
            auctionId: randomUUID(),
          };
        }
        await tx
          .update(nftItems)
          .set({ ...set, version: sql`${nftItems.version} + 1`, updatedAt: sql`now()`, updatedBy: userId })
          .where(eq(nftItems.id, itemId));
        await audit.record(tx, actor, {
          action: 'list',
          entity: 'nftItem',
          key: itemId,
          before: { listing: item.listing, price: item.price, endsAt: item.endsAt?.toISOString() ?? null },
          after: {
            listing: set.listing,
            price: set.price ?? null,
            endsAt: set.endsAt instanceof Date ? set.endsAt.toISOString() : null,
          },
        });
      });
    },

    /**
     * Closes the auctions that have ended (by now()), a batch per transaction, until none is left:
     * each goes to its highest bidder (the money moves, a sale is written, the leading bid is won and
     * the others lost) or, without bids, comes off sale. The rows are taken `for update skip
     * locked` and their condition is read again under the lock: two nodes sweeping together close
     * each auction once, and a node back from a crash closes all it missed. Answers how many closed.
     */
    async sweep(): Promise<number> {
      let closed = 0;
      for (;;) {
        const batch = await db.transaction(async (trx) => {
          const tx = trx as Database;
          const rows = await tx
            .select()
            .from(nftItems)
            .where(and(eq(nftItems.listing, 'auction'), sql`${nftItems.endsAt} <= now()`))
            .orderBy(nftItems.endsAt)
            .limit(SWEEP_BATCH)
            .for('update', { skipLocked: true });
          for (const item of rows) {
            const winner = item.highestBidderId;
            const price = item.highestBid;
            if (winner && price && item.auctionId) {
              await lockWallets(tx, [winner, item.ownerId]);
              await sell(tx, item, winner, price, 'auction');
              await tx
                .update(nftBids)
                .set({ status: sql`case when ${nftBids.status} = 'leading' then 'won' else 'lost' end` })
                .where(eq(nftBids.auctionId, item.auctionId));
              await audit.record(
                tx,
                { id: null, label: 'nft auction sweep', ip: '', requestId: '' },
                {
                  action: 'auction.close',
                  entity: 'nftItem',
                  key: item.id,
                  before: { ownerId: item.ownerId },
                  after: { ownerId: winner, price: eth(price) },
                },
              );
            } else {
              await tx
                .update(nftItems)
                .set({ ...offSale, version: sql`${nftItems.version} + 1`, updatedAt: sql`now()` })
                .where(eq(nftItems.id, item.id));
            }
            await publish(tx, { op: 'sold', item: item.id });
          }
          return rows.length;
        });
        closed += batch;
        if (batch < SWEEP_BATCH) return closed;
      }
    },

    /** The user's wallet figures, read together. */
    async wallet(userId: string) {
      const [row] = await rowsOf<{
        balance: string;
        reserved: string;
        owned: number;
        leading: number;
        spent: string;
        earned: string;
      }>(
        db,
        sql`select coalesce((select balance from nft_wallets where user_id = ${userId}), 0)::text as balance,
                   coalesce((select sum(amount) from nft_bids where bidder_id = ${userId} and status = 'leading'), 0)::text as reserved,
                   (select count(*) from nft_items where owner_id = ${userId})::int as owned,
                   (select count(*) from nft_bids where bidder_id = ${userId} and status = 'leading')::int as leading,
                   coalesce((select sum(price) from nft_sales where buyer_id = ${userId}), 0)::text as spent,
                   coalesce((select sum(price) from nft_sales where seller_id = ${userId}), 0)::text as earned`,
      );
      const balance = row?.balance ?? '0';
      const held = row?.reserved ?? '0';
      return {
        balance: eth(balance),
        reserved: eth(held),
        available: eth(subtractEth(eth(balance), eth(held))),
        ownedItems: row?.owned ?? 0,
        leadingBids: row?.leading ?? 0,
        spent: eth(row?.spent ?? '0'),
        earned: eth(row?.earned ?? '0'),
      };
    },

    async deposit(userId: string, amount: string, actor: Actor): Promise<void> {
      await db.transaction(async (trx) => {
        const tx = trx as Database;
        const before = (await lockWallets(tx, [userId])).get(userId) ?? '0';
        await tx
          .update(nftWallets)
          .set({ balance: sql`${nftWallets.balance} + ${amount}::numeric`, updatedAt: sql`now()` })
          .where(eq(nftWallets.userId, userId));
        await audit.record(tx, actor, {
          action: 'deposit',
          entity: 'nftWallet',
          key: userId,
          before: { balance: eth(before) },
          after: { balance: addEth(before, amount) },
        });
      });
    },
  };
}
export type NftTrading = ReturnType<typeof createNftTrading>;

/** What an item off sale holds: no price, no auction, no bids. */
const offSale = {
  listing: 'none',
  price: null,
  endsAt: null,
  auctionId: null,
  highestBid: null,
  highestBidderId: null,
  bidsCount: 0,
} satisfies Partial<typeof nftItems.$inferInsert>;
