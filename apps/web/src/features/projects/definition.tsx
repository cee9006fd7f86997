import {
  type ProjectInput,
  type ProjectRecord,
  projectInput,
  projectInputOf,
  projectPriorities,
  projectStatuses,
  type TaskRecord,
} from '@ledgerdesk/contracts';
import { Group, Progress, Text } from '@mantine/core';
import { dateCell, peopleCell, statusBadge } from '../../resources/cells';
import type { RelatedResource, ResourceDefinition } from '../../resources/types';
import { projectsPage } from './area';

export const badgeColors = {
  New: 'blue',
  Pending: 'yellow',
  Inprogress: 'indigo',
  Progress: 'violet',
  Completed: 'teal',
};
export const priorityColors = { High: 'red', Medium: 'orange', Low: 'gray' };

/** A project's progress as a bar and its percentage. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={120}>
      <Progress value={value} size="sm" style={{ flex: 1 }} aria-label={label} />
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}%
      </Text>
    </Group>
  );
}

/**
 * The project's tasks (its Tasks tab): the tasks area's list API filtered by project. A feature does
 * not import another, so what the tab shows of a task is named here; its labels are the tasks' own
 * catalogue's.
 */
const projectTasks: RelatedResource = {
  ns: 'tasks',
  api: '/apps/task',
  route: '/apps/tasks',
  keyOf: (task: TaskRecord) => task._id,
  titleOf: (task: TaskRecord) => task.task,
  columns: [
    { id: 'status', cell: statusBadge('status', badgeColors) },
    { id: 'priority', cell: statusBadge('priority', priorityColors) },
    { id: 'dueDate', cell: dateCell('dueDate') },
    { id: 'assignees', cell: peopleCell('assignees') },
  ],
};

/** Projects (SPEC §3 "Project", §7 /projects): lead and team are users of the app. */
export const projects: ResourceDefinition<ProjectRecord, ProjectInput> = {
  ns: 'projects',
  api: '/projects',
  route: projectsPage.path,
  area: 'projects',
  keyOf: (project) => project._id,
  titleOf: (project) => project.projectName,
  columns: [
    { id: 'projectName', sortable: true },
    { id: 'projectLead', sortable: true, cell: peopleCell('projectLead') },
    { id: 'members', cell: peopleCell('members') },
    {
      id: 'percentage',
      sortable: true,
      cell: (project, t) => <ProgressBar value={project.percentage} label={t('fields.percentage')} />,
    },
    { id: 'badge', sortable: true, cell: statusBadge('badge', badgeColors) },
    { id: 'priority', sortable: true, cell: statusBadge('priority', priorityColors) },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: [
    { name: 'badge', options: projectStatuses },
    { name: 'priority', options: projectPriorities },
  ],
  input: projectInput,
  fields: [
    { name: 'projectName', kind: 'text', required: true, wide: true },
    { name: 'projectLeadId', kind: 'user' },
    { name: 'memberIds', kind: 'users' },
    { name: 'badge', kind: 'select', options: projectStatuses },
    { name: 'priority', kind: 'select', options: projectPriorities },
    { name: 'percentage', kind: 'number', min: 0, max: 100, step: 5 },
    { name: 'dueDate', kind: 'date' },
    { name: 'description', kind: 'textarea', rows: 4 },
  ],
  emptyValues: {
    projectName: '',
    description: '',
    projectLeadId: null,
    memberIds: [],
    percentage: 0,
    badge: 'New',
    priority: 'Medium',
    dueDate: null,
  },
  toInput: projectInputOf,
  detail: [
    { id: 'badge', value: statusBadge('badge', badgeColors) },
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'projectLead', value: peopleCell('projectLead') },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
  ],
  status: { id: 'badge', value: statusBadge('badge', badgeColors) },
  figures: [
    {
      id: 'percentage',
      value: (project, t) => <ProgressBar value={project.percentage} label={t('fields.percentage')} />,
    },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'members', value: (project) => project.members.length },
  ],
  related: [
    {
      id: 'tasks',
      resource: () => projectTasks,
      filter: (project) => ({ project: project._id }),
      ordering: 'dueDate',
    },
  ],
};
