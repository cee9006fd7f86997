import type { BucketSize, DashboardPeriod, ResolvedPeriod } from '@ledgerdesk/contracts';
import { dashboardMonths } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * A dashboard period (SPEC §2) resolved into instants, in a time zone. The calendar arithmetic
 * (start of the week, of the month, "11 months before") is done by the database in local time, so
 * that a day is a day in the caller's zone across a daylight-saving change, and the buckets the
 * widgets group by are the ones `date_trunc(…, tz)` gives.
 */
export interface PeriodWindow {
  period: DashboardPeriod;
  timeZone: string;
  /** Null for `all`: since the first record. */
  from: Date | null;
  /** Exclusive: `now`, or the end of a period that is over. */
  to: Date;
  previousFrom: Date | null;
  previousTo: Date | null;
  bucket: BucketSize;
}

interface PeriodRule {
  bucket: BucketSize;
  /** The period's start and end in local time (`ln` is now as a local timestamp). */
  start: SQL;
  end?: SQL;
  /** How far back the previous period starts (the calendar length of the period). */
  step: string;
}

const ln = sql.raw('ln');
const rules: Record<Exclude<DashboardPeriod, 'all' | (typeof dashboardMonths)[number]>, PeriodRule> = {
  today: { bucket: 'hour', start: sql`date_trunc('day', ${ln})`, step: '1 day' },
  hour: { bucket: 'hour', start: sql`${ln} - interval '24 hours'`, step: '24 hours' },
  week: { bucket: 'day', start: sql`date_trunc('week', ${ln})`, step: '1 week' },
  lastWeek: {
    bucket: 'day',
    start: sql`date_trunc('week', ${ln}) - interval '1 week'`,
    end: sql`date_trunc('week', ${ln})`,
    step: '1 week',
  },
  weekly: { bucket: 'week', start: sql`date_trunc('week', ${ln}) - interval '11 weeks'`, step: '12 weeks' },
  monthly: { bucket: 'day', start: sql`date_trunc('month', ${ln})`, step: '1 month' },
  lastMonth: {
    bucket: 'day',
    start: sql`date_trunc('month', ${ln}) - interval '1 month'`,
    end: sql`date_trunc('month', ${ln})`,
    step: '1 month',
  },
  quarter: { bucket: 'week', start: sql`date_trunc('quarter', ${ln})`, step: '3 months' },
  halfyearly: {
    bucket: 'month',
    start: sql`date_trunc('month', ${ln}) - interval '5 months'`,
    step: '6 months',
  },
  yearly: {
    bucket: 'month',
    start: sql`date_trunc('month', ${ln}) - interval '11 months'`,
    step: '12 months',
  },
  currentYear: { bucket: 'month', start: sql`date_trunc('year', ${ln})`, step: '1 year' },
};

function ruleOf(period: DashboardPeriod): PeriodRule | null {
  if (period === 'all') return null;
  const month = (dashboardMonths as readonly string[]).indexOf(period);
  if (month >= 0) {
    // That month of this year, or of last year while it has not begun.
    const thisYears = sql`date_trunc('year', ${ln}) + ${`${month} months`}::interval`;
    const start = sql`(case when ${thisYears} <= ${ln} then ${thisYears} else ${thisYears} - interval '1 year' end)`;
    return { bucket: 'day', start, end: sql`${start} + interval '1 month'`, step: '1 month' };
  }
  return rules[period as keyof typeof rules];
}

/** The server's own zone: where a caller that names none is taken to be. */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export async function resolvePeriod(
  db: Database,
  options: { period: DashboardPeriod; timeZone: string; now: Date },
): Promise<PeriodWindow> {
  const { period, timeZone, now } = options;
  const rule = ruleOf(period);
  if (!rule) {
    return { period, timeZone, from: null, to: now, previousFrom: null, previousTo: null, bucket: 'month' };
  }
  // The end is now, or the period's own end when that has passed; the previous period is the one a
  // step before, cut at the same point (today until 10:00 against yesterday until 10:00) — and at
  // the period's start, when the previous one is the shorter (30 March against February).
  const end = rule.end ? sql`least(${rule.end}, ${ln})` : ln;
  const [row] = await rowsOf<{ from: Date; to: Date; previous_from: Date; previous_to: Date }>(
    db,
    sql`with t as (select (${now.toISOString()}::timestamptz at time zone ${timeZone}) as ln),
             p as (select ${rule.start} as s, ${end} as e from t)
        select (s at time zone ${timeZone}) as "from",
               (e at time zone ${timeZone}) as "to",
               ((s - ${rule.step}::interval) at time zone ${timeZone}) as previous_from,
               (least(s - ${rule.step}::interval + (e - s), s) at time zone ${timeZone}) as previous_to
          from p`,
  );
  if (!row) throw new Error('The period query answered no row');
  return {
    period,
    timeZone,
    from: new Date(row.from),
    to: new Date(row.to),
    previousFrom: new Date(row.previous_from),
    previousTo: new Date(row.previous_to),
    bucket: rule.bucket,
  };
}

export function periodOf(window: PeriodWindow): ResolvedPeriod {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    period: window.period,
    timeZone: window.timeZone,
    from: iso(window.from),
    to: window.to.toISOString(),
    previousFrom: iso(window.previousFrom),
    previousTo: iso(window.previousTo),
    bucket: window.bucket,
  };
}

/** `date_trunc(bucket, column, tz)`: the bucket a time falls in, in the window's zone. */
export const bucketOf = (window: PeriodWindow, column: SQL) =>
  sql`date_trunc(${window.bucket}, ${column}, ${window.timeZone})`;

/**
 * The window's bucket starts, as a set of one column `bucket` (timestamptz) to left-join figures
 * onto, so that empty buckets show as zeros. For `all`, from `since` (the first record's time).
 */
export function bucketStarts(window: PeriodWindow, since?: Date | null): SQL {
  const from = window.from ?? since ?? window.to;
  const tz = window.timeZone;
  return sql`select (g at time zone ${tz}) as bucket
               from generate_series(
                 date_trunc(${window.bucket}, ${from.toISOString()}::timestamptz, ${tz}) at time zone ${tz},
                 (${window.to.toISOString()}::timestamptz - interval '1 microsecond') at time zone ${tz},
                 ${`1 ${window.bucket}`}::interval) as g`;
}

/** `column >= from and column < to` for the window (or the previous one); true for `all`. */
export function inWindow(column: SQL, from: Date | null, to: Date): SQL {
  return from
    ? sql`(${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz)`
    : sql`(${column} < ${to.toISOString()}::timestamptz)`;
}

/*
 * Calendar days (`date` columns: due dates, close dates, applied dates) are days of the caller's
 * calendar, not instants: they are compared with the caller's local dates.
 */

/** The local date of an instant in a zone (`today` for `now`). */
export const localDate = (at: Date, timeZone: string) =>
  sql`(${at.toISOString()}::timestamptz at time zone ${timeZone})::date`;

/** The first local day that starts at or after an instant: a day is in a window when its midnight is. */
const firstDayFrom = (at: Date, timeZone: string) =>
  sql`(((${at.toISOString()}::timestamptz at time zone ${timeZone}) - interval '1 microsecond')::date + 1)`;

/**
 * `inWindow` for a `date` column: the days whose local midnight falls in the window (today counts
 * while today is under way), compared as dates so that the column's index serves.
 */
export function datesInWindow(column: SQL, timeZone: string, from: Date | null, to: Date): SQL {
  const before = sql`${column} < ${firstDayFrom(to, timeZone)}`;
  return from ? sql`(${column} >= ${firstDayFrom(from, timeZone)} and ${before})` : sql`(${before})`;
}

/** The instant a `date` column's day starts in the zone: what `bucketOf` groups a day by. */
export const dayStart = (column: SQL, timeZone: string) =>
  sql`(${column}::timestamp at time zone ${timeZone})`;
