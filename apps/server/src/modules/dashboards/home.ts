import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { bucketOf, bucketStarts, inWindow } from '../../lib/periods';
import { notBuilt } from './not-built';
import { salesByCategory, salesOverTime } from './sales';
import { type DashboardDefinition, kpi, type WidgetContext } from './widgets';
import {
  activeProjects,
  dealsByStage,
  openTicketsByPriority,
  projectsByStatus,
  tasksDue,
  tasksDueThisWeek,
  tasksOverdue,
} from './work';

/** Issued invoices (not cancelled) and their amount in a span of issue dates. */
async function invoicesIssuedIn(context: WidgetContext, from: Date | null, to: Date) {
  const [row] = await rowsOf<{ amount: number }>(
    context.db,
    sql`select coalesce(round(sum(total), 2), 0)::float8 as amount
          from invoices
         where status <> 'Cancelled'
           and ${inWindow(sql`(issue_date::timestamp at time zone ${context.window.timeZone})`, from, to)}`,
  );
  return row?.amount ?? 0;
}

/**
 * The home dashboard: what a budgeting office opens every morning — the budget from the code library,
 * money in and out, the work under way, and what changed.
 */
export const homeDashboard: DashboardDefinition<'home'> = {
  budgetIncome: notBuilt(['library.view']),
  budgetExpenses: notBuilt(['library.view']),
  budgetBalance: notBuilt(['library.view']),
  budgetByL1: notBuilt(['library.view']),
  budgetByL2: notBuilt(['library.view']),
  largestItems: notBuilt(['library.view']),
  libraryChanges: notBuilt(['library.view']),
  invoicesIssued: {
    needs: ['invoices.view'],
    async compute(context) {
      const { window } = context;
      const counter = await invoicesIssuedIn(context, window.from, window.to);
      const previous = window.previousFrom
        ? await invoicesIssuedIn(context, window.previousFrom, window.previousTo ?? window.from ?? window.to)
        : null;
      return kpi(
        'money',
        'Invoices issued',
        'Amount invoiced in the period',
        counter,
        previous,
        '/apps/invoices',
      );
    },
  },
  invoicesPaid: notBuilt(['invoices.view']),
  invoicesUnpaid: notBuilt(['invoices.view']),
  invoicesOverdue: notBuilt(['invoices.view']),
  invoicesOverTime: {
    needs: ['invoices.view'],
    async compute({ db, window }) {
      const issued = sql`(i.issue_date::timestamp at time zone ${window.timeZone})`;
      const [first] = window.from
        ? [{ since: window.from }]
        : await rowsOf<{ since: Date | null }>(
            db,
            sql`select min(issue_date)::timestamptz as since from invoices`,
          );
      const rows = await rowsOf<{ bucket: Date; issued: number; paid: number; unpaid: number }>(
        db,
        sql`select b.bucket,
                   coalesce(round(sum(i.total) filter (where i.status <> 'Cancelled'), 2), 0)::float8 as issued,
                   coalesce(round(sum(i.total) filter (where i.status = 'Paid'), 2), 0)::float8 as paid,
                   coalesce(round(sum(i.total) filter (where i.status in ('Unpaid', 'Pending')), 2), 0)::float8 as unpaid
              from (${bucketStarts(window, first?.since ? new Date(first.since) : null)}) b
              left join invoices i on ${bucketOf(window, issued)} = b.bucket and ${inWindow(issued, window.from, window.to)}
             group by b.bucket
             order by b.bucket`,
      );
      const series = (key: 'issued' | 'paid' | 'unpaid') => {
        const values = rows.map((row) => row[key]);
        return { key, values, total: Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100 };
      };
      return {
        kind: 'series',
        chart: 'bar',
        unit: 'money',
        bucket: window.bucket,
        buckets: rows.map((row) => new Date(row.bucket).toISOString()),
        series: [series('issued'), series('paid'), series('unpaid')],
      };
    },
  },
  receivablesByAge: {
    needs: ['invoices.view'],
    async compute({ db, now, window }) {
      // Age of what is still owed, from the issue date, in whole days of the caller's calendar.
      const rows = await rowsOf<{ age: string; amount: number; count: number }>(
        db,
        sql`with open as (
              select total, (${now.toISOString()}::timestamptz at time zone ${window.timeZone})::date - issue_date as days
                from invoices where status in ('Unpaid', 'Pending'))
            select a.age, coalesce(round(sum(o.total), 2), 0)::float8 as amount, count(o.total)::int as count
              from (values ('0-30', 0, 30, 1), ('31-60', 31, 60, 2), ('61-90', 61, 90, 3), ('90+', 91, null, 4))
                   as a(age, low, high, position)
              left join open o on o.days >= a.low and (a.high is null or o.days <= a.high)
             group by a.age, a.position
             order by a.position`,
      );
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'money',
        items: rows.map((row) => ({ key: row.age, label: '', value: row.amount, count: row.count })),
      };
    },
  },
  salesByMonth: salesOverTime,
  salesByCategory,
  openTicketsByPriority,
  tasksDueThisWeek,
  tasksOverdue,
  tasksDue,
  projectsByStatus,
  activeProjects,
  dealsByStage,
  recentActivity: notBuilt([]),
};
