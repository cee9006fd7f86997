import {
  type CrmCompanyRecord,
  type CrmContactInput,
  type CrmContactRecord,
  crmContactInput,
  crmContactInputOf,
} from '@ledgerdesk/contracts';
import { dateCell } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { contactsPage } from '../area';
import { CrmTabs } from '../CrmTabs';
import { refLink, tagsCell } from '../cells';
import { deals } from '../deals/resource';

const companyCell = (contact: CrmContactRecord) => refLink(contact.company, '/apps/crm/companies');

/** CRM contacts, each optionally working for a CRM company. */
export const contacts: ResourceDefinition<CrmContactRecord, CrmContactInput> = {
  ns: 'crm/contacts',
  api: '/apps/contact',
  route: contactsPage.path,
  area: 'crm',
  keyOf: (contact) => contact._id,
  titleOf: (contact) => contact.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'company', sortable: true, cell: companyCell },
    { id: 'designation', sortable: true, priority: 2 },
    { id: 'email', sortable: true, truncate: 200 },
    { id: 'phone', hidden: true },
    { id: 'leadScore', sortable: true, align: 'right', priority: 2 },
    { id: 'tags', cell: tagsCell, priority: 3 },
    { id: 'lastContacted', sortable: true, cell: dateCell('lastContacted') },
  ],
  input: crmContactInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    {
      name: 'companyId',
      kind: 'reference',
      api: '/apps/company',
      keyOf: (company: CrmCompanyRecord) => company._id,
      labelOf: (company: CrmCompanyRecord) => company.name,
    },
    { name: 'designation', kind: 'text' },
    { name: 'email', kind: 'text', type: 'email' },
    { name: 'phone', kind: 'phone' },
    { name: 'leadScore', kind: 'number', min: 0, max: 100 },
    { name: 'lastContacted', kind: 'date' },
    { name: 'tags', kind: 'tags', hint: 'hints.tags' },
  ],
  emptyValues: {
    name: '',
    companyId: null,
    designation: '',
    email: '',
    phone: '',
    leadScore: 0,
    tags: [],
    lastContacted: null,
  },
  toInput: crmContactInputOf,
  detail: [
    { id: 'company', value: companyCell },
    { id: 'designation' },
    { id: 'email' },
    { id: 'phone' },
    { id: 'leadScore' },
    { id: 'lastContacted', value: dateCell('lastContacted') },
    { id: 'tags', value: tagsCell, wide: true },
  ],
  figures: [
    { id: 'company', value: companyCell },
    { id: 'leadScore' },
    { id: 'lastContacted', value: dateCell('lastContacted') },
  ],
  related: [
    {
      id: 'deals',
      resource: () => deals,
      filter: (contact) => ({ contact: contact._id }),
      columns: ['amount', 'stage', 'status', 'closeDate'],
      ordering: '-closeDate',
    },
  ],
};

export const resource: ResourceModule['resource'] = contacts;

export function ListPage() {
  return (
    <ResourceListPage def={contacts}>
      <CrmTabs />
    </ResourceListPage>
  );
}
