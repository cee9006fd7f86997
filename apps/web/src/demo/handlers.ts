import { messages, type SessionUser } from '@ledgerdesk/contracts';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { chatRoutes } from './chat';
import type { DemoData } from './data';
import { kanbanRoutes } from './kanban';
import { mailRoutes } from './mail';
import { cannot, type MockVerb, mockMessages } from './messages';
import {
  added,
  deleted,
  demoUser,
  isObject,
  json,
  ME,
  mockFailure,
  newKey,
  notFound,
  now,
  updated,
} from './reply';
import { DEMO_ADMIN, type DemoCollection, type DemoRecord } from './snapshot';

export type DemoMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a handler is handed: the request, its path parameters, its JSON body (undefined if none). */
export type DemoCall = {
  request: Request;
  url: URL;
  params: Record<string, string>;
  body: unknown;
  /** The demo session's bearer token was sent (see `authorizationOf`). */
  authorized: boolean;
};

/**
 * One API route the demo answers: the method, the route as the server's OpenAPI document writes it
 * ("/api/apps/task/{id}"), and its answer. Adding an endpoint to the demo is one such entry.
 */
export type DemoRoute = {
  method: DemoMethod;
  route: string;
  handle: (call: DemoCall) => Response | Promise<Response>;
};

/** The tokens the mock hands out: any token of this form is the demo admin's session. */
const TOKEN_PREFIX = 'demo-session.';

const unauthorized = () =>
  json({ errorCode: 'UNAUTHORIZED', errorMessage: messages.invalidCredentials }, 401);

/**
 * The authorization header of a call: absent (the mock's §5 rule fails with its §8 message), the
 * demo session's (true), or another token (401, as the real server: the app signs out).
 */
function authorizationOf(request: Request): 'missing' | 'demo' | 'other' {
  const header = request.headers.get('authorization');
  if (!header) return 'missing';
  return header.startsWith(`Bearer ${TOKEN_PREFIX}`) ? 'demo' : 'other';
}

/** Same kind of value: what a field of the record may take from a body without changing its shape. */
function sameKind(stored: unknown, sent: unknown): boolean {
  // A list of values (tags) is taken; a list of objects (an invoice's lines) is the record's own shape.
  const plain = (list: unknown[]) => list.every((item) => item === null || typeof item !== 'object');
  if (Array.isArray(stored) || Array.isArray(sent))
    return Array.isArray(stored) && Array.isArray(sent) && plain(stored) && plain(sent);
  if (stored === null || stored === undefined) return sent === null || typeof sent !== 'object';
  if (sent === null) return true;
  return typeof stored === typeof sent;
}

const TWINS = [
  ['name', 'folderName'],
  ['name', 'fileName'],
];

/**
 * A record with the fields of a body that fit its shape. The API's input and record differ (ids
 * sent, people answered): a field of the body that is not the record's, or not of its kind, is
 * left out, so that the answer keeps the contract's shape.
 */
export function merged(record: DemoRecord, body: Record<string, unknown>): DemoRecord {
  const next: DemoRecord = { ...record };
  for (const [field, value] of Object.entries(body))
    if (field in record && field !== 'version' && sameKind(record[field], value)) next[field] = value;
  // A name a record keeps twice (SPEC §3's folderName, fileName beside the product's name): either sets both.
  for (const twins of TWINS) {
    const sent = twins.find((field) => typeof body[field] === 'string');
    if (sent && twins.every((field) => field in record)) for (const field of twins) next[field] = body[sent];
  }
  return next;
}

/**
 * SPEC §7's paths of a resource that the snapshot cannot pair with it by their OpenAPI summary
 * (the files' own: "SPEC §7: make a folder…"), given here.
 */
const specAliases: Record<
  string,
  Partial<Pick<DemoCollection, 'addAlias' | 'updateAlias' | 'deleteAlias'>>
> = {
  '/api/files/folders': {
    addAlias: '/api/add/folder',
    updateAlias: '/api/update/folder',
    deleteAlias: { path: '/api/delete/folder', header: 'folder' },
  },
  '/api/files': {
    updateAlias: '/api/update/file',
    deleteAlias: { path: '/api/delete/file', header: 'file' },
  },
};

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  const [nx, ny] = [Number(x), Number(y)];
  if (x.trim() !== '' && y.trim() !== '' && !Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
  return x.localeCompare(y);
}

/** A value's text for search: strings, numbers, and the names of what a record refers to. */
function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  if (isObject(value))
    return Object.values(value)
      .filter((v) => typeof v === 'string')
      .join(' ');
  return '';
}

/** A filter's value matches the record's field: equal, among its values, or the key of what it refers to. */
function matches(value: unknown, wanted: string): boolean {
  if (Array.isArray(value)) return value.some((item) => matches(item, wanted));
  if (isObject(value)) return Object.values(value).some((v) => String(v) === wanted);
  return String(value) === wanted;
}

/**
 * A page of a list as the server answers it: the search in every text of the records, the filters
 * that name a field of the records (others, such as date ranges, are ignored), the ordering
 * (`field` or `-field`, empty values last) and the page.
 */
export function listPage(rows: DemoRecord[], url: URL, filters: string[]) {
  const query = url.searchParams;
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const pageSize = Math.min(500, Math.max(1, Number(query.get('pageSize') ?? 25) || 25));
  const term = query.get('search')?.trim().toLowerCase();
  let found = term
    ? rows.filter((row) => Object.values(row).some((value) => textOf(value).toLowerCase().includes(term)))
    : rows;
  for (const name of filters) {
    const wanted = query.getAll(name);
    if (wanted.length === 0) continue;
    found = found.filter((row) => !(name in row) || wanted.some((value) => matches(row[name], value)));
  }
  const ordering = query.get('ordering');
  if (ordering) {
    const field = ordering.replace(/^-/, '');
    const sign = ordering.startsWith('-') ? -1 : 1;
    found = [...found].sort((a, b) => {
      const [x, y] = [a[field], b[field]];
      // Empty values last both ways, as the server orders them.
      if (x === null || x === undefined) return y === null || y === undefined ? 0 : 1;
      if (y === null || y === undefined) return -1;
      return sign * compare(x, y);
    });
  }
  return {
    count: found.length,
    page,
    pageSize,
    results: found.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** The generic handlers of one resource: list (and its aliases), get, add, update, delete, bulk delete. */
function collectionRoutes(data: DemoData, collection: DemoCollection): DemoRoute[] {
  const { key, label } = collection;
  // The word of a failure outside §8's areas: the resource's own name.
  const word = label.toLowerCase();
  const fail = (verb: MockVerb, path: string) => mockFailure(cannot(verb, path, word));

  const list: DemoRoute['handle'] = ({ url, authorized }) =>
    authorized ? json(listPage(data.rows(collection), url, collection.filters)) : fail('get', url.pathname);

  const add: DemoRoute['handle'] = async ({ url, body, authorized }) => {
    if (!authorized || !isObject(body)) return fail('add', url.pathname);
    const template = data.rows(collection)[0] ?? {};
    const record = merged(template, body);
    Object.assign(record, { [key]: newKey(), version: 1 });
    if ('createdAt' in record) record.createdAt = now();
    if ('updatedAt' in record) record.updatedAt = now();
    await data.putRecord(collection, record);
    return added(label, record);
  };

  const update = async (keyOf: string | undefined, { url, body, authorized }: DemoCall) => {
    if (!authorized || !isObject(body)) return fail('update', url.pathname);
    const current = keyOf === undefined ? undefined : data.record(collection, keyOf);
    if (!current) return notFound();
    const record = merged(current, body);
    record.version = Number(current.version ?? 0) + 1;
    if ('updatedAt' in record) record.updatedAt = now();
    await data.putRecord(collection, record);
    return updated(record);
  };

  const remove = async (keyOf: string | null | undefined, { url, authorized }: DemoCall) => {
    if (!authorized || !keyOf) return fail('delete', url.pathname);
    if (!data.record(collection, keyOf)) return notFound();
    await data.deleteRecord(collection, keyOf);
    // The deleted key, echoed back (SPEC §7's mock).
    return deleted({ id: keyOf });
  };

  const besideList = (name: string) =>
    `${collection.path.replace(/\/$/, '')}/${name}${collection.path.endsWith('/') ? '/' : ''}`;
  /** The records of a bulk call's `items` that exist (unknown ones are skipped). */
  const itemsOf = (body: unknown) =>
    isObject(body) && Array.isArray(body.items)
      ? body.items
          .map((item) => (isObject(item) ? String(item.id) : ''))
          .filter((id) => data.record(collection, id))
      : null;
  const keyInBody = (body: unknown) => (isObject(body) ? String(body[key] ?? body.id ?? '') : undefined);
  return [
    ...[collection.path, ...collection.listAliases].map((route) => ({
      method: 'get' as const,
      route,
      handle: list,
    })),
    {
      method: 'get',
      route: collection.item,
      handle: ({ params, url, authorized }) => {
        if (!authorized) return fail('get', url.pathname);
        const record = data.record(collection, params.id ?? '');
        if (record) return json(record);
        // A path beside the records' ("/api/files/recent", "/api/apps/ticket/counters").
        const beside = data.answer(url.pathname);
        return beside === undefined ? notFound() : json(beside);
      },
    },
    ...[collection.path, collection.addAlias]
      .filter((route) => route !== undefined)
      .map((route) => ({ method: 'post' as const, route, handle: add })),
    { method: 'patch', route: collection.item, handle: (call) => update(call.params.id, call) },
    { method: 'put', route: collection.item, handle: (call) => update(call.params.id, call) },
    ...(collection.updateAlias
      ? [
          {
            method: 'put' as const,
            route: collection.updateAlias,
            handle: (call: DemoCall) => update(keyInBody(call.body), call),
          },
        ]
      : []),
    { method: 'delete', route: collection.item, handle: (call) => remove(call.params.id, call) },
    ...(collection.deleteAlias
      ? [
          {
            method: 'delete' as const,
            route: collection.deleteAlias.path,
            handle: (call: DemoCall) =>
              remove(call.request.headers.get(collection.deleteAlias?.header ?? ''), call),
          },
        ]
      : []),
    ...(collection.bulk
      ? [
          {
            method: 'post' as const,
            route: besideList('bulk-delete'),
            handle: async ({ url, body, authorized }: DemoCall) => {
              const ids = itemsOf(body);
              if (!authorized || !ids) return fail('delete', url.pathname);
              for (const id of ids) await data.deleteRecord(collection, id);
              return deleted({ deleted: ids.length });
            },
          },
          {
            method: 'post' as const,
            route: besideList('bulk-update'),
            handle: async ({ url, body, authorized }: DemoCall) => {
              const ids = itemsOf(body);
              const changes = isObject(body) && isObject(body.changes) ? body.changes : null;
              if (!authorized || !ids || !changes) return fail('update', url.pathname);
              for (const id of ids) {
                const current = data.record(collection, id);
                if (!current) continue;
                await data.putRecord(collection, {
                  ...merged(current, changes),
                  version: Number(current.version ?? 0) + 1,
                });
              }
              return updated({ updated: ids.length });
            },
          },
        ]
      : []),
  ];
}

const PREFERENCES = '/api/users/me/preferences/';

/** Sign-in, the session's user, profile and preferences: the mock's own rules (SPEC §5). */
function accountRoutes(data: DemoData): DemoRoute[] {
  const me = () => demoUser(data);
  /** The mock's one user (SPEC §9) with its password. */
  const users = (): (SessionUser & { password: string })[] => [{ ...me(), password: DEMO_ADMIN.password }];
  const session = () => ({ ...me(), accessToken: `${TOKEN_PREFIX}${newKey()}` });
  return [
    {
      method: 'post',
      route: '/api/users/login/',
      handle: ({ body }) => {
        const { email, password } = isObject(body) ? body : {};
        const found = users().filter(
          (user) =>
            typeof email === 'string' &&
            String(user.email).toLowerCase() === email.toLowerCase() &&
            user.password === password,
        );
        return found.length === 1 ? json(session()) : mockFailure(mockMessages.login);
      },
    },
    {
      // Social sign-in (issue 17's OIDC endpoint): a token in the body, else 'Invalid Token !!'; the
      // posted e-mail names the mock's user, else the sign-in failure. Answers the spec's shape.
      method: 'post',
      route: '/api/users/social-login/',
      handle: ({ body }) => {
        if (!isObject(body) || typeof body.token !== 'string' || body.token === '')
          return mockFailure(mockMessages.token);
        const { token, ...posted } = body;
        const found = users().filter(
          (user) => String(user.email).toLowerCase() === String(posted.email ?? '').toLowerCase(),
        );
        if (found.length !== 1) return mockFailure(mockMessages.login);
        const started = session();
        const { accessToken, ...user } = started;
        return json({
          token,
          data: { ...user, accessToken, first_name: user.firstName, ...posted },
          session: started,
        });
      },
    },
    // No provider to sign in with in a build with no server: the login page shows no buttons. Asked
    // before anyone signs in, as the server's public list is.
    { method: 'get', route: '/api/auth/oidc/providers', handle: () => json([]) },
    { method: 'post', route: '/api/users/logout/', handle: () => new HttpResponse(null, { status: 204 }) },
    { method: 'get', route: ME, handle: ({ authorized }) => (authorized ? json(me()) : unauthorized()) },
    {
      method: 'put',
      route: ME,
      handle: async ({ body, authorized }) => {
        if (!authorized || !isObject(body)) return mockFailure(mockMessages.profile);
        const user = merged(me(), body);
        await data.putAnswer(ME, user);
        return updated(user);
      },
    },
    {
      // The spec's profile call: the authorization header, and exactly one user with the given idx.
      method: 'post',
      route: '/api/users/profile/',
      handle: async ({ body, authorized }) => {
        const { idx, username } = isObject(body) ? body : {};
        const found = users().filter((user) => user.id === idx);
        if (!authorized || found.length !== 1 || typeof username !== 'string' || username === '')
          return mockFailure(mockMessages.profile);
        const user = { ...me(), username };
        await data.putAnswer(ME, user);
        return updated(user);
      },
    },
    {
      method: 'put',
      route: PREFERENCES,
      handle: async ({ url, body, authorized }) => {
        if (!authorized || !isObject(body)) return mockFailure(cannot('update', url.pathname, 'preferences'));
        const stored = (data.answer(PREFERENCES) ?? {}) as DemoRecord;
        const saved = { ...stored };
        for (const [name, value] of Object.entries(body))
          saved[name] = isObject(value) && isObject(stored[name]) ? { ...stored[name], ...value } : value;
        await data.putAnswer(PREFERENCES, saved);
        return updated(saved);
      },
    },
  ];
}

/** Every route the demo answers by hand or from the resources; the snapshot's GETs come after them. */
export function demoRoutes(data: DemoData): DemoRoute[] {
  return [
    ...accountRoutes(data),
    ...data.snapshot.collections.flatMap((c) => collectionRoutes(data, { ...c, ...specAliases[c.path] })),
    ...chatRoutes(data),
    ...kanbanRoutes(data),
    ...mailRoutes(data),
  ];
}

/**
 * A GET the snapshot answered: its URL as asked, else the path with one of its query parameters
 * (a dashboard's period), else the path alone; nothing for it is §8's 'Cannot get …'. The
 * activity of a record made in the demo has none yet.
 */
export function snapshotAnswer(data: DemoData, url: URL, authorized: boolean): Response {
  const path = url.pathname;
  if (!authorized) return mockFailure(cannot('get', path, 'data'));
  const candidates = [
    `${path}${url.search}`,
    ...[...url.searchParams].map(([name, value]) => `${path}?${name}=${value}`),
    path,
  ];
  for (const candidate of candidates) {
    const answer = data.answer(candidate);
    if (answer !== undefined) return json(answer);
  }
  if (path.endsWith('/activity')) return json({ count: 0, page: 1, pageSize: 25, results: [] });
  return mockFailure(cannot('get', path, 'data'));
}

const verbOf: Record<string, MockVerb> = { POST: 'add', PUT: 'update', PATCH: 'update', DELETE: 'delete' };

/** "/api/apps/task/{id}" → msw's "/api/apps/task/:id". */
const mswPath = (route: string) => route.replace(/\{(\w+)\}/g, ':$1');

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The msw handlers: the routes, then every other GET from the snapshot, then every other call a
 * §8 failure ('Cannot add …' for a POST the demo does not do), after `delayMs` each.
 */
export function demoHandlers(data: DemoData, delayMs: number): HttpHandler[] {
  const respond =
    (handle: DemoRoute['handle']) =>
    async ({
      request,
      params,
    }: {
      request: Request;
      params: Record<string, string | readonly string[] | undefined>;
    }) => {
      await delay(delayMs);
      const authorization = authorizationOf(request);
      if (authorization === 'other') return unauthorized();
      return handle({
        request,
        url: new URL(request.url),
        params: Object.fromEntries(Object.entries(params).map(([name, value]) => [name, String(value)])),
        body: await bodyOf(request),
        authorized: authorization === 'demo',
      });
    };
  // Literal paths before those with parameters: "/api/todo/projects" is not the to-do "projects".
  const routes = [...demoRoutes(data)].sort(
    (a, b) => Number(a.route.includes('{')) - Number(b.route.includes('{')),
  );
  return [
    ...routes.map(({ method, route, handle }) => http[method](mswPath(route), respond(handle))),
    http.get(
      '/api/*',
      respond(({ url, authorized }) => snapshotAnswer(data, url, authorized)),
    ),
    http.all(
      '/api/*',
      respond(({ request, url }) =>
        mockFailure(cannot(verbOf[request.method] ?? 'get', url.pathname, 'data')),
      ),
    ),
  ];
}
