import type { Area, Permission } from '@ledgerdesk/contracts';
import type { ComponentType } from 'react';
import type { RouteModule } from '../components/lazy-route';
import type { ResourceModule } from './types';

export type Icon = ComponentType<{
  size?: number | string;
  stroke?: number | string;
  'aria-hidden'?: boolean;
}>;

/** Where an area is listed in the navigation: a key of the `shell` catalogue's `sections`. */
export type NavSectionName = 'dashboards' | 'administration' | 'apps' | 'pages';

interface PageBase {
  /** The page's web address, absolute ("/apps/crm/contacts"); a resource's list. */
  path: string;
  /**
   * What names it in tabs, the command palette and the breadcrumbs: a catalogue key with its
   * namespace ("crm:tabs.contacts"), with `labelValues` for its placeholders.
   */
  label: string;
  labelValues?: Record<string, string>;
  /** What it needs beyond the area's view permission ("ecommerce.manage" for the cart). */
  permission?: Permission;
  /** Reached from another page only (the checkout): no tab, no palette entry. */
  listed?: false;
  /**
   * A thing to do from the command palette (a `shell:palette.actions.*` key): on a resource's page
   * it opens the form of a new record, for those who may manage the area; on another page, the page.
   */
  action?: string;
}

/**
 * One page of an area: a resource (its list, `new`, `:id` and `:id/edit`, drawn by the engine from
 * the module's definition) or a page of its own. `load` is a dynamic import: the code stays in the
 * page's chunk until the page is opened.
 */
export type AreaPage =
  | (PageBase & { resource: () => Promise<ResourceModule> })
  | (PageBase & { page: () => Promise<RouteModule> });

/**
 * An area, registered once (features/<f>/area.ts, listed in app/areas.ts): its pages become routes,
 * it gets a navigation entry, its pages are offered by the command palette, and every page's
 * breadcrumbs start Dashboard › <area label>. Keep it light (no definitions, no pages' code): the
 * registrations are loaded with the shell.
 */
export interface AreaRegistration {
  /** The navigation entry's address; when no page is there, it opens the first page. */
  path: string;
  /** A catalogue key with its namespace ("shell:nav.crm"). */
  label: string;
  icon: Icon;
  section: NavSectionName;
  /** `<access>.view` opens its pages (and shows its entry), `<access>.manage` its new and edit pages. */
  access?: Area;
  /** A permission other than `<access>.view` that the whole area needs (the analytics dashboard). */
  permission?: Permission;
  /** Active only on its exact address (home), not on the pages below it. */
  end?: boolean;
  pages: AreaPage[];
}

/** The permission that shows an area and opens its pages (none: every signed-in user). */
export function viewPermissionOf(area: AreaRegistration): Permission | undefined {
  return area.permission ?? (area.access ? `${area.access}.view` : undefined);
}
