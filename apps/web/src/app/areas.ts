import { apiKeysArea } from '../features/api-keys/area';
import { auditArea } from '../features/audit/area';
import { blogArea } from '../features/blog/area';
import { calendarArea } from '../features/calendar/area';
import { chatArea } from '../features/chat/area';
import { crmArea } from '../features/crm/area';
import { cryptoArea } from '../features/crypto/area';
import { dashboardAreas } from '../features/dashboard/area';
import { ecommerceArea } from '../features/ecommerce/area';
import { filesArea } from '../features/files/area';
import { galleryArea } from '../features/gallery/area';
import { groupsArea } from '../features/groups/area';
import { invoicesArea } from '../features/invoices/area';
import { jobsArea } from '../features/jobs/area';
import { libraryArea } from '../features/library/area';
import { mailArea } from '../features/mail/area';
import { nftArea } from '../features/nft/area';
import { pricingArea } from '../features/pricing/area';
import { profileArea } from '../features/profile/area';
import { projectsArea } from '../features/projects/area';
import { releasesArea } from '../features/releases/area';
import { tasksArea } from '../features/tasks/area';
import { teamArea } from '../features/team/area';
import { ticketsArea } from '../features/tickets/area';
import { todoArea } from '../features/todo/area';
import { usersArea } from '../features/users/area';
import type { AreaRegistration } from '../resources/area';

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
  cryptoArea,
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
  blogArea,
  galleryArea,
  pricingArea,
  releasesArea,
];
