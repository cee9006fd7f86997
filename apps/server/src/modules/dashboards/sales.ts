import { notBuilt } from './not-built';

/**
 * Sales from orders, shared by the home and e-commerce dashboards: revenue over the period's
 * buckets, and by the category the products had when ordered (order_*_stats_hourly).
 */
export const salesOverTime = notBuilt<'series'>(['ecommerce.view']);
export const salesByCategory = notBuilt<'breakdown'>(['ecommerce.view']);
