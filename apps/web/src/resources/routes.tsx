import type { Permission } from '@ledgerdesk/contracts';
import { type RouteObject, redirect } from 'react-router';
import { lazyRoute } from '../components/lazy-route';
import { RouteError } from '../components/RouteError';
import type { CrumbSpec, RouteHandle } from '../lib/route-handle';
import { type AreaPage, type AreaRegistration, viewPermissionOf } from './area';
import type { ResourceModule } from './types';

const errorElement = <RouteError />;

/** A route's path inside the shell's layout route ("/" is its index). */
const inShell = (path: string): Pick<RouteObject, 'path'> | { index: true } =>
  path === '/' ? { index: true } : { path: path.replace(/^\//, '') };

const handle = (permission: Permission | undefined, crumbs: CrumbSpec[]): RouteHandle =>
  permission ? { permission, crumbs } : { crumbs };

/**
 * The four pages of a resource: its list, `new`, `:id` and `:id/edit`. Each is the engine's page
 * drawn from the definition, unless the module exports its own (`ListPage`, `FormPage`,
 * `DetailPage`). The engine's pages and the module are fetched when a page is first opened.
 */
function resourceRoutes(
  path: string,
  load: () => Promise<ResourceModule>,
  access: { view?: Permission; manage?: Permission },
  crumbs: CrumbSpec[],
): RouteObject[] {
  const record: CrumbSpec = { record: true, to: `${path}/:id` };
  return [
    {
      ...inShell(path),
      handle: handle(access.view, crumbs),
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceListPage }] = await Promise.all([load(), import('./ResourceListPage')]);
        return { Component: module.ListPage ?? (() => <ResourceListPage def={module.resource} />) };
      }),
    },
    ...[
      { suffix: 'new', trail: [{ label: 'common:resource.new', to: `${path}/new` }] },
      { suffix: ':id/edit', trail: [record, { label: 'common:resource.edit', to: `${path}/:id/edit` }] },
    ].map(({ suffix, trail }) => ({
      ...inShell(`${path}/${suffix}`),
      handle: handle(access.manage, [...crumbs, ...trail]),
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceFormPage }] = await Promise.all([load(), import('./ResourceFormPage')]);
        return { Component: module.FormPage ?? (() => <ResourceFormPage def={module.resource} />) };
      }),
    })),
    {
      ...inShell(`${path}/:id`),
      handle: handle(access.view, [...crumbs, record]),
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceDetailPage }] = await Promise.all([load(), import('./ResourceDetailPage')]);
        return { Component: module.DetailPage ?? (() => <ResourceDetailPage def={module.resource} />) };
      }),
    },
  ];
}

function pageRoutes(area: AreaRegistration, page: AreaPage): RouteObject[] {
  const view = page.permission ?? viewPermissionOf(area);
  const crumbs: CrumbSpec[] = [
    { label: area.label, to: area.path },
    { label: page.label, values: page.labelValues, to: page.path },
  ];
  if ('resource' in page) {
    const manage = page.permission ?? (area.access ? `${area.access}.manage` : view);
    return resourceRoutes(page.path, page.resource, { view, manage }, crumbs);
  }
  return [{ ...inShell(page.path), handle: handle(view, crumbs), errorElement, lazy: lazyRoute(page.page) }];
}

/**
 * The routes of an area: each page's (a resource's four), and, when no page is at the area's own
 * address, a redirect from it to its first page (/apps/crm opens the contacts).
 */
export function areaRoutes(area: AreaRegistration): RouteObject[] {
  const [first] = area.pages;
  const entry: RouteObject[] =
    first && !area.pages.some((page) => page.path === area.path)
      ? [
          {
            ...inShell(area.path),
            handle: handle(viewPermissionOf(area), []),
            errorElement,
            loader: () => redirect(first.path),
          },
        ]
      : [];
  return [...entry, ...area.pages.flatMap((page) => pageRoutes(area, page))];
}
