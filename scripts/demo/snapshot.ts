// The demo build's data: the REAL server's answers on the seeded demo data set. The server is built
// in this process on an in-memory PGlite (as bench/harness.ts does), seeded with the demo set,
// signed into as the demo admin, and walked through its OpenAPI document:
//  - every resource list (a GET answering `{count, page, pageSize, results}` beside a `…/{id}` GET)
//    becomes a COLLECTION: its rows (the first ROW_CAP), its key (`_id` or `id`), its item path,
//    the spec's alias paths (found by their OpenAPI summary, the same text as the main route's) and
//    its list filters: the mock's generic handlers serve them (apps/web/src/demo/handlers.ts);
//  - every other GET is kept as an ANSWER: with no query, once per value of each enumerated query
//    parameter (a dashboard's periods), and for path parameters with the keys of the list above them
//    (a chat room's messages: the rooms' ids).
// `npm run demo` writes it beside the demo build (scripts/demo/build.ts); the guard test
// (scripts/demo/demo.test.ts) takes one in-process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { z } from 'zod/mini';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/seed';
import type { DemoCollection, DemoSnapshot } from '../../apps/web/src/demo/snapshot';
import { DEMO_ADMIN } from '../../apps/web/src/demo/snapshot';

/** Rows kept per collection: enough for every screen, a sane size (≈ 2 MB gzip-free JSON in all). */
const ROW_CAP = 200;
/** Records whose sub-resources (activity, messages of a room…) are kept, per list. */
const CHILD_CAP = 8;

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[] } }[];
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/**
 * GET routes the snapshot leaves out: files and streams (not JSON for a screen), and SPEC §7's
 * period paths ("/api/monthly-data": the dashboards' answers again, ≈3 MB; the app calls
 * /api/dashboard/{name}). The guard test lists them as deliberately unserved.
 */
export const skipped = (route: string) =>
  /\/(export|pdf|content|thumbnail|feed(\/\{file\})?|healthz|readyz)$/.test(route) ||
  route.endsWith('/export/') ||
  /^\/api\/\w+-data$/.test(route);

/**
 * What a record is called in messages: the engine's "Add a Task" says it; else the list's summary
 * when it names the records ("Folders: the subfolders…" → "Folder", "Your API keys (…)" → "API
 * key", "Audit entries: …" → "Audit entry"); else the path's last word ("/api/nft/items" → "item").
 */
function labelOf(postSummary: string | undefined, listSummary: string | undefined, route: string): string {
  const added = /^Add an? (.+)$/.exec(postSummary ?? '')?.[1];
  if (added) return added;
  const plural =
    /^(?:Your )?([\w ]+s)\s*[:(]/.exec(listSummary ?? '')?.[1] ??
    route.replace(/\/$/, '').split('/').pop() ??
    route;
  return plural.replace(/ies$/, 'y').replace(/s$/, '');
}

const isPage = (body: unknown): body is { results: Record<string, unknown>[] } =>
  typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results);

/** The server's routes ("GET /api/apps/task/{id}") and what its resources' records are (the guard test). */
export type ServerFacts = {
  routes: string[];
  resources: { path: string; record: z.ZodMiniType; toInput: (record: never) => unknown }[];
};

/** The server's routes and resources, from an app on an empty migrated database (a few seconds). */
export async function serverFacts(): Promise<ServerFacts> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-demo-'));
  const database = await openDatabase({});
  try {
    await database.migrate();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
    try {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
      return factsOf(app, doc);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const factsOf = (app: Awaited<ReturnType<typeof buildApp>>, doc: OpenApi): ServerFacts => ({
  routes: Object.entries(doc.paths).flatMap(([route, ops]) =>
    Object.keys(ops).map((method) => `${method.toUpperCase()} ${route}`),
  ),
  resources: app.resourceDefinitions.map(({ path, record, toInput }) => ({ path, record, toInput })),
});

export async function takeSnapshot(): Promise<DemoSnapshot> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdesk-demo-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    // Hundreds of calls in a few seconds from one session: no rate limit (it would answer 429s).
    RATE_LIMIT: 'off',
  });
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDatabase(database.db, config);
    const app = await buildApp({ config, database, webDistDir: path.join(dataDir, 'none') });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/users/login/', payload: DEMO_ADMIN });
      if (login.statusCode !== 200) throw new Error(`demo admin sign-in: ${login.statusCode} ${login.body}`);
      const { accessToken, ...user } = login.json();
      const headers = { authorization: `Bearer ${accessToken}` };
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url, headers });
        return res.statusCode === 200 && String(res.headers['content-type']).includes('json')
          ? res.json()
          : undefined;
      };
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
      const routes = Object.entries(doc.paths);
      const itemRouteOf = (list: string) =>
        routes.find(
          ([route, ops]) => ops.get && route.replace(/\/$/, '') === `${list.replace(/\/$/, '')}/{id}`,
        )?.[0];
      const summaryOf = (method: string, route: string | undefined) =>
        route ? doc.paths[route]?.[method]?.summary : undefined;

      const collections: DemoCollection[] = [];
      const answers: Record<string, unknown> = {};
      for (const [route, ops] of routes) {
        const item = itemRouteOf(route);
        if (!ops.get || route.includes('{') || skipped(route) || !item) continue;
        const page = await get(`${route}?pageSize=${ROW_CAP}`);
        if (!isPage(page)) continue;
        const key = page.results.some((row) => '_id' in row) ? '_id' : 'id';
        // Another path with the same summary is an alias, unless it is a list of its own (two
        // resources may share a label: the CRM's and the jobs' companies).
        const aliasOf = (method: string, own: string | undefined) =>
          routes.find(
            ([other, o]) =>
              other !== own &&
              !itemRouteOf(other) &&
              summaryOf(method, own) !== undefined &&
              o[method]?.summary === summaryOf(method, own),
          )?.[0];
        const deleteAlias = routes.find(
          ([other, o]) => other !== item && o.delete?.summary?.startsWith(`${summaryOf('delete', item)}: `),
        );
        const header = deleteAlias?.[1].delete?.parameters?.find((p) => p.in === 'header')?.name;
        collections.push({
          path: route,
          item,
          key,
          rows: page.results,
          filters: (ops.get.parameters ?? [])
            .filter((p) => p.in === 'query' && !['page', 'pageSize', 'ordering', 'search'].includes(p.name))
            .map((p) => p.name),
          listAliases: routes
            .filter(
              ([other, o]) => other !== route && !itemRouteOf(other) && o.get?.summary === ops.get?.summary,
            )
            .map(([other]) => other),
          addAlias: ops.post ? aliasOf('post', route) : undefined,
          updateAlias: routes.find(
            ([other, o]) =>
              other !== item &&
              o.put?.summary?.startsWith(`Change a ${summaryOf('post', route)?.replace(/^Add an? /, '')}: `),
          )?.[0],
          deleteAlias: deleteAlias && header ? { path: deleteAlias[0], header } : undefined,
          bulk: Boolean(
            doc.paths[`${route.replace(/\/$/, '')}/bulk-delete${route.endsWith('/') ? '/' : ''}`]?.post,
          ),
          label: labelOf(summaryOf('post', route), ops.get.summary, route),
        });
      }
      const collectionPaths = new Set(collections.flatMap((c) => [c.path, c.item, ...c.listAliases]));

      // The other GETs: default answer, each enumerated query value, path parameters from the list above.
      /**
       * The values of a path parameter: the keys (or the field of its name) of the list above it
       * ("/api/mail/threads/{forId}": the forIds of /api/mail's items).
       */
      const keysUnder = (route: string, name: string): string[] => {
        let prefix = route.slice(0, route.indexOf('{')).replace(/\/$/, '');
        const parent = collections.find((c) => c.path.replace(/\/$/, '') === prefix);
        if (parent) return parent.rows.slice(0, CHILD_CAP).map((row) => String(row[parent.key]));
        while (
          prefix.split('/').length > 3 &&
          answers[prefix] === undefined &&
          answers[`${prefix}/`] === undefined
        )
          prefix = prefix.slice(0, prefix.lastIndexOf('/'));
        const listed = answers[prefix] ?? answers[`${prefix}/`];
        const rows = isPage(listed)
          ? listed.results
          : Array.isArray(listed)
            ? listed
            : ((listed as { items?: Record<string, unknown>[] } | undefined)?.items ?? []);
        return rows
          .slice(0, CHILD_CAP)
          .map((row: Record<string, unknown>) => String(row[name] ?? row.id ?? row.code));
      };
      /**
       * A query a route cannot go without: a range ("start", "end": half a year either side of now (the calendar's limit is 400 days), which
       * the screens' ranges fall in; the mock then answers it for any range). Null: one it cannot make.
       */
      const requiredQuery = (params: NonNullable<Operation['parameters']>): string | null => {
        const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
        const query = new URLSearchParams();
        for (const param of params.filter((p) => p.in === 'query' && p.required)) {
          if (/start|from/i.test(param.name)) query.set(param.name, day(-180));
          else if (/end|to$/i.test(param.name)) query.set(param.name, day(180));
          else return null;
        }
        const text = query.toString();
        return text ? `?${text}` : '';
      };
      // Parameterless routes first: the lists whose keys fill the others' parameters.
      const ordered = [...routes].sort(([a], [b]) => Number(a.includes('{')) - Number(b.includes('{')));
      for (const [route, ops] of ordered) {
        if (!ops.get || skipped(route) || collectionPaths.has(route)) continue;
        const params = ops.get.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path');
        if (pathParams.length > 1) continue;
        const values = pathParams[0]
          ? (pathParams[0].schema?.enum ?? keysUnder(route, pathParams[0].name)).map((value) =>
              route.replace(/\{[^}]+\}/, value),
            )
          : [route];
        const required = requiredQuery(params);
        if (required === null) continue;
        for (const url of values) {
          // Kept under the path alone: the mock answers it whatever range is asked.
          const body = await get(`${url}${required}`);
          if (body === undefined) continue;
          answers[url] = body;
          const same = JSON.stringify(body);
          for (const query of params.filter((p) => p.in === 'query' && p.schema?.enum)) {
            for (const value of query.schema?.enum ?? []) {
              const variant = await get(`${url}${required ? `${required}&` : '?'}${query.name}=${value}`);
              // A variant equal to the default answer is served by it (the mock falls back to it).
              if (variant !== undefined && JSON.stringify(variant) !== same)
                answers[`${url}?${query.name}=${value}`] = variant;
            }
          }
        }
      }
      return { login: { ...user, accessToken: '' }, collections, answers, takenAt: new Date().toISOString() };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
