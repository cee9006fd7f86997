import { crmMessages, dealStages } from '@ledgerdesk/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmCompanies, crmContacts, crmDeals, crmLeads } from '../../src/db/schema';
import { seedCrm } from '../../src/seed/crm';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let rep: string;
let otherRep: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  rep = await ctx.createUser({ email: 'rep@test.local', password: 'rep-password-1' });
  otherRep = await ctx.createUser({ email: 'other-rep@test.local', password: 'rep-password-2' });
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
type Ref = { _id: string; name: string };
type Deal = {
  _id: string;
  dealName: string;
  amount: string;
  closeDate: string;
  status: string;
  stage: string;
  salesRep: { id: string; name: string } | null;
  contact: Ref | null;
  company: Ref | null;
};
async function add<T = { _id: string }>(path: string, fields: Record<string, unknown>): Promise<T> {
  return createdData(await call('POST', `/api/apps/${path}`, fields));
}
const names = (res: { json(): { results: { name?: string; dealName?: string }[] } }) =>
  res.json().results.map((r) => r.name ?? r.dealName);

describe('CRM companies', () => {
  it('create with defaults, validation with field errors', async () => {
    const res = await call('POST', '/api/apps/company', {
      name: 'Acme Bridges',
      industryType: 'Engineering',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Company Added Successfully',
      data: {
        name: 'Acme Bridges',
        starValue: 0,
        employees: null,
        since: null,
        contactCount: 0,
        dealCount: 0,
      },
    });
    const bad = await call('POST', '/api/apps/company', {
      name: ' ',
      industryType: 'Mining',
      starValue: 4.3,
      website: 'not a site',
      contactEmail: 'nobody',
      since: 1700,
      employees: -1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Please enter the company name.',
      industryType: expect.stringMatching(/^The industry must be one of: Construction, /),
      starValue: 'The rating goes in half stars.',
      website: 'Please enter a web address (example.com).',
      contactEmail: 'Please enter a valid email address.',
      since: 'The year must be 1800 or later.',
      employees: 'The number of employees cannot be negative.',
    });
  });

  it('lists by search, filter and ordering; a PATCH changes only what it sends', async () => {
    await add('company', {
      name: 'Zephyr Cranes',
      industryType: 'Construction',
      starValue: 4.5,
      location: 'Oslo',
    });
    await add('company', {
      name: 'Yarrow Cranes',
      industryType: 'Construction',
      starValue: 3,
      location: 'Bergen',
    });
    const yard = await add('company', { name: 'Crane Yard Ltd', industryType: 'Logistics', starValue: 5 });
    expect(names(await call('GET', '/api/apps/company?search=crane&ordering=-starValue'))).toEqual([
      'Crane Yard Ltd',
      'Zephyr Cranes',
      'Yarrow Cranes',
    ]);
    expect(
      names(await call('GET', '/api/apps/company?search=crane&industryType=Construction&ordering=name')),
    ).toEqual(['Yarrow Cranes', 'Zephyr Cranes']);
    expect(names(await call('GET', '/api/apps/company?search=bergen'))).toEqual(['Yarrow Cranes']);
    const patched = await call('PATCH', `/api/apps/company/${yard._id}`, { employees: 40 });
    expect(patched.json().data).toMatchObject({ name: 'Crane Yard Ltd', starValue: 5, employees: 40 });
    expect((await call('GET', '/api/apps/company?industryType=Mining')).statusCode).toBe(400);
    expect((await call('GET', '/api/apps/company?ordering=website')).statusCode).toBe(400);
  });

  it('refuses to delete a company that contacts or deals point at (409), until they are gone', async () => {
    const company = await add('company', { name: 'Keystone Masonry' });
    const contact = await add('contact', { name: 'Mia Stone', companyId: company._id });
    const deal = await add('deal', {
      dealName: 'Keystone repointing',
      salesRepId: rep,
      amount: '900',
      closeDate: '2026-12-01',
      companyId: company._id,
    });
    const shown = (await call('GET', `/api/apps/company/${company._id}`)).json();
    expect(shown).toMatchObject({ contactCount: 1, dealCount: 1 });
    const refused = await call('DELETE', `/api/apps/company/${company._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      errorCode: 'CONFLICT',
      errorMessage: crmMessages.companyInUse(1, 1),
    });
    expect(refused.json().errorMessage).toBe(
      'This company is still linked to 1 contact and 1 deal: move or delete them first.',
    );
    expect(
      (await call('POST', '/api/apps/company/bulk-delete', { items: [{ id: company._id }] })).statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/apps/deal/${deal._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/apps/contact/${contact._id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/apps/company/${company._id}`)).statusCode).toBe(200);
    const audit = (
      await call('GET', `/api/audit/?entity=company&entityKey=${company._id}&pageSize=10`)
    ).json();
    expect(audit.results.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('CRM contacts', () => {
  it('links a company that exists, dedupes tags, and filters by company and tag', async () => {
    const company = await add<Ref>('company', { name: 'Lumen Glazing' });
    const res = await call('POST', '/api/apps/contact', {
      name: 'Nadia Rahman',
      companyId: company._id,
      designation: 'Site Engineer',
      email: 'Nadia@Lumen.example',
      phone: '+44 20 7946 0000',
      leadScore: 72,
      tags: ['VIP', 'vip', 'Client'],
      lastContacted: '2026-11-02',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Contact Added Successfully',
      data: {
        company: { _id: company._id, name: 'Lumen Glazing' },
        email: 'nadia@lumen.example',
        tags: ['VIP', 'Client'],
        lastContacted: '2026-11-02',
      },
    });
    await add('contact', { name: 'Oscar Lind', leadScore: 30, tags: ['Client'] });
    expect(names(await call('GET', `/api/apps/contact?company=${company._id}`))).toEqual(['Nadia Rahman']);
    expect(names(await call('GET', '/api/apps/contact?tag=Client&ordering=-leadScore'))).toEqual([
      'Nadia Rahman',
      'Oscar Lind',
    ]);
    expect(names(await call('GET', '/api/apps/contact?search=lumen.example'))).toEqual(['Nadia Rahman']);
    expect(names(await call('GET', '/api/apps/contact?search=site%20eng'))).toEqual(['Nadia Rahman']);
  });

  it('validates with field errors, the company included', async () => {
    const bad = await call('POST', '/api/apps/contact', {
      name: '',
      email: 'x@',
      phone: 'call me',
      leadScore: 101,
      tags: [''],
      lastContacted: '02/11/2026',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Please enter the contact’s name.',
      email: 'Please enter a valid email address.',
      phone: 'Use digits, spaces, ( ) - . and a leading +.',
      leadScore: 'The lead score is at most 100.',
      'tags.0': 'A tag cannot be empty.',
      lastContacted: 'The last contact must be a date (YYYY-MM-DD).',
    });
    const ghost = await call('POST', '/api/apps/contact', {
      name: 'Ghost',
      companyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().fieldErrors).toEqual({ companyId: crmMessages.unknownCompany });
  });

  it('refuses to delete a contact that deals point at', async () => {
    const contact = await add('contact', { name: 'Paula Brandt' });
    await add('deal', {
      dealName: 'Brandt survey',
      salesRepId: rep,
      amount: 100,
      closeDate: '2026-12-10',
      contactId: contact._id,
    });
    const refused = await call('DELETE', `/api/apps/contact/${contact._id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorMessage).toBe(
      'This contact is still linked to 1 deal: change or delete it first.',
    );
  });
});

describe('CRM leads', () => {
  it('CRUD, status ordering by meaning, filters and search', async () => {
    const lead = await add<{ _id: string; status: string }>('lead', {
      name: 'Quentin Hale',
      company: 'Harbor Point Marine',
      location: 'Gothenburg',
      leadScore: 40,
      tags: ['Referral'],
    });
    expect(lead.status).toBe('New');
    await add('lead', { name: 'Rhea Moss', company: 'Harbor Point Marine', status: 'Qualified' });
    await add('lead', { name: 'Sven Ek', company: 'Harbor Point Marine', status: 'Contacted' });
    expect(names(await call('GET', '/api/apps/lead?search=harbor%20point&ordering=status'))).toEqual([
      'Quentin Hale',
      'Sven Ek',
      'Rhea Moss',
    ]);
    expect(names(await call('GET', '/api/apps/lead?status=Qualified'))).toEqual(['Rhea Moss']);
    expect(names(await call('GET', '/api/apps/lead?tag=Referral'))).toEqual(['Quentin Hale']);
    expect(names(await call('GET', '/api/apps/lead?search=gothenburg'))).toEqual(['Quentin Hale']);
    const patched = await call('PATCH', `/api/apps/lead/${lead._id}`, { status: 'Lost' });
    expect(patched.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { status: 'Lost', leadScore: 40 },
    });
    const bad = await call('PATCH', `/api/apps/lead/${lead._id}`, { status: 'Won', leadScore: 1.5 });
    expect(bad.json().fieldErrors).toEqual({
      status: 'The status must be one of: New, Contacted, Qualified, Lost.',
      leadScore: 'The lead score must be a whole number.',
    });
    expect((await call('DELETE', `/api/apps/lead/${lead._id}`)).json()).toMatchObject({
      successMessage: 'Deleted Successfully',
    });
  });
});

describe('CRM deals', () => {
  it('create: amounts in decimals, the rep, contact and company checked', async () => {
    const company = await add<Ref>('company', { name: 'Orbit Ventures' });
    const contact = await add<Ref>('contact', { name: 'Tariq Bell', companyId: company._id });
    const res = await call('POST', '/api/apps/deal', {
      dealName: 'Orbit office fit-out',
      salesRepId: rep,
      amount: 1234.5,
      closeDate: '2026-12-20',
      contactId: contact._id,
      companyId: company._id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Deal Added Successfully',
      data: {
        amount: '1234.50',
        status: 'New Lead',
        stage: 'Lead Discovered',
        salesRep: { id: rep, name: 'Test User' },
        contact: { _id: contact._id, name: 'Tariq Bell' },
        company: { _id: company._id, name: 'Orbit Ventures' },
      },
    });
    const bad = await call('POST', '/api/apps/deal', {
      dealName: '',
      salesRepId: 'nobody',
      amount: '12.345',
      closeDate: '20-12-2026',
      status: 'Won',
      stage: 'Closing',
    });
    expect(bad.json().fieldErrors).toMatchObject({
      dealName: 'Please enter the deal name.',
      salesRepId: 'Choose the sales rep.',
      amount: 'The amount must be a number ≥ 0 with at most 2 decimals.',
      closeDate: 'The close date must be a date (YYYY-MM-DD).',
      status: 'The status must be one of: New Lead, Intro Call, Stuck, Deal Won.',
      stage: expect.stringMatching(/^The stage must be one of: Lead Discovered, /),
    });
    const negative = await call('POST', '/api/apps/deal', {
      dealName: 'Refund',
      salesRepId: rep,
      amount: -5,
      closeDate: '2026-12-20',
    });
    expect(negative.json().fieldErrors.amount).toBe(
      'The amount must be a number ≥ 0 with at most 2 decimals.',
    );
    const ghostRep = await call('POST', '/api/apps/deal', {
      dealName: 'Ghost',
      salesRepId: '00000000-0000-4000-8000-000000000000',
      amount: 1,
      closeDate: '2026-12-20',
    });
    expect(ghostRep.json().fieldErrors).toEqual({ salesRepId: crmMessages.unknownSalesRep });
    const elsewhere = await add<Ref>('company', { name: 'Elsewhere Inc' });
    const mismatch = await call('POST', '/api/apps/deal', {
      dealName: 'Mismatch',
      salesRepId: rep,
      amount: 1,
      closeDate: '2026-12-20',
      contactId: contact._id,
      companyId: elsewhere._id,
    });
    expect(mismatch.json().fieldErrors).toEqual({ contactId: crmMessages.contactOfOtherCompany });
  });

  it('GET /api/deals lists like /api/apps/deal: search, filters, ordering', async () => {
    const make = (dealName: string, fields: Record<string, unknown>) =>
      add<Deal>('deal', { dealName, salesRepId: otherRep, amount: '10', closeDate: '2027-01-10', ...fields });
    await make('Kiln relining A', {
      stage: 'Offer Accepted',
      status: 'Deal Won',
      amount: '500',
      closeDate: '2027-02-01',
    });
    await make('Kiln relining B', { stage: 'Lead Discovered', amount: '70.25', closeDate: '2027-01-05' });
    await make('Kiln relining C', { stage: 'Needs Identified', status: 'Stuck', amount: '3000' });
    const alias = (await call('GET', '/api/deals?search=kiln%20relining&ordering=stage')).json();
    const direct = (await call('GET', '/api/apps/deal?search=kiln%20relining&ordering=stage')).json();
    expect(alias).toEqual(direct);
    expect(alias.results.map((d: Deal) => d.dealName)).toEqual([
      'Kiln relining B',
      'Kiln relining C',
      'Kiln relining A',
    ]);
    expect(names(await call('GET', '/api/deals?search=kiln&ordering=-amount'))).toEqual([
      'Kiln relining C',
      'Kiln relining A',
      'Kiln relining B',
    ]);
    expect(names(await call('GET', '/api/deals?search=kiln&status=Stuck'))).toEqual(['Kiln relining C']);
    expect(
      names(await call('GET', '/api/deals?search=kiln&closeFrom=2027-01-06&closeTo=2027-01-31')),
    ).toEqual(['Kiln relining C']);
    expect((await call('GET', `/api/deals?salesRep=${otherRep}&stage=Offer%20Accepted`)).json().count).toBe(
      1,
    );
    expect((await call('GET', '/api/deals?stage=Closing')).statusCode).toBe(400);
    const csv = await call('GET', '/api/apps/deal/export?search=kiln&ordering=amount');
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,dealName,salesRep,amount,closeDate,status,stage,contact,company',
    );
    expect(csv.body).toContain(',Kiln relining B,Test User,70.25,2027-01-05,New Lead,Lead Discovered,,');
  });

  it('the pipeline: every stage in order, counts and exact decimal totals, capped cards; a PATCH moves a deal', async () => {
    const piper = await ctx.createUser({ email: 'piper@test.local', password: 'piper-password-1' });
    const make = (dealName: string, stage: string, amount: string, closeDate: string) =>
      add<Deal>('deal', { dealName, salesRepId: piper, stage, amount, closeDate });
    // 0.1 + 0.2 in floats is 0.30000000000000004: the totals must be exact.
    const a = await make('Pipe A', 'Contact Initiated', '0.10', '2027-03-02');
    await make('Pipe B', 'Contact Initiated', '0.20', '2027-03-01');
    await make('Pipe C', 'Meeting Arranged', '999999999999999.99', '2027-04-01');
    await make('Pipe D', 'Meeting Arranged', '0.01', '2027-04-02');
    const pipeline = (await call('GET', `/api/deals/pipeline?salesRep=${piper}&cards=1`)).json();
    expect(pipeline.stages.map((s: { stage: string }) => s.stage)).toEqual([...dealStages]);
    expect(
      pipeline.stages.map((s: { count: number; total: string; deals: Deal[] }) => [
        s.count,
        s.total,
        s.deals.map((d) => d.dealName),
      ]),
    ).toEqual([
      [0, '0.00', []],
      [2, '0.30', ['Pipe B']],
      [0, '0.00', []],
      [2, '1000000000000000.00', ['Pipe C']],
      [0, '0.00', []],
    ]);
    expect(pipeline).toMatchObject({ count: 4, total: '1000000000000000.30' });
    expect(pipeline.stages[1].deals[0]).toMatchObject({ salesRep: { id: piper }, amount: '0.20' });

    const moved = await call('PATCH', `/api/apps/deal/${a._id}`, { stage: 'Offer Accepted' });
    expect(moved.json().data).toMatchObject({ stage: 'Offer Accepted', amount: '0.10', dealName: 'Pipe A' });
    const after = (await call('GET', `/api/deals/pipeline?salesRep=${piper}&search=pipe`)).json();
    expect(after.stages[1]).toMatchObject({ count: 1, total: '0.20' });
    expect(after.stages[4]).toMatchObject({ count: 1, total: '0.10' });
    expect(after.stages[3].deals.map((d: Deal) => d.dealName)).toEqual(['Pipe C', 'Pipe D']);
    const [entry] = (await call('GET', `/api/audit/?entity=deal&entityKey=${a._id}&action=update`)).json()
      .results;
    expect(entry).toMatchObject({
      before: { stage: 'Contact Initiated' },
      after: { stage: 'Offer Accepted' },
    });
    expect((await call('GET', '/api/deals/pipeline?cards=101')).statusCode).toBe(400);
  });

  it('a deal whose sales rep is deleted stays, without a rep, until a change names one', async () => {
    const leaver = await ctx.createUser({ email: 'leaver@test.local', password: 'leaver-password-1' });
    const deal = await add<Deal>('deal', {
      dealName: 'Leaver deal',
      salesRepId: leaver,
      amount: 5,
      closeDate: '2027-01-01',
    });
    expect((await call('DELETE', `/api/users/user/${leaver}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/apps/deal/${deal._id}`)).json().salesRep).toBeNull();
    const move = await call('PATCH', `/api/apps/deal/${deal._id}`, { stage: 'Needs Identified' });
    expect(move.statusCode).toBe(400);
    expect(move.json().fieldErrors).toEqual({ salesRepId: 'Choose the sales rep.' });
    const fixed = await call('PATCH', `/api/apps/deal/${deal._id}`, {
      stage: 'Needs Identified',
      salesRepId: rep,
    });
    expect(fixed.json().data).toMatchObject({ stage: 'Needs Identified', salesRep: { id: rep } });
  });
});

describe('CRM permissions', () => {
  it('crm.view reads, crm.manage writes; tickets permissions do not open the CRM', async () => {
    await ctx.createUser({
      email: 'crm-reader@test.local',
      password: 'crm-reader-1',
      permissions: ['crm.view'],
    });
    await ctx.createUser({
      email: 'support@test.local',
      password: 'support-pass-1',
      permissions: ['tickets.view', 'tickets.manage'],
    });
    const reader = await ctx.login('crm-reader@test.local', 'crm-reader-1');
    const support = await ctx.login('support@test.local', 'support-pass-1');
    for (const url of [
      '/api/apps/contact',
      '/api/apps/company',
      '/api/apps/lead',
      '/api/deals',
      '/api/deals/pipeline',
    ]) {
      expect((await call('GET', url, undefined, { token: reader })).statusCode).toBe(200);
      expect((await call('GET', url, undefined, { token: support })).statusCode).toBe(403);
    }
    expect((await call('POST', '/api/apps/lead', { name: 'Nope' }, { token: reader })).statusCode).toBe(403);
    expect((await call('POST', '/api/apps/lead', { name: 'Nope' }, { token: support })).statusCode).toBe(403);
  });
});

describe('CRM demo seed', () => {
  it('seeds 20 companies, 60 contacts, 40 leads, 60 deals, the same every time', async () => {
    const { db } = ctx.database;
    const before = {
      companies: await tally(crmCompanies),
      contacts: await tally(crmContacts),
      leads: await tally(crmLeads),
      deals: await tally(crmDeals),
    };
    await seedCrm(db, [rep, otherRep], rep);
    expect({
      companies: (await tally(crmCompanies)) - before.companies,
      contacts: (await tally(crmContacts)) - before.contacts,
      leads: (await tally(crmLeads)) - before.leads,
      deals: (await tally(crmDeals)) - before.deals,
    }).toEqual({ companies: 20, contacts: 60, leads: 40, deals: 60 });
    // The seed's deals are the rep's only deals on the pipeline with "–" in their names.
    const seeded = (
      await call('GET', `/api/deals/pipeline?salesRep=${otherRep}&search=%E2%80%93&cards=0`)
    ).json();
    expect(seeded.count).toBe(30);
    expect(seeded.total).toBe(SEEDED_TOTAL_OF_OTHER_REP);
    expect(seeded.stages.map((s: { count: number }) => s.count)).toEqual([6, 6, 6, 6, 6]);
    const first = (await call('GET', '/api/apps/company?search=northgate')).json().results[0];
    expect(first).toMatchObject({
      name: 'Northgate Civil Works',
      contactCount: 3,
      industryType: 'Construction',
    });
  });
});

/** The sum of the seeded deals of the second rep: a change to the seed shows here. */
const SEEDED_TOTAL_OF_OTHER_REP = '7447803.41';
const tally = async (table: typeof crmCompanies | typeof crmContacts | typeof crmLeads | typeof crmDeals) => {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
};
