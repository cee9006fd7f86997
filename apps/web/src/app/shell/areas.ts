import type { Permission } from '@ledgerdesk/contracts';

/**
 * Areas listed in the navigation but not built yet: each routes to the shared "coming soon" page.
 * Plain data (no icons), so the router can list their routes without growing the entry chunk.
 */
export interface UpcomingArea {
  label: string;
  path: string;
  /** Shown and opened only by users holding it; without one, every signed-in user. */
  permission?: Permission;
}

export const upcomingAreas: UpcomingArea[] = [
  { label: 'Calendar', path: 'calendar' },
  { label: 'Chat', path: 'chat' },
  { label: 'Mailbox', path: 'mailbox' },
  { label: 'E-commerce', path: 'ecommerce' },
  { label: 'CRM', path: 'crm' },
  { label: 'Projects', path: 'projects' },
  { label: 'Invoices', path: 'invoices' },
  { label: 'Tickets', path: 'tickets' },
  { label: 'File manager', path: 'file-manager' },
  { label: 'To-do', path: 'todo' },
  { label: 'Jobs', path: 'jobs' },
  { label: 'API keys', path: 'api-keys' },
  { label: 'Team', path: 'team' },
  { label: 'Pricing', path: 'pricing' },
  { label: 'Blog', path: 'blog' },
];

export function upcomingAreaAt(pathname: string): UpcomingArea | undefined {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return upcomingAreas.find((area) => area.path === path);
}
