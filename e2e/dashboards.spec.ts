import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, expectAccessible, signIn, signInAsNewAdmin, test, unique } from './fixtures';

/** The dashboards, their address and their title (issue 11). */
const dashboards = [
  { path: '/', title: 'Dashboard' },
  { path: '/dashboards/analytics', title: 'Analytics dashboard' },
  { path: '/dashboards/crm', title: 'CRM dashboard' },
  { path: '/dashboards/ecommerce', title: 'E-commerce dashboard' },
  { path: '/dashboards/projects', title: 'Projects dashboard' },
  { path: '/dashboards/jobs', title: 'Jobs dashboard' },
];

const PASSWORD = 'Granite-Sparrow-7731';

/** A user with this password in a new group holding `permissions` (none: in no group at all). */
async function createUser(request: APIRequestContext, permissions: string[]) {
  const id = unique();
  const login = await request.post('/api/users/login/', { data: ADMIN });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const groupIds: string[] = [];
  if (permissions.length > 0) {
    const group = await request.post('/api/users/group/', {
      headers,
      data: { name: `Dashboard readers ${id}`, description: 'Dashboards e2e', permissions },
    });
    expect(group.status()).toBe(201);
    groupIds.push(((await group.json()) as { data: { id: string } }).data.id);
  }
  const email = `dashboards.${id}@example.com`;
  const user = await request.post('/api/users/user/', {
    headers,
    data: {
      email,
      username: `dash${id}`,
      firstName: 'Dana',
      lastName: 'Board',
      password: PASSWORD,
      sendPasswordMail: false,
      groupIds,
    },
  });
  expect(user.status()).toBe(201);
  return email;
}

/** Some chart on the page is drawn: an svg with marks (bars, points, slices or cells) in it. */
async function expectChartDrawn(page: Page) {
  await expect(page.locator('[data-chart] svg').first()).toBeVisible();
  await expect(page.locator('[data-chart] svg [data-mark]')).not.toHaveCount(0);
}

/** Switches the colour scheme and waits for the server to keep it (the next page load reads it there). */
async function switchTheme(page: Page, theme: 'light' | 'dark') {
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/users/me/preferences/') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: `Switch to ${theme} mode` }).click();
  expect((await saved).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

const kpiValues = (page: Page) => page.locator('[data-kpi-value]');

// Each test signs in as an administrator of its own: they may run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('dashboards', () => {
  for (const theme of ['light', 'dark'] as const)
    for (const dashboard of dashboards)
      test(`${dashboard.path} draws its charts and counters with the demo data, in ${theme}, with no serious axe violation`, async ({
        page,
      }) => {
        await signInAsNewAdmin(page, dashboard.path);
        await expect(page.getByRole('heading', { name: dashboard.title, level: 1 })).toBeVisible();
        if (dashboard.path === '/') {
          const nav = page.getByRole('navigation', { name: 'Main navigation' });
          for (const name of ['Analytics', 'Sales pipeline', 'Store sales', 'Project overview', 'Hiring'])
            await expect(nav.getByRole('link', { name })).toBeVisible();
        }
        // Switched on the page itself: the charts follow the theme without a reload (that the
        // choice is kept across reloads and sign-ins is the shell's test).
        if (theme === 'dark') await switchTheme(page, 'dark');
        await expectChartDrawn(page);
        await expect(kpiValues(page).first()).toHaveText(/\d/);
        await expectAccessible(page, `${dashboard.path} (${theme})`);
      });

  test('the period goes into the URL and changes the figures; a chart shows as a table', async ({ page }) => {
    await signInAsNewAdmin(page);
    const issued = page.getByRole('region', { name: 'Invoices issued' });
    await expect(issued.locator('[data-kpi-value]')).toHaveText(/\$\d/);
    const yearly = await issued.locator('[data-kpi-value]').textContent();
    await expect(page.getByLabel('Period')).toHaveValue('yearly');

    const overTime = page.getByRole('region', { name: 'Invoices over time' });
    await overTime.getByRole('button', { name: 'Show as table' }).click();
    await expect(overTime.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = overTime.getByRole('table', { name: 'Invoices over time' });
    // A header row, then one row per month of the last twelve, this one included.
    await expect(table.getByRole('row')).toHaveCount(13);
    await expect(table.getByRole('columnheader', { name: 'Issued' })).toBeVisible();
    const firstMonth = (await table.getByRole('row').nth(1).textContent()) ?? '';

    // The figures as CSV, and the chart as an image.
    const csv = page.waitForEvent('download');
    await overTime.getByRole('button', { name: 'Download the figures of Invoices over time (CSV)' }).click();
    expect((await csv).suggestedFilename()).toBe('invoices-over-time.csv');
    const lines = readFileSync((await (await csv).path()) ?? '', 'utf8')
      .trim()
      .split('\r\n');
    // Made by the server: the widget's own keys, raw figures.
    expect(lines[0]).toBe('bucket,issued,paid,unpaid');
    expect(lines).toHaveLength(13);
    await overTime.getByRole('button', { name: 'Show as table' }).click();
    await expectChartDrawn(page);
    // A bar per month and series (Issued, Paid, Unpaid), each named with its figure.
    const chart = overTime.locator('[data-chart]');
    await expect(chart.locator('[data-series]')).toHaveCount(3);
    await expect(chart.locator('[data-mark]')).toHaveCount(12 * 3);
    await expect(chart.getByRole('img', { name: /^\w+ \d{4}, Issued: \$[\d,]+\.\d\d$/ })).toHaveCount(12);
    // Hovering a month shows its three figures; the keyboard reaches the same tooltip, bar by bar.
    const tip = chart.locator('[data-chart-tip]');
    await chart.locator('[data-bucket="11"]').hover();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText(/Issued.*Paid.*Unpaid/);
    await page.mouse.move(0, 0);
    await expect(tip).toHaveCount(0);
    const marks = chart.locator('[data-mark]');
    await marks.first().focus();
    await expect(tip).toContainText(/Issued/);
    await page.keyboard.press('ArrowRight');
    await expect(marks.nth(1)).toBeFocused();
    const png = page.waitForEvent('download');
    await overTime.getByRole('button', { name: 'Download Invoices over time as an image (PNG)' }).click();
    expect((await png).suggestedFilename()).toBe('invoices-over-time.png');
    expect(
      readFileSync((await (await png).path()) ?? '')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    await overTime.getByRole('button', { name: 'Show as table' }).click();

    await page.getByLabel('Period').selectOption({ label: 'All time' });
    await expect(page).toHaveURL(/[?&]period=all(&|$)/);
    await expect(page.getByLabel('Period')).toHaveValue('all');
    await expect(page.getByTestId('dashboard-range')).toContainText('Everything until');

    await page.getByLabel('Period').selectOption({ label: 'Today' });
    await expect(page).toHaveURL(/[?&]period=today(&|$)/);
    await expect(issued.locator('[data-kpi-value]')).not.toHaveText(yearly ?? '');
    // Today by hour, never twelve months. (Not by the count of rows: from 11:00 to 12:00, the
    // hours begun since midnight are twelve too.)
    await expect(table.getByRole('row').nth(1)).not.toHaveText(firstMonth);

    // The period survives a reload, from the URL.
    await page.reload();
    await expect(page.getByLabel('Period')).toHaveValue('today');

    // The budget by section drills down into the library browser, on the code: from the chart's
    // bar (a link), and from the table's row.
    const budget = page.getByRole('region', { name: 'Budget by section (L1)' });
    await budget.getByRole('link', { name: /^01 · Income: \$/ }).click();
    await expect(page).toHaveURL(/\/library\?code=[0-9a-f-]{36}$/);
    await page.goBack();
    await budget.getByRole('button', { name: 'Show as table' }).click();
    await budget.getByRole('link', { name: '01 · Income' }).click();
    await expect(page).toHaveURL(/\/library\?code=[0-9a-f-]{36}$/);
    await expect(page.getByRole('region', { name: /^01 Income/ })).toBeVisible();
  });

  test('a user who may view nothing yet is told whom to ask and what they will see', async ({
    page,
    request,
  }) => {
    const email = await createUser(request, []);
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const help = page.getByRole('region', { name: 'Your dashboard is waiting for access' });
    await expect(help).toContainText('Ask an administrator');
    await expect(help).toContainText('You are not a member of any group yet.');
    await expect(help.getByRole('listitem')).toContainText(['The budget from the code library']);
    await expect(page.getByTestId('account-line')).toContainText(email);
    await expect(page.locator('[data-kpi-value], [data-chart]')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await expectAccessible(page, 'home without access');
    await help.getByRole('link', { name: 'Open your profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/dashboards/crm');
    await expect(
      page.getByRole('heading', { name: 'You do not have permission to view this page' }),
    ).toBeVisible();
  });

  test('a user who may view invoices only sees the invoice widgets and no other dashboard', async ({
    page,
    request,
  }) => {
    const email = await createUser(request, ['invoices.view']);
    await page.goto('/login');
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invoices issued' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Invoices over time' })).toBeVisible();
    await expectChartDrawn(page);
    for (const hidden of ['Budget income', 'Budget by section (L1)', 'Sales by category', 'Deals by stage'])
      await expect(page.getByRole('region', { name: hidden })).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Analytics', 'Sales pipeline', 'Store sales', 'Project overview', 'Hiring'])
      await expect(nav.getByRole('link', { name })).toHaveCount(0);
  });
});
