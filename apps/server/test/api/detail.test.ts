import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredResources } from '../../src/resources/engine';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// What a record's detail page reads: the record by its key (a key that cannot exist is a 404 like
// one that names nothing), its activity (the audit entries of the record, for whoever may view it),
// and the related lists of its tabs (another resource's list filtered to the record).
let ctx: TestContext;
let admin: string;
let crmViewer: string;
beforeAll(async () => {
  // The demo data: records of every area, related to each other.
  ctx = await createTestContext({ SEED_DEMO: 'true' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  const viewer = { email: 'crm-viewer@test.local', password: 'correct-horse-battery' };
  await ctx.createUser({ ...viewer, permissions: ['crm.view'] });
  crmViewer = await ctx.login(viewer.email, viewer.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Rec = Record<string, unknown>;
const keyOf = (record: Rec) => String(record._id ?? record.id);
const first = async (path: string): Promise<Rec> => {
  const res = await call('GET', `${path}?pageSize=1`);
  expect(res.statusCode, path).toBe(200);
  const [record] = res.json().results as Rec[];
  if (!record) throw new Error(`${path}: no demo record`);
  return record;
};

describe('reading a record by its key', () => {
  it('answers 404 for a key no record can have, on every resource of the engine', async () => {
    const resources = registeredResources(ctx.app);
    expect(resources.length).toBeGreaterThanOrEqual(19);
    for (const def of resources) {
      for (const key of ['abc', '123', 'not-a-uuid-at-all', '00000000-0000-0000-0000-00000000000g']) {
        const res = await call('GET', `${def.path}/${key}`);
        expect(res.statusCode, `${def.path}/${key}`).toBe(404);
        expect(res.json().errorCode, def.path).toBe('NOT_FOUND');
      }
      // The same answer as a well-formed key that names nothing.
      const unknown = await call('GET', `${def.path}/7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a`);
      expect(unknown.statusCode, def.path).toBe(404);
      expect(unknown.json().errorCode, def.path).toBe('NOT_FOUND');
    }
  });

  it('still refuses a malformed key on a change (400 with the field)', async () => {
    const res = await call('PATCH', '/api/apps/task/abc', { task: 'Nope' });
    expect(res.statusCode).toBe(400);
  });
});

describe("a record's activity", () => {
  it('lists the entries of that record only, newest first, paged', async () => {
    const task = createdData<Rec>(await call('POST', '/api/apps/task', { task: 'Watched task' }));
    const other = createdData<Rec>(await call('POST', '/api/apps/task', { task: 'Another task' }));
    const key = keyOf(task);
    for (const status of ['Pending', 'Inprogress']) {
      expect((await call('PATCH', `/api/apps/task/${key}`, { status })).statusCode).toBe(200);
    }
    const res = await call('GET', `/api/apps/task/${key}/activity`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBe(3);
    expect(page.results.map((entry: Rec) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(page.results.every((entry: Rec) => entry.entity === 'task' && entry.entityKey === key)).toBe(true);
    expect(page.results[0].after).toMatchObject({ status: 'Inprogress', version: 3 });
    expect(page.results.some((entry: Rec) => entry.entityKey === keyOf(other))).toBe(false);

    const second = (await call('GET', `/api/apps/task/${key}/activity?page=2&pageSize=2`)).json();
    expect(second.count).toBe(3);
    expect(second.results.map((entry: Rec) => entry.action)).toEqual(['create']);
  });

  it('is for those who may view the record, not only auditors', async () => {
    const company = await first('/api/apps/company');
    const path = `/api/apps/company/${keyOf(company)}/activity`;
    expect((await call('GET', path, undefined, { token: crmViewer })).statusCode).toBe(200);
    // The audit log itself stays the auditors'.
    expect((await call('GET', '/api/audit/', undefined, { token: crmViewer })).statusCode).toBe(403);
    // Another area's records are not theirs to read.
    const task = await first('/api/apps/task');
    const denied = await call('GET', `/api/apps/task/${keyOf(task)}/activity`, undefined, {
      token: crmViewer,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('answers 404 for a record that does not exist, or a key that cannot', async () => {
    expect((await call('GET', '/api/apps/task/abc/activity')).statusCode).toBe(404);
    const gone = createdData<Rec>(await call('POST', '/api/apps/task', { task: 'Soon gone' }));
    expect((await call('DELETE', `/api/apps/task/${keyOf(gone)}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/apps/task/${keyOf(gone)}/activity`)).statusCode).toBe(404);
    expect((await call('GET', '/api/apps/task/abc/activity?pageSize=1000')).statusCode).toBe(400);
  });
});

/** The related tabs of the web's definitions: list, filter, and what names the parent in a row. */
const relations: { parent: string; list: string; filter: string; parentOf: (row: Rec) => unknown }[] = [
  {
    parent: '/api/apps/customer',
    list: '/api/apps/order',
    filter: 'customer',
    parentOf: (order) => (order.customer as Rec | null)?.id,
  },
  {
    parent: '/api/apps/seller',
    list: '/api/apps/product',
    filter: 'seller',
    parentOf: (product) => (product.seller as Rec | null)?.id,
  },
  {
    parent: '/api/apps/product',
    list: '/api/apps/order',
    filter: 'product',
    parentOf: (order) => (order.lines as Rec[]).map((line) => line.productId),
  },
  {
    parent: '/api/apps/company',
    list: '/api/apps/contact',
    filter: 'company',
    parentOf: (contact) => (contact.company as Rec | null)?._id,
  },
  {
    parent: '/api/apps/company',
    list: '/api/apps/deal',
    filter: 'company',
    parentOf: (deal) => (deal.company as Rec | null)?._id,
  },
  {
    parent: '/api/apps/contact',
    list: '/api/apps/deal',
    filter: 'contact',
    parentOf: (deal) => (deal.contact as Rec | null)?._id,
  },
  { parent: '/api/apps/job', list: '/api/apps/application', filter: 'job', parentOf: (a) => a.jobId },
  {
    parent: '/api/apps/candidate',
    list: '/api/apps/application',
    filter: 'candidate',
    parentOf: (a) => a.candidateId,
  },
  {
    parent: '/api/apps/job-company',
    list: '/api/apps/application',
    filter: 'company',
    parentOf: (a) => a.companyId,
  },
  {
    parent: '/api/apps/job-company',
    list: '/api/apps/job',
    filter: 'company',
    parentOf: (job) => job.companyId,
  },
];

describe('the related lists of the detail tabs', () => {
  it.each(relations)('$list?$filter=<key of $parent> lists that record’s rows only', async (relation) => {
    const all = (await call('GET', `${relation.list}?pageSize=100`)).json().results as Rec[];
    // A parent that has related rows in the demo data.
    const parentKey = all.flatMap(relation.parentOf).find(Boolean);
    expect(parentKey, relation.list).toBeTruthy();
    expect((await call('GET', `${relation.parent}/${parentKey}`)).statusCode).toBe(200);
    const res = await call('GET', `${relation.list}?${relation.filter}=${parentKey}&pageSize=5&page=1`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.length).toBe(Math.min(page.count, 5));
    for (const row of page.results as Rec[]) expect([relation.parentOf(row)].flat()).toContain(parentKey);
    // A key of nothing: an empty page, not an error.
    const none = await call(
      'GET',
      `${relation.list}?${relation.filter}=7b0c8a3e-1d2f-4c5b-9a6e-0f1e2d3c4b5a`,
    );
    expect(none.statusCode).toBe(200);
    expect(none.json().count).toBe(0);
  });
});
