import { AreaTabs } from '../../components/AreaTabs';

/** The CRM's lists and its pipeline board, one tab each. */
export const crmPages = [
  { path: '/apps/crm/contacts', label: 'tabs.contacts' },
  { path: '/apps/crm/companies', label: 'tabs.companies' },
  { path: '/apps/crm/leads', label: 'tabs.leads' },
  { path: '/apps/crm/deals', label: 'tabs.deals' },
  { path: '/apps/crm/pipeline', label: 'tabs.pipeline' },
] as const;

export function CrmTabs() {
  return <AreaTabs ns="crm" label="tabs.label" pages={crmPages} />;
}
