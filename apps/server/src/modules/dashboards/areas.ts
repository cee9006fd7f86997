import type { Area, Permission } from '@ledgerdesk/contracts';

/**
 * The area each audited entity belongs to: an audit entry is shown on a dashboard (recent activity,
 * actions by area) to a caller who may view its area, or to one holding `audit.view`. An entity not
 * listed (the outbox's) is for `audit.view` alone.
 */
export const entityAreas: Record<string, Area> = {
  apiKey: 'apiKeys',
  candidate: 'jobs',
  job: 'jobs',
  jobApplication: 'jobs',
  jobCompany: 'jobs',
  company: 'crm',
  contact: 'crm',
  deal: 'crm',
  lead: 'crm',
  customer: 'ecommerce',
  order: 'ecommerce',
  product: 'ecommerce',
  seller: 'ecommerce',
  group: 'groups',
  nftCollection: 'nft',
  nftItem: 'nft',
  nftWallet: 'nft',
  invoice: 'invoices',
  // The code library: its codes by level, its units, and an import (entity 'library').
  l1code: 'library',
  l2code: 'library',
  l3code: 'library',
  l4code: 'library',
  library: 'library',
  unit: 'library',
  project: 'projects',
  session: 'users',
  task: 'tasks',
  teamMember: 'team',
  ticket: 'tickets',
  ticketReply: 'tickets',
  todo: 'todos',
  todoProject: 'todos',
  user: 'users',
};

/** The entities whose audit entries the caller may see; null when they may see every entry. */
export function visibleEntities(can: (permission: Permission) => boolean): string[] | null {
  if (can('audit.view')) return null;
  return Object.entries(entityAreas)
    .filter(([, area]) => can(`${area}.view`))
    .map(([entity]) => entity);
}
