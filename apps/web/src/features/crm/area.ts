import { IconAddressBook } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const contactsPage = {
  path: '/apps/crm/contacts',
  label: 'crm:tabs.contacts',
  action: 'shell:palette.actions.newContact',
  resource: () => import('./contacts/resource'),
};
export const companiesPage = {
  path: '/apps/crm/companies',
  label: 'crm:tabs.companies',
  action: 'shell:palette.actions.newCompany',
  resource: () => import('./companies/resource'),
};
export const leadsPage = {
  path: '/apps/crm/leads',
  label: 'crm:tabs.leads',
  resource: () => import('./leads/resource'),
};
export const dealsPage = {
  path: '/apps/crm/deals',
  label: 'crm:tabs.deals',
  action: 'shell:palette.actions.newDeal',
  resource: () => import('./deals/resource'),
};

/** CRM: four lists and the deal pipeline board, with tabs between them; /apps/crm opens the first. */
export const crmArea: AreaRegistration = {
  path: '/apps/crm',
  label: 'shell:nav.crm',
  icon: IconAddressBook,
  section: 'apps',
  access: 'crm',
  pages: [
    contactsPage,
    companiesPage,
    leadsPage,
    dealsPage,
    { path: '/apps/crm/pipeline', label: 'crm:tabs.pipeline', page: () => import('./pipeline/PipelinePage') },
  ],
};
