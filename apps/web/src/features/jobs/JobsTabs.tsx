import { AreaTabs } from '../../components/AreaTabs';

/** The jobs area's four lists, one tab each. */
export const jobsLists = [
  { path: '/apps/jobs', label: 'tabs.jobs' },
  { path: '/apps/candidates', label: 'tabs.candidates' },
  { path: '/apps/job-companies', label: 'tabs.companies' },
  { path: '/apps/applications', label: 'tabs.applications' },
] as const;

export function JobsTabs() {
  return <AreaTabs ns="jobs" label="tabs.label" pages={jobsLists} />;
}
