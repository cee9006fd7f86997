import { randomUUID } from 'node:crypto';
import {
  fromScaled,
  NFT_SCALE,
  type NftCategory,
  nftCategories,
  nftDropCategories,
  toScaled,
} from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  files,
  nftBids,
  nftCollections,
  nftDrops,
  nftFollows,
  nftItems,
  nftLikes,
  nftSales,
  nftWallets,
} from '../db/schema';
import { insertMany } from './bulk';
import { createRandom } from './random';
import type { PutBytes, StoredBytes } from './stored-bytes';

/*
 * The NFT demo: collections of items by demo creators (small generated pictures, a few GIFs and
 * short silent MP3s), some resold over the last 30 days (the ranking and the dashboard read those
 * sales), items on sale and at auction with bids, likes, follows, drops and a wallet for everyone.
 * Its own seeded random: the other seeds' draws stay as they were.
 */

const NFT_SEED = 16_016;
const ITEMS = 48;
const DAY = 86_400_000;

const collectionNames = [
  'Neon Drift',
  'Paper Moons',
  'Quiet Machines',
  'Tidal Glyphs',
  'Soft Voxels',
  'Night Market',
] as const;

const titleWords = {
  first: [
    'Amber',
    'Cobalt',
    'Velvet',
    'Solar',
    'Hollow',
    'Lucid',
    'Silent',
    'Copper',
    'Feral',
    'Prism',
    'Ivory',
    'Rust',
  ],
  second: [
    'Orbit',
    'Garden',
    'Signal',
    'Bloom',
    'Harbor',
    'Echo',
    'Relic',
    'Cascade',
    'Lantern',
    'Circuit',
    'Dune',
    'Tide',
  ],
};

const palettes = [
  ['#ff6b6b', '#5f27cd'],
  ['#48dbfb', '#0a3d62'],
  ['#feca57', '#ee5253'],
  ['#1dd1a1', '#222f3e'],
  ['#ff9ff3', '#341f97'],
  ['#54a0ff', '#10ac84'],
  ['#f368e0', '#ff9f43'],
  ['#c8d6e5', '#576574'],
] as const;

/** A generated artwork: a gradient with circles and a ring, from a palette and a seed. */
function artSvg(index: number): string {
  const random = createRandom(NFT_SEED + index);
  const [from, to] = palettes[index % palettes.length] ?? palettes[0];
  const shapes = Array.from({ length: 5 }, () => {
    const x = random.int(20, 236);
    const y = random.int(20, 236);
    const r = random.int(12, 70);
    const opacity = (random.int(25, 70) / 100).toFixed(2);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${opacity}"/>`;
  }).join('');
  const ring = `<circle cx="128" cy="128" r="${random.int(40, 90)}" fill="none" stroke="${to}" stroke-width="${random.int(6, 18)}" stroke-opacity="0.8"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="256" height="256" fill="url(#g)"/>${shapes}${ring}</svg>`;
}

/** A short silent MP3: MPEG-1 layer III frames (128 kbit/s, 44.1 kHz) whose audio data is empty. */
function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

const eth = (units: bigint) => fromScaled(units, NFT_SCALE, true);
const units = (value: string) => toScaled(value, NFT_SCALE);

export async function seedNft(
  db: Database,
  options: { put: PutBytes; adminId: string; userIds: string[]; now?: number },
) {
  const random = createRandom(NFT_SEED);
  const now = options.now ?? Date.now();
  const people = [options.adminId, ...options.userIds];
  const creators = people.slice(0, 9);

  // The media: 12 pictures (JPEG), 4 GIFs and one short MP3, each stored once.
  const { default: sharp } = await import('sharp');
  const pictures = await Promise.all(
    Array.from({ length: 16 }, (_, i) => {
      const image = sharp(Buffer.from(artSvg(i)));
      return i < 12 ? image.jpeg({ quality: 80 }).toBuffer() : image.gif().toBuffer();
    }),
  );
  const stored: StoredBytes[] = [];
  for (const bytes of pictures) stored.push(await options.put(db, bytes));
  const sound = await options.put(db, silentMp3(40));

  const collections = collectionNames.map((name, i) => ({
    id: randomUUID(),
    name,
    description: `${name}: a series by one of the office's own artists.`,
    creatorId: creators[i % creators.length] as string,
    createdAt: new Date(now - (60 - i * 5) * DAY),
    createdBy: creators[i % creators.length] as string,
  }));
  await insertMany(db, nftCollections, collections);

  type Item = typeof nftItems.$inferInsert & { id: string; ownerId: string; creatorId: string };
  const items: Item[] = [];
  const mediaRows: (typeof files.$inferInsert)[] = [];
  const sales: (typeof nftSales.$inferInsert)[] = [];
  const bids: (typeof nftBids.$inferInsert)[] = [];
  const volumes = new Map<string, bigint>();

  for (let i = 0; i < ITEMS; i += 1) {
    const id = randomUUID();
    const collection = collections[i % collections.length] as (typeof collections)[number];
    const creatorId = collection.creatorId;
    const category = nftCategories[i % nftCategories.length] as NftCategory;
    const music = category === 'Music';
    const picture = stored[i % stored.length] as StoredBytes;
    const medium = music ? sound : picture;
    const fileType = music ? 'mp3' : medium.mime === 'image/gif' ? 'gif' : 'jpg';
    const createdAt = now - random.int(20, 58) * DAY;
    // Resales over the last 30 days, one owner after the other.
    let owner = creatorId;
    let price = units(`${random.int(2, 40) / 10}`);
    let soldAt = now - random.int(16, 30) * DAY;
    const resales = random.int(0, 4);
    for (let s = 0; s < resales; s += 1) {
      const buyer = random.pick(people.filter((p) => p !== owner));
      sales.push({
        itemId: id,
        collectionId: collection.id,
        category,
        sellerId: owner,
        buyerId: buyer,
        price: eth(price),
        kind: random.next() < 0.5 ? 'fixed' : 'auction',
        createdAt: new Date(soldAt),
      });
      volumes.set(id, (volumes.get(id) ?? 0n) + price);
      owner = buyer;
      price = (price * BigInt(random.int(95, 160))) / 100n;
      soldAt += random.int(1, 7) * DAY - random.int(0, 20) * 3_600_000;
      if (soldAt > now - 3_600_000) soldAt = now - random.int(1, 20) * 3_600_000;
    }
    const item: Item = {
      id,
      title: `${random.pick(titleWords.first)} ${random.pick(titleWords.second)} #${String(i + 1).padStart(3, '0')}`,
      description: `${category} from ${collection.name}.`,
      category,
      fileType,
      mediaFileId: randomUUID(),
      creatorId,
      ownerId: owner,
      collectionId: collection.id,
      listing: 'none',
      volume: eth(volumes.get(id) ?? 0n),
      createdAt: new Date(createdAt),
      createdBy: creatorId,
      updatedBy: creatorId,
    };
    // A third at auction (some without bids yet), a third at a fixed price, the rest not for sale.
    const kind = i % 3;
    if (kind === 0) {
      const auctionId = randomUUID();
      const start = units(`${random.int(5, 30) / 10}`);
      item.listing = 'auction';
      item.price = eth(start);
      item.auctionId = auctionId;
      item.endsAt = new Date(now + random.int(2, 120) * 3_600_000);
      const count = i % 4 === 0 ? 0 : random.int(1, 5);
      let amount = start;
      let placedAt = now - random.int(24, 48) * 3_600_000;
      for (let b = 0; b < count; b += 1) {
        const bidder = random.pick(people.filter((p) => p !== owner));
        bids.push({
          itemId: id,
          auctionId,
          bidderId: bidder,
          amount: eth(amount),
          status: b === count - 1 ? 'leading' : 'outbid',
          createdAt: new Date(placedAt),
        });
        item.highestBid = eth(amount);
        item.highestBidderId = bidder;
        item.bidsCount = b + 1;
        amount += units(`${random.int(1, 30) / 100}`);
        placedAt += random.int(1, 6) * 3_600_000;
      }
    } else if (kind === 1) {
      item.listing = 'fixed';
      item.price = eth(units(`${random.int(3, 60) / 10}`));
    }
    items.push(item);
    mediaRows.push({
      id: item.mediaFileId as string,
      name: `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${fileType}`,
      blobHash: medium.hash,
      size: medium.size,
      mime: medium.mime,
      kind: 'Media',
      ownerId: creatorId,
      attachedType: 'nft.items',
      attachedId: id,
      createdBy: creatorId,
      updatedBy: creatorId,
    });
  }
  await insertMany(db, files, mediaRows);
  // Column sets differ by listing: one insert per shape.
  for (const listing of ['none', 'fixed', 'auction']) {
    const shaped = items.filter((item) => item.listing === listing);
    const withBids = shaped.filter((item) => item.highestBid);
    const withoutBids = shaped.filter((item) => !item.highestBid);
    await insertMany(db, nftItems, withBids);
    await insertMany(db, nftItems, withoutBids);
  }
  await insertMany(db, nftSales, sales);
  await insertMany(db, nftBids, bids);

  // Likes and follows, once per user; the likes counted on the items.
  const likes = items.flatMap((item) =>
    people.filter(() => random.next() < 0.3).map((userId) => ({ itemId: item.id, userId })),
  );
  await insertMany(db, nftLikes, likes);
  await db.execute(
    sql`update nft_items i set likes = l.n from (select item_id, count(*)::int as n from nft_likes group by item_id) l where l.item_id = i.id`,
  );
  const follows = creators.flatMap((creatorId) =>
    people
      .filter((p) => p !== creatorId && random.next() < 0.4)
      .map((followerId) => ({ creatorId, followerId })),
  );
  await insertMany(db, nftFollows, follows);

  // Wallets: what everyone's leading bids hold back, and 20 to 60 ETH more to spend.
  await insertMany(
    db,
    nftWallets,
    people.map((userId) => ({ userId, balance: eth(units(`${random.int(20, 60)}`)) })),
  );
  await db.execute(
    sql`update nft_wallets w set balance = w.balance + b.held
          from (select bidder_id, sum(amount) as held from nft_bids where status = 'leading' group by bidder_id) b
         where b.bidder_id = w.user_id`,
  );

  // Drops: past, live and upcoming, in each category, shown with one of the items' pictures.
  const pictureRows = mediaRows.filter((row) => row.mime.startsWith('image/'));
  const drops = Array.from({ length: 9 }, (_, i) => {
    const available = random.int(50, 500);
    const startsAt = now + (i - 5) * 2 * DAY + random.int(0, 12) * 3_600_000;
    const started = startsAt <= now;
    const collection = collections[i % collections.length] as (typeof collections)[number];
    return {
      title: `${collection.name} drop ${i + 1}`,
      collectionId: collection.id,
      creatorId: collection.creatorId,
      imageFileId: (pictureRows[(i * 5) % pictureRows.length] as { id: string }).id,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + random.int(3, 7) * DAY),
      price: eth(units(`${random.int(1, 20) / 10}`)),
      available,
      sold: started ? random.int(Math.floor(available / 10), available) : 0,
      category: nftDropCategories[i % nftDropCategories.length] as string,
      createdBy: collection.creatorId,
    };
  });
  await insertMany(db, nftDrops, drops);
}
