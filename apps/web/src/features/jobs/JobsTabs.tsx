import { AreaTabs } from '../../components/AreaTabs';
import { jobsArea } from './area';

/** The jobs area's four lists, one tab each (its registered pages). */
export function JobsTabs() {
  return (
    <AreaTabs ns="jobs" label="tabs.label" pages={jobsArea.pages.filter((page) => page.listed !== false)} />
  );
}
