import type { Permission } from '@ledgerdesk/contracts';
import {
  IconAddressBook,
  IconApiApp,
  IconArticle,
  IconBooks,
  IconBriefcase,
  IconBriefcase2,
  IconCalendar,
  IconChartArea,
  IconChartBar,
  IconChartDonut,
  IconChartFunnel,
  IconChartLine,
  IconChecklist,
  IconCurrencyDollar,
  IconFileInvoice,
  IconFolder,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconMessages,
  IconShoppingCart,
  IconTicket,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { upcomingAreas } from './areas';
import { areaDashboards } from './dashboards';

type Icon = ComponentType<{ size?: number | string; stroke?: number | string; 'aria-hidden'?: boolean }>;

export interface NavItem {
  /** A key of the `shell` catalogue (`nav.<area>`); a plain text is shown as it is. */
  label: string;
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

const upcomingIcons: Record<string, Icon> = {
  calendar: IconCalendar,
  chat: IconMessages,
  mailbox: IconMail,
  tasks: IconChecklist,
  'file-manager': IconFolder,
  pricing: IconCurrencyDollar,
  blog: IconArticle,
};

const dashboardIcons: Record<(typeof areaDashboards)[number]['name'], Icon> = {
  analytics: IconChartLine,
  crm: IconChartFunnel,
  ecommerce: IconChartBar,
  projects: IconChartDonut,
  jobs: IconChartArea,
};

/** An area not built yet (it opens the "coming soon" page). */
function upcoming(path: string): NavItem {
  const area = upcomingAreas.find((candidate) => candidate.path === path);
  if (!area) throw new Error(`No upcoming area ${path}`);
  return {
    label: area.label,
    to: `/${area.path}`,
    icon: upcomingIcons[path] ?? IconArticle,
    permission: area.permission,
  };
}

/** The sidebar, the horizontal menu and the command palette all list these. */
export const navSections: NavSection[] = [
  {
    label: 'sections.dashboards',
    icon: IconLayoutDashboard,
    items: [
      { label: 'nav.dashboard', to: '/', icon: IconLayoutDashboard, end: true },
      ...areaDashboards.map(({ name, permission }) => ({
        label: `nav.dashboards.${name}`,
        to: `/dashboards/${name}`,
        icon: dashboardIcons[name],
        permission,
      })),
    ],
  },
  {
    label: 'sections.administration',
    icon: IconUsers,
    items: [
      { label: 'nav.users', to: '/admin/users', icon: IconUsers, permission: 'users.view' },
      { label: 'nav.groups', to: '/admin/groups', icon: IconUsersGroup, permission: 'groups.view' },
      { label: 'nav.library', to: '/library', icon: IconBooks, permission: 'library.view' },
      { label: 'nav.audit', to: '/admin/audit', icon: IconHistory, permission: 'audit.view' },
    ],
  },
  {
    label: 'sections.apps',
    icon: IconCalendar,
    // In the menu's order; an area built on the engine replaces its upcoming() entry with its own.
    items: [
      upcoming('calendar'),
      upcoming('chat'),
      upcoming('mailbox'),
      { label: 'nav.ecommerce', to: '/apps/ecommerce', icon: IconShoppingCart, permission: 'ecommerce.view' },
      { label: 'nav.crm', to: '/apps/crm', icon: IconAddressBook, permission: 'crm.view' },
      { label: 'nav.projects', to: '/apps/projects', icon: IconBriefcase, permission: 'projects.view' },
      { label: 'nav.tasks', to: '/apps/tasks', icon: IconChecklist, permission: 'tasks.view' },
      { label: 'nav.invoices', to: '/apps/invoices', icon: IconFileInvoice, permission: 'invoices.view' },
      { label: 'nav.tickets', to: '/apps/tickets', icon: IconTicket, permission: 'tickets.view' },
      upcoming('file-manager'),
      { label: 'nav.todo', to: '/apps/todo', icon: IconListCheck, permission: 'todos.view' },
      { label: 'nav.jobs', to: '/apps/jobs', icon: IconBriefcase2, permission: 'jobs.view' },
      { label: 'nav.apiKeys', to: '/apps/api-keys', icon: IconApiApp, permission: 'apiKeys.view' },
    ],
  },
  {
    label: 'sections.pages',
    icon: IconArticle,
    items: [
      { label: 'nav.profile', to: '/profile', icon: IconUserCircle },
      { label: 'nav.team', to: '/team', icon: IconUsersGroup, permission: 'team.view' },
      ...['pricing', 'blog'].map(upcoming),
    ],
  },
];

/** The sections with only the entries `can` allows; sections left empty are dropped. */
export function visibleSections(can: (permission: Permission) => boolean): NavSection[] {
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => !item.permission || can(item.permission)),
    }))
    .filter((section) => section.items.length > 0);
}
