import { SEARCH_MAX_LIMIT } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCompanies, crmContacts, invoices, tickets } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let support: string;
let nobody: string;

type Hit = { kind: string; title: string; subtitle: string; path: string };
type Group = { area: string; hits: Hit[] };

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  // "Quillfeather": a word no demo record holds, in records of two areas.
  await db.insert(crmCompanies).values([
    { name: 'Quillfeather Holdings', industryType: 'Consulting', location: 'Lyon' },
    { name: 'Northwind Quillfeather', industryType: 'Engineering', location: 'Oslo' },
    { name: 'Quill 100% Paper_Co', industryType: 'Consulting' },
  ]);
  await db.insert(crmContacts).values({ name: 'Ada Quillfeather', email: 'ada@quill.example' });
  await db.insert(tickets).values({
    title: 'Quillfeather printer jam',
    clientName: 'Ada',
    clientEmail: 'ada@quill.example',
  });
  await db.insert(invoices).values(
    Array.from({ length: SEARCH_MAX_LIMIT + 5 }, (_, i) => ({
      number: `INV-QF-${String(i).padStart(3, '0')}`,
      customerName: 'Quillfeather Holdings',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
      subtotal: '0',
      tax: '0',
      total: '0',
    })),
  );
  await ctx.createUser({
    email: 'support@test.local',
    password: 'support-pass-1',
    permissions: ['tickets.view'],
  });
  await ctx.createUser({ email: 'nobody@test.local', password: 'nobody-pass-1', permissions: [] });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  support = await ctx.login('support@test.local', 'support-pass-1');
  nobody = await ctx.login('nobody@test.local', 'nobody-pass-1');
});
afterAll(() => ctx.close());

const search = (token: string, query: string) => ctx.call(token, 'GET', `/api/search?${query}`);
const groupsOf = async (token: string, query: string): Promise<Group[]> => {
  const res = await search(token, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().groups;
};

describe('search', () => {
  it('finds records of every area, grouped by area, with their web pages; title prefixes first', async () => {
    const groups = await groupsOf(admin, 'q=quillfeather');
    expect(groups.map((group) => group.area)).toEqual(['crm', 'invoices', 'tickets']);
    const crm = groups.find((group) => group.area === 'crm')?.hits ?? [];
    expect(crm.map((hit) => [hit.kind, hit.title, hit.subtitle])).toEqual([
      ['contact', 'Ada Quillfeather', 'ada@quill.example'],
      ['company', 'Quillfeather Holdings', 'Lyon'],
      ['company', 'Northwind Quillfeather', 'Oslo'],
    ]);
    expect(crm[1]?.path).toMatch(/^\/apps\/crm\/companies\/[0-9a-f-]{36}$/);
    const ticket = groups.find((group) => group.area === 'tickets')?.hits[0];
    expect(ticket).toMatchObject({ kind: 'ticket', title: 'Quillfeather printer jam' });
    expect(ticket?.path).toMatch(/^\/apps\/tickets\/[0-9a-f-]{36}$/);
  });

  it('takes the term literally: % and _ are no wildcards, case is ignored', async () => {
    const crm = (await groupsOf(admin, `q=${encodeURIComponent('100% PAPER_')}`))[0];
    expect(crm?.hits.map((hit) => hit.title)).toEqual(['Quill 100% Paper_Co']);
    expect(await groupsOf(admin, `q=${encodeURIComponent('0%_')}`)).toEqual([]);
  });

  it('keeps to the areas the caller may view, checked on the server', async () => {
    const groups = await groupsOf(support, 'q=quillfeather');
    expect(groups.map((group) => group.area)).toEqual(['tickets']);
    expect(JSON.stringify(groups)).not.toContain('Holdings');
    // Without crm.view, never a company, whatever the term.
    for (const q of ['quill', 'Holdings', 'Lyon', 'ada']) {
      const found = await groupsOf(support, `q=${q}`);
      expect(found.flatMap((group) => group.hits).filter((hit) => hit.kind === 'company')).toEqual([]);
    }
    expect(await groupsOf(nobody, 'q=quillfeather')).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?q=quill' })).statusCode).toBe(401);
  });

  it('gives at most `limit` records of each kind, 5 unless asked', async () => {
    const hitsOf = async (query: string) =>
      (await groupsOf(admin, query)).find((group) => group.area === 'invoices')?.hits ?? [];
    expect(await hitsOf('q=INV-QF')).toHaveLength(5);
    expect(await hitsOf('q=INV-QF&limit=1')).toHaveLength(1);
    const most = await hitsOf(`q=INV-QF&limit=${SEARCH_MAX_LIMIT}`);
    expect(most).toHaveLength(SEARCH_MAX_LIMIT);
    expect(most.map((hit) => hit.title)).toEqual([...most.map((hit) => hit.title)].sort());
  });

  it('answers bad input with a 400 and its message', async () => {
    const cases: [string, string][] = [
      ['', 'q'],
      ['q=a', 'at least 2'],
      ['q=%20%20a%20%20', 'at least 2'],
      [`q=${'x'.repeat(101)}`, 'at most 100'],
      ['q=quill&limit=0', 'at least 1'],
      [`q=quill&limit=${SEARCH_MAX_LIMIT + 1}`, `at most ${SEARCH_MAX_LIMIT}`],
      ['q=quill&limit=2.5', 'whole number'],
      ['q=quill&limit=lots', 'must be a number'],
      ['q=a%00b', ''],
    ];
    for (const [query, message] of cases) {
      const res = await search(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errorMessage.length, query).toBeGreaterThan(0);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
  });

  it('is in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    if (res.statusCode !== 200) throw new Error(`no OpenAPI document at /api/docs/json: ${res.statusCode}`);
    const operation = res.json().paths['/api/search']?.get;
    expect(operation?.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'q']);
  });
});
