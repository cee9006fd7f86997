import { IconTimeline } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** Releases: the changelog, one hand-written page (a timeline of release groups and their versions). */
export const releasesArea: AreaRegistration = {
  path: '/releases',
  label: 'shell:nav.releases',
  icon: IconTimeline,
  section: 'pages',
  access: 'releases',
  pages: [{ path: '/releases', label: 'shell:nav.releases', page: () => import('./ReleasesPage') }],
};
