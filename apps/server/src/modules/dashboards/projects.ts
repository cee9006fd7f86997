import { notBuilt } from './not-built';
import type { DashboardDefinition } from './widgets';

export const projectsDashboard: DashboardDefinition<'projects'> = {
  activeProjects: notBuilt([]),
  newProjects: notBuilt([]),
  tasksCompleted: notBuilt([]),
  tasksOverdue: notBuilt([]),
  projectsByStatus: notBuilt([]),
  projectsOverTime: notBuilt([]),
  tasksByStatus: notBuilt([]),
  projectProgress: notBuilt([]),
  upcomingDeadlines: notBuilt([]),
  teamMembers: notBuilt([]),
};
