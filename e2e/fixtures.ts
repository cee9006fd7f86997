import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { type Mail, readMailFrom } from './mail-peer';

export const ADMIN = { email: 'admin@e2e.local', password: 'e2e-admin-password' };

/** The server of global-setup.ts; every page also fails its test on a CSP violation or a page error. */
export const test = base.extend<{ pageErrors: string[] }>({
  // The fixture needs no other fixture; it names one only because an empty pattern is not allowed.
  baseURL: async ({ browserName: _browserName }, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: global-setup.ts starts the server');
    await use(url);
  },
  page: async ({ page }, use) => {
    await preparePage(page);
    await use(page);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text()))
          errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'page errors and CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The newest mail to `to` that the server sent through the test SMTP peer (e2e/mail-peer.ts),
 * waiting for it to arrive; `since` skips older ones.
 */
export function readMail(to: string, since = new Date(Date.now() - 60_000)): Promise<Mail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: global-setup.ts starts the mail peer');
  return readMailFrom(dir, to, since);
}

/** A suffix that keeps the records of one run apart from those of another (letters and digits). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * Opens `path` (the dashboard by default) signed in as `account`, the session started through the
 * API as the login page would start it: the login form has tests of its own (auth.spec.ts), and the
 * others would spend their time filling it and drawing the dashboard they leave at once. Waits for
 * the page's title (level-1 heading).
 */
export async function openSignedIn(page: Page, account: { email: string; password: string }, path = '/') {
  const login = await page.request.post('/api/users/login/', { data: account });
  expect(login.status(), await login.text()).toBe(200);
  const { accessToken, ...user } = (await login.json()) as { accessToken: string };
  // Seeded once, on the next page load, as the login page would have: a later reload finds it (or,
  // once the test signed out, not) where the app keeps it. Each call seeds its own session once.
  await page.addInitScript(
    ({ flag, session }) => {
      if (sessionStorage.getItem(flag)) return;
      sessionStorage.setItem(flag, '1');
      sessionStorage.setItem('ledgerdesk.session', session);
    },
    { flag: `e2e.seeded.${unique()}`, session: JSON.stringify({ accessToken, user }) },
  );
  await page.goto(path);
  await expect(
    path === '/'
      ? page.getByRole('heading', { name: 'Dashboard', level: 1 })
      : page.getByRole('heading', { level: 1 }).first(),
  ).toBeVisible();
}

/** Opens `path` (the dashboard by default) signed in as the administrator (openSignedIn). */
export function signInAsAdmin(page: Page, path = '/') {
  return openSignedIn(page, ADMIN, path);
}

/**
 * A new administrator of their own, for a test that changes what is saved per account (layout,
 * theme, language): the tests run side by side on one server, and the seeded administrator's
 * settings are everyone's.
 */
export async function createAdmin(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const login = await request.post('/api/users/login/', { data: ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const id = unique();
  const account = { email: `admin.${id}@e2e.local`, password: 'Basalt-Heron-4417' };
  const created = await request.post('/api/users/user/', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      email: account.email,
      username: `admin${id}`,
      firstName: 'Tess',
      lastName: `Parallel ${id}`,
      password: account.password,
      isAdmin: true,
    },
  });
  expect(created.status()).toBe(201);
  return account;
}

/** Opens `path` (the dashboard by default) signed in as a new administrator (createAdmin); answers the account. */
export async function signInAsNewAdmin(page: Page, path = '/') {
  const account = await createAdmin(page.request);
  await openSignedIn(page, account, path);
  return account;
}

/** The signed-in page's bearer token, to arrange data through the API. */
export function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('ledgerdesk.session') ?? '{}').accessToken as string,
  );
}

/**
 * What every page of the tests gets, the fixture's and any a test opens in a context of its own:
 * the toasts' recorder (expectToast), and the pointer moved off a toast that would stay open under it.
 */
export async function preparePage(page: Page) {
  await page.addInitScript(recordToasts);
  // A toast under the pointer waits for it to leave before it closes (Mantine pauses on hover), so
  // one that lands where the last click left the pointer would block the next control for good.
  // The pointer moves to a corner; the toast stays to be read and closes on its own time.
  await page.addLocatorHandler(
    page.locator('.mantine-Notification-root').first(),
    () => page.mouse.move(0, 0),
    { noWaitAfter: true },
  );
}

/**
 * Runs in every page before its scripts: keeps the text of each toast as it appears. A toast
 * lasts 3 s (SPEC §8); on a busy machine running tests side by side, a check can come after it has
 * gone, so `expectToast` reads what was shown rather than what is still on screen.
 */
function recordToasts() {
  const shown: { text: string; read: boolean }[] = [];
  Object.defineProperty(window, '__toasts', { value: shown });
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = node.matches('.mantine-Notification-root')
          ? [node]
          : [...node.querySelectorAll('.mantine-Notification-root')];
        for (const toast of toasts) shown.push({ text: toast.textContent ?? '', read: false });
      }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * A toast with this text was shown on this page since the last one this matched: each shown toast
 * answers one expectation, so two saves expect two toasts.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? { text } : { source: text.source, flags: text.flags };
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const shown = (window as unknown as { __toasts?: { text: string; read: boolean }[] }).__toasts;
          if (!shown) throw new Error('This page records no toasts: open it with preparePage (fixtures.ts).');
          const matches = (shownText: string) =>
            'text' in wanted
              ? shownText.includes(wanted.text ?? '')
              : new RegExp(wanted.source ?? '', wanted.flags).test(shownText);
          const found = shown.find((toast) => !toast.read && matches(toast.text));
          if (found) found.read = true;
          return Boolean(found);
        }, pattern),
      { message: `a toast saying ${String(text)}` },
    )
    .toBe(true);
}

/** The toast (Mantine notification) with this text, to act on it while it shows. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

// The resource engine's pages (ResourceListPage, ResourceFormPage, ResourceDetailPage) as every
// area's e2e walks through them: the steps are the engine's, so they are written once.

/**
 * Types `text` into the list's search box: the search goes into the URL and one row matches it
 * (with `reload`, still after reloading the page). Answers the table.
 */
export async function searchList(page: Page, table: string, text: string, { reload = false } = {}) {
  const list = page.getByRole('table', { name: table });
  const rows = list.getByRole('row');
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  // The box waits for typing to pause before it searches; until then, and while the answer is on
  // its way, the rows shown are those of the previous search.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  // The header row and the match.
  await expect(rows).toHaveCount(2);
  if (reload) {
    await page.reload();
    await expect(rows.filter({ hasText: text })).toBeVisible();
    await expect(rows).toHaveCount(2);
  }
  return list;
}

/** Opens a record's edit page from its row's actions menu in the list. */
export async function editFromRowMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}`, level: 1 })).toBeVisible();
}

/**
 * Deletes the record on its detail page: asked first, then the toast and back on the list (`listUrl`),
 * where a search for `search` finds nothing (`noMatch`).
 */
export async function deleteFromDetailPage(
  page: Page,
  { entity, listUrl, search, noMatch }: { entity: string; listUrl: RegExp; search: string; noMatch: string },
) {
  await page.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: `Delete this ${entity}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Deleted Successfully');
  await expect(page).toHaveURL(listUrl);
  await page.getByRole('searchbox', { name: 'Search' }).fill(search);
  await expect(page.getByText(noMatch)).toBeVisible();
}

/**
 * No serious or critical axe violation on the page as it is at rest: the pointer off every control
 * (a hovered button has other colours) and no CSS transition half-way (a busy machine stretches
 * them, and axe would measure the contrast of a colour in between).
 */
export async function expectAccessible(page: Page, where: string, options: { include?: string } = {}) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`),
  ).toEqual([]);
}

/**
 * Picks a day (YYYY-MM-DD) on a date field's calendar (the English one): opens it, goes forward or
 * back a month at a time to the day's month, and clicks the day.
 */
export async function pickDate(page: Page, label: string, day: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const calendar = page.locator('[data-dates-dropdown]').last();
  const name = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const target = calendar.getByRole('button', { name, exact: true });
  const heading = calendar.locator('.mantine-DatePickerInput-calendarHeaderLevel');
  for (let step = 0; step < 240 && !(await target.isVisible()); step++) {
    const shown = new Date(`1 ${await heading.innerText()} UTC`);
    const forward = Number.isNaN(shown.getTime()) || shown.getTime() < Date.parse(`${day}T00:00:00Z`);
    await calendar.locator(`button[data-direction="${forward ? 'next' : 'previous'}"]`).click();
  }
  await target.click();
}
