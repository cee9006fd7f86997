import { BULK_LIMIT, bulkMessages, libraryCsvColumns, libraryMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// Bulk changes (all or nothing) and CSV exports: the code library's, the resource engine's, and a
// dashboard widget's.
let ctx: TestContext;
let admin: string;
let viewer: string;
let outsider: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  await ctx.createUser({
    email: 'viewer@test.local',
    password: 'viewer-password-1',
    permissions: ['library.view', 'tasks.view'],
  });
  viewer = await ctx.login('viewer@test.local', 'viewer-password-1');
  await ctx.createUser({ email: 'outsider@test.local', password: 'outsider-password-1', permissions: [] });
  outsider = await ctx.login('outsider@test.local', 'outsider-password-1');
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
const GHOST = '00000000-0000-4000-8000-000000000000';

type Code = { id: string; codeComb: string; isActive: boolean; version: number; total: string };
async function add(level: number, fields: Record<string, unknown>): Promise<Code> {
  return createdData(
    await call('POST', `/api/library/l${level}codes/`, { description: `Code ${fields.code}`, ...fields }),
  );
}
const get = async (level: number, id: string): Promise<Code> =>
  (await call('GET', `/api/library/l${level}codes/${id}/`)).json();
const auditOf = async (entity: string, key: string) =>
  (await call('GET', `/api/audit/?entity=${entity}&entityKey=${key}&pageSize=50`)).json().results as {
    action: string;
  }[];

/** An L1 → L3 branch with `items` active L4 items of 10.00 each under it. */
async function branch(code: string, items: number) {
  const l1 = await add(1, { code });
  const l2 = await add(2, { code: '1', parentId: l1.id });
  const l3 = await add(3, { code: '1', parentId: l2.id });
  const l4: Code[] = [];
  for (let i = 1; i <= items; i++)
    l4.push(await add(4, { code: String(i), parentId: l3.id, unitPrice: '10', quantity: '1' }));
  return { l1, l2, l3, l4 };
}

describe('library bulk update', () => {
  it('deactivates several items at once: each audited, the roll-ups follow', async () => {
    const { l1, l3, l4 } = await branch('BU1', 3);
    expect((await get(1, l1.id)).total).toBe('30.00');
    const res = await call('POST', '/api/library/l4codes/bulk-update/', {
      items: l4.slice(0, 2).map((c) => ({ id: c.id, version: c.version })),
      changes: { isActive: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successCode: 'UPDATED', data: { updated: 2 } });
    expect((await get(4, l4[0]?.id ?? '')).isActive).toBe(false);
    expect((await get(4, l4[2]?.id ?? '')).isActive).toBe(true);
    expect((await get(3, l3.id)).total).toBe('10.00');
    expect((await get(1, l1.id)).total).toBe('10.00');
    for (const item of l4.slice(0, 2)) {
      expect((await auditOf('l4code', item.id)).map((e) => e.action)).toEqual(['update', 'create']);
    }
    // Already as asked: nothing written, nothing counted, no audit entry.
    const again = await call('POST', '/api/library/l4codes/bulk-update/', {
      items: l4.map((c) => ({ id: c.id })),
      changes: { isActive: false },
    });
    expect(again.json().data).toEqual({ updated: 1 });
    expect(await auditOf('l4code', l4[0]?.id ?? '')).toHaveLength(2);
  });

  it('one unknown id among good ones changes nothing: 404 naming it', async () => {
    const { l1, l4 } = await branch('BU2', 2);
    const res = await call('POST', '/api/library/l4codes/bulk-update/', {
      items: [...l4.map((c) => ({ id: c.id })), { id: GHOST }],
      changes: { isActive: false },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errorCode: 'NOT_FOUND',
      errorMessage: bulkMessages.missing(1),
      fieldErrors: { [GHOST]: bulkMessages.notFound },
    });
    for (const item of l4) expect((await get(4, item.id)).isActive).toBe(true);
    expect((await get(1, l1.id)).total).toBe('20.00');
    // A code of another level is no code of this list.
    const wrongLevel = await call('POST', '/api/library/l4codes/bulk-update/', {
      items: [{ id: l1.id }],
      changes: { isActive: false },
    });
    expect(wrongLevel.statusCode).toBe(404);
    expect(wrongLevel.json().fieldErrors).toEqual({ [l1.id]: bulkMessages.notFound });
  });

  it('a stale version fails the whole batch with 409, listing every stale record', async () => {
    const { l4 } = await branch('BU3', 3);
    const [a, b, c] = l4 as [Code, Code, Code];
    // Someone else changes a and b after they were read.
    for (const code of [a, b]) {
      const put = await call('PUT', `/api/library/l4codes/${code.id}/`, { id: code.id, notes: 'changed' });
      expect(put.statusCode).toBe(200);
    }
    const res = await call('POST', '/api/library/l4codes/bulk-update/', {
      items: [a, b, c].map((code) => ({ id: code.id, version: code.version })),
      changes: { isActive: false },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'STALE_RECORD',
      errorMessage: bulkMessages.stale(2),
      fieldErrors: { [a.id]: bulkMessages.nowVersion(2), [b.id]: bulkMessages.nowVersion(2) },
    });
    expect(Object.keys(res.json().fieldErrors)).toHaveLength(2);
    expect((await get(4, c.id)).isActive).toBe(true);
  });

  it('a change refused for one record rolls back the others, naming the record', async () => {
    const first = await branch('BU4', 1);
    const second = await branch('BU5', 1);
    const l3s = [first.l3, second.l3];
    // BU4-1-1 moved under BU5-1: its full code becomes BU5-1-1, which BU5-1-1 already is.
    const res = await call('POST', '/api/library/l3codes/bulk-update/', {
      items: l3s.map((c) => ({ id: c.id })),
      changes: { parentId: second.l2.id },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(`BU4-1-1: ${libraryMessages.codeTaken('BU5-1-1')}`);
    expect(res.json().fieldErrors).toMatchObject({ [first.l3.id]: libraryMessages.codeTaken('BU5-1-1') });
    expect((await get(3, first.l3.id)).codeComb).toBe('BU4-1-1');
    expect((await get(1, first.l1.id)).total).toBe('10.00');
  });

  it('checks the body: no change, no record, too many records, a bad id', async () => {
    const { l4 } = await branch('BU6', 1);
    const item = { id: l4[0]?.id };
    const cases: [object, string, string][] = [
      [{ items: [item], changes: {} }, 'changes', bulkMessages.noChange],
      [{ items: [], changes: { isActive: false } }, 'items', bulkMessages.atLeastOne],
      [
        {
          items: Array.from({ length: BULK_LIMIT + 1 }, () => item),
          changes: { isActive: false },
        },
        'items',
        bulkMessages.tooMany,
      ],
      [{ items: [{ id: 'nope' }], changes: { isActive: false } }, 'items.0.id', 'Not a valid id.'],
      [
        { items: [{ ...item, version: 0 }], changes: { isActive: false } },
        'items.0.version',
        'The version starts at 1.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/library/l4codes/bulk-update/', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
  });

  it('needs library.manage', async () => {
    const { l4 } = await branch('BU7', 1);
    const body = { items: [{ id: l4[0]?.id }], changes: { isActive: false } };
    const asViewer = await call('POST', '/api/library/l4codes/bulk-update/', body, { token: viewer });
    expect(asViewer.statusCode).toBe(403);
    const deleting = await call('POST', '/api/library/l4codes/bulk-delete/', body, { token: viewer });
    expect(deleting.statusCode).toBe(403);
    expect((await get(4, l4[0]?.id ?? '')).isActive).toBe(true);
  });
});

describe('library bulk delete', () => {
  it('deletes several codes in one transaction, each audited; totals follow', async () => {
    const { l1, l4 } = await branch('BD1', 3);
    const res = await call('POST', '/api/library/l4codes/bulk-delete/', {
      items: l4.slice(0, 2).map((c) => ({ id: c.id, version: c.version })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successCode: 'DELETED', data: { deleted: 2 } });
    expect((await call('GET', `/api/library/l4codes/${l4[0]?.id}/`)).statusCode).toBe(404);
    expect((await get(1, l1.id)).total).toBe('10.00');
    expect((await auditOf('l4code', l4[0]?.id ?? '')).map((e) => e.action)).toEqual(['delete', 'create']);
  });

  it('codes with codes below refuse the batch (409 naming them with their counts), until cascade', async () => {
    const first = await branch('BD2', 2);
    const second = await branch('BD3', 1);
    const bare = await add(1, { code: 'BD4' });
    const items = [first.l1, second.l1, bare].map((c) => ({ id: c.id }));
    const refused = await call('POST', '/api/library/l1codes/bulk-delete/', { items });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errorCode: 'HAS_CHILDREN',
      errorMessage: libraryMessages.manyHaveChildren(['BD2', 'BD3']),
      fieldErrors: { [first.l1.id]: '4', [second.l1.id]: '3' },
    });
    // Nothing went, not even the code without children.
    expect((await get(1, bare.id)).codeComb).toBe('BD4');

    const cascade = await call('POST', '/api/library/l1codes/bulk-delete/', { items, cascade: true });
    expect(cascade.statusCode).toBe(200);
    expect(cascade.json().data).toEqual({ deleted: 4 + 1 + 3 + 1 + 1 });
    expect((await call('GET', `/api/library/l4codes/${first.l4[0]?.id}/`)).statusCode).toBe(404);
    expect((await auditOf('l1code', first.l1.id)).map((e) => e.action)).toEqual(['delete-cascade', 'create']);
    const rollup = (await call('GET', '/api/library/rollup/')).json();
    expect(rollup.codes.map((c: { codeComb: string }) => c.codeComb)).not.toContain('BD2');
  });

  it('an unknown id or a stale version among good ones deletes nothing', async () => {
    const { l4 } = await branch('BD5', 2);
    const unknown = await call('POST', '/api/library/l4codes/bulk-delete/', {
      items: [{ id: l4[0]?.id }, { id: GHOST }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors).toEqual({ [GHOST]: bulkMessages.notFound });
    const [a, b] = l4 as [Code, Code];
    await call('PUT', `/api/library/l4codes/${b.id}/`, { id: b.id, notes: 'touched' });
    const stale = await call('POST', '/api/library/l4codes/bulk-delete/', {
      items: [a, b].map((code) => ({ id: code.id, version: code.version })),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'STALE_RECORD',
      fieldErrors: { [b.id]: bulkMessages.nowVersion(2) },
    });
    for (const code of [a, b])
      expect((await call('GET', `/api/library/l4codes/${code.id}/`)).statusCode).toBe(200);
  });
});

describe('library exports', () => {
  const header = `${libraryCsvColumns.join(',')}\r\n`;

  it('a level list with its filters, as the import format', async () => {
    const { l3, l4 } = await branch('EX1', 3);
    await call('PUT', `/api/library/l4codes/${l4[2]?.id}/`, { id: l4[2]?.id, isActive: false });
    const res = await call('GET', `/api/library/export/?level=4&parent=${l3.id}&isActive=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="l4-codes.csv"');
    expect(res.body).toBe(
      `${header}4,EX1-1-1-1,EX1-1-1,1,Code 1,true,,10.00,1.000,false,,\r\n4,EX1-1-1-2,EX1-1-1,2,Code 2,true,,10.00,1.000,false,,\r\n`,
    );
    const searched = await call('GET', '/api/library/export/?level=1&search=EX1');
    expect(searched.body).toBe(`${header}1,EX1,,EX1,Code EX1,true,,,,,,expense\r\n`);
    const both = await call('GET', `/api/library/export/?level=4&root=${l3.id}`);
    expect(both.statusCode).toBe(400);
    expect((await call('GET', '/api/library/export/?level=5')).statusCode).toBe(400);
  });

  it('a selection, with formula-like text neutralised and the file importable again', async () => {
    const { l3 } = await branch('EX2', 0);
    const risky = await add(4, { code: '1', parentId: l3.id, description: '=HYPERLINK("http://x","y")' });
    const plain = await add(4, { code: '2', parentId: l3.id, description: 'Bricks, "red"', notes: '@note' });
    const res = await call('POST', '/api/library/export/', { ids: [plain.id, risky.id] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="codes-selected.csv"');
    expect(res.body).toBe(
      `${header}4,EX2-1-1-1,EX2-1-1,1,"'=HYPERLINK(""http://x"",""y"")",true,,0.00,0.000,false,,\r\n` +
        `4,EX2-1-1-2,EX2-1-1,2,"Bricks, ""red""",true,,0.00,0.000,false,'@note,\r\n`,
    );
    // The import reads the neutralised cells back as they were.
    const imported = await call('POST', '/api/library/import/', res.body, {
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.body).toContain('"type":"done","rows":2,"inserted":0,"updated":2');
    expect((await get(4, risky.id)).codeComb).toBe('EX2-1-1-1');
    const again = (await call('GET', `/api/library/l4codes/${risky.id}/`)).json();
    expect(again).toMatchObject({ description: '=HYPERLINK("http://x","y")' });
    expect((await get(4, plain.id)) as unknown).toMatchObject({ notes: '@note' });

    const unknown = await call('POST', '/api/library/export/', { ids: [risky.id, GHOST] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors).toEqual({ [GHOST]: bulkMessages.notFound });
    const tooMany = await call('POST', '/api/library/export/', {
      ids: Array.from({ length: BULK_LIMIT + 1 }, () => risky.id),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.ids).toBe(bulkMessages.tooMany);
  });

  it('needs library.view', async () => {
    const { l4 } = await branch('EX3', 1);
    expect((await call('GET', '/api/library/export/?level=4', undefined, { token: viewer })).statusCode).toBe(
      200,
    );
    expect(
      (await call('GET', '/api/library/export/?level=4', undefined, { token: outsider })).statusCode,
    ).toBe(403);
    const posted = await call('POST', '/api/library/export/', { ids: [l4[0]?.id] }, { token: outsider });
    expect(posted.statusCode).toBe(403);
  });
});

describe('the resource engine’s bulk endpoints (tasks)', () => {
  type Task = { _id: string; status: string; version: number };
  const addTask = async (task: string): Promise<Task> =>
    createdData(await call('POST', '/api/apps/task', { task }));

  it('bulk-update sets a field on every record, each audited; bulk-delete takes the same items', async () => {
    const tasks = [await addTask('Bulk one'), await addTask('Bulk two')];
    const res = await call('POST', '/api/apps/task/bulk-update', {
      items: tasks.map((t) => ({ id: t._id, version: t.version })),
      changes: { status: 'Pending' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    for (const task of tasks) {
      expect((await call('GET', `/api/apps/task/${task._id}`)).json()).toMatchObject({
        status: 'Pending',
        version: 2,
      });
      expect((await auditOf('task', task._id)).map((e) => e.action)).toEqual(['update', 'create']);
    }
    const gone = await call('POST', '/api/apps/task/bulk-delete', {
      items: tasks.map((t) => ({ id: t._id, version: 2 })),
    });
    expect(gone.json().data).toEqual({ deleted: 2 });
    expect((await call('GET', `/api/apps/task/${tasks[0]?._id}`)).statusCode).toBe(404);
  });

  it('all or nothing: a stale version, an unknown id or a bad value changes no record', async () => {
    const [a, b] = [await addTask('Kept one'), await addTask('Kept two')];
    await call('PATCH', `/api/apps/task/${b._id}`, { status: 'Completed' });
    const stale = await call('POST', '/api/apps/task/bulk-update', {
      items: [a, b].map((t) => ({ id: t._id, version: t.version })),
      changes: { status: 'Pending' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'STALE_RECORD',
      fieldErrors: { [b._id]: bulkMessages.nowVersion(2) },
    });
    const unknown = await call('POST', '/api/apps/task/bulk-delete', {
      items: [{ id: a._id }, { id: GHOST }],
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors).toEqual({ [GHOST]: bulkMessages.notFound });
    const bad = await call('POST', '/api/apps/task/bulk-update', {
      items: [{ id: a._id }],
      changes: { status: 'Someday' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', `/api/apps/task/${a._id}`)).json()).toMatchObject({
      status: 'New',
      version: 1,
    });
    expect((await call('GET', `/api/apps/task/${b._id}`)).json()).toMatchObject({ status: 'Completed' });
    const tooMany = await call('POST', '/api/apps/task/bulk-delete', {
      items: Array.from({ length: BULK_LIMIT + 1 }, () => ({ id: a._id })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fieldErrors.items).toBe(bulkMessages.tooMany);
    const asViewer = await call(
      'POST',
      '/api/apps/task/bulk-update',
      { items: [{ id: a._id }], changes: { status: 'Pending' } },
      { token: viewer },
    );
    expect(asViewer.statusCode).toBe(403);
  });

  it('a record refused by its area’s rule rolls back the batch, named', async () => {
    const company = createdData<{ _id: string }>(
      await call('POST', '/api/apps/company', { name: 'Bulk Masonry' }),
    );
    const free = createdData<{ _id: string }>(await call('POST', '/api/apps/company', { name: 'Bulk Free' }));
    await call('POST', '/api/apps/contact', { name: 'Ann Bulk', companyId: company._id });
    const res = await call('POST', '/api/apps/company/bulk-delete', {
      items: [{ id: free._id }, { id: company._id }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toMatch(new RegExp(`^Company ${company._id}: `));
    expect(Object.keys(res.json().fieldErrors)).toContain(company._id);
    expect((await call('GET', `/api/apps/company/${free._id}`)).statusCode).toBe(200);
  });
});

describe('dashboard widget CSV', () => {
  it('answers the figures of the widget for its period, with the widget’s permission', async () => {
    const { l3 } = await branch('DW1', 0);
    await add(4, {
      code: '1',
      parentId: l3.id,
      description: '+Roof, tiles',
      unitPrice: '9000',
      quantity: '1',
    });
    const res = await call('GET', '/api/dashboard/home/largestItems/export?period=all&tz=Europe/Paris');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="home-largestItems-all.csv"');
    const widget = (await call('GET', '/api/dashboard/home/largestItems?period=all&tz=Europe/Paris')).json()
      .widget as { columns: { key: string }[] };
    const [head, ...lines] = res.body.split('\r\n');
    expect(head).toBe(widget.columns.map((c) => c.key).join(','));
    expect(lines.some((line) => line.includes(`"'+Roof, tiles"`))).toBe(true);
    expect(lines.some((line) => line.includes('9000'))).toBe(true);

    const kpi = await call('GET', '/api/dashboard/home/budgetExpenses/export?period=all');
    expect(kpi.body.split('\r\n')[0]).toBe('figure,value,previous,change');

    expect(
      (await call('GET', '/api/dashboard/home/largestItems/export', undefined, { token: outsider }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/dashboard/home/nothing/export')).statusCode).toBe(404);
    expect((await call('GET', '/api/dashboard/home/largestItems/export?period=someday')).statusCode).toBe(
      400,
    );
  });
});
