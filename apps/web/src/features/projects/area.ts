import { IconBriefcase } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const projectsPage = {
  path: '/apps/projects',
  label: 'shell:nav.projects',
  action: 'shell:palette.actions.newProject',
  resource: () => import('./resource'),
};

export const projectsArea: AreaRegistration = {
  path: projectsPage.path,
  label: 'shell:nav.projects',
  icon: IconBriefcase,
  section: 'apps',
  access: 'projects',
  pages: [projectsPage],
};
