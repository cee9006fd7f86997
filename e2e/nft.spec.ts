import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectToast, signInAsAdmin, test, unique } from './fixtures';

/*
 * NFT auctions in the browser: the administrator bids on a running auction and sees the bid top the
 * history; another user's bid, made while the page is open, arrives over the live connection and
 * tops it in turn, without a reload.
 */

type Item = { id: string; title: string; owner: { id: string }; minNextBid: string; endsAt: string };

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/users/login/', { data: ADMIN });
  const { accessToken, id } = (await login.json()) as { accessToken: string; id: string };
  return { headers: { authorization: `Bearer ${accessToken}` }, id };
}

/** A running auction of the demo data that `userId` does not own and that ends in an hour or more. */
async function openAuction(request: APIRequestContext, headers: Record<string, string>, userId: string) {
  const answer = await request.get('/api/nft/items', {
    headers,
    params: { sales: 'On Auction', ordering: '-endsAt', pageSize: 50 },
  });
  expect(answer.status()).toBe(200);
  const { results } = (await answer.json()) as { results: Item[] };
  const item = results.find(
    (candidate) => candidate.owner.id !== userId && Date.parse(candidate.endsAt) > Date.now() + 3_600_000,
  );
  if (!item) throw new Error('the demo data has no running auction to bid on');
  return item;
}

/** Money in the wallet of the user of `headers`, for bids. */
async function deposit(request: APIRequestContext, headers: Record<string, string>, amount: string) {
  const answer = await request.post('/api/nft/wallet/deposit', { headers, data: { amount } });
  expect(answer.ok()).toBe(true);
}

/** A user who may bid (a group with nft.view and nft.manage), signed in through the API: their headers. */
async function makeBidder(request: APIRequestContext, headers: Record<string, string>) {
  const id = unique();
  const group = await request.post('/api/users/group/', {
    headers,
    data: { name: `Bidders ${id}`, description: 'NFT e2e', permissions: ['nft.view', 'nft.manage'] },
  });
  expect(group.status()).toBe(201);
  const { data: bidders } = (await group.json()) as { data: { id: string } };
  const email = `carla.${id}@example.com`;
  const password = 'Nft-e2e-password-1';
  const user = await request.post('/api/users/user/', {
    headers,
    data: {
      email,
      username: `carla${id}`,
      firstName: 'Carla',
      lastName: `Moreau ${id}`,
      password,
      groupIds: [bidders.id],
    },
  });
  expect(user.status()).toBe(201);
  const login = await request.post('/api/users/login/', { data: { email, password } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { headers: { authorization: `Bearer ${accessToken}` }, name: `Carla Moreau ${id}` };
}

/** The bid history's rows, top first. */
const history = (page: Page) => page.getByTestId('bid-history').getByRole('listitem');

/** `amount` + `more` ETH, as a decimal string (amounts have at most 4 decimals). */
const plus = (amount: string, more: number) => String(Math.round((Number(amount) + more) * 10_000) / 10_000);

test('a bid placed on an auction tops its bid history; another user’s bid arrives live and tops it in turn', async ({
  page,
  request,
}) => {
  const admin = await adminHeaders(request);
  const item = await openAuction(request, admin.headers, admin.id);
  await deposit(request, admin.headers, '500');
  await signInAsAdmin(page);

  // From the live auctions to the item.
  await page.goto('/apps/nft/auctions');
  await expect(page.getByRole('heading', { name: 'Live auctions', level: 1 })).toBeVisible();
  await page.goto(`/apps/nft/items/${item.id}`);
  await expect(page.getByRole('heading', { name: item.title, level: 1 })).toBeVisible();
  await expect(page.getByTestId('countdown').first()).toHaveText(/\d\d:\d\d:\d\d/);

  // Below the least next bid: refused on the field, nothing sent.
  const amount = page.getByLabel('Your bid');
  await amount.fill('0.0001');
  await page.getByRole('button', { name: 'Place bid' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your bid is too low' })).toBeVisible();

  const mine = plus(item.minNextBid, 0.5);
  await amount.fill(mine);
  await page.getByRole('button', { name: 'Place bid' }).click();
  await expectToast(page, 'Bid placed');
  await expect(history(page).first()).toContainText(`${Number(mine).toLocaleString('en')} ETH`);
  await expect(history(page).first()).toContainText('Leading');
  await expect(page.getByTestId('highest-bid')).toHaveText(`${Number(mine).toLocaleString('en')} ETH`);

  // Carla outbids through the API; the open page hears it.
  const carla = await makeBidder(request, admin.headers);
  await deposit(request, carla.headers, '500');
  const hers = plus(mine, 1);
  const placed = await request.post(`/api/nft/items/${item.id}/bids`, {
    headers: carla.headers,
    data: { amount: hers },
  });
  expect(placed.status()).toBe(201);
  await expect(history(page).first()).toContainText(carla.name);
  await expect(history(page).first()).toContainText(`${Number(hers).toLocaleString('en')} ETH`);
  await expect(page.getByTestId('highest-bid')).toHaveText(`${Number(hers).toLocaleString('en')} ETH`);
  await expect(history(page).nth(1)).toContainText('Outbid');
});
