import { notBuilt } from './not-built';
import type { DashboardDefinition } from './widgets';

export const jobsDashboard: DashboardDefinition<'jobs'> = {
  openJobs: notBuilt([]),
  applications: notBuilt([]),
  accepted: notBuilt([]),
  newCandidates: notBuilt([]),
  applicationsOverTime: notBuilt([]),
  applicationsByStatus: notBuilt([]),
  jobsByType: notBuilt([]),
  topCompanies: notBuilt([]),
  recentApplications: notBuilt([]),
};
