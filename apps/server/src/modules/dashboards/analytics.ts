import { notBuilt } from './not-built';
import type { DashboardDefinition } from './widgets';

export const analyticsDashboard: DashboardDefinition<'analytics'> = {
  signIns: notBuilt([]),
  activeUsers: notBuilt([]),
  actions: notBuilt([]),
  newUsers: notBuilt([]),
  activityOverTime: notBuilt([]),
  activityHeatmap: notBuilt([]),
  actionsByArea: notBuilt([]),
  actionsByType: notBuilt([]),
  topUsers: notBuilt([]),
  recentSignIns: notBuilt([]),
};
