/**
 * Permission names: `<area>.view` and `<area>.manage` for every area, plus `audit.view`.
 * Each later area adds its name to `areas`; nothing else needs to change.
 */
export const areas = [
  'users',
  'groups',
  'library',
  'tasks',
  'jobs',
  'apiKeys',
  'invoices',
  'projects',
  'team',
  'todos',
  'crm',
  'tickets',
  'ecommerce',
] as const;
export type Area = (typeof areas)[number];

export type Permission = `${Area}.view` | `${Area}.manage` | 'audit.view';

export const permissions: readonly Permission[] = [
  ...areas.flatMap((area) => [`${area}.view`, `${area}.manage`] as const),
  'audit.view',
];

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

/**
 * Who may call a route. Every route declares one; a route without it is denied.
 * - 'public': anyone, signed in or not;
 * - 'authenticated': any signed-in user;
 * - a permission: a signed-in user holding it (administrators hold all).
 */
export type Access = 'public' | 'authenticated' | Permission;
