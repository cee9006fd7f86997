import type { Permission } from '@ledgerdesk/contracts';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import {
  createMemoryRouter,
  matchRoutes,
  type RouteObject,
  RouterProvider,
  type UIMatch,
} from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { PageHeader } from '../components/PageHeader';
import { i18n } from '../i18n';
import { breadcrumbsOf, type RouteHandle } from '../lib/route-handle';
import { type AreaRegistration, viewPermissionOf } from '../resources/area';
import { areas } from './areas';
import { shellRoutes } from './routes';
import { navSections, paletteActions, palettePages } from './shell/navigation';
import { theme } from './theme';

// The shell's layout route as app/router.tsx declares it (its handle starts every trail).
const appHandle: RouteHandle = { crumbs: [{ label: 'common:crumbs.dashboard', to: '/' }] };
const tree: RouteObject[] = [{ id: 'app', handle: appHandle, children: shellRoutes }];

function matchesAt(path: string): UIMatch[] {
  return (matchRoutes(tree, path) ?? []).map((match) => ({
    id: match.route.id ?? '',
    pathname: match.pathname,
    params: match.params,
    handle: match.route.handle,
    data: undefined,
    loaderData: undefined,
  }));
}

/** The route that opens `path` (not the not-found page), with its handle. */
function leafAt(path: string) {
  const leaf = matchRoutes(tree, path)?.at(-1)?.route;
  expect(leaf?.path, `a route for ${path}`).not.toBe('*');
  return { route: leaf, handle: (leaf?.handle ?? {}) as RouteHandle };
}

const resourcePages = areas.flatMap((area) =>
  area.pages.filter((page) => 'resource' in page).map((page) => ({ area, page })),
);
const labelOf = (crumb: ReturnType<typeof breadcrumbsOf>[number]) =>
  'label' in crumb ? crumb.label : 'record';
const trailAt = (path: string) => breadcrumbsOf(matchesAt(path)).map(labelOf);
/** Dashboard, then the area, then the page when it is not the area's own address. */
const trailOf = (area: AreaRegistration, page: AreaRegistration['pages'][number]) => [
  'common:crumbs.dashboard',
  ...(area.path === '/' ? [] : [area.label]),
  ...(page.path === area.path ? [] : [page.label]),
];

describe('the area registrations (app/areas.ts)', () => {
  it('give every area and page a route, guarded by its permission', () => {
    for (const area of areas) {
      expect(leafAt(area.path).handle.permission).toBe(viewPermissionOf(area));
      for (const page of area.pages) {
        expect(leafAt(page.path).handle.permission).toBe(page.permission ?? viewPermissionOf(area));
      }
    }
  });

  it("give a resource its new, detail and edit pages; new and edit need the area's manage permission", () => {
    expect(resourcePages.length).toBeGreaterThan(15);
    for (const { area, page } of resourcePages) {
      const manage = `${area.access}.manage` as Permission;
      expect(leafAt(`${page.path}/new`).handle.permission).toBe(manage);
      expect(leafAt(`${page.path}/42/edit`).handle.permission).toBe(manage);
      expect(leafAt(`${page.path}/42`).handle.permission).toBe(viewPermissionOf(area));
    }
  });

  it('give every area one navigation entry, in its section, shown with its permission', () => {
    const entries = navSections.flatMap((section) =>
      section.items.map((item) => ({ ...item, section: section.label })),
    );
    expect(entries).toHaveLength(areas.length);
    for (const area of areas) {
      const found = entries.filter((entry) => entry.to === area.path);
      expect(found, area.path).toHaveLength(1);
      expect(found[0]).toMatchObject({
        section: `sections.${area.section}`,
        label: area.label,
        permission: viewPermissionOf(area),
      });
    }
  });

  it('offer every listed page in the command palette, and only what the user may open', () => {
    const all = palettePages(() => true).map((page) => page.to);
    for (const area of areas) {
      expect(all).toContain(area.path);
      for (const page of area.pages) {
        expect(all.includes(page.path), page.path).toBe(page.listed !== false || page.path === area.path);
      }
    }
    expect(new Set(all).size).toBe(all.length);
    // CRM's pages, under the CRM.
    expect(palettePages(() => true).find((page) => page.to === '/apps/crm/deals')?.group).toBe(
      'shell:nav.crm',
    );

    const onlyCrm = palettePages((permission) => permission === 'crm.view').map((page) => page.to);
    expect(onlyCrm).toContain('/apps/crm/pipeline');
    expect(onlyCrm).toContain('/profile');
    expect(onlyCrm).not.toContain('/apps/tasks');
    expect(onlyCrm).not.toContain('/admin/users');
  });

  it("offer a page's action in the palette: a resource's opens its new form, for who may manage the area", () => {
    const all = paletteActions(() => true);
    expect(all.find((action) => action.label === 'shell:palette.actions.newInvoice')).toEqual({
      label: 'shell:palette.actions.newInvoice',
      to: '/apps/invoices/new',
      group: 'shell:nav.invoices',
      creates: true,
    });
    expect(all.find((action) => action.label === 'shell:palette.actions.importCodes')?.to).toBe(
      '/library/import',
    );
    // Viewing invoices is not enough to add one; managing them is.
    const viewer = paletteActions((permission) => permission === 'invoices.view');
    expect(viewer.map((action) => action.to)).not.toContain('/apps/invoices/new');
    const manager = paletteActions((permission) => permission.startsWith('invoices.'));
    expect(manager.map((action) => action.to)).toEqual(['/apps/invoices/new']);
  });

  it('give every page the same breadcrumbs: Dashboard › Area › Page › Record › Edit', () => {
    for (const area of areas) {
      for (const page of area.pages) {
        const trail = trailOf(area, page);
        expect(trailAt(page.path), page.path).toEqual(trail);
        if (!('resource' in page)) continue;
        expect(trailAt(`${page.path}/new`)).toEqual([...trail, 'common:resource.new']);
        expect(trailAt(`${page.path}/42`)).toEqual([...trail, 'record']);
        expect(trailAt(`${page.path}/42/edit`)).toEqual([...trail, 'record', 'common:resource.edit']);
      }
    }
    expect(breadcrumbsOf(matchesAt('/apps/crm/deals/42/edit')).map((crumb) => crumb.to)).toEqual([
      '/',
      '/apps/crm',
      '/apps/crm/deals',
      '/apps/crm/deals/42',
      '/apps/crm/deals/42/edit',
    ]);
  });

  it('name every area and page in English and French (no raw key in the menu, the palette or a trail)', async () => {
    const keys = areas.flatMap((area) => [area.label, ...area.pages.map((page) => page.label)]);
    const namespaces = [...new Set(['common', ...keys.map((key) => key.split(':')[0] ?? '')])];
    for (const lng of ['en', 'fr']) {
      await i18n.changeLanguage(lng);
      await i18n.loadNamespaces(namespaces);
      for (const key of [...keys, 'common:crumbs.dashboard', 'common:resource.new', 'common:resource.edit']) {
        expect(i18n.exists(key, { lng }), `${lng} ${key}`).toBe(true);
      }
    }
    await i18n.changeLanguage('en');
  });
});

describe('PageHeader', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['common', 'shell', 'crm']);
  });

  it("draws the route's trail, the record named by the page, the page itself last and not a link", async () => {
    const { handle } = leafAt('/apps/crm/deals/42/edit');
    const router = createMemoryRouter(
      [
        {
          handle: appHandle,
          children: [
            {
              path: 'apps/crm/deals/:id/edit',
              handle,
              element: <PageHeader title="Edit Big deal" record="Big deal" />,
            },
          ],
        },
      ],
      { initialEntries: ['/apps/crm/deals/42/edit'] },
    );
    render(
      <MantineProvider theme={theme}>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const links = within(trail).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['CRM', '/apps/crm'],
      ['Deals', '/apps/crm/deals'],
      ['Big deal', '/apps/crm/deals/42'],
    ]);
    expect(within(trail).getByText('Edit').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Big deal');
  });
});
