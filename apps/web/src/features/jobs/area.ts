import { IconBriefcase2 } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const jobsPage = {
  path: '/apps/jobs',
  label: 'jobs:tabs.jobs',
  action: 'shell:palette.actions.newJob',
  resource: () => import('./resource'),
};
export const candidatesPage = {
  path: '/apps/candidates',
  label: 'jobs:tabs.candidates',
  action: 'shell:palette.actions.newCandidate',
  resource: () => import('./candidates/resource'),
};
export const jobCompaniesPage = {
  path: '/apps/job-companies',
  label: 'jobs:tabs.companies',
  resource: () => import('./companies/resource'),
};
export const applicationsPage = {
  path: '/apps/applications',
  label: 'jobs:tabs.applications',
  resource: () => import('./applications/resource'),
};

/** Jobs: the openings, candidates, hiring companies and applications, with tabs between them. */
export const jobsArea: AreaRegistration = {
  path: jobsPage.path,
  label: 'shell:nav.jobs',
  icon: IconBriefcase2,
  section: 'apps',
  access: 'jobs',
  pages: [jobsPage, candidatesPage, jobCompaniesPage, applicationsPage],
};
