import { dealStages, projectStatuses, ticketPriorities } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { textLiterals } from '../../db/rank';
import { rowsOf } from '../../db/rows';
import { localDate } from '../../lib/periods';
import { kpi, type WidgetContext, type WidgetDefinition } from './widgets';

/**
 * The work under way, shared by the home, CRM and project dashboards: tickets, tasks, projects and
 * deals. These show the state of things now (what is open, due, overdue), whatever the period.
 * Due dates are days of the caller's calendar: "today" and "this week" are theirs.
 */

/** A user's name as the lists show it: first and last name, or the address when both are empty. */
export const userName = (alias: string) => {
  const u = sql.raw(alias);
  return sql`coalesce(nullif(trim(${u}.first_name || ' ' || ${u}.last_name), ''), ${u}.email)`;
};

/** Each value of a fixed list (statuses, priorities) with its position, to count even the empty ones. */
export const valuesOf = (values: readonly string[]) =>
  sql`unnest(array[${textLiterals(values)}]::text[]) with ordinality`;

/** Today and this week's Monday in the caller's zone, as dates (a week runs Monday to Sunday). */
function calendar({ now, window }: WidgetContext) {
  const today = localDate(now, window.timeZone);
  return { today, monday: sql`(date_trunc('week', ${today}::timestamp)::date)` };
}

export const openTicketsByPriority: WidgetDefinition<'breakdown'> = {
  needs: ['tickets.view'],
  async compute({ db }) {
    const rows = await rowsOf<{ priority: string; count: number }>(
      db,
      sql`select p.priority, count(t.id)::int as count
            from ${valuesOf(ticketPriorities)} as p(priority, position)
            left join tickets t on t.priority = p.priority and t.status <> 'Closed'
           group by p.priority, p.position
           order by p.position`,
    );
    return {
      kind: 'breakdown',
      chart: 'bar',
      unit: 'count',
      items: rows.map((row) => ({
        key: row.priority,
        label: '',
        value: row.count,
        href: `/apps/tickets?priority=${encodeURIComponent(row.priority)}`,
      })),
    };
  },
};

export const tasksDueThisWeek: WidgetDefinition<'kpi'> = {
  needs: ['tasks.view'],
  async compute(context) {
    const { monday } = calendar(context);
    const [row] = await rowsOf<{ counter: number; previous: number }>(
      context.db,
      sql`select count(*) filter (where due_date >= ${monday})::int as counter,
                 count(*) filter (where due_date < ${monday})::int as previous
            from tasks
           where status <> 'Completed' and due_date >= ${monday} - 7 and due_date < ${monday} + 7`,
    );
    return kpi(
      'count',
      'Tasks due this week',
      'Not completed, due Monday to Sunday (last week’s before)',
      row?.counter ?? 0,
      row?.previous ?? 0,
      '/apps/tasks',
    );
  },
};

export const tasksOverdue: WidgetDefinition<'kpi'> = {
  needs: ['tasks.view'],
  async compute(context) {
    const { today } = calendar(context);
    const [row] = await rowsOf<{ counter: number }>(
      context.db,
      sql`select count(*)::int as counter from tasks where status <> 'Completed' and due_date < ${today}`,
    );
    return kpi(
      'count',
      'Tasks overdue',
      'Not completed, due before today',
      row?.counter ?? 0,
      null,
      '/apps/tasks',
    );
  },
};

export const tasksDue: WidgetDefinition<'table'> = {
  needs: ['tasks.view'],
  async compute(context) {
    const { monday } = calendar(context);
    const rows = await rowsOf<{
      id: string;
      task: string;
      due_date: string;
      status: string;
      priority: string;
      assignees: string;
    }>(
      context.db,
      sql`select t.id::text, t.task, t.due_date::text, t.status, t.priority,
                 coalesce((select string_agg(${userName('u')}, ', ' order by ${userName('u')})
                             from users u where u.id = any(t.assignee_ids)), '') as assignees
            from tasks t
           where t.status <> 'Completed' and t.due_date < ${monday} + 7
           order by t.due_date, t.task, t.id
           limit 10`,
    );
    return {
      kind: 'table',
      columns: [
        { key: 'task', type: 'text' },
        { key: 'dueDate', type: 'date' },
        { key: 'status', type: 'status' },
        { key: 'priority', type: 'status' },
        { key: 'assignees', type: 'text' },
      ],
      rows: rows.map((row) => ({
        key: row.id,
        cells: {
          task: row.task,
          dueDate: row.due_date,
          status: row.status,
          priority: row.priority,
          assignees: row.assignees,
        },
        href: `/apps/tasks/${row.id}`,
      })),
      href: '/apps/tasks',
    };
  },
};

/**
 * Projects per status, every status in its order. The value is the number of projects: a breakdown
 * adds its values up to a whole, which an average of progress would not; the progress of each
 * project is in `activeProjects`. The label stays empty, so that the status is shown translated.
 */
export const projectsByStatus: WidgetDefinition<'breakdown'> = {
  needs: ['projects.view'],
  async compute({ db }) {
    const rows = await rowsOf<{ status: string; count: number }>(
      db,
      sql`select s.status, count(p.id)::int as count
            from ${valuesOf(projectStatuses)} as s(status, position)
            left join projects p on p.status = s.status
           group by s.status, s.position
           order by s.position`,
    );
    return {
      kind: 'breakdown',
      chart: 'donut',
      unit: 'count',
      items: rows.map((row) => ({
        key: row.status,
        label: '',
        value: row.count,
        href: `/apps/projects?badge=${encodeURIComponent(row.status)}`,
      })),
    };
  },
};

/** The projects not completed, the nearest due first (those without a due date last), with their progress. */
export const activeProjects: WidgetDefinition<'table'> = {
  needs: ['projects.view'],
  async compute({ db }) {
    const rows = await rowsOf<{
      id: string;
      name: string;
      percentage: number;
      status: string;
      due_date: string | null;
      lead: string | null;
    }>(
      db,
      sql`select p.id::text, p.name, p.percentage::int as percentage, p.status, p.due_date::text,
                 ${userName('u')} as lead
            from projects p
            left join users u on u.id = p.lead_id
           where p.status <> 'Completed'
           order by p.due_date nulls last, p.name, p.id
           limit 10`,
    );
    return {
      kind: 'table',
      columns: [
        { key: 'name', type: 'text' },
        { key: 'progress', type: 'progress' },
        { key: 'status', type: 'status' },
        { key: 'dueDate', type: 'date' },
        { key: 'lead', type: 'text' },
      ],
      rows: rows.map((row) => ({
        key: row.id,
        cells: {
          name: row.name,
          progress: row.percentage,
          status: row.status,
          dueDate: row.due_date,
          lead: row.lead,
        },
        href: `/apps/projects/${row.id}`,
      })),
      href: '/apps/projects',
    };
  },
};

/**
 * The pipeline as a funnel: every stage in its order with its deals' amount and how many, all deals
 * counted as on the pipeline board (won ones too: a stage says how far a deal went).
 */
export const dealsByStage: WidgetDefinition<'breakdown'> = {
  needs: ['crm.view'],
  async compute({ db }) {
    const rows = await rowsOf<{ stage: string; amount: number; count: number }>(
      db,
      sql`select s.stage, coalesce(round(sum(d.amount), 2), 0)::float8 as amount, count(d.id)::int as count
            from ${valuesOf(dealStages)} as s(stage, position)
            left join crm_deals d on d.stage = s.stage
           group by s.stage, s.position
           order by s.position`,
    );
    return {
      kind: 'breakdown',
      chart: 'funnel',
      unit: 'money',
      items: rows.map((row) => ({
        key: row.stage,
        label: '',
        value: row.amount,
        count: row.count,
        href: `/apps/crm/deals?stage=${encodeURIComponent(row.stage)}`,
      })),
    };
  },
};
