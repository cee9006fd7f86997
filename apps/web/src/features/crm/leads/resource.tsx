import { type LeadInput, type LeadRecord, leadInput, leadInputOf, leadStatuses } from '@ledgerdesk/contracts';
import { dateCell, statusBadge } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { leadsPage } from '../area';
import { CrmTabs } from '../CrmTabs';
import { tagsCell } from '../cells';

const statusColors = { New: 'blue', Contacted: 'indigo', Qualified: 'teal', Lost: 'gray' };

/** Leads: prospects with the company they named, until they become contacts. */
export const leads: ResourceDefinition<LeadRecord, LeadInput> = {
  ns: 'crm/leads',
  api: '/apps/lead',
  route: leadsPage.path,
  area: 'crm',
  keyOf: (lead) => lead._id,
  titleOf: (lead) => lead.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'company', sortable: true },
    { id: 'leadScore', sortable: true, align: 'right' },
    { id: 'phone', priority: 2 },
    { id: 'email', hidden: true },
    { id: 'location', sortable: true, priority: 3 },
    { id: 'tags', cell: tagsCell, priority: 3 },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'createdAt', sortable: true, cell: dateCell('createdAt') },
  ],
  filters: [{ name: 'status', options: leadStatuses }],
  input: leadInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'company', kind: 'text' },
    { name: 'email', kind: 'text', type: 'email' },
    { name: 'phone', kind: 'phone' },
    { name: 'location', kind: 'text' },
    { name: 'leadScore', kind: 'number', min: 0, max: 100 },
    { name: 'status', kind: 'select', options: leadStatuses },
    { name: 'tags', kind: 'tags', hint: 'hints.tags' },
  ],
  emptyValues: {
    name: '',
    company: '',
    email: '',
    phone: '',
    leadScore: 0,
    location: '',
    tags: [],
    status: 'New',
  },
  toInput: leadInputOf,
  detail: [
    { id: 'company' },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'leadScore' },
    { id: 'email' },
    { id: 'phone' },
    { id: 'location' },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'tags', value: tagsCell, wide: true },
  ],
};

export const resource: ResourceModule['resource'] = leads;

export function ListPage() {
  return (
    <ResourceListPage def={leads}>
      <CrmTabs />
    </ResourceListPage>
  );
}
