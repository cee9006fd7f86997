import {
  type ApplicationRecord,
  inputOf,
  type JobCompanyRecord,
  type JobInput,
  type JobRecord,
  jobInput,
  jobStatuses,
  jobTypes,
} from '@ledgerdesk/contracts';
import { Badge, List, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { dateCell, statusBadge } from '../../resources/cells';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { applicationColors, applications } from './applications/resource';
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
    { id: 'companyName' },
    { id: 'location' },
    { id: 'type', sortable: true, cell: statusBadge('type', {}) },
    { id: 'experience', hidden: true },
    { id: 'vacancies', sortable: true, align: 'right' },
    { id: 'applications', align: 'right' },
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
  toValues: inputOf(jobInput),
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
};

export const resource: ResourceModule['resource'] = jobs;

export function ListPage() {
  return (
    <ResourceListPage def={jobs}>
      <JobsTabs />
    </ResourceListPage>
  );
}

/** Who applied for a job, newest first. */
function JobApplications({ job }: { job: JobRecord }) {
  const { t } = useTranslation(['jobs', 'jobs/applications']);
  const query = { pageSize: 100, ordering: '-date', job: job.id };
  // Under the applications' key root: a change to any application marks it stale too.
  const list = useQuery({
    queryKey: [...queryKeys.all(applications.api), 'of-job', query],
    queryFn: ({ signal }) => api.get<{ results: ApplicationRecord[] }>(applications.api, { query, signal }),
  });
  const rows = list.data?.results ?? [];
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="sm">
        {t('sections.applications')}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {list.isPending ? '…' : t('sections.noApplications')}
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobs/applications:fields.candidateName')}</Table.Th>
              <Table.Th>{t('jobs/applications:fields.date')}</Table.Th>
              <Table.Th>{t('jobs/applications:fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((application) => (
              <Table.Tr key={application.id}>
                <Table.Td>
                  <Link to={`/apps/applications/${application.id}`}>{application.candidateName}</Link>
                </Table.Td>
                <Table.Td>{dateCell('date')(application)}</Table.Td>
                <Table.Td>
                  <Badge color={applicationColors[application.status]} variant="light" tt="none">
                    {t(`jobs/applications:values.status.${application.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** A job: its fields, then its description and requirements, then who applied. */
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
          <JobApplications job={job} />
        </>
      )}
    </ResourceDetailPage>
  );
}
