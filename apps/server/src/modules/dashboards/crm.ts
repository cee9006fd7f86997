import { leadStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { datesInWindow, dayStart, inWindow, localDate } from '../../lib/periods';
import { overTime, spans } from './period-figures';
import { type DashboardDefinition, kpi, type WidgetContext } from './widgets';
import { dealsByStage, userName, valuesOf } from './work';

/*
 * Deals have no "lost" status (SPEC §3: New Lead, Intro Call, Stuck, Deal Won): a deal is open until
 * it is won. A deal's close date is the day it closed (won) or is expected to close (open), a day of
 * the caller's calendar.
 */
const won = (status = sql`status`) => sql`${status} = 'Deal Won'`;
const open = (status = sql`status`) => sql`${status} <> 'Deal Won'`;

/** Close dates in a span of the window, as the caller's days. */
const closedIn =
  ({ window }: WidgetContext) =>
  (from: Date | null, to: Date) =>
    datesInWindow(sql`close_date`, window.timeZone, from, to);
const createdIn = (from: Date | null, to: Date) => inWindow(sql`created_at`, from, to);

export const crmDashboard: DashboardDefinition<'crm'> = {
  pipelineValue: {
    needs: ['crm.view'],
    async compute({ db }) {
      const [row] = await rowsOf<{ amount: number; count: number }>(
        db,
        sql`select coalesce(round(sum(amount), 2), 0)::float8 as amount, count(*)::int as count
              from crm_deals where ${open()}`,
      );
      const count = row?.count ?? 0;
      return kpi(
        'money',
        'Pipeline value',
        `${count} open ${count === 1 ? 'deal' : 'deals'} (not won yet)`,
        row?.amount ?? 0,
        null,
        '/apps/crm/pipeline',
      );
    },
  },
  dealsWon: {
    needs: ['crm.view'],
    async compute(context) {
      const span = spans(context.window, closedIn(context));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        context.db,
        sql`select coalesce(round(sum(amount) filter (where ${span.current}), 2), 0)::float8 as counter,
                   coalesce(round(sum(amount) filter (where ${span.previous}), 2), 0)::float8 as previous
              from crm_deals where ${won()} and ${span.either}`,
      );
      return kpi(
        'money',
        'Deals won',
        'Amount of the deals won, by close date',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        `/apps/crm/deals?status=${encodeURIComponent('Deal Won')}`,
      );
    },
  },
  newLeads: {
    needs: ['crm.view'],
    async compute({ db, window }) {
      const span = spans(window, createdIn);
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from crm_leads where ${span.either}`,
      );
      return kpi(
        'count',
        'New leads',
        'Leads created in the period',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/crm/leads',
      );
    },
  },
  leadConversion: {
    needs: ['crm.view'],
    async compute({ db, window }) {
      const span = spans(window, createdIn);
      // The share of the period's leads that are Qualified now, in percent (0 without leads).
      const rate = (within: typeof span.current) =>
        sql`coalesce(round(100.0 * count(*) filter (where ${within} and status = 'Qualified')
                           / nullif(count(*) filter (where ${within}), 0), 1), 0)::float8`;
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select ${rate(span.current)} as counter, ${rate(span.previous)} as previous
              from crm_leads where ${span.either}`,
      );
      return kpi(
        'percent',
        'Lead conversion',
        'Leads created in the period that are qualified',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/crm/leads?status=Qualified',
      );
    },
  },
  dealsByStage,
  dealsOverTime: {
    needs: ['crm.view'],
    compute(context) {
      // Won amounts by the day they closed, and the open pipeline by the day it is expected to close.
      return overTime(context, {
        events: sql`select ${dayStart(sql`close_date`, context.window.timeZone)} as at,
                           case when ${won()} then 'won' else 'pipeline' end as key, amount
                      from crm_deals
                     where ${closedIn(context)(context.window.from, context.window.to)}`,
        keys: ['won', 'pipeline'],
        unit: 'money',
        chart: 'bar',
      });
    },
  },
  leadsByStatus: {
    needs: ['crm.view'],
    async compute({ db, window }) {
      // The leads created in the period, by their status now.
      const rows = await rowsOf<{ status: string; count: number }>(
        db,
        sql`select s.status, count(l.id)::int as count
              from ${valuesOf(leadStatuses)} as s(status, position)
              left join crm_leads l on l.status = s.status and ${inWindow(sql`l.created_at`, window.from, window.to)}
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
          href: `/apps/crm/leads?status=${encodeURIComponent(row.status)}`,
        })),
      };
    },
  },
  topSalesReps: {
    needs: ['crm.view'],
    async compute(context) {
      // The reps of the deals closing (or closed) in the period, by the amount they won.
      const rows = await rowsOf<{ id: string; rep: string; deals: number; won: number }>(
        context.db,
        sql`select u.id::text, ${userName('u')} as rep, count(*)::int as deals,
                   coalesce(round(sum(d.amount) filter (where ${won(sql`d.status`)}), 2), 0)::float8 as won
              from crm_deals d
              join users u on u.id = d.sales_rep_id
             where ${datesInWindow(sql`d.close_date`, context.window.timeZone, context.window.from, context.window.to)}
             group by u.id
             order by won desc, deals desc, rep, u.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'rep', type: 'text' },
          { key: 'deals', type: 'count' },
          { key: 'won', type: 'money' },
        ],
        rows: rows.map((row) => ({ key: row.id, cells: { rep: row.rep, deals: row.deals, won: row.won } })),
        href: '/apps/crm/deals',
      };
    },
  },
  closingDeals: {
    needs: ['crm.view'],
    async compute({ db, now, window }) {
      // Open deals expected to close from today on, the soonest first.
      const rows = await rowsOf<{
        id: string;
        deal: string;
        company: string | null;
        amount: number;
        close_date: string;
        stage: string;
      }>(
        db,
        sql`select d.id::text, d.deal_name as deal, c.name as company, round(d.amount, 2)::float8 as amount,
                   d.close_date::text, d.stage
              from crm_deals d
              left join crm_companies c on c.id = d.company_id
             where ${open(sql`d.status`)} and d.close_date >= ${localDate(now, window.timeZone)}
             order by d.close_date, d.amount desc, d.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'deal', type: 'text' },
          { key: 'company', type: 'text' },
          { key: 'amount', type: 'money' },
          { key: 'closeDate', type: 'date' },
          { key: 'stage', type: 'status' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            deal: row.deal,
            company: row.company,
            amount: row.amount,
            closeDate: row.close_date,
            stage: row.stage,
          },
          href: `/apps/crm/deals/${row.id}`,
        })),
        href: '/apps/crm/pipeline',
      };
    },
  },
  recentContacts: {
    needs: ['crm.view'],
    async compute({ db, now, window }) {
      // The contacts talked to last, up to the caller's today (a date ahead is a plan, not a contact).
      const rows = await rowsOf<{
        id: string;
        name: string;
        company: string | null;
        last_contacted: string;
        lead_score: number;
      }>(
        db,
        sql`select k.id::text, k.name, c.name as company, k.last_contacted::text, k.lead_score
              from crm_contacts k
              left join crm_companies c on c.id = k.company_id
             where k.last_contacted <= ${localDate(now, window.timeZone)}
             order by k.last_contacted desc, k.name, k.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'name', type: 'text' },
          { key: 'company', type: 'text' },
          { key: 'lastContacted', type: 'date' },
          { key: 'leadScore', type: 'count' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            name: row.name,
            company: row.company,
            lastContacted: row.last_contacted,
            leadScore: row.lead_score,
          },
          href: `/apps/crm/contacts/${row.id}`,
        })),
        href: '/apps/crm/contacts',
      };
    },
  },
};
