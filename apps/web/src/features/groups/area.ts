import { IconUsersGroup } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const groupsArea: AreaRegistration = {
  path: '/admin/groups',
  label: 'shell:nav.groups',
  icon: IconUsersGroup,
  section: 'administration',
  access: 'groups',
  pages: [{ path: '/admin/groups', label: 'shell:nav.groups', page: () => import('./GroupsPage') }],
};
