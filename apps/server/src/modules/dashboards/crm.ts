import { notBuilt } from './not-built';
import type { DashboardDefinition } from './widgets';

export const crmDashboard: DashboardDefinition<'crm'> = {
  pipelineValue: notBuilt([]),
  dealsWon: notBuilt([]),
  newLeads: notBuilt([]),
  leadConversion: notBuilt([]),
  dealsByStage: notBuilt([]),
  dealsOverTime: notBuilt([]),
  leadsByStatus: notBuilt([]),
  topSalesReps: notBuilt([]),
  closingDeals: notBuilt([]),
  recentContacts: notBuilt([]),
};
