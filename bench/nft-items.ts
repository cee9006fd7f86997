// Budget of the NFT lists (issue 16): the marketplace over 1,000,000 items pages in ≤ 50 ms (p95,
// server time through app.inject, as a collector): the newest first, a deeper page, the filters of
// the explore page (category, file type, On Auction / Has Offers, a price range), price both ways,
// the auctions ending soonest and a title search; also the caller's bids and the collections
// ranking (measured, no budget). PGlite, and PostgreSQL when BENCH_DATABASE_URL names a server.
//
// Run: npx tsx bench/nft-items.ts
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx bench/nft-items.ts
// Options: BENCH_NFT_ITEMS=1000000; BENCH_RUNS=30; BENCH_KEEP=1 keeps the data for the next run.
import { count, eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { blobs, files, nftItems, users } from '../apps/server/src/db/schema';
import { seedDatabase } from '../apps/server/src/seed';
import { BENCH_ADMIN, type Engine, onEveryEngine, openBench, type TimedCall, timeCalls } from './harness';

const ITEMS = Number(process.env.BENCH_NFT_ITEMS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const KEEP = process.env.BENCH_KEEP === '1';
const BUDGET_MS = 50;
const HASH = 'b'.repeat(64);
const PEOPLE = 20;
const COLLECTIONS = 12;

/** The items made by the database in one statement: categories, types, listings and prices spread by g. */
async function load(db: Awaited<ReturnType<typeof openBench>>['database']['db'], adminId: string) {
  await db.execute(sql`
    insert into users (email, username, first_name, last_name)
    select 'collector' || g || '@bench.example', 'collector' || g, 'Collector', g::text
      from generate_series(1, ${PEOPLE}) g`);
  await db.execute(sql`
    insert into nft_collections (name, creator_id)
    select 'Collection ' || g, (select id from users order by email offset (g % ${PEOPLE}) limit 1)
      from generate_series(1, ${COLLECTIONS}) g`);
  await db.insert(blobs).values({ hash: HASH, size: 5000, mime: 'image/jpeg' });
  const [medium] = await db
    .insert(files)
    .values({
      name: 'art.jpg',
      blobHash: HASH,
      size: 5000,
      mime: 'image/jpeg',
      kind: 'Media',
      ownerId: adminId,
      attachedType: 'nft.items',
      attachedId: adminId,
    })
    .returning({ id: files.id });
  const started = performance.now();
  await db.execute(sql`
    with p as (select array_agg(id order by email) as ids from users where email like 'collector%'),
         c as (select array_agg(id order by name) as ids from nft_collections)
    insert into nft_items (title, category, file_type, media_file_id, creator_id, owner_id, collection_id,
                           likes, listing, price, auction_id, ends_at, highest_bid, highest_bidder_id,
                           bids_count, created_at, updated_at)
    select 'Piece ' || to_char(g, 'FM0000000'),
           (array['Artwork', 'Photography', 'Music', 'Video', 'Collectibles', '3d Style', 'Crypto Card', 'Games'])[1 + g % 8],
           (array['jpg', 'gif', 'mp3', 'mp4'])[1 + (g / 8) % 4],
           ${medium?.id}::uuid,
           p.ids[1 + g % ${PEOPLE}], p.ids[1 + (g / 3) % ${PEOPLE}], c.ids[1 + g % ${COLLECTIONS}],
           g % 97,
           (array['none', 'fixed', 'auction'])[1 + g % 3],
           case when g % 3 = 0 then null else ((g * 37) % 9900 + 10) / 1000.0 end,
           case when g % 3 = 2 then gen_random_uuid() end,
           case when g % 3 = 2 then now() + make_interval(secs => (g % 20000) * 60 - 600000) end,
           case when g % 3 = 2 and g % 5 > 0 then ((g * 37) % 9900 + 10) / 1000.0 + 0.05 end,
           case when g % 3 = 2 and g % 5 > 0 then p.ids[1 + (g + 1) % ${PEOPLE}] end,
           case when g % 3 = 2 then g % 5 else 0 end,
           now() - make_interval(secs => g * 30),
           now() - make_interval(secs => g * 30)
      from generate_series(1, ${ITEMS}) g, p, c`);
  await db.execute(sql`analyze nft_items`);
  return performance.now() - started;
}

async function run(engine: Engine): Promise<boolean> {
  const bench = await openBench('nft', engine, { RATE_LIMIT: 'off' }, { keep: KEEP });
  const { config, database } = bench;
  const say = (line: string) => console.log(`[${engine}] ${line}`);
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const db = database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, BENCH_ADMIN.email));
    if (!me) throw new Error('no bench admin');
    const [present] = await db.select({ n: count() }).from(nftItems);
    if (present?.n !== ITEMS) {
      await db.execute(sql`truncate nft_items, nft_collections cascade`);
      await db.execute(sql`delete from users where email like 'collector%'`);
      await db.execute(sql`delete from files where attached_type = 'nft.items'`);
      await db.execute(sql`delete from blobs where hash = ${HASH}`);
      const ms = await load(db, me.id);
      say(`loaded ${ITEMS.toLocaleString('en')} items in ${(ms / 1000).toFixed(1)} s`);
    }
    // As the server's upkeep leaves it once idle (VACUUM ANALYZE on PGlite, autovacuum on a server).
    await database.vacuum();

    const app = await buildApp({ config, database, webDistDir: bench.webDistDir });
    const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: BENCH_ADMIN });
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const lists: TimedCall[] = [
      ['newest first', '/api/nft/items', true],
      ['page 400, newest first', '/api/nft/items?page=400', true],
      ['category Music', '/api/nft/items?category=Music', true],
      ['file type gif', '/api/nft/items?fileType=gif', true],
      ['On Auction', '/api/nft/items?sales=On+Auction', true],
      ['Has Offers, category Games', '/api/nft/items?sales=Has+Offers&category=Games', true],
      ['price 1 to 2 ETH, cheapest first', '/api/nft/items?minPrice=1&maxPrice=2&ordering=price', true],
      ['most expensive first', '/api/nft/items?ordering=-price', true],
      ['ending soonest', '/api/nft/items?ordering=endsAt', true],
      ['search "0042"', '/api/nft/items?search=0042', true],
      ['my bids', '/api/nft/wallet/bids', false],
      ['collections ranking', '/api/nft/collections', false],
    ];
    const ok = await timeCalls(app, headers, lists, {
      about: `${ITEMS.toLocaleString('en')} items`,
      runs: RUNS,
      budgetMs: BUDGET_MS,
      say,
      count: (body) => body.results?.length ?? 0,
    });
    await app.close();
    return ok;
  } finally {
    await bench.close();
  }
}

await onEveryEngine(run);
