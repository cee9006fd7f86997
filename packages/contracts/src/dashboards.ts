import { z } from 'zod/mini';
import { timestamp } from './api';
import { portfolioCurrencies } from './crypto';
import { codeParams } from './validation';

/*
 * Dashboards (SPEC §1 "several dashboards", §2 period selectors, §3 "dashboard widget data", §7
 * "GET dashboard paths named after period and metric"). A dashboard is a set of widgets, each one of
 * a few kinds (a counter, a series over time, a breakdown, a heatmap, a table); the server computes
 * every figure from the database and leaves out the widgets whose area the caller may not view. The
 * web renders any widget from its kind, so a dashboard is a layout of widget ids and nothing more.
 *
 * Figures are numbers: sums of money are computed in SQL `numeric` and rounded to cents there, then
 * sent as numbers to be charted and shown — they are read, never computed on again.
 */

/** The months as SPEC §2 names them in its selectors. */
export const dashboardMonths = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

/**
 * SPEC §2's period selectors. What each covers (in the caller's time zone, `now` included):
 * - today: since midnight, by hour; hour: the last 24 hours, by hour;
 * - week: this week (from Monday), by day; lastWeek: the week before it, by day;
 *   weekly: the last 12 weeks with this one, by week;
 * - monthly: this month, by day; lastMonth: the month before it, by day;
 * - quarter: this quarter, by week; halfyearly: the last 6 months with this one, by month;
 * - yearly: the last 12 months with this one, by month; currentYear: since 1 January, by month;
 * - all: everything, by month (no previous period: no change is shown);
 * - jan … dec: that month of this year (of last year while it has not come yet), by day.
 * The previous period (for a counter's change) is the span of the same length just before.
 */
export const dashboardPeriods = [
  'today',
  'hour',
  'week',
  'lastWeek',
  'weekly',
  'monthly',
  'lastMonth',
  'quarter',
  'halfyearly',
  'yearly',
  'currentYear',
  'all',
  ...dashboardMonths,
] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

export const bucketSizes = ['hour', 'day', 'week', 'month'] as const;
export type BucketSize = (typeof bucketSizes)[number];

/**
 * `tz`: an IANA zone name ("Europe/Paris"); without it, the server's zone. `currency`: what the
 * crypto dashboard's money is shown in (SPEC §2 btc / usd / euro; usd without it; the other
 * dashboards ignore it).
 */
export const dashboardQuery = z.object({
  currency: z.optional(
    z.enum(portfolioCurrencies, `The currency must be one of: ${portfolioCurrencies.join(', ')}.`),
  ),
  period: z.optional(z.enum(dashboardPeriods, `The period must be one of: ${dashboardPeriods.join(', ')}.`)),
  tz: z.optional(
    z.string().check(
      z.maxLength(64, 'The time zone is not valid.'),
      z.refine(isTimeZone, {
        error: 'The time zone is not a known IANA zone (for example Europe/Paris).',
        params: codeParams('timeZone'),
      }),
    ),
  ),
});
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * How a figure reads: an amount of money (`money` in US dollars, or in euros, bitcoins or ether), a
 * number of things, a percentage or a number of days.
 */
export const figureUnits = ['money', 'euro', 'btc', 'eth', 'count', 'percent', 'days'] as const;
export type FigureUnit = (typeof figureUnits)[number];

const widgetBase = {
  /** The widget's name in its dashboard (also the key of its title in the web catalogue). */
  id: z.string(),
};

/** SPEC §3 dashboard counter: label, counter, prefix, suffix, decimals, percentage, caption. */
export const kpiWidget = z.object({
  ...widgetBase,
  kind: z.literal('kpi'),
  label: z.string(),
  unit: z.enum(figureUnits),
  counter: z.number(),
  /** The same figure over the previous period; null when the widget does not span time. */
  previous: z.nullable(z.number()),
  /** The change against the previous period, in percent; null when there is nothing to compare. */
  percentage: z.nullable(z.number()),
  prefix: z.string(),
  suffix: z.string(),
  decimals: z.number(),
  caption: z.string(),
  /** Where the figure comes from, for a drill-down link (a path of the web app). */
  href: z.optional(z.string()),
});
export type KpiWidget = z.infer<typeof kpiWidget>;

/** Figures per time bucket: one value per bucket in each series. */
export const seriesWidget = z.object({
  ...widgetBase,
  kind: z.literal('series'),
  chart: z.enum(['line', 'area', 'bar', 'stackedBar']),
  unit: z.enum(figureUnits),
  bucket: z.enum(bucketSizes),
  /** Each bucket's start, in the caller's zone (ISO 8601 with offset). */
  buckets: z.array(timestamp),
  series: z.array(
    z.object({
      key: z.string(),
      /** The series' own unit when it differs from the widget's (a count beside amounts). */
      unit: z.optional(z.enum(figureUnits)),
      values: z.array(z.number()),
      total: z.number(),
    }),
  ),
});
export type SeriesWidget = z.infer<typeof seriesWidget>;

/** Parts of a whole, or a ranking by value: a donut, a bar per item or a funnel. */
export const breakdownWidget = z.object({
  ...widgetBase,
  kind: z.literal('breakdown'),
  chart: z.enum(['donut', 'bar', 'funnel']),
  unit: z.enum(figureUnits),
  items: z.array(
    z.object({
      /** A status, a priority, an id: stable, and the key of its translation where there is one. */
      key: z.string(),
      /** A name from the data (a category, a code's description); the key is shown when empty. */
      label: z.string(),
      value: z.number(),
      /** How many records make the value, when the value is not itself a count. */
      count: z.optional(z.number()),
      /** The group the item belongs to (an L2's L1, a budget line's kind). */
      group: z.optional(z.string()),
      href: z.optional(z.string()),
    }),
  ),
});
export type BreakdownWidget = z.infer<typeof breakdownWidget>;

/** SPEC §9: 7 days (Monday first) by 18 hourly columns. */
export const heatmapWidget = z.object({
  ...widgetBase,
  kind: z.literal('heatmap'),
  unit: z.enum(figureUnits),
  /** The hours of the columns (0–23), in the caller's zone. */
  hours: z.array(z.number()),
  /** values[day][column], day 0 = Monday. */
  values: z.array(z.array(z.number())),
  /** What falls outside the hours shown (so the total adds up). */
  outside: z.number(),
});
export type HeatmapWidget = z.infer<typeof heatmapWidget>;

export const tableCellTypes = [
  'text',
  'money',
  'euro',
  'btc',
  'eth',
  'count',
  'percent',
  'date',
  'datetime',
  'status',
  'progress',
] as const;

/** A top-N list, upcoming items, recent activity, team members. */
export const tableWidget = z.object({
  ...widgetBase,
  kind: z.literal('table'),
  columns: z.array(z.object({ key: z.string(), type: z.enum(tableCellTypes) })),
  rows: z.array(
    z.object({
      key: z.string(),
      cells: z.record(z.string(), z.nullable(z.union([z.string(), z.number()]))),
      href: z.optional(z.string()),
    }),
  ),
  /** Where the full list is. */
  href: z.optional(z.string()),
});
export type TableWidget = z.infer<typeof tableWidget>;

export const widgetKinds = {
  kpi: kpiWidget,
  series: seriesWidget,
  breakdown: breakdownWidget,
  heatmap: heatmapWidget,
  table: tableWidget,
} as const;
export type WidgetKind = keyof typeof widgetKinds;
export const dashboardWidget = z.discriminatedUnion('kind', [
  kpiWidget,
  seriesWidget,
  breakdownWidget,
  heatmapWidget,
  tableWidget,
]);
export type DashboardWidget = z.infer<typeof dashboardWidget>;

/**
 * Every dashboard and its widgets, by id and kind: the web's layouts and the OpenAPI document read
 * this; the server computes each widget the caller may see.
 */
export const dashboardCatalogue = {
  home: {
    budgetIncome: 'kpi',
    budgetExpenses: 'kpi',
    budgetBalance: 'kpi',
    budgetByL1: 'breakdown',
    budgetByL2: 'breakdown',
    largestItems: 'table',
    libraryChanges: 'table',
    invoicesIssued: 'kpi',
    invoicesPaid: 'kpi',
    invoicesUnpaid: 'kpi',
    invoicesOverdue: 'kpi',
    invoicesOverTime: 'series',
    receivablesByAge: 'breakdown',
    salesByMonth: 'series',
    salesByCategory: 'breakdown',
    openTicketsByPriority: 'breakdown',
    tasksDueThisWeek: 'kpi',
    tasksOverdue: 'kpi',
    tasksDue: 'table',
    projectsByStatus: 'breakdown',
    activeProjects: 'table',
    dealsByStage: 'breakdown',
    recentActivity: 'table',
  },
  analytics: {
    signIns: 'kpi',
    activeUsers: 'kpi',
    actions: 'kpi',
    newUsers: 'kpi',
    activityOverTime: 'series',
    activityHeatmap: 'heatmap',
    actionsByArea: 'breakdown',
    actionsByType: 'breakdown',
    topUsers: 'table',
    recentSignIns: 'table',
  },
  crm: {
    pipelineValue: 'kpi',
    dealsWon: 'kpi',
    newLeads: 'kpi',
    leadConversion: 'kpi',
    dealsByStage: 'breakdown',
    dealsOverTime: 'series',
    leadsByStatus: 'breakdown',
    topSalesReps: 'table',
    closingDeals: 'table',
    recentContacts: 'table',
  },
  ecommerce: {
    revenue: 'kpi',
    orders: 'kpi',
    averageOrder: 'kpi',
    newCustomers: 'kpi',
    revenueOverTime: 'series',
    salesByCategory: 'breakdown',
    ordersByStatus: 'breakdown',
    ordersHeatmap: 'heatmap',
    topProducts: 'table',
    topSellers: 'table',
    recentOrders: 'table',
  },
  projects: {
    activeProjects: 'kpi',
    newProjects: 'kpi',
    tasksCompleted: 'kpi',
    tasksOverdue: 'kpi',
    projectsByStatus: 'breakdown',
    projectsOverTime: 'series',
    tasksByStatus: 'breakdown',
    projectProgress: 'table',
    upcomingDeadlines: 'table',
    teamMembers: 'table',
  },
  jobs: {
    openJobs: 'kpi',
    applications: 'kpi',
    accepted: 'kpi',
    newCandidates: 'kpi',
    applicationsOverTime: 'series',
    applicationsByStatus: 'breakdown',
    jobsByType: 'breakdown',
    topCompanies: 'table',
    recentApplications: 'table',
  },
  /** The caller's own wallet (valued in `currency`) and the market. */
  crypto: {
    portfolioValue: 'kpi',
    cashBalance: 'kpi',
    tradedValue: 'kpi',
    ordersFilled: 'kpi',
    portfolioOverTime: 'series',
    holdingsByCoin: 'breakdown',
    market: 'table',
    recentOrders: 'table',
    recentTransactions: 'table',
  },
  nft: {
    volume: 'kpi',
    sales: 'kpi',
    liveAuctions: 'kpi',
    newItems: 'kpi',
    volumeOverTime: 'series',
    salesByCategory: 'breakdown',
    topCollections: 'table',
    topCreators: 'table',
    endingAuctions: 'table',
    recentSales: 'table',
  },
} as const satisfies Record<string, Record<string, WidgetKind>>;

export type DashboardName = keyof typeof dashboardCatalogue;
export const dashboardNames = Object.keys(dashboardCatalogue) as DashboardName[];
export type WidgetId<D extends DashboardName> = keyof (typeof dashboardCatalogue)[D] & string;

/** The period a dashboard was computed for, as the server resolved it. */
export const resolvedPeriod = z.object({
  period: z.enum(dashboardPeriods),
  timeZone: z.string(),
  /** Start of the period; null for `all`. */
  from: z.nullable(timestamp),
  /** End of the period (exclusive): now, or the end of a past period. */
  to: timestamp,
  /** The span of the same length just before; null for `all`. */
  previousFrom: z.nullable(timestamp),
  previousTo: z.nullable(timestamp),
  bucket: z.enum(bucketSizes),
});
export type ResolvedPeriod = z.infer<typeof resolvedPeriod>;

/** One dashboard's answer: each widget the caller may see under its id; the others are absent. */
export const dashboardResponse = <D extends DashboardName>(name: D) =>
  z.object({
    name: z.literal(name),
    period: resolvedPeriod,
    widgets: z.object(
      Object.fromEntries(
        Object.entries(dashboardCatalogue[name]).map(([id, kind]) => [
          id,
          z.optional(widgetKinds[kind as WidgetKind]),
        ]),
      ) as {
        [K in keyof (typeof dashboardCatalogue)[D]]: z.ZodMiniOptional<
          (typeof widgetKinds)[(typeof dashboardCatalogue)[D][K] & WidgetKind]
        >;
      },
    ),
  });
export type DashboardResponse<D extends DashboardName = DashboardName> = {
  name: D;
  period: ResolvedPeriod;
  widgets: Partial<Record<WidgetId<D>, DashboardWidget>>;
};
