import { IconUsersGroup } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const teamPage = { path: '/team', label: 'shell:nav.team', resource: () => import('./resource') };

export const teamArea: AreaRegistration = {
  path: teamPage.path,
  label: 'shell:nav.team',
  icon: IconUsersGroup,
  section: 'pages',
  access: 'team',
  pages: [teamPage],
};
