// Lighthouse accessibility of the engine's pages (issue 12), on the built app with the demo data:
// lists, forms, and every tab of a few records' detail pages, light and dark, must score 100.
// Signed in as bench/lighthouse.mjs is (bench/server.mjs signedInTab).
// Run `npm run build` first; then `node bench/a11y.mjs` (SCHEMES=light to audit one scheme).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signedInTab, startServer, stopServer } from './server.mjs';

/** Lists and forms, by their address. */
const pages = [
  '/apps/tickets',
  '/apps/invoices',
  '/admin/users',
  '/apps/tasks/new',
  '/apps/invoices/new',
  '/apps/crm/pipeline',
  '/calendar?view=dayGridMonth',
  '/calendar?view=listWeek',
  '/apps/tasks/board',
  '/file-manager',
  '/file-manager?layout=list',
  '/mailbox',
  '/mailbox?folder=sent',
  '/chat',
  '/blog/posts',
  '/blog/posts?view=list',
  '/blog/posts/new',
  '/blog/social',
  '/blog/videos',
  '/gallery/images',
  '/gallery/images/new',
  '/gallery/categories',
  '/pricing',
  '/releases',
  '/apps/crypto/market',
  '/apps/crypto/portfolio',
  '/apps/crypto/portfolio?currency=btc',
  '/apps/crypto/transactions',
  '/apps/crypto/orders',
  '/apps/crypto/ico',
  '/apps/crypto/ico?stage=Upcoming',
  '/dashboards/crypto',
  '/apps/nft/marketplace',
  '/apps/nft/explore',
  '/apps/nft/auctions',
  '/apps/nft/ranking',
  '/apps/nft/creators',
  '/apps/nft/drops',
  '/apps/nft/wallet',
  '/apps/nft/wallet?tab=bids',
  '/dashboards/nft',
];

/** A record of each kind: the list API to take its key from, its page, and the tabs to audit. */
const records = [
  { api: '/api/apps/customer', route: '/apps/ecommerce/customers', tabs: ['', 'orders', 'activity'] },
  { api: '/api/apps/order', route: '/apps/ecommerce/orders', tabs: [''] },
  { api: '/api/apps/company', route: '/apps/crm/companies', tabs: ['', 'contacts', 'deals'] },
  { api: '/api/projects', route: '/apps/projects', tabs: ['', 'tasks', 'members'] },
  { api: '/api/apps/task', route: '/apps/tasks', tabs: ['', 'comments'] },
  { api: '/api/apps/ticket', route: '/apps/tickets', tabs: ['', 'activity'] },
  { api: '/api/blog/posts', route: '/blog/posts', tabs: [''] },
  { api: '/api/gallery/images', route: '/gallery/images', tabs: [''] },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-bench-a11y-'));
const server = await startServer(dataDir, { SEED_DEMO: 'true' });
const { browser, page } = await signedInTab(server);
const scores = [];

/** Audits one page in the tab and prints its score (and what failed). */
async function audit(url, scheme) {
  const { lhr } = await lighthouse(
    url,
    { disableStorageReset: true, logLevel: 'error', onlyCategories: ['accessibility'] },
    desktopConfig,
    page,
  );
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const shown = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  if (shown !== scheme) throw new Error(`${url}: shown in ${shown}, not ${scheme}`);
  const score = Math.round(lhr.categories.accessibility.score * 100);
  const failed = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result.score === 0)
    .map(
      (result) =>
        `${result.id}: ${(result.details?.items ?? []).map((item) => item.node?.snippet).join(' ')}`,
    );
  scores.push(score);
  const where = url.slice(server.url.length);
  console.log(
    `${score === 100 ? 'ok  ' : 'FAIL'}  ${scheme} ${where}: ${score}${failed.length ? ` (failing: ${failed.join(', ')})` : ''}`,
  );
}

try {
  for (const scheme of (process.env.SCHEMES ?? 'light,dark').split(',')) {
    // The theme is a preference of the user (saved on the server, and kept in localStorage).
    await page.evaluate(async (theme) => {
      const { accessToken } = JSON.parse(sessionStorage.getItem('ledgerdesk.session'));
      const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
      const preferences = await (await fetch('/api/users/me/preferences/', { headers })).json();
      const saved = { ...preferences, layout: { ...preferences.layout, theme } };
      const res = await fetch('/api/users/me/preferences/', {
        method: 'PUT',
        headers,
        body: JSON.stringify(saved),
      });
      if (!res.ok) throw new Error(`preferences: ${res.status} ${await res.text()}`);
      localStorage.setItem('ledgerdesk.preferences', JSON.stringify(saved));
    }, scheme);
    for (const address of pages) await audit(`${server.url}${address}`, scheme);
    for (const record of records) {
      const key = await page.evaluate(async (api) => {
        const { accessToken } = JSON.parse(sessionStorage.getItem('ledgerdesk.session'));
        const headers = { authorization: `Bearer ${accessToken}` };
        const [first] = (await (await fetch(`${api}?pageSize=1`, { headers })).json()).results;
        return first._id ?? first.id;
      }, record.api);
      for (const tab of record.tabs) {
        await audit(`${server.url}${record.route}/${key}${tab ? `?tab=${tab}` : ''}`, scheme);
      }
    }
    // The chat with a channel open (its id from the caller's rooms).
    const room = await page.evaluate(async () => {
      const { accessToken } = JSON.parse(sessionStorage.getItem('ledgerdesk.session'));
      const headers = { authorization: `Bearer ${accessToken}` };
      const { items } = await (await fetch('/api/chat/rooms', { headers })).json();
      return items.find((item) => item.kind === 'channel').id;
    });
    await audit(`${server.url}/chat?room=${room}`, scheme);
    // An NFT at auction: the countdown, the bid form and the bid history.
    const auctioned = await page.evaluate(async () => {
      const { accessToken } = JSON.parse(sessionStorage.getItem('ledgerdesk.session'));
      const headers = { authorization: `Bearer ${accessToken}` };
      const { results } = await (
        await fetch('/api/nft/items?sales=Has+Offers&pageSize=1', { headers })
      ).json();
      return results[0].id;
    });
    await audit(`${server.url}/apps/nft/items/${auctioned}`, scheme);
  }
} finally {
  await browser.close();
  await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = scores.every((score) => score === 100) ? 0 : 1;
