import type { DashboardName, Permission } from '@ledgerdesk/contracts';
import {
  IconChartArea,
  IconChartBar,
  IconChartBubble,
  IconChartCandle,
  IconChartDonut,
  IconChartFunnel,
  IconChartLine,
  IconLayoutDashboard,
} from '@tabler/icons-react';
import type { AreaRegistration, Icon } from '../../resources/area';

/** Home, at `/`, for everyone. */
export const homeArea: AreaRegistration = {
  path: '/',
  label: 'shell:nav.dashboard',
  icon: IconLayoutDashboard,
  section: 'dashboards',
  end: true,
  pages: [{ path: '/', label: 'shell:nav.dashboard', page: () => import('./DashboardPage') }],
};

type AreaDashboardName = Exclude<DashboardName, 'home'>;

/** Each area dashboard: one page from the same view, for those who may view its main area. */
function areaDashboard(name: AreaDashboardName, permission: Permission, icon: Icon): AreaRegistration {
  const path = `/dashboards/${name}`;
  const label = `shell:nav.dashboards.${name}`;
  return {
    path,
    label,
    icon,
    section: 'dashboards',
    permission,
    pages: [
      {
        path,
        label,
        page: () => import('./DashboardPage').then((module) => ({ Component: module.dashboardPages[name] })),
      },
    ],
  };
}

export const dashboardAreas: AreaRegistration[] = [
  homeArea,
  areaDashboard('analytics', 'audit.view', IconChartLine),
  areaDashboard('crm', 'crm.view', IconChartFunnel),
  areaDashboard('ecommerce', 'ecommerce.view', IconChartBar),
  areaDashboard('projects', 'projects.view', IconChartDonut),
  areaDashboard('jobs', 'jobs.view', IconChartArea),
  areaDashboard('crypto', 'crypto.view', IconChartCandle),
  areaDashboard('nft', 'nft.view', IconChartBubble),
];
