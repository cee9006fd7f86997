import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

// The library's totals are library_rollups' (the figures the dashboards show): active L4 items only,
// income and expenses apart. A database of its own, so that the summary is this file's library alone.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Code = { id: string; codeComb: string; level: number; total: string; version: number };
type Summary = {
  income: string;
  expenses: string;
  balance: string;
  codes: { id: string; level: number; codeComb: string; kind: string | null; total: string }[];
};

async function add(level: number, fields: Record<string, unknown>): Promise<Code> {
  return createdData(
    await call('POST', `/api/library/l${level}codes/`, { description: `Code ${fields.code}`, ...fields }),
  );
}
const get = async (level: number, id: string): Promise<Code> =>
  (await call('GET', `/api/library/l${level}codes/${id}/`)).json();
async function summary(): Promise<Summary> {
  const res = await call('GET', '/api/library/rollup/');
  expect(res.statusCode).toBe(200);
  return res.json();
}
/** Full code → total, of a summary's codes. */
const totalsOf = (s: Summary) => Object.fromEntries(s.codes.map((c) => [c.codeComb, c.total]));

/** Full code → its library_rollups total rounded to cents, 0.00 without a row (L1–L3 codes). */
async function rollupTable(): Promise<Record<string, string>> {
  const rows = await rowsOf<{ code_comb: string; total: string }>(
    ctx.database.db,
    sql`select c.code_comb, round(coalesce(r.total, 0), 2)::text as total
          from library_codes c left join library_rollups r on r.code_id = c.id
         where c.level < 4`,
  );
  return Object.fromEntries(rows.map((r) => [r.code_comb, r.total]));
}

// Income: IN-1-1 holds 1,200.00 × 2 = 2,400.00 and 99.99 × 1.5 = 149.985, and an inactive
// 500.00 × 1; IN-2-1 holds 40.00 × 2.5 = 100.00. Expenses: EX-1-1 holds 300.00 × 3 = 900.00,
// 12.34 × 0.5 = 6.17 and an inactive 1,000.00 × 10.
const expected = {
  IN: '2649.99', // 2,649.985
  'IN-1': '2549.99', // 2,549.985
  'IN-1-1': '2549.99',
  'IN-2': '100.00',
  'IN-2-1': '100.00',
  EX: '906.17',
  'EX-1': '906.17',
  'EX-1-1': '906.17',
  'EX-2': '0.00', // nothing below it
};
/** Full code → id, of the expense codes the tests change. */
let ids: Record<string, string> = {};
let rent: Code;

describe('library totals', () => {
  beforeAll(async () => {
    expect((await summary()).codes).toEqual([]);
    const inc = await add(1, { code: 'IN', kind: 'income' });
    const in1 = await add(2, { code: '1', parentId: inc.id });
    const in11 = await add(3, { code: '1', parentId: in1.id });
    await add(4, { code: '01', parentId: in11.id, unitPrice: '1200.00', quantity: '2' });
    await add(4, { code: '02', parentId: in11.id, unitPrice: '99.99', quantity: '1.5' });
    await add(4, { code: '03', parentId: in11.id, unitPrice: '500', quantity: '1', isActive: false });
    const in2 = await add(2, { code: '2', parentId: inc.id });
    const in21 = await add(3, { code: '1', parentId: in2.id });
    await add(4, { code: '01', parentId: in21.id, unitPrice: '40', quantity: '2.5' });
    const exp = await add(1, { code: 'EX' });
    const ex1 = await add(2, { code: '1', parentId: exp.id });
    const ex11 = await add(3, { code: '1', parentId: ex1.id });
    rent = await add(4, { code: '01', parentId: ex11.id, unitPrice: '300', quantity: '3' });
    await add(4, { code: '02', parentId: ex11.id, unitPrice: '12.34', quantity: '0.5' });
    await add(4, { code: '03', parentId: ex11.id, unitPrice: '1000', quantity: '10', isActive: false });
    const ex2 = await add(2, { code: '2', parentId: exp.id });
    ids = { EX: exp.id, 'EX-1': ex1.id, 'EX-1-1': ex11.id, 'EX-2': ex2.id };
  });

  it('the summary: income and expenses apart, and the balance, from active items only', async () => {
    const s = await summary();
    expect(s).toMatchObject({ income: '2649.99', expenses: '906.17', balance: '1743.82' });
    expect(s).not.toHaveProperty('total');
    expect(totalsOf(s)).toEqual(expected);
    expect(s.codes.filter((c) => c.level === 1).map((c) => [c.codeComb, c.kind])).toEqual([
      ['EX', 'expense'],
      ['IN', 'income'],
    ]);
    expect(s.codes.filter((c) => c.level > 1).every((c) => c.kind === null)).toBe(true);
  });

  it('the codes of every level, listed and one by one, carry the same totals as library_rollups', async () => {
    expect(await rollupTable()).toEqual(expected);
    for (const level of [1, 2, 3]) {
      const { results } = (await call('GET', `/api/library/l${level}codes/?pageSize=100`)).json();
      const listed = Object.fromEntries((results as Code[]).map((c) => [c.codeComb, c.total]));
      const ofLevel = Object.entries(expected).filter(([comb]) => comb.split('-').length === level);
      expect(listed).toEqual(Object.fromEntries(ofLevel));
    }
    expect((await get(3, ids['EX-1-1'] ?? '')).total).toBe('906.17');
    // An item's own total is its amount, active or not.
    expect((await get(4, rent.id)).total).toBe('900.00');
  });

  it('the same figures as the home dashboard', async () => {
    const res = await call('GET', '/api/dashboard/home?period=all');
    expect(res.statusCode).toBe(200);
    const { widgets } = res.json();
    expect([
      widgets.budgetIncome.counter,
      widgets.budgetExpenses.counter,
      widgets.budgetBalance.counter,
    ]).toEqual([2649.99, 906.17, 1743.82]);
  });

  it('an item made inactive leaves its ancestors’ totals and the summary at once, and comes back', async () => {
    const off = await call('PUT', `/api/library/l4codes/${rent.id}/`, { id: rent.id, isActive: false });
    expect(off.statusCode).toBe(200);
    // 900.00 less under EX-1-1, EX-1 and EX: 6.17 left; the balance 2,649.985 − 6.17 = 2,643.815.
    for (const [level, code] of [
      [3, 'EX-1-1'],
      [2, 'EX-1'],
      [1, 'EX'],
    ] as const)
      expect((await get(level, ids[code] ?? '')).total).toBe('6.17');
    const s = await summary();
    expect(s).toMatchObject({ income: '2649.99', expenses: '6.17', balance: '2643.82' });
    expect(totalsOf(s)).toMatchObject({ EX: '6.17', 'EX-1': '6.17', 'EX-1-1': '6.17', IN: '2649.99' });
    expect(await rollupTable()).toEqual(totalsOf(s));

    const on = await call('PUT', `/api/library/l4codes/${rent.id}/`, { id: rent.id, isActive: true });
    expect(on.statusCode).toBe(200);
    expect((await get(1, ids.EX ?? '')).total).toBe('906.17');
    expect(await summary()).toMatchObject({ expenses: '906.17', balance: '1743.82' });
  });

  it('a balance below zero when the expenses outweigh the income', async () => {
    const big = await add(4, { code: '04', parentId: ids['EX-1-1'], unitPrice: '3000', quantity: '1' });
    // Expenses 3,906.17 against income 2,649.985: −1,256.185, rounded half away from zero.
    expect(await summary()).toMatchObject({ income: '2649.99', expenses: '3906.17', balance: '-1256.19' });
    expect((await call('DELETE', `/api/library/l4codes/${big.id}/`)).statusCode).toBeLessThan(300);
    expect(await summary()).toMatchObject({ expenses: '906.17', balance: '1743.82' });
  });
});
