import type { DashboardName, WidgetId } from '@ledgerdesk/contracts';

/**
 * How wide a widget is, in columns of a 12-column grid by screen size: one widget a row on a phone,
 * two on a tablet, and on a desktop four counters across, charts by halves, thirds or two thirds.
 */
export const spans = {
  kpi: { base: 12, xs: 6, lg: 3 },
  /** A counter of large amounts (millions), in rows of three. */
  wideKpi: { base: 12, sm: 6, lg: 4 },
  third: { base: 12, md: 6, lg: 4 },
  half: { base: 12, md: 6 },
  twoThirds: { base: 12, lg: 8 },
  full: { base: 12 },
} as const;
export type Span = keyof typeof spans;

export type DashboardLayout<D extends DashboardName> = [WidgetId<D>, Span][][];

/**
 * Each dashboard as rows of widgets. A widget the server leaves out (the caller may not view its
 * area) is skipped, and a row left empty disappears; the other widgets of a row of charts widen to
 * fill it.
 */
export const layouts: { [D in DashboardName]: DashboardLayout<D> } = {
  home: [
    [
      ['budgetIncome', 'wideKpi'],
      ['budgetExpenses', 'wideKpi'],
      ['budgetBalance', 'wideKpi'],
    ],
    [
      ['budgetByL1', 'half'],
      ['budgetByL2', 'half'],
    ],
    // The library's changes tell when, who, what, which code and the change: a row of their own.
    [['largestItems', 'full']],
    [['libraryChanges', 'full']],
    [
      ['invoicesIssued', 'kpi'],
      ['invoicesPaid', 'kpi'],
      ['invoicesUnpaid', 'kpi'],
      ['invoicesOverdue', 'kpi'],
    ],
    [
      ['invoicesOverTime', 'twoThirds'],
      ['receivablesByAge', 'third'],
    ],
    [
      ['salesByMonth', 'twoThirds'],
      ['salesByCategory', 'third'],
    ],
    [
      ['tasksDueThisWeek', 'half'],
      ['tasksOverdue', 'half'],
    ],
    [
      ['tasksDue', 'twoThirds'],
      ['openTicketsByPriority', 'third'],
    ],
    [
      ['activeProjects', 'twoThirds'],
      ['projectsByStatus', 'third'],
    ],
    [
      ['recentActivity', 'twoThirds'],
      ['dealsByStage', 'third'],
    ],
  ],
  analytics: [
    [
      ['signIns', 'kpi'],
      ['activeUsers', 'kpi'],
      ['actions', 'kpi'],
      ['newUsers', 'kpi'],
    ],
    [['activityOverTime', 'full']],
    [
      ['activityHeatmap', 'twoThirds'],
      ['actionsByArea', 'third'],
    ],
    [
      ['actionsByType', 'third'],
      ['topUsers', 'twoThirds'],
    ],
    [['recentSignIns', 'full']],
  ],
  crm: [
    [
      ['pipelineValue', 'kpi'],
      ['dealsWon', 'kpi'],
      ['newLeads', 'kpi'],
      ['leadConversion', 'kpi'],
    ],
    [
      ['dealsOverTime', 'twoThirds'],
      ['dealsByStage', 'third'],
    ],
    [
      ['leadsByStatus', 'third'],
      ['topSalesReps', 'twoThirds'],
    ],
    [
      ['closingDeals', 'half'],
      ['recentContacts', 'half'],
    ],
  ],
  ecommerce: [
    [
      ['revenue', 'kpi'],
      ['orders', 'kpi'],
      ['averageOrder', 'kpi'],
      ['newCustomers', 'kpi'],
    ],
    [
      ['revenueOverTime', 'twoThirds'],
      ['salesByCategory', 'third'],
    ],
    [
      ['ordersHeatmap', 'twoThirds'],
      ['ordersByStatus', 'third'],
    ],
    [
      ['topProducts', 'half'],
      ['topSellers', 'half'],
    ],
    [['recentOrders', 'full']],
  ],
  projects: [
    [
      ['activeProjects', 'kpi'],
      ['newProjects', 'kpi'],
      ['tasksCompleted', 'kpi'],
      ['tasksOverdue', 'kpi'],
    ],
    [
      ['projectsOverTime', 'twoThirds'],
      ['projectsByStatus', 'third'],
    ],
    [
      ['tasksByStatus', 'third'],
      ['projectProgress', 'twoThirds'],
    ],
    [
      ['upcomingDeadlines', 'half'],
      ['teamMembers', 'half'],
    ],
  ],
  jobs: [
    [
      ['openJobs', 'kpi'],
      ['applications', 'kpi'],
      ['accepted', 'kpi'],
      ['newCandidates', 'kpi'],
    ],
    [
      ['applicationsOverTime', 'twoThirds'],
      ['applicationsByStatus', 'third'],
    ],
    [
      ['jobsByType', 'third'],
      ['topCompanies', 'twoThirds'],
    ],
    [['recentApplications', 'full']],
  ],
  crypto: [
    [
      ['portfolioValue', 'kpi'],
      ['cashBalance', 'kpi'],
      ['tradedValue', 'kpi'],
      ['ordersFilled', 'kpi'],
    ],
    [
      ['portfolioOverTime', 'twoThirds'],
      ['holdingsByCoin', 'third'],
    ],
    // Pairs, price, change and volume of every coin: a row of its own.
    [['market', 'full']],
    // Six columns each: side by side they would scroll.
    [['recentOrders', 'full']],
    [['recentTransactions', 'full']],
  ],
  nft: [
    [
      ['volume', 'kpi'],
      ['sales', 'kpi'],
      ['liveAuctions', 'kpi'],
      ['newItems', 'kpi'],
    ],
    [
      ['volumeOverTime', 'twoThirds'],
      ['salesByCategory', 'third'],
    ],
    [
      ['topCollections', 'half'],
      ['topCreators', 'half'],
    ],
    [
      ['endingAuctions', 'half'],
      ['recentSales', 'half'],
    ],
  ],
};
