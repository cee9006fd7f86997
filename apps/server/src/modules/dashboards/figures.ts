import type { HeatmapWidget } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bucketStarts, type PeriodWindow } from '../../lib/periods';

/*
 * Reading the figures the triggers keep (schema/dashboards.ts): each table per UTC hour and per UTC
 * day. A span of time — a period, a bucket of a series — reads its whole UTC days from the daily table
 * and the hours at either end from the hourly one: a year is some 365 rows per key and 48 hours,
 * never 8,760 hours, and any span is exact to the hour.
 *
 * An hour counts when it overlaps the span, so the last 24 hours from 09:30 take the whole hour from
 * 09:00 the day before; a day, week or month in a whole-hour zone starts on an hour and is exact (a
 * half-hour zone's is off by the half hour).
 */

export type FigureTable = 'order_stats' | 'order_category_stats' | 'audit_stats';

const instant = (date: Date | null, otherwise: string) =>
  date ? sql`${date.toISOString()}::timestamptz` : sql`${otherwise}::timestamptz`;

/** One span `current` for the window, and `previous` for the span before it when there is one. */
function windowSpans(window: PeriodWindow, withPrevious: boolean): SQL {
  const current = sql`select 'current'::text as bucket, ${instant(window.from, '-infinity')} as lo,
                             ${instant(window.to, 'infinity')} as hi`;
  if (!withPrevious || !window.previousFrom || !window.previousTo) return current;
  return sql`${current} union all select 'previous', ${instant(window.previousFrom, '-infinity')},
                                         ${instant(window.previousTo, 'infinity')}`;
}

/**
 * The rows of a figure table that cover each span (`bucket`, `lo`, `hi`) once, each with its span's
 * `bucket`: the UTC days wholly inside from `<table>_daily`, the hours before and after them from
 * `<table>_hourly`. Each of the three is a range of the table's key read per span (lateral), so that
 * the planner cannot trade them for a scan of the table. The two tables list their columns alike
 * (the day or hour first), so the rows are `t.*`.
 */
export function figureRows(table: FigureTable, ranges: SQL, where: SQL): SQL {
  const daily = sql.identifier(`${table}_daily`);
  const hourly = sql.identifier(`${table}_hourly`);
  const ceil = (unit: 'hour' | 'day', at: SQL) =>
    sql`case when date_trunc(${unit}, ${at}, 'UTC') = ${at} then ${at}
             else date_trunc(${unit}, ${at}, 'UTC') + ${unit === 'hour' ? sql`interval '1 hour'` : sql`interval '24 hours'`} end`;
  const range = (source: typeof daily, column: SQL, from: SQL, to: SQL) =>
    sql`select s.bucket, t.* from s cross join lateral
          (select * from ${source} t where ${column} >= ${from} and ${column} < ${to} and ${where}) t`;
  return sql`(with hours as (select bucket, date_trunc('hour', lo, 'UTC') as lo, ${ceil('hour', sql`hi`)} as hi
                               from (${ranges}) s),
                   days as (select bucket, lo, hi, ${ceil('day', sql`lo`)} as first_day,
                                   date_trunc('day', hi, 'UTC') as end_day
                              from hours),
                   s as materialized (select bucket, lo, hi, least(first_day, hi) as days_from,
                                             greatest(end_day, first_day, lo) as days_to
                                        from days)
              ${range(daily, sql`t.day`, sql`s.days_from`, sql`s.days_to`)}
              union all ${range(hourly, sql`t.hour`, sql`s.lo`, sql`s.days_from`)}
              union all ${range(hourly, sql`t.hour`, sql`s.days_to`, sql`s.hi`)})`;
}

/** The rows of a figure table over the window, for a breakdown to group. */
export const windowRows = (table: FigureTable, window: PeriodWindow, where: SQL) =>
  figureRows(table, windowSpans(window, false), where);

/**
 * The rows of a figure table over the window and over the previous period (when there is one), each
 * with its span's `bucket`: 'current' or 'previous'.
 */
export const periodRows = (table: FigureTable, window: PeriodWindow, where: SQL) =>
  figureRows(table, windowSpans(window, true), where);

/**
 * Aggregates of a figure table (`round(sum(revenue), 2)`) over the window and over the previous
 * period (null when there is none), in one read.
 */
export async function periodFigures<K extends string>(
  db: Database,
  window: PeriodWindow,
  from: { table: FigureTable; where: SQL; figures: Record<K, SQL> },
): Promise<{ current: Record<K, number>; previous: Record<K, number> | null }> {
  const keys = Object.keys(from.figures) as K[];
  const rows = await rowsOf<Record<string, number | string>>(
    db,
    sql`select bucket, ${sql.join(
      keys.map((key) => sql`coalesce(${from.figures[key]}, 0)::float8 as ${sql.identifier(key)}`),
      sql`, `,
    )}
          from ${periodRows(from.table, window, from.where)} f
         group by bucket`,
  );
  const read = (bucket: string) => {
    const row = rows.find((r) => r.bucket === bucket);
    return Object.fromEntries(keys.map((key) => [key, Number(row?.[key] ?? 0)])) as Record<K, number>;
  };
  return { current: read('current'), previous: window.previousFrom ? read('previous') : null };
}

/** The first hour a figure table has: where `all` starts its buckets. */
async function firstHour(db: Database, table: FigureTable): Promise<Date | null> {
  const [row] = await rowsOf<{ first: Date | null }>(
    db,
    sql`select min(hour) as first from ${sql.identifier(`${table}_hourly`)}`,
  );
  return row?.first ? new Date(row.first) : null;
}

/**
 * Aggregates of a figure table per bucket of the window, each a series; a bucket without rows is
 * zero. Each bucket is a span of its own (its whole UTC days, and hours at its ends).
 */
export async function periodSeries<K extends string>(
  db: Database,
  window: PeriodWindow,
  from: { table: FigureTable; where: SQL; figures: Record<K, SQL> },
): Promise<{ buckets: string[]; values: Record<K, number[]> }> {
  const keys = Object.keys(from.figures) as K[];
  const since = window.from ? null : await firstHour(db, from.table);
  const tz = window.timeZone;
  const bucketRanges = sql`select bucket, greatest(bucket, ${instant(window.from, '-infinity')}) as lo,
                           least(((bucket at time zone ${tz}) + ${`1 ${window.bucket}`}::interval) at time zone ${tz},
                                 ${instant(window.to, 'infinity')}) as hi
                      from (${bucketStarts(window, since)}) b`;
  const rows = await rowsOf<Record<K, number> & { bucket: Date }>(
    db,
    sql`select b.bucket, ${sql.join(
      keys.map((key) => sql`coalesce(f.${sql.identifier(key)}, 0)::float8 as ${sql.identifier(key)}`),
      sql`, `,
    )}
          from (${bucketStarts(window, since)}) b
          left join (select bucket, ${sql.join(
            keys.map((key) => sql`${from.figures[key]} as ${sql.identifier(key)}`),
            sql`, `,
          )}
                       from ${figureRows(from.table, bucketRanges, from.where)} r
                      group by bucket) f on f.bucket = b.bucket
         order by b.bucket`,
  );
  const values = Object.fromEntries(keys.map((key) => [key, rows.map((row) => Number(row[key]))])) as Record<
    K,
    number[]
  >;
  return { buckets: rows.map((row) => new Date(row.bucket).toISOString()), values };
}

/** A series' total, to the cent (the values are cents already: no float dust in the sum). */
export const totalOf = (values: number[]) =>
  Math.round(values.reduce((sum, value) => sum + value, 0) * 100) / 100;

/** SPEC §9's columns: 6:00 to 23:00 in the caller's zone. */
export const heatmapHours = Array.from({ length: 18 }, (_, i) => i + 6);

/** The tables of hourly totals (a figure per UTC hour, whatever its keys) the heatmaps read. */
export type HourTotals =
  | { table: 'order_totals_hourly'; value: 'orders' }
  | { table: 'audit_totals_hourly'; value: 'entries' };

/**
 * A 7 × 18 heatmap (Monday first) of the hourly totals of the period, by the weekday and hour each
 * UTC hour has in the caller's zone; the other hours of the day go to `outside`.
 */
export async function hourlyHeatmap(
  db: Database,
  window: PeriodWindow,
  totals: HourTotals,
): Promise<Omit<HeatmapWidget, 'id'>> {
  // The hour of the week each UTC hour has in the caller's zone (0 = Monday 00:00), from one
  // conversion per row: local hours since 1970-01-01, a Thursday, moved on to Monday.
  const hourOfWeek = sql`((floor(extract(epoch from (hour at time zone ${window.timeZone})) / 3600)::bigint + 72) % 168)`;
  const rows = await rowsOf<{ day: number; hour: number; value: number }>(
    db,
    sql`select (w / 24)::int as day, (w % 24)::int as hour, value
          from (select ${hourOfWeek} as w, sum(${sql.identifier(totals.value)})::int as value
                  from ${sql.identifier(totals.table)}
                 where ${hoursIn(sql`hour`, window.from, window.to)}
                 group by 1) h`,
  );
  const values = Array.from({ length: 7 }, () => heatmapHours.map(() => 0));
  let outside = 0;
  for (const row of rows) {
    const column = heatmapHours.indexOf(row.hour);
    const day = values[row.day];
    if (column < 0 || !day) outside += row.value;
    else day[column] = (day[column] ?? 0) + row.value;
  }
  return { kind: 'heatmap', unit: 'count', hours: heatmapHours, values, outside };
}

/** The hours of `column` (an hour's start) that overlap [from, to); every hour before `to` for `all`. */
function hoursIn(column: SQL, from: Date | null, to: Date): SQL {
  const before = sql`${column} < ${to.toISOString()}::timestamptz`;
  return from
    ? sql`(${column} > ${from.toISOString()}::timestamptz - interval '1 hour' and ${before})`
    : sql`(${before})`;
}

/**
 * A count over rows of `table` (`count(*)`, `count(distinct actor_id)`) in the window and in the
 * previous period (null when there is none), in one query; `span` is the condition of a span.
 */
