import { ScrollArea } from '@mantine/core';
import { NavLink } from 'react-router';
import { useCan } from '../../lib/permissions';
import { LEVELS, levelLabel, levelListUrl } from './levels';
import classes from './library.module.css';

/** The pages of the code library, as tabs under each page's heading. */
export function LibraryTabs() {
  const can = useCan();
  const tabs = [
    { to: '/library', label: 'Browser', end: true },
    ...LEVELS.map((level) => ({ to: levelListUrl(level), label: `${levelLabel(level)} codes`, end: true })),
    { to: '/library/import', label: can('library.manage') ? 'Import and export' : 'Export', end: true },
  ];
  return (
    <ScrollArea type="never" mb="lg">
      <nav aria-label="Code library pages" className={classes.tabs}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={classes.tab}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </ScrollArea>
  );
}
