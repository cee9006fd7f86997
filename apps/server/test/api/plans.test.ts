import { errorCodes, planMessages, releaseMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let viewer: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  await ctx.createUser({
    email: 'reader@test.local',
    password: 'reader-password-1',
    permissions: ['plans.view', 'releases.view'],
  });
  viewer = await ctx.login('reader@test.local', 'reader-password-1');
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Plan = {
  id: string;
  name: string;
  rate: string;
  rateYear: string;
  delrateYear: string | null;
  current: boolean;
};

describe('pricing plans', () => {
  it('keeps prices as exact decimals, refuses bad ones with their field, and marks the current plan', async () => {
    const table = createdData<{ id: string }>(
      await call('POST', '/api/plan-tables', { title: 'Simple pricing' }),
    );
    const starter = createdData<Plan>(
      await call('POST', '/api/plans', {
        tableId: table.id,
        name: 'Starter',
        rate: 19,
        rateYear: '171',
        delrateYear: '228.00',
        features: [
          { name: 'projects', limit: 3 },
          { name: 'support', included: false },
        ],
      }),
    );
    expect(starter).toMatchObject({
      rate: '19.00',
      rateYear: '171.00',
      delrateYear: '228.00',
      current: false,
    });
    const pro = createdData<Plan>(
      await call('POST', '/api/plans', {
        tableId: table.id,
        name: 'Professional',
        rate: '29',
        rateYear: '261',
        position: 1,
      }),
    );

    const bad = await call('POST', '/api/plans', {
      tableId: table.id,
      name: 'Broken',
      rate: '-1',
      rateYear: '10.999',
      features: [{ name: 'projects' }, { name: 'projects' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['features.1.name', 'rate', 'rateYear']);
    const lower = await call('PATCH', `/api/plans/${starter.id}`, { delrateYear: '100' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fieldErrors).toEqual({ delrateYear: planMessages.delrateNotHigher });
    const huge = await call('PATCH', `/api/plans/${starter.id}`, { rate: '1000000' });
    expect(huge.json().fieldErrors.rate).toMatch(/less than 1,000,000/);
    const ghostTable = await call('POST', '/api/plans', {
      tableId: '00000000-0000-4000-8000-000000000000',
      name: 'Nowhere',
      rate: '1',
      rateYear: '9',
    });
    expect(ghostTable.statusCode).toBe(400);
    expect(ghostTable.json().fieldErrors).toEqual({ tableId: planMessages.unknownTable });

    const edited = await call('PATCH', `/api/plans/${starter.id}`, { rate: '21.50' });
    expect(edited.json().data).toMatchObject({ rate: '21.50', rateYear: '171.00' });
    // An emptied struck-through price (a form's empty field) is none.
    const cleared = await call('PATCH', `/api/plans/${starter.id}`, { delrateYear: '' });
    expect(cleared.json().data.delrateYear).toBeNull();

    expect((await call('PUT', '/api/office-plan', { planId: pro.id })).statusCode).toBe(200);
    // Twice at once, for two plans: one current plan remains.
    await Promise.all([
      call('PUT', '/api/office-plan', { planId: starter.id }),
      call('PUT', '/api/office-plan', { planId: pro.id }),
    ]);
    const list = (await call('GET', `/api/plans?table=${table.id}`, undefined, { token: viewer })).json();
    expect(list.results.map((p: Plan) => p.name)).toEqual(['Starter', 'Professional']);
    expect(list.results.filter((p: Plan) => p.current)).toHaveLength(1);
    const unknown = await call('PUT', '/api/office-plan', { planId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);

    // A reader sees the plans but neither edits them nor picks the current one.
    expect((await call('PATCH', `/api/plans/${pro.id}`, { rate: '1' }, { token: viewer })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', '/api/office-plan', { planId: pro.id }, { token: viewer })).statusCode).toBe(
      403,
    );
    // A table that holds plans is not deleted.
    const refused = await call('DELETE', `/api/plan-tables/${table.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: errorCodes.hasChildren,
      errorMessage: planMessages.tableHasPlans(2),
    });
  });

  it('lists the FAQs in their order', async () => {
    await call('POST', '/api/faqs', { question: 'Second?', answer: 'Yes.', position: 2 });
    await call('POST', '/api/faqs', { question: 'First?', answer: 'Indeed.', position: 1 });
    const list = (await call('GET', '/api/faqs', undefined, { token: viewer })).json();
    expect(list.results.map((f: { question: string }) => f.question)).toEqual(['First?', 'Second?']);
    const empty = await call('POST', '/api/faqs', { question: ' ', answer: '' });
    expect(Object.keys(empty.json().fieldErrors).sort()).toEqual(['answer', 'question']);
  });
});

describe('releases', () => {
  it('keeps versions newest first and the groups by their newest version', async () => {
    const older = createdData<{ latestOn: string }>(
      await call('POST', '/api/release-groups', {
        title: 'One',
        versions: [{ version: '1.0.0', date: '2026-01-05', notes: ['First release'] }],
      }),
    );
    expect(older.latestOn).toBe('2026-01-05');
    const newer = createdData<{ versions: { version: string; notes: string[] }[]; latestOn: string }>(
      await call('POST', '/api/release-groups', {
        title: 'Two',
        versions: [
          { version: '2.0.0', date: '2026-06-30' },
          { version: '2.1.0', date: '2026-08-05', notes: ['Files', '  ', 'Pictures'] },
        ],
      }),
    );
    expect(newer.versions.map((v) => v.version)).toEqual(['2.1.0', '2.0.0']);
    // A blank note (an empty line of the form) is dropped.
    expect(newer.versions[0]?.notes).toEqual(['Files', 'Pictures']);
    const list = (await call('GET', '/api/release-groups', undefined, { token: viewer })).json();
    expect(list.results.map((g: { title: string }) => g.title)).toEqual(['Two', 'One']);

    const twice = await call('POST', '/api/release-groups', {
      title: 'Dup',
      versions: [
        { version: '3.0', date: '2026-01-01' },
        { version: '3.0', date: 'yesterday' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors).toMatchObject({ 'versions.1.date': expect.any(String) });
    const dup = await call('POST', '/api/release-groups', {
      title: 'Dup',
      versions: [
        { version: '3.0', date: '2026-01-01' },
        { version: '3.0', date: '2026-01-02' },
      ],
    });
    expect(dup.json().fieldErrors).toEqual({ 'versions.1.version': releaseMessages.versionTwice('3.0') });
    const none = await call('POST', '/api/release-groups', { title: 'Empty', versions: [] });
    expect(none.json().fieldErrors).toEqual({ versions: 'Add at least one version.' });
    expect(
      (await call('POST', '/api/release-groups', { title: 'X', versions: [] }, { token: viewer })).statusCode,
    ).toBe(403);
  });
});
