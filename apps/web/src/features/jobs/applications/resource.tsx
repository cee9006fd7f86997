import {
  type ApplicationInput,
  type ApplicationRecord,
  applicationInput,
  applicationStatuses,
  type CandidateRecord,
  inputOf,
  type JobRecord,
} from '@ledgerdesk/contracts';
import { dateCell, statusBadge } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { applicationsPage } from '../area';
import { JobsTabs } from '../JobsTabs';

export const applicationColors = { New: 'blue', Pending: 'yellow', Accepted: 'teal', Rejected: 'red' };

/** Applications (SPEC §3: company, designation, date, contacts, type, status): a candidate for a job. */
export const applications: ResourceDefinition<ApplicationRecord, ApplicationInput> = {
  ns: 'jobs/applications',
  api: '/apps/application',
  route: applicationsPage.path,
  area: 'jobs',
  keyOf: (application) => application.id,
  titleOf: (application) => `${application.candidateName} — ${application.designation}`,
  columns: [
    { id: 'candidateName', sortable: true },
    { id: 'designation', sortable: true, priority: 2 },
    { id: 'company', sortable: true },
    { id: 'type', sortable: true, cell: statusBadge('type', {}), priority: 3 },
    { id: 'date', sortable: true, cell: dateCell('date') },
    { id: 'contact', sortable: true, priority: 3 },
    { id: 'status', sortable: true, cell: statusBadge('status', applicationColors) },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [{ name: 'status', options: applicationStatuses }],
  input: applicationInput,
  fields: [
    {
      name: 'candidateId',
      kind: 'reference',
      api: '/apps/candidate',
      keyOf: (candidate: CandidateRecord) => candidate.id,
      labelOf: (candidate: CandidateRecord) => candidate.candidateName,
      required: true,
    },
    {
      name: 'jobId',
      kind: 'reference',
      api: '/apps/job',
      keyOf: (job: JobRecord) => job.id,
      labelOf: (job: JobRecord) => `${job.jobTitle} (${job.companyName})`,
      required: true,
    },
    { name: 'date', kind: 'date', required: true },
    { name: 'status', kind: 'select', options: applicationStatuses },
    { name: 'contact', kind: 'text', hint: 'hints.contact' },
  ],
  emptyValues: {
    candidateId: '',
    jobId: '',
    date: new Date().toISOString().slice(0, 10),
    contact: '',
    status: 'New',
  },
  toInput: inputOf(applicationInput),
};

export const resource: ResourceModule['resource'] = applications;

export function ListPage() {
  return (
    <ResourceListPage def={applications}>
      <JobsTabs />
    </ResourceListPage>
  );
}
