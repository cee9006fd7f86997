// The mock backend's messages, SPEC §8 word for word (typos included: they are the spec's mock's,
// which this demo reproduces; the real server's catalogue fixes them).
export const mockMessages = {
  login: 'Username and password are invalid. Please enter correct username and password',
  profile: 'Something wrong for edit profile',
  token: 'Invalid Token !!',
} as const;

export type MockVerb = 'get' | 'add' | 'update' | 'delete';

/**
 * §8's 'Cannot get …', 'Cannot add …', 'Cannot update …', 'Cannot delete …' by area: the API paths
 * of the area (a path and what lies under it) and the word of each verb §8 names for it.
 */
const areas: { paths: string[]; words: Partial<Record<MockVerb, string>> }[] = [
  {
    paths: [
      '/api/calendar/events',
      '/api/events',
      '/api/add/event',
      '/api/update/event',
      '/api/delete/event',
    ],
    words: { get: 'events', add: 'event', update: 'event', delete: 'event' },
  },
  { paths: ['/api/categories', '/api/calendar/layers'], words: { get: 'categories' } },
  { paths: ['/api/upcommingevents', '/api/upcoming-events'], words: { get: 'upcomming events' } },
  { paths: ['/api/chat', '/api/chat/contacts', '/api/chat/direct'], words: { get: 'direct contact' } },
  {
    paths: [
      '/api/chat/rooms',
      '/api/chat/messages',
      '/api/messages',
      '/api/add/message',
      '/api/delete/message',
    ],
    words: { get: 'messages', add: 'message', delete: 'message' },
  },
  { paths: ['/api/channels'], words: { get: 'Channels' } },
  {
    paths: [
      '/api/projects',
      '/api/project/list',
      '/api/add/project',
      '/api/update/project',
      '/api/delete/project',
    ],
    words: { get: 'project list data', add: 'project', update: 'project' },
  },
  { paths: ['/api/mail', '/api/delete/mail'], words: { get: 'mail details' } },
  { paths: ['/api/apps/seller', '/api/sellers'], words: { get: 'sellers' } },
  { paths: ['/api/transaction-list', '/api/crypto/transactions'], words: { get: 'Transactions Data' } },
  { paths: ['/api/order-list', '/api/crypto/orders'], words: { get: 'Order Data' } },
  { paths: ['/api/apps/order'], words: { delete: 'order' } },
  { paths: ['/api/apps/deal', '/api/deals'], words: { get: 'Deals' } },
  {
    paths: ['/api/teamData', '/api/add/teamData', '/api/update/teamData', '/api/delete/teamData'],
    words: { get: 'team data', add: 'team data', update: 'team data', delete: 'team data' },
  },
  {
    paths: [
      '/api/files/folders',
      '/api/folder',
      '/api/add/folder',
      '/api/update/folder',
      '/api/delete/folder',
    ],
    words: { get: 'folder data', add: 'folder data', update: 'folder data', delete: 'folder data' },
  },
  {
    paths: ['/api/files', '/api/file', '/api/add/file', '/api/update/file', '/api/delete/file'],
    words: { get: 'file data', add: 'file data', update: 'file data', delete: 'file data' },
  },
  {
    paths: ['/api/todo', '/api/add/todo', '/api/update/todo', '/api/delete/todo'],
    words: { get: 'To do data', add: 'To do data', update: 'To do data', delete: 'To do data' },
  },
  // The to-do app's projects: the template's "Project data" (the projects area is "project list data").
  { paths: ['/api/todo/projects'], words: { get: 'Project data', add: 'Project data' } },
  { paths: ['/api/apps/application', '/api/application-list'], words: { get: 'Application Data' } },
  { paths: ['/api/apps/api-key', '/api/api-key'], words: { get: 'API Key Data' } },
  {
    paths: ['/api/apps/task', '/api/apps/tasks', '/api/add/tasks', '/api/update/tasks', '/api/delete/tasks'],
    words: { get: 'tasks' },
  },
  { paths: ['/api/users/user'], words: { add: 'user', update: 'user', delete: 'users' } },
  // "chart, revenue and market data ('Cannot get X Data')".
  { paths: ['/api/dashboard'], words: { get: 'Chart Data' } },
  { paths: ['/api/dashboard/ecommerce'], words: { get: 'Revenue Data' } },
  { paths: ['/api/crypto/market', '/api/crypto/coins'], words: { get: 'Market Data' } },
];

/** Whether `path` is `prefix` or lies under it (segment by segment, trailing slash or not). */
const under = (path: string, prefix: string) => {
  const bare = path.replace(/\/$/, '');
  return bare === prefix || bare.startsWith(`${prefix}/`);
};

/**
 * The message of a failed mock call: the area's word for the verb (the area whose path is the
 * longest prefix of `path` and names the verb), else one made from what the route serves.
 */
export function cannot(verb: MockVerb, path: string, fallbackWord: string): string {
  let best: { length: number; word: string } | undefined;
  for (const area of areas) {
    const word = area.words[verb];
    if (!word) continue;
    for (const prefix of area.paths)
      if (under(path, prefix) && prefix.length > (best?.length ?? 0)) best = { length: prefix.length, word };
  }
  if (!best && /^\/api\/[\w]+-data$/.test(path.replace(/\/$/, ''))) return `Cannot ${verb} Chart Data`;
  return `Cannot ${verb} ${best?.word ?? fallbackWord}`;
}
