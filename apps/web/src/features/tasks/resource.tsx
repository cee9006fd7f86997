import { useTranslation } from 'react-i18next';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceModule } from '../../resources/types';
import { tasks } from './definition';
import { TaskViews } from './filters';
import { TaskComments } from './TaskComments';

export const resource: ResourceModule['resource'] = tasks;

/** The tasks as a list, with List | Board above it (the filters go along). */
export function ListPage() {
  return (
    <ResourceListPage def={tasks}>
      <TaskViews />
    </ResourceListPage>
  );
}

/** A task: its fields, subtasks and progress, and its comments as a tab. */
export function DetailPage() {
  const { t } = useTranslation('tasks');
  return (
    <ResourceDetailPage
      def={tasks}
      tabs={[
        { id: 'comments', label: t('comments.title'), render: (task) => <TaskComments taskId={task._id} /> },
      ]}
    />
  );
}
