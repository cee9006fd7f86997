import { notBuilt } from './not-built';
import type { DashboardDefinition } from './widgets';

export const ecommerceDashboard: DashboardDefinition<'ecommerce'> = {
  revenue: notBuilt([]),
  orders: notBuilt([]),
  averageOrder: notBuilt([]),
  newCustomers: notBuilt([]),
  revenueOverTime: notBuilt([]),
  salesByCategory: notBuilt([]),
  ordersByStatus: notBuilt([]),
  ordersHeatmap: notBuilt([]),
  topProducts: notBuilt([]),
  topSellers: notBuilt([]),
  recentOrders: notBuilt([]),
};
