/**
 * Permission names: `<area>.view` and `<area>.manage` for every area, plus `audit.view`, and the
 * `<tool>.use` of the personal tools (chat, mail), which have nothing to view apart from using them.
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
  'calendar',
  'files',
  'blog',
  'gallery',
  'plans',
  'releases',
  'crypto',
  'nft',
] as const;
export type Area = (typeof areas)[number];

/** Personal tools: a user may use them or not; what they hold is their own (or their rooms'). */
export const tools = ['chat', 'mail'] as const;
export type Tool = (typeof tools)[number];

export type Permission = `${Area}.view` | `${Area}.manage` | 'audit.view' | `${Tool}.use`;

export const permissions: readonly Permission[] = [
  ...areas.flatMap((area) => [`${area}.view`, `${area}.manage`] as const),
  'audit.view',
  ...tools.map((tool) => `${tool}.use` as const),
];

export function isPermission(value: string): value is Permission {
  return (permissions as readonly string[]).includes(value);
}

/** The areas whose records name users (assignees, leads, sales reps, members, invitees). */
export const areasAssigningUsers = [
  'groups',
  'tasks',
  'projects',
  'team',
  'crm',
  'tickets',
  'calendar',
  'files',
] as const;

/**
 * Who may pick users by name (GET /users/options/): those who may assign them to something, and
 * those who may see or manage users anyway. Everyone else has no business listing colleagues.
 */
export const userPickerAccess: readonly Permission[] = [
  'users.view',
  'users.manage',
  ...areasAssigningUsers.map((area) => `${area}.manage` as const),
];

/** The areas whose items may be shared with groups (events, files and folders). */
export const areasSharingWithGroups = ['calendar', 'files'] as const;

/**
 * Who may pick groups by name (GET /users/group-options/): those who may share something with a
 * group, and those who may see or manage users or groups anyway.
 */
export const groupPickerAccess: readonly Permission[] = [
  'users.view',
  'users.manage',
  'groups.view',
  'groups.manage',
  ...areasSharingWithGroups.map((area) => `${area}.manage` as const),
];

/**
 * Who may call a route. Every route declares one; a route without it is denied.
 * - 'public': anyone, signed in or not;
 * - 'authenticated': any signed-in user;
 * - a permission: a signed-in user holding it (administrators hold all);
 * - a list of permissions: a signed-in user holding any one of them.
 */
export type Access = 'public' | 'authenticated' | Permission | readonly Permission[];
