import type {
  BreakdownWidget,
  DashboardName,
  dashboardCatalogue,
  FigureUnit,
  KpiWidget,
  Permission,
  PortfolioCurrency,
  widgetKinds,
} from '@ledgerdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { textLiterals } from '../../db/rank';
import { rowsOf } from '../../db/rows';
import type { PeriodWindow } from '../../lib/periods';
import type { AuthUser } from '../../plugins/auth';

/** What a widget is computed from: the database, the caller, and the period in their zone. */
export interface WidgetContext {
  db: Database;
  user: AuthUser;
  /** Whether the caller holds a permission (administrators hold all). */
  can(permission: Permission): boolean;
  window: PeriodWindow;
  now: Date;
  /** What the crypto dashboard's money is shown in (its `currency` parameter). */
  currency: PortfolioCurrency;
}

type KindOf<
  D extends DashboardName,
  W extends keyof (typeof dashboardCatalogue)[D],
> = (typeof dashboardCatalogue)[D][W] & keyof typeof widgetKinds;
type WidgetOf<K extends keyof typeof widgetKinds> = Omit<z.infer<(typeof widgetKinds)[K]>, 'id'>;

export interface WidgetDefinition<K extends keyof typeof widgetKinds> {
  /** Who sees the widget: a caller holding every one of these (an area's `.view`, mostly). */
  needs: readonly Permission[];
  /** A rule beyond `needs`, for a widget no single permission opens (recent activity: any area). */
  shownTo?(can: (permission: Permission) => boolean): boolean;
  compute(context: WidgetContext): Promise<WidgetOf<K>>;
}

/** A dashboard: every widget of its catalogue entry, each with its permission and its query. */
export type DashboardDefinition<D extends DashboardName> = {
  [W in keyof (typeof dashboardCatalogue)[D]]: WidgetDefinition<KindOf<D, W>>;
};

/** The change from `previous` to `counter` in percent, one decimal; null when there is no base. */
export function change(counter: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return Math.round(((counter - previous) / Math.abs(previous)) * 1000) / 10;
}

const unitFormat: Record<FigureUnit, { prefix: string; suffix: string; decimals: number }> = {
  money: { prefix: '$', suffix: '', decimals: 2 },
  euro: { prefix: '€', suffix: '', decimals: 2 },
  btc: { prefix: '', suffix: ' BTC', decimals: 8 },
  eth: { prefix: '', suffix: ' ETH', decimals: 2 },
  count: { prefix: '', suffix: '', decimals: 0 },
  percent: { prefix: '', suffix: '%', decimals: 1 },
  days: { prefix: '', suffix: ' d', decimals: 0 },
};

/** A counter (SPEC §3), its change against the previous period when there is one. */
export function kpi(
  unit: FigureUnit,
  label: string,
  caption: string,
  counter: number,
  previous: number | null,
  href?: string,
): Omit<KpiWidget, 'id'> {
  return {
    kind: 'kpi',
    label,
    unit,
    counter,
    previous,
    percentage: change(counter, previous),
    ...unitFormat[unit],
    caption,
    ...(href ? { href } : {}),
  };
}

const sharedFigures = new WeakMap<WidgetContext, Map<string, Promise<unknown>>>();

/**
 * A figure several widgets of one dashboard read (the sales behind revenue, orders and average
 * order): computed once per request, whichever widget asks first.
 */
export function shared<T>(context: WidgetContext, key: string, compute: () => Promise<T>): Promise<T> {
  let figures = sharedFigures.get(context);
  if (!figures) {
    figures = new Map();
    sharedFigures.set(context, figures);
  }
  let figure = figures.get(key) as Promise<T> | undefined;
  if (!figure) {
    figure = compute();
    figures.set(key, figure);
  }
  return figure;
}

/** Each value of a fixed list (statuses, priorities) with its position, to count even the empty ones. */
export const valuesOf = (values: readonly string[]) =>
  sql`unnest(array[${textLiterals(values)}]::text[]) with ordinality`;

/**
 * How many rows of `table` (aliased `r`) hold each of `values` in `column`: every value in its
 * order, zeros included, narrowed by `where` (on `r`). The labels stay empty so that the web shows
 * each value translated; each item links to the list filtered on it.
 */
export async function countsByValue(
  db: Database,
  options: {
    values: readonly string[];
    table: string;
    column: string;
    where?: SQL;
    chart: BreakdownWidget['chart'];
    href: (value: string) => string;
  },
): Promise<Omit<BreakdownWidget, 'id'>> {
  const rows = await rowsOf<{ value: string; count: number }>(
    db,
    sql`select v.value, count(r.*)::int as count
          from ${valuesOf(options.values)} as v(value, position)
          left join ${sql.identifier(options.table)} r
                 on r.${sql.identifier(options.column)} = v.value and ${options.where ?? sql`true`}
         group by v.value, v.position
         order by v.position`,
  );
  return {
    kind: 'breakdown',
    chart: options.chart,
    unit: 'count',
    items: rows.map((row) => ({
      key: row.value,
      label: '',
      value: row.count,
      href: options.href(row.value),
    })),
  };
}
