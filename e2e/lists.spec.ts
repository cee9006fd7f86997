import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, sessionToken, signInAsAdmin, test } from './fixtures';

// Every list drawn from a resource definition of the web app and each of its sortable columns: the
// API orders the rows by the column's values; on screen, a header click puts the ordering in the
// URL, the header says its direction, and the rows are the API's for that ordering. The definitions are read
// from the sources, so a new list is walked as soon as it is defined.

const features = path.resolve(import.meta.dirname, '../apps/web/src/features');

type Column = { id: string; label: string; sortable: boolean; hidden: boolean; badge: boolean };
type ListDefinition = {
  file: string;
  api: string;
  route: string;
  /** The list page's heading. */
  title: string;
  /** The record's field that keyOf answers (`_id` or `id`): the rows' data-key. */
  key: string;
  columns: Column[];
  /** Fields whose values are one of a set (a status, a priority): ordered by meaning, not alphabet. */
  enums: Set<string>;
};

/** Lists whose page is not a table (no header to click); their ordering is tested by the API suite. */
const notTables: Record<string, string> = {
  '/team': 'members as cards',
  '/apps/todo': 'todos in a section per project',
  '/gallery/images': 'pictures in a grid',
  '/pricing': 'plans as cards and questions as an accordion',
  '/releases': 'release groups as a timeline',
};

/** Lists shown as cards first, whose table is one switch away: the walk opens the table. */
const tableViews: Record<string, string> = { '/blog/posts': 'view=list&' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of the bracketed block opening at `start` (`[` or `{`), and its top-level `{...}` items. */
function block(text: string, start: number): { body: string; items: string[] } {
  const items: string[] = [];
  let depth = 0;
  let itemStart = -1;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{' || c === '(') {
      depth++;
      if (c === '{' && depth === 2) itemStart = i;
    } else if (c === ']' || c === '}' || c === ')') {
      depth--;
      if (c === '}' && depth === 1 && itemStart >= 0) {
        items.push(text.slice(itemStart, i + 1));
        itemStart = -1;
      }
      if (depth === 0) return { body: text.slice(start, i + 1), items };
    }
  }
  throw new Error('unbalanced block');
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The pages the areas register (`export const tasksPage = { path: '/apps/tasks', … }`), by name. */
function pagePaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const file of filesUnder(features).filter((name) => path.basename(name) === 'area.ts')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/export const (\w+) = \{\s*path: '([^']+)'/g))
      paths.set(match[1] ?? '', match[2] ?? '');
  }
  return paths;
}

/** Every `ResourceDefinition` object in the features' sources. */
function listDefinitions(): ListDefinition[] {
  const found: ListDefinition[] = [];
  for (const file of filesUnder(features)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/: ResourceDefinition<[^\n]*> = \{\n/g)) {
      const { body } = block(text, (match.index ?? 0) + match[0].length - 2);
      const field = (name: string) => body.match(new RegExp(`\\n  ${name}: '([^']+)'`))?.[1];
      const [ns, api] = [field('ns'), field('api')];
      // The route is the area registration's page (`route: tasksPage.path`, features/*/area.ts).
      const route = field('route') ?? pagePaths().get(body.match(/\n {2}route: (\w+)\.path,/)?.[1] ?? '');
      const key = body.match(/\n {2}keyOf: \(\w+\) => \w+\.(\w+)/)?.[1];
      const columnsAt = body.indexOf('\n  columns: [');
      if (!ns || !api || !route || !key || columnsAt < 0) {
        throw new Error(`${file}: a definition without ns, api, route, keyOf or columns`);
      }
      const catalogue = readJson(path.join(features, ns, 'locales/en.json'));
      const labels = catalogue.fields as Record<string, string>;
      const columns = block(body, body.indexOf('[', columnsAt)).items.map((item) => {
        const id = item.match(/id: '(\w+)'/)?.[1] ?? '';
        return {
          id,
          label: labels[id] ?? id,
          sortable: /\bsortable: true\b/.test(item),
          hidden: /\bhidden: true\b/.test(item),
          badge: /\bstatusBadge\(/.test(item),
        };
      });
      // Shown as a badge, or picked from options in the form or a filter.
      const enums = new Set(columns.filter((column) => column.badge).map((column) => column.id));
      for (const list of ['filters', 'fields']) {
        const at = body.indexOf(`\n  ${list}: [`);
        if (at < 0) continue;
        for (const item of block(body, body.indexOf('[', at)).items) {
          const name = item.match(/name: '(\w+)'/)?.[1];
          if (name && /\boptions: /.test(item)) enums.add(name);
        }
      }
      found.push({
        file: path.relative(features, file),
        api,
        route,
        key,
        title: String(catalogue.title),
        columns,
        enums,
      });
    }
  }
  return found;
}

type Rec = Record<string, unknown>;
type Value = string | number | null;

/** What a record shows of a field, as its order compares it: a reference's name, a number, a text or date. */
function shownValue(record: Rec, field: string): Value {
  const value = record[field];
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return String((value as { name?: unknown }).name ?? '');
  if (typeof value === 'number' || typeof value === 'boolean') return Number(value);
  if (/^-?\d+(\.\d+)?$/.test(String(value))) return Number(value);
  return String(value);
}

/**
 * The API's order follows the values: each step ascending (descending), empty values last; text by
 * code point (the C collation). An enum's values are ordered by meaning (its contract's order, checked
 * by the API suite): here, each value in one run, the values both ways show in opposite orders.
 */
function expectOrdered(label: string, ascending: Value[], descending: Value[], isEnum: boolean) {
  const nullsLast = (values: Value[]) =>
    values.slice(values.indexOf(null) >= 0 ? values.indexOf(null) : values.length);
  for (const values of [ascending, descending]) {
    expect(
      nullsLast(values).every((v) => v === null),
      `${label}: empty values last`,
    ).toBe(true);
  }
  if (isEnum) {
    const runs = (values: Value[]) => values.filter((v, i) => v !== null && (i === 0 || v !== values[i - 1]));
    const [up, down] = [runs(ascending), runs(descending)];
    expect(new Set(up).size, `${label}: each value in one run`).toBe(up.length);
    expect(new Set(down).size, `${label}: each value in one run`).toBe(down.length);
    const both = up.filter((v) => down.includes(v));
    expect(
      down.filter((v) => both.includes(v)),
      `${label}: descending is ascending reversed`,
    ).toEqual(both.reverse());
    return;
  }
  const steps = (values: Value[], descending: boolean) =>
    values.flatMap((v, i) => {
      const next = values[i + 1];
      if (i === values.length - 1 || v === null || next === null || next === undefined) return [];
      return (descending ? v >= next : v <= next) ? [] : [`${v} then ${next}`];
    });
  expect(steps(ascending, false), `${label} ascending`).toEqual([]);
  expect(steps(descending, true), `${label} descending`).toEqual([]);
}

const rowKeys = (table: Locator) =>
  table.locator('tbody tr[data-key]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')));

/**
 * The first page (10 rows) of the list in `ordering`, as the API answers the page's query: the
 * records' keys, and the values of `field`.
 */
async function apiPage(page: Page, token: string, def: ListDefinition, ordering: string, field: string) {
  const res = await page.request.get(`/api${def.api}?page=1&pageSize=10&ordering=${ordering}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), `${def.api}?ordering=${ordering}`).toBe(200);
  const { results } = (await res.json()) as { results: Rec[] };
  return { keys: results.map((r) => String(r[def.key])), values: results.map((r) => shownValue(r, field)) };
}

/** Opens `url` in the running app, as a link would (React Router follows the history). */
function visit(page: Page, url: string) {
  return page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

const fast = { intervals: [50, 100, 200] };

const definitions = listDefinitions();
const routes = [...new Set(definitions.map((def) => def.route))];

// One page for the walk, signed in once: each list is opened in the running app as a link would
// open it, since starting the app again for each list would take most of the time. After a failed
// test Playwright starts a new worker, and so a new page.
// Each route's walk is its own; the two workers share them (each signs in once, in beforeAll).
test.describe.configure({ mode: 'parallel' });

let page: Page;
let token = '';
const pageErrors: string[] = [];
test.beforeAll(async ({ browser }) => {
  // Wide, so that the lists show their columns (narrower screens leave out the least important ones).
  page = await browser.newPage({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1920, height: 1080 },
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signInAsAdmin(page);
  token = await sessionToken(page);
});
test.afterEach(() => expect(pageErrors, 'page errors').toEqual([]));
test.afterAll(() => page.close());

test('the lists are read from every definition of the features', () => {
  // Every area on the engine today; fewer means the definitions were not found.
  expect(definitions.length).toBeGreaterThanOrEqual(20);
  expect(routes.length).toBeGreaterThanOrEqual(19);
  for (const route of Object.keys(notTables))
    expect(routes, 'an exception for a list that is gone').toContain(route);
});

for (const route of routes) {
  const title = notTables[route]
    ? `${route}: ${notTables[route]}, not a table (its ordering: ordering.test.ts)`
    : `${route}: each sortable column sorts on the server; a header sorts the rows on screen and in the URL`;
  test(title, async () => {
    await visit(page, `${route}?${tableViews[route] ?? ''}pageSize=10`);
    const defs = definitions.filter((candidate) => candidate.route === route);
    // The list's own page, not the one before it still on screen.
    const titles = defs.map((def) => def.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^(${titles.join('|')})$`));
    if (notTables[route]) {
      await expect(page.getByRole('columnheader'), `${route}: ${notTables[route]}`).toHaveCount(0);
      return;
    }
    const [def, ...more] = defs;
    expect(more, `${route}: one definition per list page`).toEqual([]);
    if (!def) return;
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr[data-key]').first()).toBeVisible();
    const sortable = def.columns.filter((column) => column.sortable);
    expect(sortable.length, `${def.file}: sortable columns`).toBeGreaterThan(0);

    // Every sortable column orders the API's answer by what it shows; in the browser, each shown one
    // offers its sort button, and the first shown and the first hidden are walked through: the
    // header and the URL are the engine's, the same for every column (the API's side of each
    // column: ordering.test.ts), and clicking through all of them would take most of the suite.
    let walkedShown = false;
    let walkedHidden = false;
    for (const column of sortable) {
      const label = `${route} ${column.id}`;
      const [up, down] = await Promise.all([
        apiPage(page, token, def, column.id, column.id),
        apiPage(page, token, def, `-${column.id}`, column.id),
      ]);
      expectOrdered(label, up.values, down.values, def.enums.has(column.id));
      const header = table.getByRole('columnheader', { name: column.label, exact: true });
      if (column.hidden || (await header.count()) === 0) {
        if (walkedHidden) continue;
        walkedHidden = true;
        // Not shown (until the user adds it, or on a narrower screen); the URL still orders the rows by it.
        await visit(page, `${route}?${tableViews[route] ?? ''}pageSize=10&ordering=${column.id}`);
        await expect.poll(() => rowKeys(table), { ...fast, message: label }).toEqual(up.keys);
        await visit(page, `${route}?${tableViews[route] ?? ''}pageSize=10`);
        continue;
      }
      await expect(header.getByRole('button'), `${label}: a sort button`).toHaveCount(1);
      if (walkedShown) continue;
      walkedShown = true;
      for (const [ordering, sort, expected] of [
        [column.id, 'ascending', up.keys],
        [`-${column.id}`, 'descending', down.keys],
      ] as const) {
        await header.getByRole('button').click();
        await expect.poll(() => new URL(page.url()).searchParams.get('ordering'), fast).toBe(ordering);
        await expect(header).toHaveAttribute('aria-sort', sort);
        await expect.poll(() => rowKeys(table), { ...fast, message: `${label} ${sort}` }).toEqual(expected);
      }
    }
    expect(walkedShown, `${route}: a sortable column is shown`).toBe(true);
  });
}
