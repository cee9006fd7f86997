import type { Area } from '@ledgerdesk/contracts';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../components/lazy-route';
import { RouteError } from '../components/RouteError';
import type { RouteHandle } from '../lib/route-handle';
import type { ResourceModule } from './types';

interface ResourceRoutesOptions {
  /** The list's path inside the shell, without the leading slash ("apps/tasks"). */
  path: string;
  area: Area;
  /** The feature's resource module (loaded with the first of its pages). */
  load: () => Promise<ResourceModule>;
}

/**
 * The four pages of a resource: its list, `new`, `:id` and `:id/edit`. Each is the engine's page
 * drawn from the definition, unless the module exports its own (`ListPage`, `FormPage`,
 * `DetailPage`). The engine's pages and the module are fetched when a page is first opened.
 */
export function resourceRoutes({ path, area, load }: ResourceRoutesOptions): RouteObject[] {
  const view: RouteHandle = { permission: `${area}.view` };
  const manage: RouteHandle = { permission: `${area}.manage` };
  const errorElement = <RouteError />;
  return [
    {
      path,
      handle: view,
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceListPage }] = await Promise.all([load(), import('./ResourceListPage')]);
        return { Component: module.ListPage ?? (() => <ResourceListPage def={module.resource} />) };
      }),
    },
    ...['new', ':id/edit'].map((suffix) => ({
      path: `${path}/${suffix}`,
      handle: manage,
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceFormPage }] = await Promise.all([load(), import('./ResourceFormPage')]);
        return { Component: module.FormPage ?? (() => <ResourceFormPage def={module.resource} />) };
      }),
    })),
    {
      path: `${path}/:id`,
      handle: view,
      errorElement,
      lazy: lazyRoute(async () => {
        const [module, { ResourceDetailPage }] = await Promise.all([load(), import('./ResourceDetailPage')]);
        return { Component: module.DetailPage ?? (() => <ResourceDetailPage def={module.resource} />) };
      }),
    },
  ];
}
