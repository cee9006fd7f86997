import {
  type CandidateInput,
  type CandidateRecord,
  candidateInput,
  inputOf,
  jobTypes,
} from '@ledgerdesk/contracts';
import { ActionIcon, Badge, Group } from '@mantine/core';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RatingStars } from '../../../components/RatingStars';
import { useCan } from '../../../lib/permissions';
import { useResourceMutations } from '../../../resources/api';
import { statusBadge } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { applications } from '../applications/resource';
import { candidatesPage } from '../area';
import { JobsTabs } from '../JobsTabs';

/** A candidate's bookmark: a toggle for those who may change candidates, a mark for the others. */
function BookmarkToggle({ candidate }: { candidate: CandidateRecord }) {
  const { t } = useTranslation('jobs/candidates');
  const can = useCan();
  const { update } = useResourceMutations(candidates);
  const label = t(candidate.bookmark ? 'bookmark.remove' : 'bookmark.add', { name: candidate.candidateName });
  const Icon = candidate.bookmark ? IconBookmarkFilled : IconBookmark;
  if (!can('jobs.manage'))
    return candidate.bookmark ? <Icon size={18} aria-label={t('fields.bookmark')} /> : null;
  return (
    <ActionIcon
      variant="subtle"
      color={candidate.bookmark ? 'yellow' : 'gray'}
      aria-label={label}
      aria-pressed={candidate.bookmark}
      loading={update.isPending}
      onClick={(event) => {
        // The row opens the candidate; the toggle must not.
        event.stopPropagation();
        update.mutate({
          key: candidate.id,
          values: { bookmark: !candidate.bookmark, version: candidate.version },
        });
      }}
    >
      <Icon size={18} aria-hidden="true" />
    </ActionIcon>
  );
}

const ratingCell = (candidate: CandidateRecord) => (
  <RatingStars value={candidate.rating} label={String(candidate.rating)} />
);
const skillsCell = (candidate: CandidateRecord) => (
  <Group gap={4}>
    {candidate.skills.map((skill) => (
      <Badge key={skill} variant="outline" color="gray" tt="none" size="sm">
        {skill}
      </Badge>
    ))}
  </Group>
);

/** Candidates (SPEC §3: name, designation, location, type, rating, bookmark). */
export const candidates: ResourceDefinition<CandidateRecord, CandidateInput> = {
  ns: 'jobs/candidates',
  api: '/apps/candidate',
  route: candidatesPage.path,
  area: 'jobs',
  keyOf: (candidate) => candidate.id,
  titleOf: (candidate) => candidate.candidateName,
  columns: [
    { id: 'bookmark', width: 48, cell: (candidate) => <BookmarkToggle candidate={candidate} /> },
    { id: 'candidateName', sortable: true },
    { id: 'designation', sortable: true },
    { id: 'location', sortable: true },
    { id: 'type', sortable: true, cell: statusBadge('type', {}) },
    { id: 'rating', sortable: true, cell: ratingCell },
    { id: 'skills', hidden: true, cell: skillsCell },
    { id: 'email', hidden: true },
    { id: 'phone', hidden: true },
  ],
  filters: [
    { name: 'type', options: jobTypes },
    { name: 'bookmark', options: ['true', 'false'] },
  ],
  input: candidateInput,
  fields: [
    { name: 'candidateName', kind: 'text', required: true },
    { name: 'designation', kind: 'text' },
    { name: 'location', kind: 'text' },
    { name: 'type', kind: 'select', options: jobTypes },
    { name: 'email', kind: 'text', type: 'email' },
    { name: 'phone', kind: 'phone' },
    { name: 'rating', kind: 'rating' },
    { name: 'bookmark', kind: 'switch' },
    { name: 'skills', kind: 'tags', wide: true },
  ],
  emptyValues: {
    candidateName: '',
    designation: '',
    location: '',
    type: 'Full Time',
    rating: 0,
    bookmark: false,
    email: '',
    phone: '',
    skills: [],
  },
  toInput: inputOf(candidateInput),
  detail: [
    { id: 'designation' },
    { id: 'location' },
    { id: 'type', value: statusBadge('type', {}) },
    { id: 'rating', value: ratingCell },
    { id: 'bookmark', value: (candidate) => <BookmarkToggle candidate={candidate} /> },
    { id: 'email' },
    { id: 'phone' },
    { id: 'skills', value: skillsCell, wide: true },
  ],
  figures: [
    { id: 'rating', value: ratingCell },
    { id: 'type', value: statusBadge('type', {}) },
    { id: 'location' },
  ],
  related: [
    {
      id: 'applications',
      resource: () => applications,
      filter: (candidate) => ({ candidate: candidate.id }),
      columns: ['company', 'date', 'status'],
      ordering: '-date',
    },
  ],
};

export const resource: ResourceModule['resource'] = candidates;

export function ListPage() {
  return (
    <ResourceListPage def={candidates}>
      <JobsTabs />
    </ResourceListPage>
  );
}
