import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { inWindow } from '../../lib/periods';
import { entityAreas } from './areas';
import {
  countWithPrevious,
  hourlyHeatmap,
  periodFigures,
  periodSeries,
  totalOf,
  windowRows,
} from './figures';
import { spans } from './period-figures';
import { type DashboardDefinition, kpi, shared, type WidgetContext, type WidgetDefinition } from './widgets';

/*
 * The activity of the product, from the audit log's figures (audit_stats_* per hour or day, entity
 * and action; audit_actor_daily per UTC day and actor): what was done, by whom and when. Every widget
 * tells who did what, so it needs `audit.view`; the new users need only `users.view`.
 */

const isSignIn = sql`entity = 'session' and action = 'login'`;

/** Sign-ins and audit entries over the period and the previous one (one read for both counters). */
const activityFigures = (context: WidgetContext) =>
  shared(context, 'activity', () =>
    periodFigures(context.db, context.window, {
      table: 'audit_stats',
      where: sql`true`,
      figures: {
        signIns: sql`sum(entries) filter (where ${isSignIn})`,
        actions: sql`sum(entries)`,
      },
    }),
  );

/** A counter of the period's activity, against the previous period. */
function activityKpi(figure: 'signIns' | 'actions', label: string, caption: string): WidgetDefinition<'kpi'> {
  return {
    needs: ['audit.view'],
    async compute(context) {
      const { current, previous } = await activityFigures(context);
      return kpi(
        'count',
        label,
        caption,
        current[figure],
        previous ? previous[figure] : null,
        '/admin/audit',
      );
    },
  };
}

/**
 * The UTC days of audit_actor_daily that overlap [from, to): a day's precision, so the first and
 * last days of a period count whole.
 */
function daysIn(from: Date | null, to: Date): SQL {
  const last = sql`((${to.toISOString()}::timestamptz - interval '1 microsecond') at time zone 'UTC')::date`;
  return from
    ? sql`(day >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date and day <= ${last})`
    : sql`(day <= ${last})`;
}

/** A person as a table shows them: their name, else their address, else what the log kept. */
const personName = (first: string | null, last: string | null, email: string | null, label: string) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email || label;

export const analyticsDashboard: DashboardDefinition<'analytics'> = {
  signIns: activityKpi('signIns', 'Sign-ins', 'Sign-ins in the period'),
  activeUsers: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      // Each actor once (a hash of a few hundred people), then who was active in which span: a
      // count(distinct) per span sorts every day's row instead.
      const { current, previous: before, either, previousOf } = spans(window, daysIn);
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select (count(*) filter (where in_current))::int as counter,
                   (count(*) filter (where in_previous))::int as previous
              from (select actor_id, bool_or(${current}) as in_current, bool_or(${before}) as in_previous
                      from audit_actor_daily where ${either} group by actor_id) a`,
      );
      const [counter, previous] = [row?.counter ?? 0, previousOf(row?.previous)];
      return kpi(
        'count',
        'Active users',
        'People who did anything on the days of the period (whole UTC days)',
        counter,
        previous,
      );
    },
  },
  actions: activityKpi('actions', 'Actions', 'Entries of the audit log in the period'),
  newUsers: {
    needs: ['users.view'],
    async compute({ db, window }) {
      const { counter, previous } = await countWithPrevious(db, window, {
        table: sql`users`,
        count: sql`count(*)`,
        span: (from, to) => inWindow(sql`created_at`, from, to),
      });
      return kpi('count', 'New users', 'Accounts created in the period', counter, previous, '/admin/users');
    },
  },
  activityOverTime: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      const { buckets, values } = await periodSeries(db, window, {
        table: 'audit_stats',
        where: sql`true`,
        figures: {
          signIns: sql`sum(entries) filter (where ${isSignIn})`,
          actions: sql`sum(entries)`,
        },
      });
      return {
        kind: 'series',
        chart: 'line',
        unit: 'count',
        bucket: window.bucket,
        buckets,
        series: [
          { key: 'signIns', values: values.signIns, total: totalOf(values.signIns) },
          { key: 'actions', values: values.actions, total: totalOf(values.actions) },
        ],
      };
    },
  },
  activityHeatmap: {
    needs: ['audit.view'],
    compute: ({ db, window }) =>
      hourlyHeatmap(db, window, { table: 'audit_totals_hourly', value: 'entries' }),
  },
  actionsByArea: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      const rows = await rowsOf<{ entity: string; entries: number }>(
        db,
        sql`select entity, sum(entries)::int as entries
              from ${windowRows('audit_stats', window, sql`true`)} r
             group by entity`,
      );
      // An entity of no area (the outbox's clean-up) is the system's own.
      const byArea = new Map<string, number>();
      for (const row of rows) {
        const area = entityAreas[row.entity] ?? 'system';
        byArea.set(area, (byArea.get(area) ?? 0) + row.entries);
      }
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'count',
        items: [...byArea]
          .filter(([, entries]) => entries !== 0)
          .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
          .map(([area, entries]) => ({ key: area, label: '', value: entries })),
      };
    },
  },
  actionsByType: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      const rows = await rowsOf<{ action: string; entries: number }>(
        db,
        sql`select action, sum(entries)::int as entries
              from ${windowRows('audit_stats', window, sql`true`)} r
             group by action
            having sum(entries) <> 0
             order by entries desc, action`,
      );
      return {
        kind: 'breakdown',
        chart: 'donut',
        unit: 'count',
        items: rows.map((row) => ({ key: row.action, label: '', value: row.entries })),
      };
    },
  },
  topUsers: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      // Whole UTC days, as the active users; an actor since deleted keeps a line under their id.
      const rows = await rowsOf<{
        actor_id: string;
        entries: number;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
        last_login_at: Date | null;
      }>(
        db,
        sql`select t.actor_id, t.entries, u.first_name, u.last_name, u.email, u.last_login_at
              from (select actor_id, sum(entries)::int as entries
                      from audit_actor_daily
                     where ${daysIn(window.from, window.to)}
                     group by actor_id
                    having sum(entries) <> 0
                     order by entries desc, actor_id
                     limit 10) t
              left join users u on u.id = t.actor_id
             order by t.entries desc, t.actor_id`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'user', type: 'text' },
          { key: 'email', type: 'text' },
          { key: 'entries', type: 'count' },
          { key: 'lastSignIn', type: 'datetime' },
        ],
        rows: rows.map((row) => ({
          key: row.actor_id,
          cells: {
            user: personName(row.first_name, row.last_name, row.email, row.actor_id),
            email: row.email,
            entries: row.entries,
            lastSignIn: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
          },
        })),
        href: '/admin/audit',
      };
    },
  },
  recentSignIns: {
    needs: ['audit.view'],
    async compute({ db, window }) {
      // The period's latest sign-ins (audit_log_entity_at_idx, backwards).
      const rows = await rowsOf<{
        id: string;
        at: Date;
        actor_label: string;
        ip: string;
        first_name: string | null;
        last_name: string | null;
        email: string | null;
      }>(
        db,
        sql`select a.id, a.at, a.actor_label, a.ip, u.first_name, u.last_name, u.email
              from (select id, at, actor_id, actor_label, ip
                      from audit_log
                     where ${isSignIn} and ${inWindow(sql`at`, window.from, window.to)}
                     order by at desc, id
                     limit 10) a
              left join users u on u.id = a.actor_id
             order by a.at desc, a.id`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'time', type: 'datetime' },
          { key: 'user', type: 'text' },
          { key: 'address', type: 'text' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            time: new Date(row.at).toISOString(),
            user: personName(row.first_name, row.last_name, row.email, row.actor_label),
            address: row.ip,
          },
        })),
        href: '/admin/audit',
      };
    },
  },
};
