import { useTranslation } from 'react-i18next';
import { AttachmentsPanel } from '../../components/attachments/AttachmentsPanel';
import { useCan } from '../../lib/permissions';
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

/** A task: its fields, subtasks and progress; its comments and its files as tabs. */
export function DetailPage() {
  const { t } = useTranslation(['tasks', 'common']);
  const can = useCan();
  return (
    <ResourceDetailPage
      def={tasks}
      tabs={[
        { id: 'comments', label: t('comments.title'), render: (task) => <TaskComments taskId={task._id} /> },
        {
          id: 'attachments',
          label: t('common:attachments.title'),
          render: (task) => (
            <AttachmentsPanel recordsApi={tasks.api} recordId={task._id} canEdit={can('tasks.manage')} />
          ),
        },
      ]}
    />
  );
}
