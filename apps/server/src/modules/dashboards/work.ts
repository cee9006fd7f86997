import { notBuilt } from './not-built';

/**
 * The work under way, shared by the home, CRM and project dashboards: tickets, tasks, projects and
 * deals.
 */
export const openTicketsByPriority = notBuilt<'breakdown'>(['tickets.view']);
export const tasksDueThisWeek = notBuilt<'kpi'>(['tasks.view']);
export const tasksOverdue = notBuilt<'kpi'>(['tasks.view']);
export const tasksDue = notBuilt<'table'>(['tasks.view']);
export const projectsByStatus = notBuilt<'breakdown'>(['projects.view']);
export const activeProjects = notBuilt<'table'>(['projects.view']);
export const dealsByStage = notBuilt<'breakdown'>(['crm.view']);
