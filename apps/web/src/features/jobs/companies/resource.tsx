import {
  employeeRanges,
  inputOf,
  type JobCompanyInput,
  type JobCompanyRecord,
  jobCompanyInput,
} from '@ledgerdesk/contracts';
import { Anchor } from '@mantine/core';
import { RatingStars } from '../../../components/RatingStars';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { applications } from '../applications/resource';
import { jobCompaniesPage } from '../area';
import { JobsTabs } from '../JobsTabs';
import { jobs } from '../resource';

const ratingCell = (company: JobCompanyRecord) => (
  <RatingStars value={company.rating} label={String(company.rating)} />
);
const websiteCell = (company: JobCompanyRecord) =>
  company.website ? (
    <Anchor
      href={company.website}
      target="_blank"
      rel="noreferrer"
      size="sm"
      onClick={(e) => e.stopPropagation()}
    >
      {company.website.replace(/^https?:\/\//, '')}
    </Anchor>
  ) : null;

/** Companies that post jobs (SPEC §3 "Company"); their vacancy is counted from their open jobs. */
export const companies: ResourceDefinition<JobCompanyRecord, JobCompanyInput> = {
  ns: 'jobs/companies',
  api: '/apps/job-company',
  route: jobCompaniesPage.path,
  area: 'jobs',
  keyOf: (company) => company.id,
  titleOf: (company) => company.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'industryType', sortable: true },
    { id: 'location', sortable: true, priority: 2 },
    { id: 'vacancy', sortable: true, align: 'right' },
    { id: 'employeeRange', sortable: true, priority: 3 },
    { id: 'rating', sortable: true, cell: ratingCell },
    { id: 'since', sortable: true, align: 'right', priority: 3 },
    { id: 'website', hidden: true, cell: websiteCell },
    { id: 'email', hidden: true },
  ],
  filters: [{ name: 'employeeRange', options: employeeRanges }],
  input: jobCompanyInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'industryType', kind: 'text' },
    { name: 'location', kind: 'text' },
    { name: 'employeeRange', kind: 'select', options: employeeRanges },
    { name: 'website', kind: 'text', type: 'url' },
    { name: 'email', kind: 'text', type: 'email' },
    { name: 'since', kind: 'number', min: 1800, max: 2100 },
    { name: 'rating', kind: 'rating' },
    { name: 'companyInfo', kind: 'textarea', rows: 4 },
  ],
  emptyValues: {
    name: '',
    industryType: '',
    companyInfo: '',
    location: '',
    employeeRange: '1-10',
    rating: 0,
    website: '',
    email: '',
    since: null,
  },
  toInput: inputOf(jobCompanyInput),
  detail: [
    { id: 'industryType' },
    { id: 'location' },
    { id: 'vacancy' },
    { id: 'jobs' },
    { id: 'employeeRange' },
    { id: 'since' },
    { id: 'rating', value: ratingCell },
    { id: 'website', value: websiteCell },
    { id: 'email' },
    { id: 'companyInfo', wide: true },
  ],
  figures: [{ id: 'vacancy' }, { id: 'jobs' }, { id: 'employeeRange' }, { id: 'rating', value: ratingCell }],
  related: [
    {
      id: 'jobs',
      resource: () => jobs,
      filter: (company) => ({ company: company.id }),
      columns: ['location', 'type', 'postDate', 'status'],
      ordering: '-postDate',
    },
    {
      id: 'applications',
      resource: () => applications,
      filter: (company) => ({ company: company.id }),
      columns: ['designation', 'date', 'status'],
      ordering: '-date',
    },
  ],
};

export const resource: ResourceModule['resource'] = companies;

export function ListPage() {
  return (
    <ResourceListPage def={companies}>
      <JobsTabs />
    </ResourceListPage>
  );
}
