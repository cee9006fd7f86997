import { IconArticle, IconCurrencyDollar } from '@tabler/icons-react';
import { apiKeysArea } from '../features/api-keys/area';
import { auditArea } from '../features/audit/area';
import { calendarArea } from '../features/calendar/area';
import { chatArea } from '../features/chat/area';
import { crmArea } from '../features/crm/area';
import { dashboardAreas } from '../features/dashboard/area';
import { ecommerceArea } from '../features/ecommerce/area';
import { filesArea } from '../features/files/area';
import { groupsArea } from '../features/groups/area';
import { invoicesArea } from '../features/invoices/area';
import { jobsArea } from '../features/jobs/area';
import { libraryArea } from '../features/library/area';
import { mailArea } from '../features/mail/area';
import { nftArea } from '../features/nft/area';
import { profileArea } from '../features/profile/area';
import { projectsArea } from '../features/projects/area';
import { tasksArea } from '../features/tasks/area';
import { teamArea } from '../features/team/area';
import { ticketsArea } from '../features/tickets/area';
import { todoArea } from '../features/todo/area';
import { usersArea } from '../features/users/area';
import type { AreaRegistration, Icon, NavSectionName } from '../resources/area';

/** An area listed in the navigation but not built yet: its address opens the shared "coming soon" page. */
function upcoming(path: string, label: string, icon: Icon, section: NavSectionName): AreaRegistration {
  return {
    path,
    label,
    icon,
    section,
    pages: [{ path, label, listed: false, page: () => import('./pages/ComingSoonPage') }],
  };
}

/**
 * Every area of the app, in the navigation's order (within each section). The router, the sidebar,
 * the command palette and the breadcrumbs all read this list: adding an area is one line here and its
 * `area.ts`. Loaded with the shell, not with the login page (app/router.tsx).
 */
export const areas: readonly AreaRegistration[] = [
  ...dashboardAreas,
  usersArea,
  groupsArea,
  libraryArea,
  auditArea,
  calendarArea,
  chatArea,
  mailArea,
  ecommerceArea,
  nftArea,
  crmArea,
  projectsArea,
  tasksArea,
  invoicesArea,
  ticketsArea,
  filesArea,
  todoArea,
  jobsArea,
  apiKeysArea,
  profileArea,
  teamArea,
  upcoming('/pricing', 'shell:nav.pricing', IconCurrencyDollar, 'pages'),
  upcoming('/blog', 'shell:nav.blog', IconArticle, 'pages'),
];
