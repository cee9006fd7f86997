/**
 * The one query-key scheme of the app. A key starts with the API path its data comes from (without
 * the slashes at its ends: "apps/task", "users/user"), then names the view: `list` with the query,
 * `one` with the record's key, or a name of its own under the root (`[...queryKeys.all(path),
 * 'counters']`). So invalidating a root refreshes every view of those records, whichever feature or
 * picker shows them. The engine keys its resources this way (resources/api.ts); hand-written
 * features use `resourceKeys` below, or `queryKeys` with their API path.
 */
const root = (path: string) => path.replace(/^\/+|\/+$/g, '');

export const queryKeys = {
  all: (path: string) => [root(path)] as const,
  lists: (path: string) => [root(path), 'list'] as const,
  list: (path: string, query: unknown) => [root(path), 'list', query] as const,
  one: (path: string, key: string) => [root(path), 'one', key] as const,
};

/** The roots of the resources the hand-written features share (invalidated across features). */
export const resourceKeys = {
  me: queryKeys.all('/users/me'),
  users: queryKeys.all('/users/user'),
  groups: queryKeys.all('/users/group'),
  audit: queryKeys.all('/audit'),
  sessions: queryKeys.all('/users/me/sessions'),
  library: queryKeys.all('/library'),
  dashboards: queryKeys.all('/dashboard'),
  countries: queryKeys.all('/countries'),
};
