import AxeBuilder from '@axe-core/playwright';
import { defaultLayout, type LayoutSetting, layoutOptions } from '@ledgerdesk/contracts';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  preparePage,
  sessionToken,
  signIn,
  signInAsNewAdmin,
  test,
} from './fixtures';

/** The attribute on <html> of each setting. */
const attributes: Record<LayoutSetting, string> = {
  layout: 'data-layout',
  theme: 'data-theme',
  sidebarSize: 'data-sidebar-size',
  sidebarVisibility: 'data-sidebar-visibility',
  sidebarColor: 'data-sidebar-color',
  sidebarImage: 'data-sidebar-image',
  width: 'data-layout-width',
  position: 'data-layout-position',
  topbar: 'data-topbar',
  preloader: 'data-preloader',
};
const headings: Record<LayoutSetting, string> = {
  layout: 'Layout',
  theme: 'Colour scheme',
  sidebarSize: 'Sidebar size',
  sidebarVisibility: 'Sidebar visibility',
  sidebarColor: 'Sidebar colour',
  sidebarImage: 'Sidebar image',
  width: 'Layout width',
  position: 'Layout position',
  topbar: 'Top bar colour',
  preloader: 'Preloader',
};
/** A value other than the default for each setting, and its label in the drawer. */
const changes: { [K in LayoutSetting]: [string, string] } = {
  layout: ['twocolumn', 'Two column'],
  theme: ['dark', 'Dark'],
  sidebarSize: ['sm', 'Small (icons)'],
  sidebarVisibility: ['hidden', 'Hidden'],
  sidebarColor: ['gradient-2', 'Gradient 2'],
  sidebarImage: ['img-3', 'Image 3'],
  width: ['boxed', 'Boxed'],
  position: ['scrollable', 'Scrollable'],
  topbar: ['dark', 'Dark'],
  preloader: ['enable', 'Enabled'],
};

const settings = Object.keys(layoutOptions) as LayoutSetting[];
const html = (page: Page) => page.locator('html');

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Layout settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Layout settings' })).toBeVisible();
}

/** Back to the defaults through the drawer, saved on the server (the e2e server is shared). */
async function resetToDefaults(page: Page) {
  if (!(await page.getByRole('dialog', { name: 'Layout settings' }).isVisible())) await openSettings(page);
  const saved = page.waitForResponse(
    (response) => response.url().includes('/preferences/') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await saved;
  for (const setting of settings)
    await expect(html(page)).toHaveAttribute(attributes[setting], defaultLayout[setting]);
}

async function expectChanged(page: Page) {
  for (const setting of settings)
    await expect(html(page)).toHaveAttribute(attributes[setting], changes[setting][0]);
}

// Each test signs in as an administrator of its own: they may run side by side.
test.describe.configure({ mode: 'parallel' });

test.describe('the shell', () => {
  test('every layout setting changes <html>, survives a reload and a new sign-in', async ({ page }) => {
    const admin = await signInAsNewAdmin(page);
    for (const setting of settings)
      await expect(html(page)).toHaveAttribute(attributes[setting], defaultLayout[setting]);
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

    await openSettings(page);
    const dialog = page.getByRole('dialog', { name: 'Layout settings' });
    const saved = page.waitForResponse(
      (response) => response.url().includes('/preferences/') && response.request().method() === 'PUT',
    );
    for (const setting of settings) {
      const [value, label] = changes[setting];
      await dialog
        .getByRole('radiogroup', { name: headings[setting] })
        .getByText(label, { exact: true })
        .click();
      await expect(html(page)).toHaveAttribute(attributes[setting], value);
    }
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await saved;
    // The settings are saved as they change, one PUT after another: wait until the server holds
    // the last of them before a new sign-in reads them.
    const token = await sessionToken(page);
    await expect
      .poll(async () => {
        const stored = await page.request.get('/api/users/me/preferences/', {
          headers: { authorization: `Bearer ${token}` },
        });
        return (await stored.json()).layout;
      })
      .toEqual(Object.fromEntries(settings.map((setting) => [setting, changes[setting][0]])));
    await page.keyboard.press('Escape');

    // A reload paints with the local copy.
    await page.reload();
    await expectChanged(page);

    // A new sign-in (another tab's fresh storage) gets the server's copy.
    const context = await page
      .context()
      .browser()
      ?.newContext({ baseURL: new URL(page.url()).origin });
    if (!context) throw new Error('no browser');
    const other = await context.newPage();
    await preparePage(other);
    await other.goto('/login');
    await signIn(other, admin.email, admin.password);
    await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expectChanged(other);
    await context.close();

    // Invalid stored values fall back to the defaults.
    await page.evaluate(() =>
      localStorage.setItem(
        'ledgerdesk.preferences',
        JSON.stringify({ layout: { layout: 'bogus', theme: 7 } }),
      ),
    );
    await page.route('**/api/users/me/preferences/', (route) =>
      route.request().method() === 'GET' ? route.abort() : route.fallback(),
    );
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-layout', 'vertical');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.unroute('**/api/users/me/preferences/');

    await resetToDefaults(page);
  });

  test('the user menu opens the settings; the topbar toggles the theme', async ({ page }) => {
    await signInAsNewAdmin(page);
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: 'Layout settings' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(html(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute('aria-pressed', 'false');
    await resetToDefaults(page);
  });

  test('Ctrl+K opens the palette: pages, sub-pages, actions and records; arrows and Enter, Escape closes', async ({
    page,
  }) => {
    await signInAsNewAdmin(page);
    await page.keyboard.press('Control+K');
    const palette = page.getByRole('dialog', { name: 'Search and commands' });
    const search = palette.getByRole('combobox', { name: 'Search pages, actions and records' });
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    // A sidebar page.
    await page.keyboard.press('Control+K');
    await search.fill('grou');
    await expect(palette.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/groups$/);
    await expect(palette).toBeHidden();

    // A page inside an area (a tab of the CRM), through the arrows.
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await search.fill('deals');
    const deals = palette.getByRole('option', { name: /^Deals\s*CRM/ });
    await expect(deals).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const selected = await search.getAttribute('aria-activedescendant');
    expect(selected).toBeTruthy();
    await expect(palette.locator(`[id="${selected}"]`)).toHaveAttribute('aria-selected', 'true');
    await deals.click();
    await expect(page).toHaveURL(/\/apps\/crm\/deals$/);

    // An action.
    await page.keyboard.press('Control+K');
    await search.fill('new invoice');
    await palette.getByRole('option', { name: /New invoice/ }).click();
    await expect(page).toHaveURL(/\/apps\/invoices\/new$/);

    // A record, found by the server's search, under its area.
    await page.keyboard.press('Control+K');
    const searched = page.waitForResponse((response) => response.url().includes('/api/search?q=brightwater'));
    await search.fill('brightwater');
    expect((await searched).status()).toBe(200);
    const record = palette
      .getByRole('group', { name: 'CRM' })
      .getByRole('option', { name: /Brightwater Engineering\s*Company/ });
    await expect(record).toBeVisible();
    await record.click();
    await expect(page).toHaveURL(/\/apps\/crm\/companies\/[0-9a-f-]{36}$/);

    // Nothing at all: it says so.
    await page.keyboard.press('Control+K');
    await search.fill('zzqxj');
    await expect(palette.getByRole('status')).toHaveText('Nothing matches "zzqxj".');
    // The palette alone: the record page under it is another spec's.
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('boxed width boxes the whole frame, centred, at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsNewAdmin(page);
    await openSettings(page);
    await page
      .getByRole('dialog', { name: 'Layout settings' })
      .getByRole('radiogroup', { name: 'Layout width' })
      .getByRole('radio', { name: 'Boxed' })
      .click();
    await expect(html(page)).toHaveAttribute('data-layout-width', 'boxed');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Layout settings' })).toBeHidden();
    const box = async (locator: ReturnType<Page['locator']>) => {
      const found = await locator.boundingBox();
      if (!found) throw new Error('not on screen');
      return found;
    };
    const header = await box(page.getByRole('banner'));
    const navbar = await box(page.getByRole('navigation', { name: 'Main navigation' }));
    const main = await box(page.locator('main#main-content'));
    expect(header.width).toBeCloseTo(1300, 0);
    expect(main.width).toBeCloseTo(1300, 0);
    expect(header.x).toBeCloseTo(main.x, 0);
    expect(navbar.x).toBeCloseTo(main.x, 0);
    expect(main.x).toBeGreaterThan(60);
    await resetToDefaults(page);
  });

  test('the navigation groups, and the off-canvas sidebar on a phone', async ({ page }) => {
    await signInAsNewAdmin(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of [
      'Dashboard',
      'Users',
      'Groups',
      'Code library',
      'Audit log',
      'Calendar',
      'Tasks',
      'API keys',
      'Profile',
      'Blog',
    ])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 800 });
    await expect(nav).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await expect(nav.getByRole('link', { name: 'Groups', exact: true })).toBeInViewport();
    await nav.getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/groups$/);
    await expect(nav).not.toBeInViewport();
  });

  test('skip link, landmarks, and no serious axe violation', async ({ page }) => {
    await signInAsNewAdmin(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main-content')).toBeFocused();
    await expect(page.getByRole('banner')).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  for (const theme of ['Light', 'Dark'])
    test(`no serious axe violation in the ${theme.toLowerCase()} theme with each sidebar colour${theme === 'Dark' ? ', and on the login page after' : ''}`, async ({
      page,
    }) => {
      // The whole page once; for the other sidebar colours only the sidebar changes, so axe looks
      // at it alone (whole-page runs of the dashboard for each took minutes on a busy machine).
      await signInAsNewAdmin(page);
      await openSettings(page);
      const drawer = page.getByRole('dialog', { name: 'Layout settings' });
      const group = (heading: string) => drawer.getByRole('radiogroup', { name: heading });
      await group('Colour scheme').getByText(theme, { exact: true }).click();
      for (const [n, colour] of [
        'Light',
        'Dark',
        'Gradient 1',
        'Gradient 2',
        'Gradient 3',
        'Gradient 4',
      ].entries()) {
        if (n > 0) await openSettings(page);
        await group('Sidebar colour').getByText(colour, { exact: true }).click();
        await page.keyboard.press('Escape');
        await expect(drawer).toBeHidden();
        await expectAccessible(
          page,
          `${theme} theme, ${colour} sidebar`,
          n === 0 ? {} : { include: '#app-navbar' },
        );
      }
      if (theme === 'Light') return;
      // Signed out in dark mode: the login page keeps the theme of the last visit.
      await page.getByRole('button', { name: /user menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(html(page)).toHaveAttribute('data-theme', 'dark');
      await expectAccessible(page, 'login page, dark');
    });

  test('the language picker switches to French, saved for the account; the login page follows', async ({
    page,
  }) => {
    const admin = await signInAsNewAdmin(page);
    await page.getByRole('button', { name: 'Language' }).click();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/preferences/') && response.request().method() === 'PUT',
    );
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await expect(page).toHaveTitle('Tableau de bord · Ledgerdesk');
    await saved;
    await expectAccessible(page, 'dashboard in French');

    // Dates and numbers follow: the users list shows French dates.
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Utilisateurs', level: 1 })).toBeVisible();
    await expect(page.getByText('Lignes par page')).toBeVisible();

    // Signed out, the login page keeps the language; signed in again, the account's language stays.
    await page.getByRole('button', { name: /menu utilisateur/i }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await expect(page.getByRole('heading', { name: 'Se connecter', level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute('lang', 'fr');
    await page.getByLabel('E-mail').fill(admin.email);
    await page.getByLabel('Mot de passe').fill(admin.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('heading', { name: 'Tableau de bord', level: 1 })).toBeVisible();
  });

  test('the boot screen is already dark when the last visit was', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'ledgerdesk.preferences',
        JSON.stringify({ layout: { theme: 'dark' }, language: 'en' }),
      ),
    );
    // Hold the app's script back: what shows is index.html's boot screen alone.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const boot = page.locator('.ld-boot');
    await expect(boot).toBeVisible();
    await expect(boot).toHaveCSS('background-color', 'rgb(36, 36, 36)');
    release();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
  });
});
