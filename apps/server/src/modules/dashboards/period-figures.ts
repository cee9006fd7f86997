import type { FigureUnit, SeriesWidget } from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { textLiterals } from '../../db/rank';
import { rowsOf } from '../../db/rows';
import { bucketOf, bucketStarts, type PeriodWindow } from '../../lib/periods';
import type { WidgetContext } from './widgets';

/**
 * A series widget from events: `events` is a query of `at` (timestamptz), `key` (text, one of
 * `keys`) and `amount` (numeric; 1 to count), already narrowed to the window by the caller (so that
 * it can use its table's index). One series per key, in the order of `keys`, with a value for every
 * bucket of the window — zeros where nothing happened — amounts rounded to cents by the database.
 */
export async function overTime(
  { db, window }: WidgetContext,
  options: { events: SQL; keys: readonly string[]; unit: FigureUnit; chart: SeriesWidget['chart'] },
): Promise<Omit<SeriesWidget, 'id'>> {
  const { events, keys } = options;
  // `all` starts at the first event.
  let since: Date | null = null;
  if (!window.from) {
    const [first] = await rowsOf<{ since: Date | null }>(db, sql`select min(at) as since from (${events}) e`);
    since = first?.since ? new Date(first.since) : null;
  }
  const rows = await rowsOf<{ bucket: Date; key: string; value: number }>(
    db,
    sql`with e as (${events}),
             totals as (select ${bucketOf(window, sql`e.at`)} as bucket, e.key, sum(e.amount) as amount
                          from e group by 1, 2)
        select b.bucket, k.key, coalesce(round(t.amount, 2), 0)::float8 as value
          from (${bucketStarts(window, since)}) b
         cross join unnest(array[${textLiterals(keys)}]::text[]) with ordinality as k(key, position)
          left join totals t on t.bucket = b.bucket and t.key = k.key
         order by k.position, b.bucket`,
  );
  const buckets = [...new Set(rows.map((row) => new Date(row.bucket).toISOString()))];
  return {
    kind: 'series',
    chart: options.chart,
    unit: options.unit,
    bucket: window.bucket,
    buckets,
    series: keys.map((key) => {
      const values = rows.filter((row) => row.key === key).map((row) => row.value);
      return { key, values, total: Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100 };
    }),
  };
}

/**
 * A figure's two spans as conditions, for one query that computes both (`count(*) filter (where
 * …)`): the window, and the previous period (`false` for `all`, which has none); `either` narrows
 * the rows to those two.
 */
export function spans(window: PeriodWindow, within: (from: Date | null, to: Date) => SQL) {
  const current = within(window.from, window.to);
  const previous =
    window.previousFrom && window.previousTo ? within(window.previousFrom, window.previousTo) : null;
  return {
    current,
    previous: previous ?? sql`false`,
    either: previous ? sql`(${current} or ${previous})` : current,
    /** The previous figure as a counter shows it: null when there is no previous period. */
    previousOf: (figure: number | undefined) => (previous ? (figure ?? 0) : null),
  };
}
