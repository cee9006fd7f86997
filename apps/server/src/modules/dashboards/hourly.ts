import type { HeatmapWidget } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { bucketStarts, type PeriodWindow } from '../../lib/periods';

/*
 * Reading the hourly figures (order_stats_hourly, order_category_stats_hourly, audit_stats_hourly):
 * a table of UTC hours answers a period to the hour. An hour counts when it overlaps the period, so
 * the last 24 hours from 09:30 take the whole hour from 09:00 the day before; a day, week or month in
 * a whole-hour zone starts on an hour and is exact (a half-hour zone is off by the half hour).
 */

/** The hours of `column` (an hour's start) that overlap [from, to); every hour before `to` for `all`. */
export function hoursIn(column: SQL, from: Date | null, to: Date): SQL {
  const before = sql`${column} < ${to.toISOString()}::timestamptz`;
  return from
    ? sql`(${column} > ${from.toISOString()}::timestamptz - interval '1 hour' and ${before})`
    : sql`(${before})`;
}

/** A figure over the window and over the previous one (null when there is none). */
export async function withPrevious(
  window: PeriodWindow,
  figure: (from: Date | null, to: Date) => Promise<number>,
): Promise<{ counter: number; previous: number | null }> {
  const counter = await figure(window.from, window.to);
  const previous =
    window.previousFrom && window.previousTo ? await figure(window.previousFrom, window.previousTo) : null;
  return { counter, previous };
}

/**
 * Figures of an hourly table over the window and the previous one, in one read of the two spans:
 * each figure is an aggregate given the condition of its span (`sum(orders) filter (where …)`).
 */
export async function hourlyFigures<K extends string>(
  db: Database,
  window: PeriodWindow,
  from: { table: SQL; where: SQL; figures: Record<K, (span: SQL) => SQL> },
): Promise<{ current: Record<K, number>; previous: Record<K, number> | null }> {
  const keys = Object.keys(from.figures) as K[];
  const current = hoursIn(sql`hour`, window.from, window.to);
  const previous =
    window.previousFrom && window.previousTo
      ? hoursIn(sql`hour`, window.previousFrom, window.previousTo)
      : null;
  const columns = (span: SQL, prefix: string) =>
    keys.map(
      (key) => sql`coalesce(${from.figures[key](span)}, 0)::float8 as ${sql.identifier(prefix + key)}`,
    );
  const [row] = await rowsOf<Record<string, number>>(
    db,
    sql`select ${sql.join([...columns(current, 'c_'), ...columns(previous ?? sql`false`, 'p_')], sql`, `)}
          from ${from.table}
         where (${current} or ${previous ?? sql`false`}) and ${from.where}`,
  );
  const read = (prefix: string) =>
    Object.fromEntries(keys.map((key) => [key, Number(row?.[prefix + key] ?? 0)])) as Record<K, number>;
  return { current: read('c_'), previous: previous ? read('p_') : null };
}

/** SPEC §9's columns: 6:00 to 23:00 in the caller's zone. */
export const heatmapHours = Array.from({ length: 18 }, (_, i) => i + 6);

/**
 * A 7 × 18 heatmap (Monday first) of `sum(value)` over the hourly rows of `table` that `where`
 * keeps, by the weekday and hour each UTC hour has in the caller's zone; the other hours of the day
 * go to `outside`.
 */
export async function hourlyHeatmap(
  db: Database,
  window: PeriodWindow,
  from: { table: SQL; value: SQL; where: SQL },
): Promise<Omit<HeatmapWidget, 'id'>> {
  const local = sql`(hour at time zone ${window.timeZone})`;
  const rows = await rowsOf<{ day: number; hour: number; value: number }>(
    db,
    sql`select extract(isodow from ${local})::int - 1 as day, extract(hour from ${local})::int as hour,
               sum(${from.value})::int as value
          from ${from.table}
         where ${hoursIn(sql`hour`, window.from, window.to)} and ${from.where}
         group by 1, 2`,
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

/** The first hour a table has figures for: where `all` starts its buckets. */
export async function firstHour(db: Database, table: SQL): Promise<Date | null> {
  const [row] = await rowsOf<{ first: Date | null }>(db, sql`select min(hour) as first from ${table}`);
  return row?.first ? new Date(row.first) : null;
}

/**
 * Figures per bucket of the window from an hourly table: `figures` are aggregates over its rows
 * (`round(sum(revenue), 2)`), each a series; a bucket without rows is zero.
 */
export async function hourlySeries<K extends string>(
  db: Database,
  window: PeriodWindow,
  from: { table: SQL; where: SQL; figures: Record<K, SQL> },
): Promise<{ buckets: string[]; values: Record<K, number[]> }> {
  const keys = Object.keys(from.figures) as K[];
  const since = window.from ? null : await firstHour(db, from.table);
  const rows = await rowsOf<Record<K, number> & { bucket: Date }>(
    db,
    sql`select b.bucket, ${sql.join(
      keys.map((key) => sql`coalesce(f.${sql.identifier(key)}, 0)::float8 as ${sql.identifier(key)}`),
      sql`, `,
    )}
          from (${bucketStarts(window, since)}) b
          left join (select date_trunc(${window.bucket}, hour, ${window.timeZone}) as bucket,
                            ${sql.join(
                              keys.map((key) => sql`${from.figures[key]} as ${sql.identifier(key)}`),
                              sql`, `,
                            )}
                       from ${from.table}
                      where ${hoursIn(sql`hour`, window.from, window.to)} and ${from.where}
                      group by 1) f on f.bucket = b.bucket
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
