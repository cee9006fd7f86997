import { IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number | string; 'aria-hidden'?: boolean }>;
  /** Active only on this exact path, not on paths below it. */
  end?: boolean;
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
];
