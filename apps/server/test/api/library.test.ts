import { libraryCsvColumns, libraryMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let units: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  units = Object.fromEntries(
    (await call('GET', '/api/library/units/'))
      .json()
      .map((u: { name: string; id: string }) => [u.name, u.id]),
  );
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Code = {
  id: string;
  codeComb: string;
  total: string;
  level: number;
  parent: { id: string } | null;
  childCount: number;
};
async function add(level: number, fields: Record<string, unknown>): Promise<Code> {
  return createdData(
    await call('POST', `/api/library/l${level}codes/`, {
      description: `Code ${fields.code}`,
      ...fields,
    }),
  );
}
const get = async (level: number, id: string): Promise<Code> =>
  (await call('GET', `/api/library/l${level}codes/${id}/`)).json();
// Rows written without the last column (kind, of L1 rows only) leave it blank.
const csv = (rows: string[][]) =>
  [
    libraryCsvColumns.join(','),
    ...rows.map((r) => [...r, ...Array(libraryCsvColumns.length - r.length).fill('')].join(',')),
  ].join('\n');
const postCsv = (text: string, dryRun = false) =>
  call('POST', `/api/library/import/${dryRun ? '?dryRun=true' : ''}`, text, {
    headers: { 'content-type': 'text/csv' },
  });

describe('building the library', () => {
  it('an L1 → L4 chain gets full codes, and amounts roll up', async () => {
    const res = await call('POST', '/api/library/l1codes/', { code: '03', description: 'Building works' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'L1Code Added Successfully',
      data: { codeComb: '03', level: 1, parent: null },
    });
    const l1 = res.json().data as Code;
    const l2 = await add(2, { code: '2', parentId: l1.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    const item = await add(4, {
      code: '01',
      parentId: l3.id,
      unitId: units['m³'],
      unitPrice: '125.50',
      quantity: '12.5',
      taxable: true,
    });
    expect(item).toMatchObject({
      codeComb: '03-2-1-01',
      unitPrice: '125.50',
      quantity: '12.500',
      amount: '1568.75',
      total: '1568.75',
    });
    await add(4, { code: '02', parentId: l3.id, unitId: units.kg, unitPrice: 0.1, quantity: '3' });
    expect((await get(3, l3.id)).total).toBe('1569.05');
    expect(await get(1, l1.id)).toMatchObject({ total: '1569.05', childCount: 1 });

    const path = (await call('GET', `/api/library/codes/${item.id}/path/`)).json();
    expect(path.map((p: { codeComb: string }) => p.codeComb)).toEqual(['03', '03-2', '03-2-1', '03-2-1-01']);
  });

  it.each([
    [2, {}, libraryMessages.parentRequired(2)],
    [2, { parentId: '00000000-0000-4000-8000-000000000000' }, libraryMessages.parentMissing],
  ])('refuses an L%s code with a bad parent', async (level, fields, message) => {
    const res = await call('POST', `/api/library/l${level}codes/`, {
      code: 'X',
      description: 'x',
      ...fields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.parentId).toBe(message);
  });

  it('refuses a parent of the wrong level, a parent for an L1, and item fields above L4', async () => {
    const l1 = await add(1, { code: 'W1' });
    const wrong = await call('POST', '/api/library/l3codes/', {
      code: 'X',
      description: 'x',
      parentId: l1.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMessage).toBe(libraryMessages.parentWrongLevel(3));
    const l1WithParent = await call('POST', '/api/library/l1codes/', {
      code: 'X',
      description: 'x',
      parentId: l1.id,
    });
    expect(l1WithParent.json().errorMessage).toBe(libraryMessages.parentNotAllowed);
    const priced = await call('POST', '/api/library/l2codes/', {
      code: 'X',
      description: 'x',
      parentId: l1.id,
      unitPrice: '5',
    });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().errorMessage).toBe(libraryMessages.itemFieldsOnL4);
  });

  it('checks segments, descriptions, units and numbers with clear messages', async () => {
    const l1 = await add(1, { code: 'V1' });
    const l2 = await add(2, { code: 'A', parentId: l1.id });
    const l3 = await add(3, { code: 'A', parentId: l2.id });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'a-b' }, 'code', 'Use letters, digits and dots only.'],
      [{ code: 'x'.repeat(21) }, 'code', 'The code must be at most 20 characters.'],
      [{ code: 'OK', description: '  ' }, 'description', 'Please enter a description.'],
      [
        { code: 'OK', unitPrice: '-3' },
        'unitPrice',
        'The unit price must be a number ≥ 0 with at most 2 decimals.',
      ],
      [
        { code: 'OK', quantity: '1.2345' },
        'quantity',
        'The quantity must be a number ≥ 0 with at most 3 decimals.',
      ],
      [{ code: 'OK', unitId: '00000000-0000-4000-8000-000000000000' }, 'unitId', libraryMessages.unitMissing],
    ];
    for (const [fields, field, message] of cases) {
      const res = await call('POST', '/api/library/l4codes/', {
        description: 'x',
        parentId: l3.id,
        ...fields,
      });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().fieldErrors[field]).toBe(message);
    }
  });

  it('a segment is unique under its parent only', async () => {
    const l1 = await add(1, { code: 'U1' });
    const a = await add(2, { code: 'A', parentId: l1.id });
    const b = await add(2, { code: 'B', parentId: l1.id });
    await add(3, { code: '7', parentId: a.id });
    await add(3, { code: '7', parentId: b.id });
    const dup = await call('POST', '/api/library/l3codes/', {
      code: '7',
      description: 'again',
      parentId: a.id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fieldErrors.code).toBe(libraryMessages.codeTaken('U1-A-7'));
    expect(
      (await call('POST', '/api/library/l1codes/', { code: 'U1', description: 'again' })).statusCode,
    ).toBe(409);
  });
});

describe('changing the library', () => {
  it('renaming a segment rewrites the full code of every code below', async () => {
    const l1 = await add(1, { code: 'R1' });
    const l2 = await add(2, { code: '5', parentId: l1.id });
    const l3 = await add(3, { code: '5', parentId: l2.id });
    const l4 = await add(4, { code: '5', parentId: l3.id });
    const res = await call('PUT', `/api/library/l1codes/${l1.id}/`, {
      id: l1.id,
      code: 'R9',
      description: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successMessage: 'Updated Successfully', data: { codeComb: 'R9' } });
    expect((await get(3, l3.id)).codeComb).toBe('R9-5-5');
    expect((await get(4, l4.id)).codeComb).toBe('R9-5-5-5');
  });

  it('moving a code to another parent rewrites its subtree, and the roll-ups follow', async () => {
    const from = await add(1, { code: 'M1' });
    const to = await add(1, { code: 'M2' });
    const l2 = await add(2, { code: '1', parentId: from.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    const l4 = await add(4, { code: '1', parentId: l3.id, unitPrice: '10', quantity: '2' });
    expect((await get(1, from.id)).total).toBe('20.00');
    const res = await call('PUT', `/api/library/l2codes/${l2.id}/`, {
      id: l2.id,
      code: '1',
      description: 'moved',
      parentId: to.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(4, l4.id)).codeComb).toBe('M2-1-1-1');
    expect((await get(1, from.id)).total).toBe('0.00');
    expect((await get(1, to.id)).total).toBe('20.00');
    const history = (await call('GET', `/api/audit/?entity=l2code&entityKey=${l2.id}`)).json().results;
    expect(history[0]).toMatchObject({ action: 'move', after: { descendantsRewritten: 2 } });
    // The target parent may not already hold the segment.
    await add(2, { code: '2', parentId: to.id });
    const clash = await call('PUT', `/api/library/l2codes/${l2.id}/`, {
      id: l2.id,
      code: '2',
      description: 'clash',
      parentId: to.id,
    });
    expect(clash.statusCode).toBe(409);
    expect((await get(4, l4.id)).codeComb).toBe('M2-1-1-1');
  });

  it('refuses an id mismatch, and a code of another level at a level’s path', async () => {
    const l1 = await add(1, { code: 'I1' });
    const mismatch = await call('PUT', `/api/library/l1codes/${l1.id}/`, {
      id: '00000000-0000-4000-8000-000000000000',
      code: 'I1',
      description: 'x',
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await call('GET', `/api/library/l2codes/${l1.id}/`)).statusCode).toBe(404);
  });

  it('deleting a code with codes below is refused with the count, unless cascade is asked for', async () => {
    const l1 = await add(1, { code: 'D1' });
    const l2 = await add(2, { code: '1', parentId: l1.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    await add(4, { code: '1', parentId: l3.id });
    await add(4, { code: '2', parentId: l3.id });
    const refused = await call('DELETE', `/api/library/l1codes/${l1.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'HAS_CHILDREN',
      errorMessage: libraryMessages.hasChildren(1, 4),
      fieldErrors: { descendants: '4' },
    });
    expect((await get(1, l1.id)).codeComb).toBe('D1');
    const cascade = await call('DELETE', `/api/library/l1codes/${l1.id}/?cascade=true`);
    expect(cascade.statusCode).toBe(200);
    expect(cascade.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { deleted: 5 } });
    expect((await call('GET', `/api/library/l3codes/${l3.id}/`)).statusCode).toBe(404);
  });

  it('a deactivated code stays readable with its children, and can be filtered out', async () => {
    const l1 = await add(1, { code: 'H1' });
    const l2 = await add(2, { code: '1', parentId: l1.id });
    await call('PUT', `/api/library/l1codes/${l1.id}/`, {
      id: l1.id,
      code: 'H1',
      description: 'hidden',
      isActive: false,
    });
    expect((await get(2, l2.id)).codeComb).toBe('H1-1');
    const active = (await call('GET', '/api/library/l1codes/?isActive=true&pageSize=500'))
      .json()
      .results.map((c: Code) => c.codeComb);
    expect(active).not.toContain('H1');
    const inactive = (await call('GET', '/api/library/l1codes/?isActive=false'))
      .json()
      .results.map((c: Code) => c.codeComb);
    expect(inactive).toEqual(['H1']);
  });
});

describe('reading the library', () => {
  it('lists a level with search, parent filter, ordering and paging', async () => {
    const l1 = await add(1, { code: 'S1', description: 'Search root' });
    const l2 = await add(2, { code: '1', parentId: l1.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    for (const [code, description] of [
      ['01', 'Concrete slab'],
      ['02', 'Concrete wall'],
      ['03', 'Steel beam'],
    ]) {
      await add(4, { code, description, parentId: l3.id });
    }
    const found = (await call('GET', '/api/library/l4codes/?search=CONCRETE&ordering=-codeComb')).json();
    expect(found.results.map((c: Code) => c.codeComb)).toEqual(['S1-1-1-02', 'S1-1-1-01']);
    const children = (await call('GET', `/api/library/l4codes/?parent=${l3.id}&pageSize=2&page=2`)).json();
    expect(children).toMatchObject({ count: 3, page: 2 });
    expect(children.results.map((c: Code) => c.codeComb)).toEqual(['S1-1-1-03']);
    expect((await call('GET', '/api/library/l4codes/?search=S1-1-1-03')).json().count).toBe(1);
    expect((await call('GET', '/api/library/l4codes/?ordering=price')).statusCode).toBe(400);

    const hits = (await call('GET', '/api/library/search/?q=steel')).json();
    expect(hits).toEqual([
      expect.objectContaining({
        code: expect.objectContaining({ codeComb: 'S1-1-1-03' }),
        path: [
          expect.objectContaining({ codeComb: 'S1' }),
          expect.objectContaining({ codeComb: 'S1-1' }),
          expect.objectContaining({ codeComb: 'S1-1-1' }),
        ],
      }),
    ]);
  });

  it('rolls up the whole library: income and expenses apart (L1 codes by kind), and the balance', async () => {
    const res = await call('GET', '/api/library/rollup/');
    expect(res.statusCode).toBe(200);
    const { income, expenses, balance, codes } = res.json();
    expect(res.json()).not.toHaveProperty('total');
    const cents = (value: string) => Math.round(Number(value) * 100);
    const l1Sum = (kind: string) =>
      codes
        .filter((c: Code & { kind: string }) => c.level === 1 && c.kind === kind)
        .reduce((sum: number, c: Code) => sum + cents(c.total), 0);
    // Every amount in this file is whole cents: the sums of the rounded L1 totals are exact.
    expect([cents(income), cents(expenses)]).toEqual([l1Sum('income'), l1Sum('expense')]);
    expect(cents(balance)).toBe(cents(income) - cents(expenses));
  });
});

describe('PUT keeps what it leaves out', () => {
  it('an L4 item updated with its description only keeps its parent, unit, numbers and flags', async () => {
    const l1 = await add(1, { code: 'K1' });
    const l2 = await add(2, { code: '1', parentId: l1.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    const item = await add(4, {
      code: '07',
      parentId: l3.id,
      unitId: units['m³'],
      unitPrice: '10.50',
      quantity: '2',
      taxable: true,
      isActive: false,
      notes: 'kept',
    });
    const res = await call('PUT', `/api/library/l4codes/${item.id}/`, {
      id: item.id,
      description: 'Renamed',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      codeComb: 'K1-1-1-07',
      description: 'Renamed',
      parent: { id: l3.id },
      unit: { id: units['m³'] },
      unitPrice: '10.50',
      quantity: '2.000',
      taxable: true,
      isActive: false,
      notes: 'kept',
    });
    // null still clears the unit.
    const cleared = await call('PUT', `/api/library/l4codes/${item.id}/`, { id: item.id, unitId: null });
    expect(cleared.json().data).toMatchObject({ unit: null, description: 'Renamed', unitPrice: '10.50' });
  });

  it('a unit renamed without its description keeps it', async () => {
    const unit = (
      await call('POST', '/api/library/units/', { name: 'sack', description: 'sack of 25 kg' })
    ).json().data;
    const res = await call('PUT', `/api/library/units/${unit.id}/`, { id: unit.id, name: 'sacks' });
    expect(res.json().data).toMatchObject({ name: 'sacks', description: 'sack of 25 kg' });
  });
});

describe('income and expense', () => {
  it('an L1 is an expense unless told; PUT without it keeps it; below L1 there is none to set', async () => {
    const expense = (await call('POST', '/api/library/l1codes/', { code: 'KE', description: 'Costs' })).json()
      .data;
    expect(expense).toMatchObject({ level: 1, kind: 'expense' });
    const income = await add(1, { code: 'KI', kind: 'income' });
    expect(income).toMatchObject({ kind: 'income' });
    const renamed = await call('PUT', `/api/library/l1codes/${income.id}/`, {
      id: income.id,
      description: 'Grants',
    });
    expect(renamed.json().data).toMatchObject({ description: 'Grants', kind: 'income' });
    const flipped = await call('PUT', `/api/library/l1codes/${income.id}/`, {
      id: income.id,
      kind: 'expense',
    });
    expect(flipped.json().data.kind).toBe('expense');
    const l2 = await add(2, { code: '1', parentId: income.id });
    expect(l2).toMatchObject({ kind: null });
    for (const refused of [
      await call('POST', '/api/library/l2codes/', {
        code: '2',
        description: 'x',
        parentId: income.id,
        kind: 'income',
      }),
      await call('PUT', `/api/library/l2codes/${l2.id}/`, { id: l2.id, kind: 'income' }),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.kind).toBe(libraryMessages.kindOnL1);
    }
    const bad = await call('POST', '/api/library/l1codes/', { code: 'KB', description: 'x', kind: 'asset' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.kind).toBe('The kind must be income or expense.');
  });

  it('the CSV carries the kind of L1 rows; a file without the column keeps what is stored', async () => {
    const written = await postCsv(
      csv([
        ['1', 'KV', '', 'KV', 'Revenue', 'true', '', '', '', '', '', 'income'],
        ['2', 'KV-1', 'KV', '1', 'Fees', 'true', '', '', '', '', '', ''],
        ['1', 'KW', '', 'KW', 'Works', 'true', '', '', '', '', '', ''],
      ]),
    );
    expect(written.statusCode).toBe(200);
    const [revenue] = (await call('GET', '/api/library/l1codes/?search=KV')).json().results;
    const [works] = (await call('GET', '/api/library/l1codes/?search=KW')).json().results;
    expect([revenue.kind, works.kind]).toEqual(['income', 'expense']);
    const exported = await call('GET', `/api/library/export/?root=${revenue.id}`);
    expect(exported.body.split('\r\n').slice(1, 3)).toEqual([
      '1,KV,,KV,Revenue,true,,,,,,income',
      '2,KV-1,KV,1,Fees,true,,,,,,',
    ]);
    // A file of the format before the column: the stored kind stays.
    const header = libraryCsvColumns.filter((column) => column !== 'kind').join(',');
    const older = await postCsv(`${header}\n1,KV,,KV,Revenue renamed,true,,,,,`);
    expect(older.statusCode).toBe(200);
    expect((await get(1, revenue.id)) as unknown).toMatchObject({
      description: 'Revenue renamed',
      kind: 'income',
    });
    const refused = (
      await postCsv(
        csv([
          ['1', 'KX', '', 'KX', 'Bad kind', 'true', '', '', '', '', '', 'asset'],
          ['2', 'KV-2', 'KV', '2', 'Kind below L1', 'true', '', '', '', '', '', 'income'],
        ]),
        true,
      )
    ).json();
    expect(refused.errors).toEqual([
      { row: 2, field: 'kind', message: 'Use income or expense.' },
      { row: 3, field: 'kind', message: libraryMessages.kindOnL1 },
    ]);
  });
});

describe('units', () => {
  it('are kept by library.manage; a used unit cannot be deleted', async () => {
    const res = await call('POST', '/api/library/units/', { name: 'roll', description: 'roll of membrane' });
    expect(res.statusCode).toBe(201);
    const unit = res.json().data;
    expect((await call('POST', '/api/library/units/', { name: 'ROLL' })).statusCode).toBe(409);
    const renamed = await call('PUT', `/api/library/units/${unit.id}/`, {
      id: unit.id,
      name: 'rolls',
      description: '',
    });
    expect(renamed.json().data.name).toBe('rolls');
    const l1 = await add(1, { code: 'N1' });
    const l2 = await add(2, { code: '1', parentId: l1.id });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    await add(4, { code: '1', parentId: l3.id, unitId: unit.id });
    const listed = (await call('GET', '/api/library/units/')).json();
    expect(listed.find((u: { id: string }) => u.id === unit.id).usage).toBe(1);
    const inUse = await call('DELETE', `/api/library/units/${unit.id}/`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errorMessage).toBe(libraryMessages.unitInUse(1));
    const unused = (await call('POST', '/api/library/units/', { name: 'drum' })).json().data;
    expect((await call('DELETE', `/api/library/units/${unused.id}/`)).statusCode).toBe(200);
  });
});

describe('export and import', () => {
  it('export of a subtree → import round-trips exactly', async () => {
    const l1 = await add(1, { code: 'X1', description: 'Export, with "quotes", commas' });
    const l2 = await add(2, { code: '1', parentId: l1.id, notes: 'line one\nline two' });
    const l3 = await add(3, { code: '1', parentId: l2.id });
    await add(4, {
      code: '01',
      parentId: l3.id,
      unitId: units.h,
      unitPrice: '45.00',
      quantity: '120',
      taxable: true,
      description: 'Labour',
    });
    const exported = await call('GET', `/api/library/export/?root=${l1.id}`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe(libraryCsvColumns.join(','));
    expect(exported.body).toContain('4,X1-1-1-01,X1-1-1,01,Labour,true,h,45.00,120.000,true,');

    // Delete the subtree, import the file back: the same export comes out.
    expect((await call('DELETE', `/api/library/l1codes/${l1.id}/?cascade=true`)).statusCode).toBe(200);
    const imported = await postCsv(exported.body);
    expect(imported.statusCode).toBe(200);
    const events = imported.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toEqual({ type: 'done', rows: 4, inserted: 4, updated: 0 });
    expect(events.some((e) => e.type === 'progress' && e.done === 4 && e.total === 4)).toBe(true);
    const [again] = (await call('GET', '/api/library/l1codes/?search=X1')).json().results;
    const reexported = await call('GET', `/api/library/export/?root=${again.id}`);
    expect(reexported.body).toBe(exported.body);

    // Importing the same file again updates in place.
    const twice = await postCsv(exported.body);
    expect(
      twice.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .at(-1),
    ).toEqual({ type: 'done', rows: 4, inserted: 0, updated: 4 });
  });

  it('a file with one bad row is refused whole, with row-level errors, and nothing is written', async () => {
    const before = (await call('GET', '/api/library/l1codes/')).json().count;
    const text = csv([
      ['1', 'Y1', '', 'Y1', 'Good root', 'true', '', '', '', '', ''],
      ['2', 'Y1-1', 'Y1', '1', 'Good child', 'true', '', '', '', '', ''],
      ['3', 'Y1-1-1', 'Y1-1', '1', 'Good grandchild', 'true', '', '', '', '', ''],
      ['4', 'Y1-1-1-01', 'Y1-1-1', '01', 'Bad unit', 'true', 'furlong', '1', '1', 'false', ''],
      ['4', 'Y1-1-1-02', 'Y1-1-1', '02', 'Bad price', 'true', 'm', 'abc', '1', 'false', ''],
      ['3', 'Y1-9-1', 'Y1-9', '1', 'Orphan', 'true', '', '', '', '', ''],
      ['2', 'Y1-2', 'Y1', '2', '', 'true', '', '', '', '', ''],
    ]);
    const preview = await postCsv(text, true);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rows: 4, inserted: 4, updated: 0 });
    expect(preview.json().errors).toEqual([
      { row: 5, field: 'unit', message: 'The unit "furlong" does not exist.' },
      { row: 6, field: 'unit_price', message: 'unit_price must be a number ≥ 0 with at most 2 decimals.' },
      {
        row: 7,
        field: 'parent_code_comb',
        message: 'The parent Y1-9 is neither in the file nor in the library.',
      },
      { row: 8, field: 'description', message: 'Please enter a description.' },
    ]);
    const res = await postCsv(text);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe(libraryMessages.importInvalid(4));
    expect(res.json().fieldErrors['row.5.unit']).toBe('The unit "furlong" does not exist.');
    expect((await call('GET', '/api/library/l1codes/')).json().count).toBe(before);
  });

  it('checks the header, the full codes and duplicates', async () => {
    const badHeader = await postCsv('code,description\nA,b', true);
    expect(badHeader.json().errors[0]).toMatchObject({ row: 1, field: 'header' });
    const text = csv([
      ['1', 'Z1', '', 'Z1', 'Root', 'true', '', '', '', '', ''],
      ['1', 'Z1', '', 'Z1', 'Root again', 'true', '', '', '', '', ''],
      ['2', 'Z1-3', 'Z1', '4', 'Wrong full code', 'true', '', '', '', '', ''],
    ]);
    const preview = (await postCsv(text, true)).json();
    expect(preview.errors).toEqual([
      { row: 3, field: 'code_comb', message: 'Z1 appears twice in the file.' },
      { row: 4, field: 'code_comb', message: 'The full code must be Z1-4.' },
    ]);
  });
});
