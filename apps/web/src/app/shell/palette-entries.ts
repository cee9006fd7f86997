import type { Permission } from '@ledgerdesk/contracts';
import { crmPages } from '../../features/crm/CrmTabs';
import { ecommercePages } from '../../features/ecommerce/EcommerceTabs';
import { jobsLists } from '../../features/jobs/JobsTabs';
import { LEVELS, levelLabel, levelListUrl } from '../../features/library/levels';

/**
 * What the command palette offers besides the sidebar's pages: the pages inside an area (its tabs),
 * and the things a user may do from anywhere. A label is `<namespace>:<key>`; `parent` names the
 * area (a key of the shell catalogue), shown beside it.
 */
export interface PaletteEntry {
  label: string;
  /** Values for the label's placeholders. */
  values?: Record<string, string>;
  parent: string;
  to: string;
  permission?: Permission;
}

/** The namespaces the entries' labels come from: loaded with the palette. */
export const paletteNamespaces = ['shell', 'crm', 'ecommerce', 'jobs', 'library'] as const;

export const subPages: PaletteEntry[] = [
  ...crmPages.map((page) => ({
    label: `crm:${page.label}`,
    parent: 'nav.crm',
    to: page.path,
    permission: 'crm.view' as const,
  })),
  ...ecommercePages.map((page) => ({
    label: `ecommerce:${page.label}`,
    parent: 'nav.ecommerce',
    to: page.path,
    permission: 'permission' in page ? page.permission : ('ecommerce.view' as const),
  })),
  ...jobsLists.map((page) => ({
    label: `jobs:${page.label}`,
    parent: 'nav.jobs',
    to: page.path,
    permission: 'jobs.view' as const,
  })),
  ...LEVELS.map((level) => ({
    label: 'library:tabs.level',
    values: { level: levelLabel(level) },
    parent: 'nav.library',
    to: levelListUrl(level),
    permission: 'library.view' as const,
  })),
];

/** A "new record" action: the area's form page. */
const create = (key: string, parent: string, to: string, permission: Permission): PaletteEntry => ({
  label: `shell:palette.actions.${key}`,
  parent,
  to,
  permission,
});

export const createActions: PaletteEntry[] = [
  create('newInvoice', 'nav.invoices', '/apps/invoices/new', 'invoices.manage'),
  create('newTask', 'nav.tasks', '/apps/tasks/new', 'tasks.manage'),
  create('newProject', 'nav.projects', '/apps/projects/new', 'projects.manage'),
  create('newTicket', 'nav.tickets', '/apps/tickets/new', 'tickets.manage'),
  create('newContact', 'nav.crm', '/apps/crm/contacts/new', 'crm.manage'),
  create('newCompany', 'nav.crm', '/apps/crm/companies/new', 'crm.manage'),
  create('newDeal', 'nav.crm', '/apps/crm/deals/new', 'crm.manage'),
  create('newProduct', 'nav.ecommerce', '/apps/ecommerce/products/new', 'ecommerce.manage'),
  create('newJob', 'nav.jobs', '/apps/jobs/new', 'jobs.manage'),
  create('newCandidate', 'nav.jobs', '/apps/candidates/new', 'jobs.manage'),
  create('importCodes', 'nav.library', '/library/import', 'library.manage'),
];
