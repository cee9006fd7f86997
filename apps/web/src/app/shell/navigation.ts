import type { Permission } from '@ledgerdesk/contracts';
import { IconBooks, IconHistory, IconLayoutDashboard, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number | string; 'aria-hidden'?: boolean }>;
  /** Active only on this exact path, not on paths below it. */
  end?: boolean;
  /** Shown only to users holding it (the route checks it too). */
  permission?: Permission;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

/** The sidebar. Only routes that exist are listed; each area adds its entries as it lands. */
export const navSections: NavSection[] = [
  {
    label: 'Dashboards',
    items: [{ label: 'Dashboard', to: '/', icon: IconLayoutDashboard, end: true }],
  },
  {
    label: 'Administration',
    items: [
      { label: 'Users', to: '/admin/users', icon: IconUsers, permission: 'users.view' },
      { label: 'Groups', to: '/admin/groups', icon: IconUsersGroup, permission: 'groups.view' },
      { label: 'Code library', to: '/library', icon: IconBooks, permission: 'library.view' },
      { label: 'Audit log', to: '/admin/audit', icon: IconHistory, permission: 'audit.view' },
    ],
  },
];
