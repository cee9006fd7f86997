import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { inWindow } from '../../lib/periods';
import { entityAreas } from './areas';
import { hourlyHeatmap, periodRows, periodSeries, totalOf } from './figures';
import { countWithPrevious } from './period-figures';
import { type DashboardDefinition, kpi, shared, type WidgetContext, type WidgetDefinition } from './widgets';

/*
 * The activity of the product, from the audit log's figures (audit_stats_* per hour or day, entity
 * and action; audit_actor_* per UTC day or month and actor): what was done, by whom and when. Every
 * widget tells who did what, so it needs `audit.view`; the new users need only `users.view`.
 * Widgets that read the same rows share one query per request: the counters and the two breakdowns
 * read the entries per entity and action, the active and top users the entries per actor.
 */

const isSignIn = sql`entity = 'session' and action = 'login'`;

type Entries = { entity: string; action: string; entries: number };

/**
 * The period's audit entries per entity and action, and the previous period's (null when there is
 * none): the counters and the breakdowns of one request read them once.
 */
const activity = (context: WidgetContext) =>
  shared(context, 'activity', async () => {
    const rows = await rowsOf<Entries & { bucket: 'current' | 'previous' }>(
      context.db,
      sql`select bucket, entity, action, sum(entries)::int as entries
            from ${periodRows('audit_stats', context.window, sql`true`)} r
           group by bucket, entity, action
          having sum(entries) <> 0`,
    );
    const of = (bucket: string) => rows.filter((row) => row.bucket === bucket);
    return { current: of('current'), previous: context.window.previousFrom ? of('previous') : null };
  });

const signInsOf = (rows: Entries[]) =>
  rows.reduce((sum, row) => sum + (row.entity === 'session' && row.action === 'login' ? row.entries : 0), 0);
const actionsOf = (rows: Entries[]) => rows.reduce((sum, row) => sum + row.entries, 0);

/** A counter of the period's activity, against the previous period. */
function activityKpi(
  figure: (rows: Entries[]) => number,
  label: string,
  caption: string,
): WidgetDefinition<'kpi'> {
  return {
    needs: ['audit.view'],
    async compute(context) {
      const { current, previous } = await activity(context);
      return kpi(
        'count',
        label,
        caption,
        figure(current),
        previous ? figure(previous) : null,
        '/admin/audit',
      );
    },
  };
}

/** The entries of the period summed by `key` (an area, an action), largest first, none at zero. */
function largestFirst(totals: Map<string, number>) {
  return [...totals]
    .filter(([, entries]) => entries !== 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([key, entries]) => ({ key, label: '', value: entries }));
}

function sumBy(rows: Entries[], key: (row: Entries) => string) {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(key(row), (totals.get(key(row)) ?? 0) + row.entries);
  return totals;
}

/**
 * The UTC days a span of time overlaps, as dates [lo, hi): active users and top users count whole
 * days, so the first and last days of a period count whole.
 */
function utcDays(from: Date | null, to: Date) {
  return {
    lo: from ? sql`(${from.toISOString()}::timestamptz at time zone 'UTC')::date` : sql`'-infinity'::date`,
    hi: sql`((${to.toISOString()}::timestamptz - interval '1 microsecond') at time zone 'UTC')::date + 1`,
  };
}

/**
 * Each actor's audit entries in the window's UTC days and in the previous period's, with who they
 * are (an actor since deleted has no user): the whole months from audit_actor_monthly, the days
 * before and after them from audit_actor_daily, each a range of the table's key read per span.
 * Ordered by the period's entries, most first.
 */
function actors(context: WidgetContext) {
  return shared(context, 'actors', () => {
    const { window } = context;
    const current = utcDays(window.from, window.to);
    const previous =
      window.previousFrom && window.previousTo ? utcDays(window.previousFrom, window.previousTo) : null;
    const ranges = sql`select 'current'::text as bucket, ${current.lo} as lo, ${current.hi} as hi
                       ${previous ? sql`union all select 'previous', ${previous.lo}, ${previous.hi}` : sql``}`;
    const month = (day: SQL) => sql`date_trunc('month', (${day})::timestamp)::date`;
    const read = (table: string, column: string, from: string, to: string) =>
      sql`select s.bucket, t.actor_id, t.entries from s cross join lateral
            (select actor_id, entries from ${sql.identifier(table)} t
              where t.${sql.identifier(column)} >= s.${sql.identifier(from)}
                and t.${sql.identifier(column)} < s.${sql.identifier(to)}) t`;
    return rowsOf<{
      actor_id: string;
      current: number;
      previous: number;
      first_name: string | null;
      last_name: string | null;
      email: string | null;
      last_login_at: Date | null;
    }>(
      context.db,
      sql`with ranges as (${ranges}),
               whole as (select bucket, lo, hi,
                                least(case when ${month(sql`lo`)} = lo then lo
                                           else (${month(sql`lo`)} + interval '1 month')::date end, hi) as months_from
                           from ranges),
               s as materialized (select bucket, lo, hi, months_from,
                                         greatest(${month(sql`hi`)}, months_from) as months_to
                                    from whole),
               r as (${read('audit_actor_monthly', 'month', 'months_from', 'months_to')}
                     union all ${read('audit_actor_daily', 'day', 'lo', 'months_from')}
                     union all ${read('audit_actor_daily', 'day', 'months_to', 'hi')})
          select a.actor_id, a.current, a.previous, u.first_name, u.last_name, u.email, u.last_login_at
            from (select actor_id, coalesce(sum(entries) filter (where bucket = 'current'), 0)::int as current,
                         coalesce(sum(entries) filter (where bucket = 'previous'), 0)::int as previous
                    from r group by actor_id) a
            left join users u on u.id = a.actor_id
           order by a.current desc, a.actor_id`,
    );
  });
}

/** A person as a table shows them: their name, else their address, else what the log kept. */
const personName = (first: string | null, last: string | null, email: string | null, label: string) =>
  `${first ?? ''} ${last ?? ''}`.trim() || email || label;

export const analyticsDashboard: DashboardDefinition<'analytics'> = {
  signIns: activityKpi(signInsOf, 'Sign-ins', 'Sign-ins in the period'),
  activeUsers: {
    needs: ['audit.view'],
    async compute(context) {
      const rows = await actors(context);
      const hasPrevious = context.window.previousFrom !== null;
      return kpi(
        'count',
        'Active users',
        'People who did anything on the days of the period (whole UTC days)',
        rows.filter((row) => row.current > 0).length,
        hasPrevious ? rows.filter((row) => row.previous > 0).length : null,
      );
    },
  },
  actions: activityKpi(actionsOf, 'Actions', 'Entries of the audit log in the period'),
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
    async compute(context) {
      // An entity of no area (the outbox's clean-up) is the system's own.
      const { current } = await activity(context);
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'count',
        items: largestFirst(sumBy(current, (row) => entityAreas[row.entity] ?? 'system')),
      };
    },
  },
  actionsByType: {
    needs: ['audit.view'],
    async compute(context) {
      const { current } = await activity(context);
      return {
        kind: 'breakdown',
        chart: 'donut',
        unit: 'count',
        items: largestFirst(sumBy(current, (row) => row.action)),
      };
    },
  },
  topUsers: {
    needs: ['audit.view'],
    async compute(context) {
      // Whole UTC days, as the active users; an actor since deleted keeps a line under their id.
      const rows = (await actors(context)).filter((row) => row.current > 0).slice(0, 10);
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
            entries: row.current,
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
