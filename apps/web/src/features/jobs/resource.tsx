import {
  inputOf,
  type JobCompanyRecord,
  type JobInput,
  type JobRecord,
  jobInput,
  jobStatuses,
  jobTypes,
} from '@ledgerdesk/contracts';
import { List, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format';
import { dateCell, statusBadge } from '../../resources/cells';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { applications } from './applications/resource';
import { jobsPage } from './area';
import { JobsTabs } from './JobsTabs';

const statusColors = { Active: 'teal', New: 'blue', Close: 'gray' };

function salaryOf(job: JobRecord): string {
  if (job.salaryMin && job.salaryMax) return `${formatMoney(job.salaryMin)} – ${formatMoney(job.salaryMax)}`;
  if (job.salaryMin) return `≥ ${formatMoney(job.salaryMin)}`;
  if (job.salaryMax) return `≤ ${formatMoney(job.salaryMax)}`;
  return '';
}

/** Jobs (SPEC §3: title, company, location, type, experience, post date, requirements, status). */
export const jobs: ResourceDefinition<JobRecord, JobInput> = {
  ns: 'jobs',
  api: '/apps/job',
  route: jobsPage.path,
  area: 'jobs',
  keyOf: (job) => job.id,
  titleOf: (job) => job.jobTitle,
  columns: [
    { id: 'jobTitle', sortable: true },
    { id: 'companyName', sortable: true, priority: 2 },
    { id: 'location', sortable: true, priority: 2 },
    { id: 'type', sortable: true, cell: statusBadge('type', {}) },
    { id: 'experience', hidden: true },
    { id: 'vacancies', sortable: true, align: 'right', priority: 3 },
    { id: 'applications', sortable: true, align: 'right', priority: 3 },
    { id: 'postDate', sortable: true, cell: dateCell('postDate') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
  ],
  filters: [
    { name: 'status', options: jobStatuses },
    { name: 'type', options: jobTypes },
  ],
  input: jobInput,
  fields: [
    { name: 'jobTitle', kind: 'text', required: true },
    {
      name: 'companyId',
      kind: 'reference',
      api: '/apps/job-company',
      keyOf: (company: JobCompanyRecord) => company.id,
      labelOf: (company: JobCompanyRecord) => company.name,
      required: true,
    },
    { name: 'location', kind: 'text' },
    { name: 'type', kind: 'select', options: jobTypes },
    { name: 'experience', kind: 'text', hint: 'hints.experience' },
    { name: 'postDate', kind: 'date', required: true },
    { name: 'salaryMin', kind: 'decimal' },
    { name: 'salaryMax', kind: 'decimal' },
    { name: 'vacancies', kind: 'number', min: 1, max: 10_000 },
    { name: 'status', kind: 'select', options: jobStatuses },
    { name: 'requirements', kind: 'tags', wide: true, hint: 'hints.requirements' },
    { name: 'description', kind: 'textarea', rows: 6 },
  ],
  emptyValues: {
    jobTitle: '',
    companyId: '',
    location: '',
    type: 'Full Time',
    experience: '',
    postDate: new Date().toISOString().slice(0, 10),
    description: '',
    requirements: [],
    salaryMin: null,
    salaryMax: null,
    vacancies: 1,
    status: 'New',
  },
  toInput: inputOf(jobInput),
  detail: [
    {
      id: 'companyName',
      value: (job) => <Link to={`/apps/job-companies/${job.companyId}`}>{job.companyName}</Link>,
    },
    { id: 'location' },
    { id: 'type', value: statusBadge('type', {}) },
    { id: 'experience' },
    { id: 'salary', value: (job) => salaryOf(job) || null },
    { id: 'vacancies' },
    { id: 'postDate', value: dateCell('postDate') },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'applications' },
  ],
  status: { id: 'status', value: statusBadge('status', statusColors) },
  figures: [
    { id: 'applications' },
    { id: 'vacancies' },
    { id: 'postDate', value: dateCell('postDate') },
    { id: 'type', value: statusBadge('type', {}) },
  ],
  related: [
    {
      id: 'applications',
      resource: () => applications,
      filter: (job) => ({ job: job.id }),
      columns: ['date', 'contact', 'status'],
      ordering: '-date',
    },
  ],
};

export const resource: ResourceModule['resource'] = jobs;

export function ListPage() {
  return (
    <ResourceListPage def={jobs}>
      <JobsTabs />
    </ResourceListPage>
  );
}

/** A job: its fields, then its description and requirements (who applied is a tab). */
export function DetailPage() {
  const { t } = useTranslation('jobs');
  return (
    <ResourceDetailPage def={jobs}>
      {(job) => (
        <>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('fields.description')}
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {job.description || '—'}
            </Text>
            {job.requirements.length > 0 ? (
              <>
                <Title order={3} size="h5" mt="md" mb="xs">
                  {t('fields.requirements')}
                </Title>
                <List size="sm">
                  {job.requirements.map((requirement) => (
                    <List.Item key={requirement}>{requirement}</List.Item>
                  ))}
                </List>
              </>
            ) : null}
          </Paper>
        </>
      )}
    </ResourceDetailPage>
  );
}
