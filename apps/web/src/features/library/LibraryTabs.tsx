import { ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCan } from '../../lib/permissions';
import { LEVELS, levelLabel, levelListUrl } from './levels';
import classes from './library.module.css';

/** The pages of the code library, as tabs under each page's heading. */
export function LibraryTabs() {
  const { t } = useTranslation('library');
  const can = useCan();
  const tabs = [
    { to: '/library', label: t('tabs.browser'), end: true },
    ...LEVELS.map((level) => ({
      to: levelListUrl(level),
      label: t('tabs.level', { level: levelLabel(level) }),
      end: true,
    })),
    {
      to: '/library/import',
      label: can('library.manage') ? t('tabs.importExport') : t('tabs.export'),
      end: true,
    },
  ];
  return (
    <ScrollArea type="never" mb="lg">
      <nav aria-label={t('tabs.label')} className={classes.tabs}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={classes.tab}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </ScrollArea>
  );
}
