import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** The jobs area's four lists, one tab each. */
export const jobsLists = [
  { path: '/apps/jobs', label: 'tabs.jobs' },
  { path: '/apps/candidates', label: 'tabs.candidates' },
  { path: '/apps/job-companies', label: 'tabs.companies' },
  { path: '/apps/applications', label: 'tabs.applications' },
] as const;

export function JobsTabs() {
  const { t } = useTranslation('jobs');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = jobsLists.find((list) => pathname.startsWith(list.path))?.path ?? null;
  return (
    <Tabs value={current} onChange={(path) => path && navigate(path)} mb="md">
      <Tabs.List aria-label={t('tabs.label')}>
        {jobsLists.map((list) => (
          <Tabs.Tab key={list.path} value={list.path}>
            {t(list.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
