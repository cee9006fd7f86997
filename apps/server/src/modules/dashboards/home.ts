import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { bucketOf, bucketStarts, datesInWindow, inWindow, type PeriodWindow } from '../../lib/periods';
import { visibleEntities } from './areas';
import { salesByCategory, salesOverTime } from './sales';
import { type DashboardDefinition, kpi, type WidgetContext, type WidgetDefinition } from './widgets';
import {
  activeProjects,
  dealsByStage,
  openTicketsByPriority,
  projectsByStatus,
  tasksDue,
  tasksDueThisWeek,
  tasksOverdue,
} from './work';

/** Where the web's library browser opens at a code (LibraryPage reads `?code=<id>`). */
const libraryCodeHref = (id: string) => `/library?code=${encodeURIComponent(id)}`;

/** "02-3 · Structure": a code as the library shows it. */
const codeLabel = (codeComb: string, description: string) => `${codeComb} · ${description}`;

// The budget ---------------------------------------------------------------------------------------
// What the code library plans: the active L4 items and their amounts, summed under each L1, L2 and
// L3 by the database (library_rollups, kept by triggers), read here per L1 or L2 code — never by
// scanning the items. An L1 is income or expense, and so is everything below it; the two are shown
// apart and never added into one figure. The budget is what the library holds now: it has no
// period, so its counters show no change.

/** The income and the expenses of the budget, and what is left of the one after the other. */
async function budgetTotals({ db }: WidgetContext) {
  const [row] = await rowsOf<{ income: number; expenses: number; balance: number }>(
    db,
    sql`select coalesce(round(sum(r.total) filter (where c.kind = 'income'), 2), 0)::float8 as income,
               coalesce(round(sum(r.total) filter (where c.kind = 'expense'), 2), 0)::float8 as expenses,
               round(coalesce(sum(r.total) filter (where c.kind = 'income'), 0)
                     - coalesce(sum(r.total) filter (where c.kind = 'expense'), 0), 2)::float8 as balance
          from library_codes c
          join library_rollups r on r.code_id = c.id
         where c.level = 1`,
  );
  return row ?? { income: 0, expenses: 0, balance: 0 };
}

// Invoices -----------------------------------------------------------------------------------------
// An invoice is issued on its issue date, a day of the caller's calendar: it counts in a period when
// that day's midnight, in the caller's zone, does. The statuses are the invoices' current ones (an
// invoice paid since is paid, in every period).

const issuedIn = (window: PeriodWindow, from: Date | null, to: Date) =>
  datesInWindow(sql`issue_date`, window.timeZone, from, to);

// Which invoices a figure counts, by their status column.
const notCancelled = (status: SQL) => sql`${status} <> 'Cancelled'`;
const paid = (status: SQL) => sql`${status} = 'Paid'`;
const owed = (status: SQL) => sql`${status} in ('Unpaid', 'Pending')`;
type StatusFilter = typeof paid;

/**
 * The amount of the invoices of `status` issued in the period, and in the previous one (null when
 * there is none), in one pass over the issue dates' index.
 */
async function invoiceCounter({ db, window }: WidgetContext, status: StatusFilter) {
  const current = issuedIn(window, window.from, window.to);
  const before =
    window.previousFrom && window.previousTo
      ? issuedIn(window, window.previousFrom, window.previousTo)
      : null;
  const [row] = await rowsOf<{ counter: number; previous: number | null }>(
    db,
    sql`select coalesce(round(sum(total) filter (where ${current}), 2), 0)::float8 as counter,
               ${before ? sql`coalesce(round(sum(total) filter (where ${before}), 2), 0)::float8` : sql`null::float8`} as previous
          from invoices
         where ${status(sql`status`)} and (${current}${before ? sql` or ${before}` : sql``})`,
  );
  return { counter: row?.counter ?? 0, previous: row?.previous ?? null };
}

/**
 * What was overdue at an instant: invoices still owed (Unpaid or Pending), issued by then, whose
 * due date was over — a day before the instant's own day, in the caller's calendar (an invoice due
 * today is not late until tomorrow). Invoices without a due date are never overdue.
 */
async function overdueAt({ db, window }: WidgetContext, at: Date) {
  const [row] = await rowsOf<{ amount: number }>(
    db,
    sql`select coalesce(round(sum(total), 2), 0)::float8 as amount
          from invoices
         where ${owed(sql`status`)}
           and ${issuedIn(window, null, at)}
           and due_date < (${at.toISOString()}::timestamptz at time zone ${window.timeZone})::date`,
  );
  return row?.amount ?? 0;
}

// The audit log --------------------------------------------------------------------------------------

/**
 * The ids of the latest `limit` audit entries of the period, of these entities (all: null). One
 * index range per entity (audit_log (entity, at), read backwards and cut at `limit`), merged: never a
 * sort of the whole period's entries.
 */
function latestEntries(entities: readonly string[] | null, window: PeriodWindow, limit: number): SQL {
  const newest = (entity: string | null) =>
    sql`(select id, at from audit_log
          where ${entity === null ? sql`true` : sql`entity = ${entity}`} and ${inWindow(sql`at`, window.from, window.to)}
          order by at desc, id desc limit ${limit})`;
  const parts = entities === null ? [newest(null)] : entities.map(newest);
  return sql`select id, at from (${sql.join(parts, sql` union all `)}) newest order by at desc, id desc limit ${limit}`;
}

/** An audit key that names a record by its uuid, as one (null otherwise: an import has none). */
const keyAsUuid = (column: SQL) =>
  sql`(case when ${column} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${column}::uuid end)`;

const libraryEntities = ['l1code', 'l2code', 'l3code', 'l4code', 'unit', 'library'] as const;
/** Counts an entry of the library carries (an import's rows, a deletion's descendants). */
const countFields = ['rows', 'inserted', 'updated', 'descendants', 'descendantsRewritten'];

/**
 * What a library entry changed, for a reader: "quantity: 2 → 3; unitPrice: 10.50 → 12.00"
 * for an update (the log keeps only the fields that changed), the counts of an import or a
 * deletion; nothing for a creation (its code and description say it). The parent's id is left out:
 * a move shows in the full code.
 */
function changeOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  action: string,
): string {
  const text = (value: unknown) => {
    // A whole quantity without its zero decimals ("2.000" is 2): the table's column stays narrow.
    const shown = value === null || value === undefined ? '—' : String(value).replace(/^(-?\d+)\.0+$/, '$1');
    return shown.length > 40 ? `${shown.slice(0, 39)}…` : shown;
  };
  const parts: string[] = [];
  if (before && after) {
    // By name: jsonb keeps an object's keys in an order of its own.
    for (const field of Object.keys(after).sort()) {
      if (field === 'parentId') continue;
      const now = text(after[field]);
      parts.push(field in before ? `${field}: ${text(before[field])} → ${now}` : `${field}: ${now}`);
    }
  } else if (action !== 'create') {
    const recorded = after ?? before ?? {};
    for (const field of countFields) if (field in recorded) parts.push(`${field}: ${text(recorded[field])}`);
  }
  return parts.join('; ');
}

/** A counter of the invoice amounts a status filter keeps, issued in the period, against the previous one. */
const invoiceKpi = (filter: StatusFilter, label: string, caption: string): WidgetDefinition<'kpi'> => ({
  needs: ['invoices.view'],
  async compute(context) {
    const { counter, previous } = await invoiceCounter(context, filter);
    return kpi('money', label, caption, counter, previous, '/apps/invoices');
  },
});

/**
 * The home dashboard: what a budgeting office opens every morning — the budget from the code library,
 * money in and out, the work under way, and what changed.
 */
export const homeDashboard: DashboardDefinition<'home'> = {
  budgetIncome: {
    needs: ['library.view'],
    async compute(context) {
      const { income } = await budgetTotals(context);
      return kpi('money', 'Budget income', 'Active L4 items under income L1 codes', income, null, '/library');
    },
  },
  budgetExpenses: {
    needs: ['library.view'],
    async compute(context) {
      const { expenses } = await budgetTotals(context);
      return kpi(
        'money',
        'Budget expenses',
        'Active L4 items under expense L1 codes',
        expenses,
        null,
        '/library',
      );
    },
  },
  budgetBalance: {
    needs: ['library.view'],
    async compute(context) {
      const { balance } = await budgetTotals(context);
      return kpi('money', 'Budget balance', 'Income less expenses', balance, null, '/library');
    },
  },
  budgetByL1: {
    needs: ['library.view'],
    async compute({ db }) {
      // Every L1 code (a few dozen at most), income first, each by its total.
      const rows = await rowsOf<{
        id: string;
        code_comb: string;
        description: string;
        kind: string;
        total: number;
        items: number;
      }>(
        db,
        sql`select c.id, c.code_comb, c.description, c.kind,
                   coalesce(round(r.total, 2), 0)::float8 as total, coalesce(r.items, 0)::int as items
              from library_codes c
              left join library_rollups r on r.code_id = c.id
             where c.level = 1
             order by c.kind = 'expense', r.total desc nulls last, c.code_comb`,
      );
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'money',
        items: rows.map((row) => ({
          key: row.id,
          label: codeLabel(row.code_comb, row.description),
          value: row.total,
          count: row.items,
          group: row.kind,
          href: libraryCodeHref(row.id),
        })),
      };
    },
  },
  budgetByL2: {
    needs: ['library.view'],
    async compute({ db }) {
      // Every L2 code under its L1 (in the L1s' order), each by its total.
      const rows = await rowsOf<{
        id: string;
        code_comb: string;
        description: string;
        l1_code_comb: string;
        l1_description: string;
        total: number;
        items: number;
      }>(
        db,
        sql`select c.id, c.code_comb, c.description,
                   p.code_comb as l1_code_comb, p.description as l1_description,
                   coalesce(round(r.total, 2), 0)::float8 as total, coalesce(r.items, 0)::int as items
              from library_codes c
              join library_codes p on p.id = c.parent_id
              left join library_rollups r on r.code_id = c.id
             where c.level = 2
             order by p.code_comb, r.total desc nulls last, c.code_comb`,
      );
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'money',
        items: rows.map((row) => ({
          key: row.id,
          label: codeLabel(row.code_comb, row.description),
          value: row.total,
          count: row.items,
          group: codeLabel(row.l1_code_comb, row.l1_description),
          href: libraryCodeHref(row.id),
        })),
      };
    },
  },
  largestItems: {
    needs: ['library.view'],
    async compute({ db }) {
      // The top of the partial index on the L4 items' amounts, read backwards.
      const rows = await rowsOf<{
        id: string;
        code_comb: string;
        description: string;
        unit: string | null;
        unit_price: number;
        quantity: number;
        amount: number;
      }>(
        db,
        sql`select c.id, c.code_comb, c.description, u.name as unit, c.unit_price::float8 as unit_price,
                   c.quantity::float8 as quantity, round(c.amount, 2)::float8 as amount
              from library_codes c
              left join library_units u on u.id = c.unit_id
             where c.level = 4 and c.is_active
             order by c.amount desc, c.code_comb
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'code', type: 'text' },
          { key: 'description', type: 'text' },
          { key: 'unit', type: 'text' },
          { key: 'unitPrice', type: 'money' },
          { key: 'quantity', type: 'count' },
          { key: 'amount', type: 'money' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            code: row.code_comb,
            description: row.description,
            unit: row.unit,
            unitPrice: row.unit_price,
            quantity: row.quantity,
            amount: row.amount,
          },
          href: libraryCodeHref(row.id),
        })),
        href: '/library/l4?ordering=-amount',
      };
    },
  },
  libraryChanges: {
    needs: ['library.view'],
    async compute({ db, window }) {
      // The code or unit as it is now when it still exists; as the entry recorded it otherwise.
      const rows = await rowsOf<{
        id: string;
        at: Date;
        actor_label: string;
        action: string;
        entity: string;
        before: Record<string, unknown> | null;
        after: Record<string, unknown> | null;
        code_id: string | null;
        code: string | null;
        description: string | null;
      }>(
        db,
        sql`select a.id, a.at, a.actor_label, a.action, a.entity, a.before, a.after, c.id as code_id,
                   coalesce(c.code_comb, u.name, a.after ->> 'codeComb', a.before ->> 'codeComb',
                            a.after ->> 'name', a.before ->> 'name') as code,
                   coalesce(c.description, u.description, a.after ->> 'description',
                            a.before ->> 'description') as description
              from (${latestEntries(libraryEntities, window, 10)}) latest
              join audit_log a on a.id = latest.id
              left join library_codes c on a.entity like 'l_code' and c.id = ${keyAsUuid(sql`a.entity_key`)}
              left join library_units u on a.entity = 'unit' and u.id = ${keyAsUuid(sql`a.entity_key`)}
             order by a.at desc, a.id desc`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'at', type: 'datetime' },
          { key: 'actor', type: 'text' },
          { key: 'action', type: 'status' },
          { key: 'entity', type: 'status' },
          { key: 'code', type: 'text' },
          { key: 'description', type: 'text' },
          { key: 'change', type: 'text' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            at: new Date(row.at).toISOString(),
            actor: row.actor_label,
            action: row.action,
            entity: row.entity,
            code: row.code,
            description: row.description,
            change: changeOf(row.before, row.after, row.action),
          },
          ...(row.code_id ? { href: libraryCodeHref(row.code_id) } : {}),
        })),
      };
    },
  },
  invoicesIssued: invoiceKpi(notCancelled, 'Invoices issued', 'Issued in the period, not cancelled'),
  // Paid: invoices issued in the period and paid since. Unpaid: issued in the period and still
  // owed (Unpaid or Pending). Overdue: still owed, and past their due date as of the period's end
  // (now, or the end of a period that is over), whenever issued. Each against the previous period.
  invoicesPaid: invoiceKpi(paid, 'Invoices paid', 'Issued in the period and paid'),
  invoicesUnpaid: invoiceKpi(owed, 'Invoices unpaid', 'Issued in the period and still owed'),
  invoicesOverdue: {
    needs: ['invoices.view'],
    async compute(context) {
      const { window } = context;
      const counter = await overdueAt(context, window.to);
      const previous = window.previousTo ? await overdueAt(context, window.previousTo) : null;
      return kpi(
        'money',
        'Invoices overdue',
        'Still owed past their due date, at the end of the period',
        counter,
        previous,
        '/apps/invoices',
      );
    },
  },
  invoicesOverTime: {
    needs: ['invoices.view'],
    async compute({ db, window }) {
      // For `all`, from the first invoice's day in the caller's zone.
      const [first] = window.from
        ? [{ since: window.from }]
        : await rowsOf<{ since: Date | null }>(
            db,
            sql`select (min(issue_date)::timestamp at time zone ${window.timeZone}) as since from invoices`,
          );
      // Summed per issue day first (a few hundred days, however many invoices), then per bucket.
      const rows = await rowsOf<{ bucket: Date; issued: number; paid: number; unpaid: number }>(
        db,
        sql`with days as (
              select i.issue_date,
                     sum(i.total) filter (where ${notCancelled(sql`i.status`)}) as issued,
                     sum(i.total) filter (where ${paid(sql`i.status`)}) as paid,
                     sum(i.total) filter (where ${owed(sql`i.status`)}) as unpaid
                from invoices i
               where ${datesInWindow(sql`i.issue_date`, window.timeZone, window.from, window.to)}
               group by i.issue_date),
            buckets as (
              select ${bucketOf(window, sql`(d.issue_date::timestamp at time zone ${window.timeZone})`)} as bucket,
                     sum(d.issued) as issued, sum(d.paid) as paid, sum(d.unpaid) as unpaid
                from days d
               group by 1)
            select b.bucket,
                   coalesce(round(f.issued, 2), 0)::float8 as issued,
                   coalesce(round(f.paid, 2), 0)::float8 as paid,
                   coalesce(round(f.unpaid, 2), 0)::float8 as unpaid
              from (${bucketStarts(window, first?.since ? new Date(first.since) : null)}) b
              left join buckets f on f.bucket = b.bucket
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
                from invoices where ${owed(sql`status`)})
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
  recentActivity: {
    // Any signed-in user, of the entries they may see: every one with audit.view, otherwise those
    // of the areas they may view; a user who may view no area gets no widget. Who did what to what,
    // never the values (an entry's before and after can hold private data) nor a record's raw key;
    // an auditor opens the entry itself.
    needs: [],
    shownTo: (can) => visibleEntities(can)?.length !== 0,
    async compute({ db, window, can }) {
      const entities = visibleEntities(can);
      const rows = await rowsOf<{
        id: string;
        at: Date;
        actor_label: string;
        action: string;
        entity: string;
      }>(
        db,
        sql`select a.id, a.at, a.actor_label, a.action, a.entity
              from (${latestEntries(entities, window, 10)}) latest
              join audit_log a on a.id = latest.id
             order by a.at desc, a.id desc`,
      );
      const auditor = entities === null;
      return {
        kind: 'table',
        columns: [
          { key: 'at', type: 'datetime' },
          { key: 'actor', type: 'text' },
          { key: 'action', type: 'status' },
          { key: 'entity', type: 'status' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            at: new Date(row.at).toISOString(),
            actor: row.actor_label,
            action: row.action,
            entity: row.entity,
          },
          ...(auditor ? { href: `/admin/audit?entry=${row.id}` } : {}),
        })),
        ...(auditor ? { href: '/admin/audit' } : {}),
      };
    },
  },
};
