import {
  type CrmCompanyInput,
  type CrmCompanyRecord,
  crmCompanyInput,
  crmCompanyInputOf,
  crmIndustryTypes,
} from '@ledgerdesk/contracts';
import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import { RatingStars } from '../../../components/RatingStars';
import { valueLabel } from '../../../resources/ResourceForm';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { companiesPage } from '../area';
import { CrmTabs } from '../CrmTabs';
import { contacts } from '../contacts/resource';
import { deals } from '../deals/resource';

const ratingCell = (company: CrmCompanyRecord) => (
  <RatingStars value={company.starValue} label={String(company.starValue)} />
);
const industryCell = (company: CrmCompanyRecord, t: TFunction) =>
  valueLabel(t, 'industryType', company.industryType);
const websiteCell = (company: CrmCompanyRecord) =>
  company.website ? (
    <Anchor
      href={/^https?:\/\//.test(company.website) ? company.website : `https://${company.website}`}
      target="_blank"
      rel="noreferrer"
      size="sm"
    >
      {company.website.replace(/^https?:\/\//, '')}
    </Anchor>
  ) : null;

/** CRM companies; one that contacts or deals point at cannot be deleted (the server says why). */
export const companies: ResourceDefinition<CrmCompanyRecord, CrmCompanyInput> = {
  ns: 'crm/companies',
  api: '/apps/company',
  route: companiesPage.path,
  area: 'crm',
  keyOf: (company) => company._id,
  titleOf: (company) => company.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'owner', sortable: true },
    { id: 'industryType', sortable: true, cell: industryCell },
    { id: 'starValue', sortable: true, cell: ratingCell },
    { id: 'location', sortable: true },
    { id: 'employees', sortable: true, align: 'right' },
    { id: 'contactCount', align: 'right', hidden: true },
    { id: 'dealCount', align: 'right', hidden: true },
    { id: 'website', hidden: true, cell: websiteCell },
    { id: 'contactEmail', hidden: true },
    { id: 'since', sortable: true, align: 'right', hidden: true },
  ],
  filters: [{ name: 'industryType', options: crmIndustryTypes }],
  input: crmCompanyInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'owner', kind: 'text' },
    { name: 'industryType', kind: 'select', options: crmIndustryTypes },
    { name: 'location', kind: 'text' },
    { name: 'employees', kind: 'number', min: 0 },
    { name: 'since', kind: 'number', min: 1800, max: 2100 },
    { name: 'website', kind: 'text', type: 'url' },
    { name: 'contactEmail', kind: 'text', type: 'email' },
    { name: 'starValue', kind: 'rating' },
  ],
  emptyValues: {
    name: '',
    owner: '',
    industryType: 'Construction',
    starValue: 0,
    location: '',
    employees: null,
    website: '',
    contactEmail: '',
    since: null,
  },
  toInput: crmCompanyInputOf,
  detail: [
    { id: 'owner' },
    { id: 'industryType', value: industryCell },
    { id: 'starValue', value: ratingCell },
    { id: 'location' },
    { id: 'employees' },
    { id: 'since' },
    { id: 'website', value: websiteCell },
    { id: 'contactEmail' },
    { id: 'contactCount' },
    { id: 'dealCount' },
  ],
  figures: [
    { id: 'contactCount' },
    { id: 'dealCount' },
    { id: 'employees' },
    { id: 'industryType', value: industryCell },
  ],
  related: [
    {
      id: 'contacts',
      resource: () => contacts,
      filter: (company) => ({ company: company._id }),
      columns: ['designation', 'email', 'leadScore', 'lastContacted'],
    },
    {
      id: 'deals',
      resource: () => deals,
      filter: (company) => ({ company: company._id }),
      columns: ['amount', 'stage', 'status', 'closeDate'],
      ordering: '-closeDate',
    },
  ],
};

export const resource: ResourceModule['resource'] = companies;

export function ListPage() {
  return (
    <ResourceListPage def={companies}>
      <CrmTabs />
    </ResourceListPage>
  );
}
