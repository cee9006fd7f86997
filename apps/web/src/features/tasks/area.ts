import { IconChecklist } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const tasksPage = {
  path: '/apps/tasks',
  label: 'shell:nav.tasks',
  action: 'shell:palette.actions.newTask',
  resource: () => import('./resource'),
};

/** The same tasks as a kanban board (its columns, its cards), with the list's filters. */
export const boardPage = {
  path: '/apps/tasks/board',
  label: 'tasks:views.boardPage',
  page: () => import('./board/BoardPage'),
};

export const tasksArea: AreaRegistration = {
  path: tasksPage.path,
  label: 'shell:nav.tasks',
  icon: IconChecklist,
  section: 'apps',
  access: 'tasks',
  pages: [tasksPage, boardPage],
};
