/**
 * The roots of the query keys, one per server resource. Every feature that reads a resource keys it
 * under its root, so invalidating a root after a change refreshes every view of that resource,
 * whichever feature shows it.
 */
export const resourceKeys = {
  me: ['me'] as const,
  users: ['users'] as const,
  groups: ['groups'] as const,
  audit: ['audit'] as const,
  sessions: ['sessions'] as const,
  library: ['library'] as const,
  dashboards: ['dashboards'] as const,
};
