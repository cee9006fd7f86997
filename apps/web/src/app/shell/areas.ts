import type { Permission } from '@ledgerdesk/contracts';

/**
 * Areas listed in the navigation but not built yet: each routes to the shared "coming soon" page.
 * Plain data (no icons), so the router can list their routes without growing the entry chunk.
 */
export interface UpcomingArea {
  /** A key of the `shell` catalogue (`nav.<area>`). */
  label: string;
  path: string;
  /** Shown and opened only by users holding it; without one, every signed-in user. */
  permission?: Permission;
}

export const upcomingAreas: UpcomingArea[] = [
  { label: 'nav.calendar', path: 'calendar' },
  { label: 'nav.chat', path: 'chat' },
  { label: 'nav.mailbox', path: 'mailbox' },
  { label: 'nav.fileManager', path: 'file-manager' },
  { label: 'nav.pricing', path: 'pricing' },
  { label: 'nav.blog', path: 'blog' },
];

export function upcomingAreaAt(pathname: string): UpcomingArea | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return upcomingAreas.find((area) => area.path === path);
}
