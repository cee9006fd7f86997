import { applicationStatuses, jobTypes, openJobStatuses } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import { textLiterals } from '../../db/rank';
import { rowsOf } from '../../db/rows';
import { datesInWindow, dayStart, inWindow, localDate } from '../../lib/periods';
import { overTime, spans } from './period-figures';
import { type DashboardDefinition, kpi, type WidgetContext } from './widgets';
import { valuesOf } from './work';

/*
 * Hiring: jobs, candidates and their applications. An application's date is a day of the caller's
 * calendar; it keeps no time of acceptance, so "accepted in the period" is an application of the
 * period that is Accepted now.
 */
const openJob = (status = sql`status`) => sql`${status} in (${textLiterals(openJobStatuses)})`;
const appliedIn =
  ({ window }: WidgetContext) =>
  (from: Date | null, to: Date) =>
    datesInWindow(sql`applied_date`, window.timeZone, from, to);

export const jobsDashboard: DashboardDefinition<'jobs'> = {
  openJobs: {
    needs: ['jobs.view'],
    async compute({ db }) {
      const [row] = await rowsOf<{ counter: number; vacancies: number }>(
        db,
        sql`select count(*)::int as counter, coalesce(sum(vacancies), 0)::int as vacancies
              from jobs where ${openJob()}`,
      );
      const vacancies = row?.vacancies ?? 0;
      return kpi(
        'count',
        'Open jobs',
        `${vacancies} ${vacancies === 1 ? 'vacancy' : 'vacancies'}`,
        row?.counter ?? 0,
        null,
        '/apps/jobs',
      );
    },
  },
  applications: {
    needs: ['jobs.view'],
    async compute(context) {
      const span = spans(context.window, appliedIn(context));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        context.db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from job_applications where ${span.either}`,
      );
      return kpi(
        'count',
        'Applications',
        'Applications made in the period',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/applications',
      );
    },
  },
  accepted: {
    needs: ['jobs.view'],
    async compute(context) {
      const span = spans(context.window, appliedIn(context));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        context.db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from job_applications where status = 'Accepted' and ${span.either}`,
      );
      return kpi(
        'count',
        'Accepted',
        'Applications made in the period and accepted',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/applications?status=Accepted',
      );
    },
  },
  newCandidates: {
    needs: ['jobs.view'],
    async compute({ db, window }) {
      const span = spans(window, (from, to) => inWindow(sql`created_at`, from, to));
      const [row] = await rowsOf<{ counter: number; previous: number }>(
        db,
        sql`select count(*) filter (where ${span.current})::int as counter,
                   count(*) filter (where ${span.previous})::int as previous
              from candidates where ${span.either}`,
      );
      return kpi(
        'count',
        'New candidates',
        'Candidates added in the period',
        row?.counter ?? 0,
        span.previousOf(row?.previous),
        '/apps/candidates',
      );
    },
  },
  applicationsOverTime: {
    needs: ['jobs.view'],
    compute(context) {
      return overTime(context, {
        events: sql`select ${dayStart(sql`applied_date`, context.window.timeZone)} as at, status as key, 1 as amount
                      from job_applications
                     where ${appliedIn(context)(context.window.from, context.window.to)}`,
        keys: applicationStatuses,
        unit: 'count',
        chart: 'stackedBar',
      });
    },
  },
  applicationsByStatus: {
    needs: ['jobs.view'],
    async compute(context) {
      // The applications of the period, by their status now.
      const { window } = context;
      const rows = await rowsOf<{ status: string; count: number }>(
        context.db,
        sql`select s.status, count(a.id)::int as count
              from ${valuesOf(applicationStatuses)} as s(status, position)
              left join job_applications a on a.status = s.status
                    and ${datesInWindow(sql`a.applied_date`, window.timeZone, window.from, window.to)}
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
          href: `/apps/applications?status=${encodeURIComponent(row.status)}`,
        })),
      };
    },
  },
  jobsByType: {
    needs: ['jobs.view'],
    async compute({ db }) {
      // Every job, open or closed, as the jobs list filtered by type shows them.
      const rows = await rowsOf<{ type: string; count: number }>(
        db,
        sql`select k.type, count(j.id)::int as count
              from ${valuesOf(jobTypes)} as k(type, position)
              left join jobs j on j.type = k.type
             group by k.type, k.position
             order by k.position`,
      );
      return {
        kind: 'breakdown',
        chart: 'bar',
        unit: 'count',
        items: rows.map((row) => ({
          key: row.type,
          label: '',
          value: row.count,
          href: `/apps/jobs?type=${encodeURIComponent(row.type)}`,
        })),
      };
    },
  },
  topCompanies: {
    needs: ['jobs.view'],
    async compute({ db }) {
      // The companies hiring most: open vacancies, then open jobs.
      const rows = await rowsOf<{ id: string; name: string; vacancies: number; jobs: number }>(
        db,
        sql`select c.id::text, c.name, sum(j.vacancies)::int as vacancies, count(*)::int as jobs
              from jobs j
              join job_companies c on c.id = j.company_id
             where ${openJob(sql`j.status`)}
             group by c.id
             order by vacancies desc, jobs desc, c.name, c.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'name', type: 'text' },
          { key: 'vacancies', type: 'count' },
          { key: 'jobs', type: 'count' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: { name: row.name, vacancies: row.vacancies, jobs: row.jobs },
          href: `/apps/job-companies/${row.id}`,
        })),
        href: '/apps/job-companies',
      };
    },
  },
  recentApplications: {
    needs: ['jobs.view'],
    async compute({ db, now, window }) {
      // The latest applications up to today (a date ahead is not an application made yet).
      const rows = await rowsOf<{
        id: string;
        candidate: string;
        job: string;
        company: string;
        applied_date: string;
        status: string;
      }>(
        db,
        sql`select a.id::text, k.candidate_name as candidate, j.job_title as job, c.name as company,
                   a.applied_date::text, a.status
              from job_applications a
              join candidates k on k.id = a.candidate_id
              join jobs j on j.id = a.job_id
              join job_companies c on c.id = j.company_id
             where a.applied_date <= ${localDate(now, window.timeZone)}
             order by a.applied_date desc, a.created_at desc, a.id
             limit 10`,
      );
      return {
        kind: 'table',
        columns: [
          { key: 'candidate', type: 'text' },
          { key: 'job', type: 'text' },
          { key: 'company', type: 'text' },
          { key: 'appliedDate', type: 'date' },
          { key: 'status', type: 'status' },
        ],
        rows: rows.map((row) => ({
          key: row.id,
          cells: {
            candidate: row.candidate,
            job: row.job,
            company: row.company,
            appliedDate: row.applied_date,
            status: row.status,
          },
          href: `/apps/applications/${row.id}`,
        })),
        href: '/apps/applications',
      };
    },
  },
};
