import {
  type CrmCompanyRecord,
  type CrmContactRecord,
  type DealInput,
  type DealRecord,
  dealInput,
  dealInputOf,
  dealStages,
  dealStatuses,
} from '@ledgerdesk/contracts';
import { dateCell, moneyCell, peopleCell, statusBadge } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { dealsPage } from '../area';
import { CrmTabs } from '../CrmTabs';
import { refLink } from '../cells';

/** Badge colours of the deal statuses and pipeline stages (the board uses them too). */
export const dealStatusColors = {
  'New Lead': 'blue',
  'Intro Call': 'indigo',
  Stuck: 'orange',
  'Deal Won': 'teal',
};
export const dealStageColors = {
  'Lead Discovered': 'gray',
  'Contact Initiated': 'blue',
  'Needs Identified': 'violet',
  'Meeting Arranged': 'yellow',
  'Offer Accepted': 'green',
};
const companyCell = (deal: DealRecord) => refLink(deal.company, '/apps/crm/companies');
const contactCell = (deal: DealRecord) => refLink(deal.contact, '/apps/crm/contacts');

/** Deals: the list and form; the pipeline board (`../pipeline`) shows the same records by stage. */
export const deals: ResourceDefinition<DealRecord, DealInput> = {
  ns: 'crm/deals',
  api: '/apps/deal',
  route: dealsPage.path,
  area: 'crm',
  keyOf: (deal) => deal._id,
  titleOf: (deal) => deal.dealName,
  columns: [
    { id: 'dealName', sortable: true },
    { id: 'company', sortable: true, cell: companyCell },
    { id: 'contact', sortable: true, hidden: true, cell: contactCell },
    { id: 'salesRep', sortable: true, cell: peopleCell('salesRep'), priority: 3 },
    { id: 'amount', sortable: true, align: 'right', cell: moneyCell('amount') },
    { id: 'closeDate', sortable: true, cell: dateCell('closeDate'), priority: 2 },
    { id: 'stage', sortable: true, cell: statusBadge('stage', dealStageColors) },
    { id: 'status', sortable: true, cell: statusBadge('status', dealStatusColors) },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [
    { name: 'status', options: dealStatuses },
    { name: 'stage', options: dealStages },
  ],
  input: dealInput,
  fields: [
    { name: 'dealName', kind: 'text', required: true, wide: true },
    { name: 'salesRepId', kind: 'user', required: true },
    { name: 'amount', kind: 'decimal', required: true },
    { name: 'closeDate', kind: 'date', required: true },
    { name: 'status', kind: 'select', options: dealStatuses },
    { name: 'stage', kind: 'select', options: dealStages },
    {
      name: 'companyId',
      kind: 'reference',
      api: '/apps/company',
      keyOf: (company: CrmCompanyRecord) => company._id,
      labelOf: (company: CrmCompanyRecord) => company.name,
    },
    {
      name: 'contactId',
      kind: 'reference',
      api: '/apps/contact',
      keyOf: (contact: CrmContactRecord) => contact._id,
      labelOf: (contact: CrmContactRecord) =>
        contact.company ? `${contact.name} (${contact.company.name})` : contact.name,
    },
    { name: 'description', kind: 'textarea', rows: 4 },
  ],
  emptyValues: {
    dealName: '',
    salesRepId: '',
    amount: '',
    closeDate: '',
    status: 'New Lead',
    stage: 'Lead Discovered',
    contactId: null,
    companyId: null,
    description: '',
  },
  toInput: dealInputOf,
  detail: [
    { id: 'amount', value: moneyCell('amount') },
    { id: 'closeDate', value: dateCell('closeDate') },
    { id: 'salesRep', value: peopleCell('salesRep') },
    { id: 'stage', value: statusBadge('stage', dealStageColors) },
    { id: 'status', value: statusBadge('status', dealStatusColors) },
    { id: 'company', value: companyCell },
    { id: 'contact', value: contactCell },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
  ],
  status: { id: 'status', value: statusBadge('status', dealStatusColors) },
  figures: [
    { id: 'amount', value: moneyCell('amount') },
    { id: 'stage', value: statusBadge('stage', dealStageColors) },
    { id: 'closeDate', value: dateCell('closeDate') },
    { id: 'salesRep', value: peopleCell('salesRep') },
  ],
};

export const resource: ResourceModule['resource'] = deals;

export function ListPage() {
  return (
    <ResourceListPage def={deals}>
      <CrmTabs />
    </ResourceListPage>
  );
}
