import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { nftItems, nftSales, nftWallets } from '../../src/db/schema';
import { seedNft } from '../../src/seed/nft';
import { storeBytesIn } from '../../src/seed/stored-bytes';
import { ADMIN, apiCaller, createTestContext, type TestContext } from '../context';
import { liveUrl, signedInSocket } from '../live/socket';
import { png, sendFiles } from '../multipart';

// NFT: items made from uploaded media, listings, the money rules of bids and purchases, the auction
// sweep, collections ranked from sales, creators to follow, likes and the personal wallet.
let ctx: TestContext;
let admin: string;
let ana: string;
let anaId: string;
let ben: string;
let benId: string;
let cleo: string;
let viewer: string;
let viewerId: string;
const password = ADMIN.password;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  const traders = ['nft.view', 'nft.manage'];
  anaId = await ctx.createUser({ email: 'ana@nft.test', password, permissions: traders });
  benId = await ctx.createUser({ email: 'ben@nft.test', password, permissions: traders });
  await ctx.createUser({ email: 'cleo@nft.test', password, permissions: traders });
  viewerId = await ctx.createUser({ email: 'vi@nft.test', password, permissions: ['nft.view'] });
  await ctx.createUser({ email: 'none@nft.test', password, permissions: [] });
  ana = await ctx.login('ana@nft.test', password);
  ben = await ctx.login('ben@nft.test', password);
  cleo = await ctx.login('cleo@nft.test', password);
  viewer = await ctx.login('vi@nft.test', password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: ana }));

/** An item of `token`'s user, from a freshly uploaded picture. */
async function makeItem(token: string, fields: Record<string, unknown> = {}) {
  const upload = await sendFiles(ctx, token, '/api/nft/media', [['art.png', await png('#7a3cff', 64, 64)]]);
  expect(upload.statusCode).toBe(201);
  const res = await call(
    'POST',
    '/api/nft/items',
    { title: 'Violet square', category: 'Artwork', mediaId: upload.json().id, ...fields },
    { token },
  );
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; version: number };
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const auction = (token: string, id: string, price: string) =>
  call('PUT', `/api/nft/items/${id}/listing`, { listing: 'auction', price, endsAt: inHours(24) }, { token });
const bid = (token: string, id: string, amount: string) =>
  call('POST', `/api/nft/items/${id}/bids`, { amount }, { token });
const deposit = (token: string, amount: string) =>
  call('POST', '/api/nft/wallet/deposit', { amount }, { token });
const wallet = async (token: string) => (await call('GET', '/api/nft/wallet', undefined, { token })).json();
const endNow = (id: string) =>
  ctx.database.db
    .update(nftItems)
    .set({ endsAt: sql`now() - interval '1 second'` })
    .where(eq(nftItems.id, id));

describe('nft', () => {
  it('every route needs its permission; a wallet is only ever the caller’s own', async () => {
    const none = await ctx.login('none@nft.test', password);
    expect((await call('GET', '/api/nft/items', undefined, { token: none })).statusCode).toBe(403);
    expect((await call('GET', '/api/nft/wallet', undefined, { token: none })).statusCode).toBe(403);
    expect((await call('GET', '/api/nft/items', undefined, { token: viewer })).statusCode).toBe(200);
    // Viewing does not trade.
    expect((await deposit(viewer, '5')).statusCode).toBe(403);
    expect((await call('POST', '/api/nft/collections', { name: 'Mine' }, { token: viewer })).statusCode).toBe(
      403,
    );
    await deposit(ana, '3');
    expect((await wallet(ana)).balance).toBe('3');
    // The administrator holds every permission and sees their own (empty) wallet, not Ana's.
    expect(await wallet(admin)).toMatchObject({ balance: '0', ownedItems: 0 });
    expect((await wallet(ana)).address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('creates an item from uploaded media; only its owner changes it; bad input is a 400', async () => {
    const collection = await call('POST', '/api/nft/collections', { name: 'Squares' });
    expect(collection.statusCode).toBe(201);
    const item = await makeItem(ana, { collectionId: collection.json().data.id, description: 'Flat colour' });
    const detail = (await call('GET', `/api/nft/items/${item.id}`, undefined, { token: viewer })).json();
    expect(detail).toMatchObject({
      title: 'Violet square',
      fileType: 'jpg',
      creator: { id: anaId },
      owner: { id: anaId },
      collection: { name: 'Squares' },
      listing: 'none',
      isActive: false,
      sales: null,
      bids: [],
      history: [],
    });
    const image = await ctx.app.inject({ method: 'GET', url: detail.media.url });
    expect(image.statusCode).toBe(200);

    expect(
      (await call('PATCH', `/api/nft/items/${item.id}`, { title: 'Mine now' }, { token: ben })).statusCode,
    ).toBe(403);
    const renamed = await call('PATCH', `/api/nft/items/${item.id}`, { title: 'Purple square', version: 1 });
    expect(renamed.json().data).toMatchObject({ title: 'Purple square', version: 2 });
    expect((await call('PATCH', `/api/nft/items/${item.id}`, { title: 'Old', version: 1 })).statusCode).toBe(
      409,
    );
    // Someone else's collection is not the owner's to fill.
    const other = (await call('POST', '/api/nft/collections', { name: 'Bens' }, { token: ben })).json().data;
    expect((await call('PATCH', `/api/nft/items/${item.id}`, { collectionId: other.id })).statusCode).toBe(
      400,
    );

    // A medium used once, or uploaded by someone else, is gone.
    expect(
      (await call('POST', '/api/nft/items', { title: 'x', category: 'Artwork', mediaId: detail.media.id }))
        .statusCode,
    ).toBe(400);
    const text = await sendFiles(ctx, ana, '/api/nft/media', [['notes.txt', Buffer.from('plain text')]]);
    expect(text.statusCode).toBe(400);
    expect(
      (await call('POST', '/api/nft/items', { title: '', category: 'Nope', mediaId: 'x' })).json()
        .fieldErrors,
    ).toEqual(
      expect.objectContaining({
        title: expect.any(String),
        category: expect.any(String),
        mediaId: expect.any(String),
      }),
    );
    const spare = await makeItem(ana, { title: 'Spare' });
    expect((await call('DELETE', `/api/nft/items/${spare.id}`, undefined, { token: ben })).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/nft/items/${spare.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/nft/items/${spare.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/nft/items?sales=Sold')).statusCode).toBe(400);
    expect((await call('GET', '/api/nft/items?ordering=-nope')).statusCode).toBe(400);
  });

  it('bids follow the money rules, and of two equal bids at once exactly one is taken', async () => {
    const item = await makeItem(ana, { title: 'Auction piece' });
    expect((await auction(ana, item.id, '1')).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/nft/items/${item.id}/listing`, {
          listing: 'auction',
          price: '1',
          endsAt: inHours(0.5),
        })
      ).statusCode,
    ).toBe(400);
    await deposit(ben, '10');
    await deposit(cleo, '2');

    expect((await bid(ana, item.id, '5')).json().errorMessage).toBe(
      'You cannot bid on or buy your own item.',
    );
    expect((await bid(ben, item.id, '0.5')).statusCode).toBe(409);
    expect((await bid(ben, item.id, '0')).statusCode).toBe(400);
    expect((await bid(viewer, item.id, '2')).statusCode).toBe(403);
    // Cleo holds 2 ETH: more is refused.
    const short = await bid(cleo, item.id, '3');
    expect(short.statusCode).toBe(409);
    expect(short.json().fieldErrors.amount).toMatch(/2 ETH available/);

    const first = await bid(ben, item.id, '1');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ amount: '1', status: 'leading', bidder: { id: benId } });
    // Not above the highest by the increment (0.01).
    expect((await bid(cleo, item.id, '1.005')).json().errorMessage).toBe(
      'The bid must be at least 1.01 ETH.',
    );

    // Two bids of the same amount at the same time: exactly one is taken.
    const racing = await Promise.all([bid(cleo, item.id, '1.5'), bid(ben, item.id, '1.5')]);
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const listed = (await call('GET', `/api/nft/items/${item.id}`)).json();
    expect(listed).toMatchObject({
      highestBid: '1.5',
      bidsCount: 2,
      minNextBid: '1.51',
      sales: 'Has Offers',
    });
    expect(listed.bids.filter((b: { status: string }) => b.status === 'leading')).toHaveLength(1);
    expect(listed.bids.map((b: { amount: string }) => b.amount)).toEqual(['1.5', '1']);

    // The leading bid holds its amount back from the bidder's other bids and purchases.
    const leader = listed.highestBidder.id === benId ? ben : cleo;
    expect((await wallet(leader)).reserved).toBe('1.5');
    // The owner cannot change the listing of an auction with bids.
    expect((await call('PUT', `/api/nft/items/${item.id}/listing`, { listing: 'none' })).statusCode).toBe(
      409,
    );

    // Filters: On Auction / Has Offers, price range on the highest bid.
    const ids = async (query: string) =>
      (await call('GET', `/api/nft/items?${query}`)).json().results.map((i: { id: string }) => i.id);
    expect(await ids('sales=Has+Offers')).toContain(item.id);
    expect(await ids('sales=On+Auction&minPrice=1.4&maxPrice=1.6')).toContain(item.id);
    expect(await ids('minPrice=1.6')).not.toContain(item.id);
    expect(await ids('category=Music')).not.toContain(item.id);

    // Past its end by the database's clock: read as ended, no bid taken, before any sweep.
    await endNow(item.id);
    const ended = (await call('GET', `/api/nft/items/${item.id}`)).json();
    expect(ended).toMatchObject({ ended: true, isActive: false, sales: null, minNextBid: null });
    expect((await bid(ben, item.id, '3')).json().errorMessage).toBe('This auction has ended.');
    expect(await ids('sales=On+Auction')).not.toContain(item.id);
  });

  it('a bid is pushed live to those who may view the marketplace, and to no one else', async () => {
    const url = await liveUrl(ctx.app);
    const none = await ctx.login('none@nft.test', password);
    const [watching, outsider] = [await signedInSocket(url, viewer), await signedInSocket(url, none)];
    try {
      const item = await makeItem(ana, { title: 'Live one' });
      await auction(ana, item.id, '0.1');
      await deposit(ben, '1');
      expect((await bid(ben, item.id, '0.2')).statusCode).toBe(201);
      const pushed = await watching.next('nft.bid', (m) => m.itemId === item.id);
      expect(pushed).toMatchObject({ amount: '0.2', bidder: { id: benId, name: 'Test User' } });
      expect(outsider.received.filter((m) => String(m.type).startsWith('nft.'))).toEqual([]);
    } finally {
      watching.close();
      outsider.close();
    }
  });

  it('the sweep closes an ended auction exactly once, even run twice at the same time', async () => {
    // What the tests before left ended is closed first.
    await ctx.app.nftAuctions.sweepNow();
    const item = await makeItem(ana, { title: 'Swept' });
    await auction(ana, item.id, '2');
    await deposit(ben, '5');
    const before = { ana: (await wallet(ana)).balance, ben: (await wallet(ben)).balance };
    expect((await bid(ben, item.id, '2.25')).statusCode).toBe(201);
    await endNow(item.id);
    expect((await sweepTwice()).reduce((a, b) => a + b, 0)).toBe(1);
    const sales = await ctx.database.db.select().from(nftSales).where(eq(nftSales.itemId, item.id));
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ price: '2.2500', kind: 'auction', buyerId: benId, sellerId: anaId });
    const after = (await call('GET', `/api/nft/items/${item.id}`)).json();
    expect(after).toMatchObject({
      owner: { id: benId },
      listing: 'none',
      volume: '2.25',
      history: [{ price: '2.25' }],
    });
    expect(after.bids[0].status).toBe('won');
    // Its history stays: its new owner cannot remove it.
    expect(
      (await call('DELETE', `/api/nft/items/${item.id}`, undefined, { token: ben })).json().errorMessage,
    ).toBe('An item that was bid on or sold stays: its sales are its collection’s history.');
    expect((await wallet(ana)).balance).toBe(String(Number(before.ana) + 2.25));
    expect((await wallet(ben)).balance).toBe(String(Number(before.ben) - 2.25));
    const balances = await ctx.database.db.select().from(nftWallets);
    expect(balances.every((w) => Number(w.balance) >= 0)).toBe(true);
    // Nothing is left to close.
    expect(await sweepTwice()).toEqual([0, 0]);

    // A server starting after auctions ended (all nodes were down) closes them at once.
    const missed = await makeItem(ana, { title: 'Missed' });
    await auction(ana, missed.id, '1');
    await endNow(missed.id);
    ctx.app.nftAuctions.start();
    await expect
      .poll(async () => (await call('GET', `/api/nft/items/${missed.id}`)).json().listing)
      .toBe('none');
    await ctx.app.nftAuctions.stop();
  });

  it('buys at the fixed price seen; ranks collections from their sales', async () => {
    const collection = (await call('POST', '/api/nft/collections', { name: 'For sale' })).json().data;
    const item = await makeItem(ana, { title: 'Fixed', collectionId: collection.id });
    await deposit(cleo, '1');
    await call('PUT', `/api/nft/items/${item.id}/listing`, { listing: 'fixed', price: '0.8' });
    expect(
      (await call('POST', `/api/nft/items/${item.id}/buy`, { price: '0.7' }, { token: cleo })).statusCode,
    ).toBe(409);
    const bought = await call('POST', `/api/nft/items/${item.id}/buy`, { price: '0.8' }, { token: cleo });
    expect(bought.statusCode).toBe(201);
    expect(bought.json().data).toMatchObject({
      price: '0.8',
      kind: 'fixed',
      collection: { id: collection.id },
    });
    expect(
      (await call('POST', `/api/nft/items/${item.id}/buy`, { price: '0.8' }, { token: ben })).statusCode,
    ).toBe(409);

    const ranking = (await call('GET', '/api/nft/collections?search=For+sale')).json();
    expect(ranking.results[0]).toMatchObject({
      name: 'For sale',
      volume: '0.8',
      volume24h: '0.8',
      items: 1,
      owners: 1,
      floorPrice: null,
    });
    const top = (await call('GET', '/api/nft/collections')).json().results;
    expect(top.map((c: { ranking: number }) => c.ranking)).toEqual(top.map((_: unknown, i: number) => i + 1));
    const sales = (await call('GET', `/api/nft/sales?item=${item.id}`)).json();
    expect(sales.results).toHaveLength(1);
  });

  it('counts a collection’s items, owners and floor as its items are made, sold and removed', async () => {
    const collection = (await call('POST', '/api/nft/collections', { name: 'Holders' })).json().data;
    const first = await makeItem(ana, { title: 'Holder one', collectionId: collection.id });
    const second = await makeItem(ana, { title: 'Holder two', collectionId: collection.id });
    const third = await makeItem(ana, { title: 'Holder three', collectionId: collection.id });
    const ranked = async () => (await call('GET', '/api/nft/collections?search=Holders')).json().results[0];
    expect(await ranked()).toMatchObject({ items: 3, owners: 1, floorPrice: null, volume: '0' });

    await call('PUT', `/api/nft/items/${first.id}/listing`, { listing: 'fixed', price: '0.5' });
    await call('PUT', `/api/nft/items/${second.id}/listing`, { listing: 'fixed', price: '0.3' });
    expect(await ranked()).toMatchObject({ floorPrice: '0.3' });

    await deposit(ben, '1');
    const buy = (id: string, price: string) =>
      call('POST', `/api/nft/items/${id}/buy`, { price }, { token: ben });
    expect((await buy(second.id, '0.3')).statusCode).toBe(201);
    expect(await ranked()).toMatchObject({ items: 3, owners: 2, floorPrice: '0.5', volume: '0.3' });
    expect((await call('DELETE', `/api/nft/items/${third.id}`)).statusCode).toBe(200);
    expect(await ranked()).toMatchObject({ items: 2, owners: 2 });
    expect((await buy(first.id, '0.5')).statusCode).toBe(201);
    expect(await ranked()).toMatchObject({ items: 2, owners: 1, floorPrice: null, volume: '0.8' });
  });

  it('likes and follows once per user; a creator is someone who made items', async () => {
    const item = await makeItem(ana, { title: 'Liked' });
    for (const token of [viewer, viewer, ben])
      await call('PUT', `/api/nft/items/${item.id}/like`, undefined, { token });
    const liked = (await call('GET', `/api/nft/items/${item.id}`, undefined, { token: viewer })).json();
    expect(liked).toMatchObject({ likes: 2, liked: true });
    expect(
      (await call('DELETE', `/api/nft/items/${item.id}/like`, undefined, { token: viewer })).json(),
    ).toMatchObject({
      liked: false,
      likes: 1,
    });
    expect(
      (await call('PUT', `/api/nft/creators/${anaId}/follow`, undefined, { token: viewer })).json(),
    ).toMatchObject({
      isFollow: true,
      followers: 1,
    });
    await call('PUT', `/api/nft/creators/${anaId}/follow`, undefined, { token: viewer });
    const creators = (
      await call('GET', '/api/nft/creators?following=true', undefined, { token: viewer })
    ).json();
    expect(creators.results).toEqual([expect.objectContaining({ id: anaId, isFollow: true, followers: 1 })]);
    expect(
      (await call('PUT', `/api/nft/creators/${viewerId}/follow`, undefined, { token: ben })).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/api/nft/creators/${anaId}/follow`)).statusCode).toBe(400);
  });

  it('the demo seed: items with their media, auctions with one leading bid, wallets that cover them', async () => {
    // Its own people (no wallet yet), as on a first start.
    const people: string[] = [];
    for (const name of ['dee', 'eli', 'fay', 'gus'])
      people.push(await ctx.createUser({ email: `${name}@nft.test`, password, permissions: ['nft.view'] }));
    const [first = '', ...others] = people;
    await seedNft(ctx.database.db, {
      put: storeBytesIn(ctx.config.dataDir),
      adminId: first,
      userIds: others,
    });
    const music = (
      await call('GET', '/api/nft/items?category=Music&pageSize=5', undefined, { token: admin })
    ).json();
    expect(music.results[0]).toMatchObject({ fileType: 'mp3', media: { mime: 'audio/mpeg' } });
    const sound = await ctx.app.inject({ method: 'GET', url: music.results[0].media.url });
    expect(sound.statusCode).toBe(200);
    const gifs = (await call('GET', '/api/nft/items?fileType=gif', undefined, { token: admin })).json();
    expect(gifs.count).toBeGreaterThan(0);
    const auctions = (
      await call('GET', '/api/nft/items?sales=Has+Offers&pageSize=100', undefined, { token: admin })
    ).json();
    expect(auctions.count).toBeGreaterThan(5);
    const [leading] = await rowsOf<{ auctions: number; leading: number; short: number }>(
      ctx.database.db,
      sql`select (select count(*) from nft_items where bids_count > 0)::int as auctions,
                 (select count(*) from nft_bids where status = 'leading')::int as leading,
                 (select count(*) from nft_wallets w where w.balance < (select coalesce(sum(amount), 0)
                    from nft_bids b where b.bidder_id = w.user_id and b.status = 'leading'))::int as short`,
    );
    expect(leading).toMatchObject({ leading: leading?.auctions, short: 0 });
    const ranking = (
      await call('GET', '/api/nft/collections?search=Neon', undefined, { token: admin })
    ).json();
    expect(Number(ranking.results[0].volume)).toBeGreaterThan(0);
    const drops = (await call('GET', '/api/nft/drops', undefined, { token: admin })).json();
    expect(new Set(drops.results.map((d: { state: string }) => d.state))).toEqual(
      new Set(['upcoming', 'live', 'ended']),
    );
  });

  it('the NFT dashboard sums the sales', async () => {
    const res = await call('GET', '/api/dashboard/nft?period=monthly');
    expect(res.statusCode).toBe(200);
    const widgets = res.json().widgets;
    expect(widgets.sales.counter).toBeGreaterThanOrEqual(2);
    expect(widgets.volume.suffix).toBe(' ETH');
    expect(widgets.recentSales.rows.length).toBeGreaterThanOrEqual(2);

    // The top tables rank by the period's volume, each with a figure of its own.
    type Row = { key: string; cells: Record<string, unknown>; href: string };
    const collections: Row[] = widgets.topCollections.rows;
    expect(widgets.topCollections.columns.map((c: { key: string }) => c.key)).toEqual([
      'name',
      'volume',
      'sales',
      'floorPrice',
    ]);
    expect(collections.find((row) => row.cells.name === 'For sale')).toMatchObject({
      cells: { volume: 0.8, sales: 1, floorPrice: null },
      href: expect.stringContaining('/apps/nft/explore?collection='),
    });
    const creators: Row[] = widgets.topCreators.rows;
    expect(creators.length).toBeGreaterThanOrEqual(1);
    expect(creators[0]?.href).toMatch(/^\/apps\/nft\/explore\?creator=/);
    for (const table of [collections, creators]) {
      const volumes = table.map((row) => Number(row.cells.volume));
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    }
    expect(typeof creators[0]?.cells.followers).toBe('number');
  });
});

/** Two sweeps at once, as two nodes would run them. */
const sweepTwice = () => Promise.all([ctx.app.nftAuctions.sweepNow(), ctx.app.nftAuctions.sweepNow()]);
