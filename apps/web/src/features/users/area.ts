import { IconUsers } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const usersArea: AreaRegistration = {
  path: '/admin/users',
  label: 'shell:nav.users',
  icon: IconUsers,
  section: 'administration',
  access: 'users',
  pages: [{ path: '/admin/users', label: 'shell:nav.users', page: () => import('./UsersPage') }],
};
