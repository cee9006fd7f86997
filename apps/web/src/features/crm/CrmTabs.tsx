import { AreaTabs } from '../../components/AreaTabs';
import { crmArea } from './area';

/** The CRM's lists and its pipeline board, one tab each (its registered pages). */
export function CrmTabs() {
  return (
    <AreaTabs ns="crm" label="tabs.label" pages={crmArea.pages.filter((page) => page.listed !== false)} />
  );
}
