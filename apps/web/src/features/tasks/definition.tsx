import {
  type TaskInput,
  type TaskRecord,
  taskInput,
  taskInputOf,
  taskPriorities,
  taskStatuses,
} from '@ledgerdesk/contracts';
import { Badge, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconSquare, IconSquareCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { dateCell, peopleCell, statusBadge } from '../../resources/cells';
import type { ResourceDefinition } from '../../resources/types';
import { tasksPage } from './area';
import { projectKey, projectName, projectsApi, taskFilters } from './filters';

export const statusColors = { New: 'blue', Pending: 'yellow', Inprogress: 'indigo', Completed: 'teal' };
export const priorityColors = { High: 'red', Medium: 'orange', Low: 'gray' };

/** Tags as small badges (the kanban card's "badges"). */
export function TagBadges({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} size="sm" variant="light" color="gray" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** A task's progress as a bar and its percentage. */
export function TaskProgress({ value, t }: { value: number; t: TFunction }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={110}>
      <Progress value={value} size="sm" style={{ flex: 1 }} aria-label={t('fields.progress')} />
      <Text size="xs" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}%
      </Text>
    </Group>
  );
}

const projectCell = (task: TaskRecord, t: TFunction) =>
  task.project ? (
    <Text span size="sm">
      {task.project.name}
    </Text>
  ) : (
    <Text span size="sm" c="dimmed">
      {t('filters.noProject')}
    </Text>
  );

/** Tasks (SPEC §3): the engine's list, form and detail page; new tasks go to the top (SPEC §4). */
export const tasks: ResourceDefinition<TaskRecord, TaskInput> = {
  ns: 'tasks',
  api: '/apps/task',
  route: tasksPage.path,
  area: 'tasks',
  keyOf: (task) => task._id,
  titleOf: (task) => task.task,
  addPosition: 'prepend',
  columns: [
    { id: 'task', sortable: true },
    { id: 'cardId', width: 100, hidden: true },
    { id: 'project', cell: projectCell, priority: 3 },
    { id: 'assignees', cell: peopleCell('assignees') },
    { id: 'dueDate', sortable: true, cell: dateCell('dueDate') },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'priority', sortable: true, cell: statusBadge('priority', priorityColors) },
    { id: 'progress', cell: (task, t) => <TaskProgress value={task.progress} t={t} />, priority: 4 },
    { id: 'createdAt', sortable: true, hidden: true, cell: dateCell('createdAt') },
  ],
  filters: taskFilters,
  input: taskInput,
  fields: [
    { name: 'task', kind: 'text', required: true, wide: true },
    {
      name: 'projectId',
      kind: 'reference',
      api: projectsApi,
      keyOf: projectKey as (record: never) => string,
      labelOf: projectName as (record: never) => string,
    },
    { name: 'status', kind: 'select', options: taskStatuses },
    { name: 'priority', kind: 'select', options: taskPriorities },
    { name: 'dueDate', kind: 'date' },
    { name: 'assigneeIds', kind: 'users' },
    { name: 'tags', kind: 'tags', hint: 'hints.tags' },
    { name: 'description', kind: 'textarea', rows: 4 },
    { name: 'subtasks', kind: 'checklist' },
  ],
  emptyValues: {
    task: '',
    description: '',
    status: 'New',
    priority: 'Medium',
    dueDate: null,
    assigneeIds: [],
    projectId: null,
    tags: [],
    subtasks: [],
  },
  toInput: taskInputOf,
  status: { id: 'status', value: statusBadge('status', statusColors) },
  figures: [
    { id: 'cardId' },
    { id: 'progress', value: (task, t) => <TaskProgress value={task.progress} t={t} /> },
  ],
  detail: [
    { id: 'priority', value: statusBadge('priority', priorityColors) },
    { id: 'dueDate', value: dateCell('dueDate') },
    { id: 'project', value: projectCell },
    { id: 'assignees', value: peopleCell('assignees') },
    { id: 'tags', value: (task) => <TagBadges tags={task.tags} /> },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
    {
      id: 'subtasks',
      wide: true,
      value: (task, t) =>
        task.subtasks.length === 0 ? (
          <Text span size="sm" c="dimmed">
            {t('subtasks.none')}
          </Text>
        ) : (
          <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
            {/* Subtasks have no id: their place in the list names them (shown, never reordered here). */}
            {task.subtasks
              .map((subtask, position) => ({ ...subtask, position }))
              .map((subtask) => (
                <Group component="li" key={subtask.position} gap={6} wrap="nowrap">
                  {subtask.done ? (
                    <IconSquareCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden="true" />
                  ) : (
                    <IconSquare size={16} aria-hidden="true" />
                  )}
                  <Text span size="sm" td={subtask.done ? 'line-through' : undefined}>
                    {subtask.title}
                  </Text>
                  <VisuallyHidden>{subtask.done ? t('subtasks.done') : t('subtasks.open')}</VisuallyHidden>
                </Group>
              ))}
          </Stack>
        ),
    },
  ],
};
