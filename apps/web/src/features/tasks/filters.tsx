import { type ProjectRecord, taskPriorities, taskStatuses } from '@ledgerdesk/contracts';
import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ReferencePicker, UserPicker } from '../../resources/pickers';
import type { FilterInputProps, FilterSpec } from '../../resources/types';
import { boardPage, tasksPage } from './area';

/** SPEC's "no project": the `project` filter's value for tasks of no project (the default board's). */
export const NO_PROJECT = 'none';
export const taskDueFilters = ['overdue', 'today', 'week', 'none'] as const;

export const projectsApi = '/projects';
export const projectKey = (project: ProjectRecord) => project._id;
export const projectName = (project: ProjectRecord) => project.projectName;

/** A project picked by name, or "No project". */
export function ProjectFilter(props: FilterInputProps) {
  const { t } = useTranslation('tasks');
  return (
    <ReferencePicker
      {...props}
      api={projectsApi}
      keyOf={projectKey as (record: never) => string}
      labelOf={projectName as (record: never) => string}
      extraOptions={[{ value: NO_PROJECT, label: t('filters.noProject') }]}
      placeholder={t('common:resource.any')}
    />
  );
}

/** A colleague the tasks are assigned to. */
export function AssigneeFilter(props: FilterInputProps) {
  const { t } = useTranslation('common');
  return <UserPicker {...props} placeholder={t('resource.any')} />;
}

/**
 * The tasks' filters, the same for the list and the board (both read them from the URL): switching
 * view keeps them.
 */
export const taskFilters: FilterSpec[] = [
  { name: 'project', input: ProjectFilter },
  { name: 'assignee', input: AssigneeFilter },
  { name: 'priority', options: taskPriorities },
  { name: 'due', options: taskDueFilters },
  { name: 'status', options: taskStatuses },
];

/** The URL's parameters that a view switch carries over: the search and the filters. */
const sharedParams = ['search', ...taskFilters.map((filter) => filter.name)];

/** List | Board above both views; the search and the filters go along. */
export function TaskViews() {
  const { t } = useTranslation('tasks');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const view = pathname.startsWith(boardPage.path) ? boardPage.path : tasksPage.path;
  return (
    <SegmentedControl
      mb="md"
      aria-label={t('views.label')}
      value={view}
      onChange={(path) => {
        const current = new URLSearchParams(search);
        const kept = new URLSearchParams();
        for (const name of sharedParams) {
          const value = current.get(name);
          if (value) kept.set(name, value);
        }
        const query = kept.toString();
        navigate(query ? `${path}?${query}` : path);
      }}
      data={[
        { value: tasksPage.path, label: t('views.list') },
        { value: boardPage.path, label: t('views.board') },
      ]}
    />
  );
}
