import type { DashboardName, Permission } from '@ledgerdesk/contracts';

/**
 * The dashboards besides home (which is `/`, for everyone): each at /dashboards/<name>, shown and
 * opened only by users who may view its main area. Plain data, so the router lists their routes
 * without growing the entry chunk; the navigation adds the icons.
 */
export const areaDashboards: { name: Exclude<DashboardName, 'home'>; permission: Permission }[] = [
  { name: 'analytics', permission: 'audit.view' },
  { name: 'crm', permission: 'crm.view' },
  { name: 'ecommerce', permission: 'ecommerce.view' },
  { name: 'projects', permission: 'projects.view' },
  { name: 'jobs', permission: 'jobs.view' },
];
