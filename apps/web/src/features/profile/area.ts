import { IconUserCircle } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const profileArea: AreaRegistration = {
  path: '/profile',
  label: 'shell:nav.profile',
  icon: IconUserCircle,
  section: 'pages',
  pages: [{ path: '/profile', label: 'shell:nav.profile', page: () => import('./ProfilePage') }],
};
