import { IconChecklist } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const tasksPage = {
  path: '/apps/tasks',
  label: 'shell:nav.tasks',
  action: 'shell:palette.actions.newTask',
  resource: () => import('./resource'),
};

export const tasksArea: AreaRegistration = {
  path: tasksPage.path,
  label: 'shell:nav.tasks',
  icon: IconChecklist,
  section: 'apps',
  access: 'tasks',
  pages: [tasksPage],
};
