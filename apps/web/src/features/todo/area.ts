import { IconListCheck } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const todoPage = { path: '/apps/todo', label: 'shell:nav.todo', resource: () => import('./resource') };

export const todoArea: AreaRegistration = {
  path: todoPage.path,
  label: 'shell:nav.todo',
  icon: IconListCheck,
  section: 'apps',
  access: 'todos',
  pages: [todoPage],
};
