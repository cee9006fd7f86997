import type { Permission } from '@ledgerdesk/contracts';
import { IconArticle, IconCalendar, IconLayoutDashboard, IconUsers } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useCan } from '../../lib/permissions';
import { type Icon, type NavSectionName, viewPermissionOf } from '../../resources/area';
import { areas } from '../areas';

export interface NavItem {
  /** A catalogue key with its namespace ("shell:nav.crm"). */
  label: string;
  /** Values of the label's placeholders. */
  labelValues?: Record<string, string>;
  to: string;
  icon: Icon;
  /** Active only on this exact path, not on paths below it. */
  end?: boolean;
  /** Shown only to users holding it (the route checks it too). */
  permission?: Permission;
}

export interface NavSection {
  /** A key of the `shell` catalogue (`sections.<name>`). */
  label: string;
  /** The section's icon in the two-column layout's rail. */
  icon: Icon;
  items: NavItem[];
}

const sectionIcons: Record<NavSectionName, Icon> = {
  dashboards: IconLayoutDashboard,
  administration: IconUsers,
  apps: IconCalendar,
  pages: IconArticle,
};

/** The sidebar, the horizontal menu and the command palette: one entry per registered area (app/areas.ts). */
export const navSections: NavSection[] = (Object.keys(sectionIcons) as NavSectionName[]).map((name) => ({
  label: `sections.${name}`,
  icon: sectionIcons[name],
  items: areas
    .filter((area) => area.section === name)
    .map((area) => ({
      label: area.label,
      to: area.path,
      icon: area.icon,
      end: area.end,
      permission: viewPermissionOf(area),
    })),
}));

/** The sections with only the entries `can` allows; sections left empty are dropped. */
export function visibleSections(can: (permission: Permission) => boolean): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.permission || can(item.permission)),
    }))
    .filter((section) => section.items.length > 0);
}

/** A page the command palette offers: an area, or one of its pages (under the area's name). */
export interface PalettePage extends NavItem {
  /** What it is listed under: a section's key (`shell:sections.apps`) or its area's label. */
  group: string;
}

/**
 * Every page the user may open from the command palette: each area's entry, then its other pages
 * (the CRM's companies, the library's level lists...), in the navigation's order. The labels are
 * catalogue keys of several namespaces: `paletteNamespaces` lists them, to load before showing.
 */
export function palettePages(can: (permission: Permission) => boolean): PalettePage[] {
  const allowed = (permission?: Permission) => !permission || can(permission);
  return areas
    .filter((area) => allowed(viewPermissionOf(area)))
    .flatMap((area) => [
      {
        label: area.label,
        to: area.path,
        icon: area.icon,
        end: area.end,
        permission: viewPermissionOf(area),
        group: `shell:sections.${area.section}`,
      },
      ...area.pages
        .filter((page) => page.path !== area.path && page.listed !== false && allowed(page.permission))
        .map((page) => ({
          label: page.label,
          labelValues: page.labelValues,
          to: page.path,
          icon: area.icon,
          permission: page.permission ?? viewPermissionOf(area),
          group: area.label,
        })),
    ]);
}

/** A thing to do from the command palette: a page's `action` (a new record's form, the import). */
export interface PaletteAction {
  label: string;
  to: string;
  /** The area's label, shown beside it. */
  group: string;
  /** A new record (else a page to open). */
  creates: boolean;
}

/** The palette's actions the user may take, in the navigation's order. */
export function paletteActions(can: (permission: Permission) => boolean): PaletteAction[] {
  return areas.flatMap((area) =>
    area.pages.flatMap((page) => {
      if (!page.action) return [];
      const creates = 'resource' in page;
      const needed =
        page.permission ?? (creates && area.access ? `${area.access}.manage` : viewPermissionOf(area));
      if (needed && !can(needed)) return [];
      return [
        { label: page.action, to: creates ? `${page.path}/new` : page.path, group: area.label, creates },
      ];
    }),
  );
}

/** The i18n namespaces of the palette's labels. */
export const paletteNamespaces: string[] = [
  ...new Set(
    areas
      .flatMap((area) => [area.label, ...area.pages.map((page) => page.label)])
      .map((key) => key.split(':')[0] ?? ''),
  ),
];

/** The palette's pages and actions for the signed-in user. */
export function usePaletteEntries(): { pages: PalettePage[]; actions: PaletteAction[] } {
  const can = useCan();
  return useMemo(() => ({ pages: palettePages(can), actions: paletteActions(can) }), [can]);
}
