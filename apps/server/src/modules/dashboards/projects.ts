import { taskStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { inWindow, localDate } from '../../lib/periods';
import { overTime, spans } from './period-figures';
import { type DashboardDefinition, kpi } from './widgets';
import { activeProjects, projectsByStatus, tasksOverdue, valuesOf } from './work';

/*
 * Projects and tasks keep no completion time: a project or task that is Completed is taken to have
 * been completed when it was last changed (`updated_at`), and the captions say so. Each widget needs
 * the view of its own area (projects, tasks, team): a caller without `tasks.view` gets no task widget.
 */

export const projectsDashboard: DashboardDefinition<'projects'> = {
  activeProjects: {
    needs: ['projects.view'],
    async compute({ db }) {
      const [row] = await rowsOf<{ counter: number }>(
        db,
        sql`select count(*)::int as counter from projects where status <> 'Completed'`,
      );
      return kpi(
        'count',
        'Active projects',
        'Projects not completed',
        row?.counter ?? 0,
        null,
        '/apps/projects',
      );
    },
  },
  newProjects: {
    needs: ['projects.view'],
    async compute({ db, window }) {
      const span = spans(window, (from, to) => inWindow(sql`created_at`, from, to));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from projects where ${span.either}`,
      );
      return kpi(
        'count',
        'New projects',
        'Projects created in the period',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/projects',
      );
    },
  },
  tasksCompleted: {
    needs: ['tasks.view'],
    async compute({ db, window }) {
      const span = spans(window, (from, to) => inWindow(sql`updated_at`, from, to));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from tasks where status = 'Completed' and ${span.either}`,
      );
      return kpi(
        'count',
        'Tasks completed',
        'Completed tasks last changed in the period',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/tasks?status=Completed',
      );
    },
  },
  tasksOverdue,
  projectsByStatus,
  projectsOverTime: {
    needs: ['projects.view'],
    compute(context) {
      const { from, to } = context.window;
      return overTime(context, {
        events: sql`select created_at as at, 'created' as key, 1 as amount
                      from projects where ${inWindow(sql`created_at`, from, to)}
                    union all
                    select updated_at, 'completed', 1
                      from projects where status = 'Completed' and ${inWindow(sql`updated_at`, from, to)}`,
        keys: ['created', 'completed'],
        unit: 'count',
        chart: 'line',
      });
    },
  },
  tasksByStatus: {
    needs: ['tasks.view'],
    async compute({ db }) {
      const rows = await rowsOf<{ status: string; count: number }>(
        db,
        sql`select s.status, count(t.id)::int as count
              from ${valuesOf(taskStatuses)} as s(status, position)
              left join tasks t on t.status = s.status
             group by s.status, s.position
             order by s.position`,
      );
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'count',
        items: rows.map((row) => ({
          key: row.status,
          label: '',
          value: row.count,
          href: `/apps/tasks?status=${encodeURIComponent(row.status)}`,
        })),
      };
    },
  },
  // The same table as the home dashboard's active projects: name, progress bar, status, due date, lead.
  projectProgress: activeProjects,
  upcomingDeadlines: {
    needs: ['projects.view'],
    async compute({ db, can, now, window }) {
      // Projects and tasks not completed, due from today to 30 days on; tasks only for who may see them.
      const today = localDate(now, window.timeZone);
      const due = sql`status <> 'Completed' and due_date between ${today} and ${today} + 30`;
      const tasks = can('tasks.view')
        ? sql`union all
              select 'task', id::text, task, due_date, status from tasks where ${due}`
        : sql``;
      const rows = await rowsOf<{
        kind: 'project' | 'task';
        id: string;
        name: string;
        due_date: string;
        status: string;
      }>(
        db,
        sql`select kind, id, name, due_date::text, status
              from (select 'project' as kind, id::text, name, due_date, status from projects where ${due}
                    ${tasks}) d
             order by d.due_date, d.kind, d.name, d.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'kind', type: 'status' },
          { key: 'name', type: 'text' },
          { key: 'dueDate', type: 'date' },
          { key: 'status', type: 'status' },
        ],
        rows: rows.map((row) => ({
          key: `${row.kind}:${row.id}`,
          cells: { kind: row.kind, name: row.name, dueDate: row.due_date, status: row.status },
          href: row.kind === 'project' ? `/apps/projects/${row.id}` : `/apps/tasks/${row.id}`,
        })),
      };
    },
  },
  teamMembers: {
    needs: ['team.view'],
    async compute({ db }) {
      // SPEC §3's team members: name, mail handle (their address) and role description (designation).
      const rows = await rowsOf<{ id: string; name: string; email: string; designation: string }>(
        db,
        sql`select id::text, name, email, designation from team_members order by name, id limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'name', type: 'text' },
          { key: 'email', type: 'text' },
          { key: 'designation', type: 'text' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: { name: row.name, email: row.email, designation: row.designation },
          href: `/team/${row.id}`,
        })),
        href: '/team',
      };
    },
  },
};
