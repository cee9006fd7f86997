import { jobMessages } from '@ledgerdesk/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidates, jobApplications, jobCompanies, jobs, users } from '../../src/db/schema';
import { seedJobs } from '../../src/seed/jobs';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
async function add<T = Record<string, unknown> & { id: string }>(path: string, fields: object): Promise<T> {
  return createdData(await call('POST', `/api/apps/${path}`, fields));
}
const list = async (url: string) => (await call('GET', url)).json();

let acme: { id: string };
let beacon: { id: string };
describe('job companies', () => {
  it('are created with defaults and answer with the catalogue message', async () => {
    const res = await call('POST', '/api/apps/job-company', {
      name: 'Acme Works',
      industryType: 'Construction',
      location: 'Leeds',
      rating: 4.26,
      website: 'https://acme.example',
      email: 'Jobs@Acme.example',
      since: 1999,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Company Added Successfully',
      data: {
        name: 'Acme Works',
        employeeRange: '1-10',
        rating: 4.3,
        email: 'jobs@acme.example',
        since: 1999,
        vacancy: 0,
        jobs: 0,
      },
    });
    acme = res.json().data;
    beacon = await add('job-company', { name: 'Beacon Analytics', industryType: 'Software', rating: 3 });
  });

  it('validate with field errors, and refuse a second company of the same name (409)', async () => {
    const bad = await call('POST', '/api/apps/job-company', {
      name: '',
      rating: 7,
      website: 'acme.example',
      email: 'not-mail',
      employeeRange: 'lots',
      since: 1066,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Please enter the company name.',
      rating: 'The rating must be from 0 to 5.',
      website: 'The website must start with http:// or https://.',
      email: 'Please enter a valid email address.',
      employeeRange: expect.stringContaining('The employee range must be one of'),
      since: 'The year must be 1800 or later.',
    });
    const twin = await call('POST', '/api/apps/job-company', { name: 'ACME works' });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().fieldErrors).toEqual({ name: 'A company with this name already exists.' });
    // Its own name is not a clash when it is changed.
    expect(
      (await call('PATCH', `/api/apps/job-company/${acme.id}`, { name: 'Acme Works', rating: 4 })).statusCode,
    ).toBe(200);
  });
});

let surveyor: { id: string };
let analyst: { id: string };
let intern: { id: string };
describe('jobs', () => {
  it('are created for a company, with defaults and the company’s name', async () => {
    const res = await call('POST', '/api/apps/job', {
      jobTitle: 'Quantity Surveyor',
      companyId: acme.id,
      location: 'Leeds',
      postDate: '2026-10-01',
      requirements: ['NEC contracts', 'Driving licence'],
      salaryMin: '42000',
      salaryMax: 51000.5,
      vacancies: 2,
      status: 'Active',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Job Added Successfully',
      data: {
        jobTitle: 'Quantity Surveyor',
        companyName: 'Acme Works',
        type: 'Full Time',
        salaryMin: '42000.00',
        salaryMax: '51000.50',
        requirements: ['NEC contracts', 'Driving licence'],
        applications: 0,
      },
    });
    surveyor = res.json().data;
    analyst = await add('job', {
      jobTitle: 'Budget Analyst',
      companyId: beacon.id,
      postDate: '2026-10-05',
      type: 'Part Time',
      status: 'New',
      vacancies: 3,
    });
    intern = await add('job', {
      jobTitle: 'Finance Intern',
      companyId: acme.id,
      postDate: '2026-09-20',
      type: 'Internship',
      status: 'Close',
      vacancies: 4,
    });
  });

  it('validate with field errors: contract rules and the area’s own', async () => {
    const bad = await call('POST', '/api/apps/job', {
      jobTitle: '',
      companyId: 'acme',
      type: 'Contract',
      postDate: '01/10/2026',
      salaryMin: '-5',
      vacancies: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      jobTitle: 'Please enter the job title.',
      companyId: 'Choose a company.',
      type: 'The type must be one of: Full Time, Part Time, Freelance, Internship.',
      postDate: 'The post date must be a date (YYYY-MM-DD).',
      salaryMin: expect.stringContaining('The minimum salary must be a number'),
      vacancies: 'At least one vacancy.',
    });
    const ghost = await call('POST', '/api/apps/job', {
      jobTitle: 'Ghost',
      companyId: '00000000-0000-4000-8000-000000000000',
      postDate: '2026-10-01',
    });
    expect(ghost.json().fieldErrors).toEqual({ companyId: jobMessages.unknownCompany });
    const range = await call('PATCH', `/api/apps/job/${surveyor.id}`, { salaryMax: '41999.99' });
    expect(range.statusCode).toBe(400);
    expect(range.json().fieldErrors).toEqual({ salaryMax: jobMessages.salaryRange });
    // A cleared input is no salary: an open end of the range.
    const open = await call('PATCH', `/api/apps/job/${surveyor.id}`, { salaryMin: '' });
    expect(open.json().data).toMatchObject({ salaryMin: null, salaryMax: '51000.50' });
  });

  it('list with search (title, location or company), filters and ordering', async () => {
    const titles = async (query: string) =>
      (await list(`/api/apps/job?${query}`)).results.map((j: { jobTitle: string }) => j.jobTitle);
    expect(await titles('search=beacon')).toEqual(['Budget Analyst']);
    expect(await titles('search=leeds')).toEqual(['Quantity Surveyor']);
    expect(await titles(`company=${acme.id}&ordering=postDate`)).toEqual([
      'Finance Intern',
      'Quantity Surveyor',
    ]);
    expect(await titles('status=Close')).toEqual(['Finance Intern']);
    expect(await titles('type=Part%20Time')).toEqual(['Budget Analyst']);
    expect(await titles('ordering=-vacancies&pageSize=2')).toEqual(['Finance Intern', 'Budget Analyst']);
    expect((await call('GET', '/api/apps/job?status=Open')).statusCode).toBe(400);
    expect((await call('GET', '/api/apps/job?ordering=salaryMin')).statusCode).toBe(400);
  });

  it('count towards their company’s vacancies while open', async () => {
    const company = (await call('GET', `/api/apps/job-company/${acme.id}`)).json();
    // The surveyor's 2; the closed internship's 4 do not count.
    expect(company).toMatchObject({ vacancy: 2, jobs: 2 });
    const byVacancy = await list('/api/apps/job-company?ordering=-vacancy');
    expect(byVacancy.results.map((c: { name: string }) => c.name)).toEqual([
      'Beacon Analytics',
      'Acme Works',
    ]);
  });
});

let ada: { id: string };
let bo: { id: string };
describe('candidates', () => {
  it('are created, rated and bookmarked', async () => {
    ada = await add('candidate', {
      candidateName: 'Ada Brennan',
      designation: 'Quantity Surveyor',
      location: 'York',
      rating: 4.5,
      email: 'ada@mail.example',
      phone: '+44 7700 900123',
      skills: ['NEC', 'Cost planning'],
    });
    expect(ada).toMatchObject({ bookmark: false, rating: 4.5, type: 'Full Time' });
    bo = await add('candidate', { candidateName: 'Bo Fischer', designation: 'Analyst', rating: 2 });
    const toggled = await call('PATCH', `/api/apps/candidate/${ada.id}`, { bookmark: true });
    expect(toggled.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { bookmark: true, rating: 4.5 },
    });
    const bad = await call('POST', '/api/apps/candidate', {
      candidateName: ' ',
      phone: 'call me',
      skills: [''],
    });
    expect(bad.json().fieldErrors).toMatchObject({
      candidateName: 'Please enter the name.',
      phone: 'Use digits, spaces, ( ) - . and a leading +.',
      'skills.0': 'Remove the empty skill.',
    });
  });

  it('are filtered by bookmark and rating, and searched', async () => {
    const names = async (query: string) =>
      (await list(`/api/apps/candidate?${query}`)).results.map(
        (c: { candidateName: string }) => c.candidateName,
      );
    expect(await names('bookmark=true')).toEqual(['Ada Brennan']);
    expect(await names('bookmark=false')).toEqual(['Bo Fischer']);
    expect(await names('minRating=3')).toEqual(['Ada Brennan']);
    expect(await names('ordering=rating')).toEqual(['Bo Fischer', 'Ada Brennan']);
    expect(await names('search=surveyor')).toEqual(['Ada Brennan']);
    expect((await call('GET', '/api/apps/candidate?bookmark=maybe')).statusCode).toBe(400);
  });
});

describe('applications', () => {
  let application: { id: string };
  it('join a candidate to a job, once', async () => {
    const res = await call('POST', '/api/apps/application', {
      candidateId: ada.id,
      jobId: surveyor.id,
      date: '2026-10-03',
      contact: 'ada@mail.example',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successMessage: 'Application Added Successfully',
      data: {
        candidateName: 'Ada Brennan',
        designation: 'Quantity Surveyor',
        company: 'Acme Works',
        companyId: acme.id,
        type: 'Full Time',
        date: '2026-10-03',
        status: 'New',
      },
    });
    application = res.json().data;
    const twice = await call('POST', '/api/apps/application', {
      candidateId: ada.id,
      jobId: surveyor.id,
      date: '2026-10-04',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fieldErrors).toEqual({ jobId: jobMessages.alreadyApplied });
    const ghost = await call('POST', '/api/apps/application', {
      candidateId: '00000000-0000-4000-8000-000000000000',
      jobId: surveyor.id,
      date: '2026-10-04',
    });
    expect(ghost.json().fieldErrors).toEqual({ candidateId: jobMessages.unknownCandidate });
    await add('application', {
      candidateId: bo.id,
      jobId: analyst.id,
      date: '2026-10-07',
      status: 'Pending',
    });
    await add('application', {
      candidateId: bo.id,
      jobId: surveyor.id,
      date: '2026-10-02',
      status: 'Rejected',
    });
  });

  it('change status; PATCH of its own pair is not a duplicate', async () => {
    const res = await call('PATCH', `/api/apps/application/${application.id}`, { status: 'Accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'Accepted', candidateName: 'Ada Brennan' });
    expect(
      (await call('PATCH', `/api/apps/application/${application.id}`, { status: 'Hired' })).statusCode,
    ).toBe(400);
  });

  it('list at /api/apps/application and /api/application-list, searched by candidate, job or company', async () => {
    const both = await list('/api/application-list?ordering=date');
    expect(both.results.map((a: { date: string }) => a.date)).toEqual([
      '2026-10-02',
      '2026-10-03',
      '2026-10-07',
    ]);
    const who = async (query: string) =>
      (await list(`/api/apps/application?${query}`)).results.map(
        (a: { candidateName: string; designation: string }) => `${a.candidateName}: ${a.designation}`,
      );
    expect(await who('search=brennan')).toEqual(['Ada Brennan: Quantity Surveyor']);
    expect(await who('search=budget')).toEqual(['Bo Fischer: Budget Analyst']);
    expect(await who(`search=beacon`)).toEqual(['Bo Fischer: Budget Analyst']);
    expect(await who(`company=${acme.id}&ordering=date`)).toEqual([
      'Bo Fischer: Quantity Surveyor',
      'Ada Brennan: Quantity Surveyor',
    ]);
    expect(await who('status=Pending')).toEqual(['Bo Fischer: Budget Analyst']);
    expect(await who(`candidate=${bo.id}&job=${analyst.id}`)).toEqual(['Bo Fischer: Budget Analyst']);
    const job = (await call('GET', `/api/apps/job/${surveyor.id}`)).json();
    expect(job.applications).toBe(2);
  });
});

describe('delete rules: 409 while referred to, never a cascade', () => {
  it('a company with jobs, a job or a candidate with applications', async () => {
    const company = await call('DELETE', `/api/apps/job-company/${acme.id}`);
    expect(company.statusCode).toBe(409);
    expect(company.json()).toMatchObject({
      errorCode: 'HAS_CHILDREN',
      errorMessage: jobMessages.companyHasJobs(2),
    });
    const job = await call('DELETE', `/api/apps/job/${surveyor.id}`);
    expect(job.statusCode).toBe(409);
    expect(job.json().errorMessage).toBe(jobMessages.jobHasApplications(2));
    const person = await call('DELETE', `/api/apps/candidate/${bo.id}`);
    expect(person.json().errorMessage).toBe(jobMessages.candidateHasApplications(2));
    // The internship has no applications: it goes, and the audit log says so.
    expect((await call('DELETE', `/api/apps/job/${intern.id}`)).json().successMessage).toBe(
      'Deleted Successfully',
    );
    const entries = await list(`/api/audit/?entity=job&entityKey=${intern.id}`);
    expect(entries.results.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'delete']);
    expect(entries.results.find((e: { action: string }) => e.action === 'delete').before).toMatchObject({
      jobTitle: 'Finance Intern',
    });
  });
});

describe('permissions', () => {
  it('jobs.view reads, cannot change; without it, 403', async () => {
    await ctx.createUser({
      email: 'recruit@test.local',
      password: 'recruit-password-1',
      permissions: ['jobs.view'],
    });
    await ctx.createUser({
      email: 'other@test.local',
      password: 'other-password-1',
      permissions: ['tasks.view'],
    });
    const reader = await ctx.login('recruit@test.local', 'recruit-password-1');
    const other = await ctx.login('other@test.local', 'other-password-1');
    for (const path of ['job', 'candidate', 'job-company', 'application']) {
      expect((await call('GET', `/api/apps/${path}`, undefined, { token: reader })).statusCode).toBe(200);
      expect((await call('GET', `/api/apps/${path}`, undefined, { token: other })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/application-list', undefined, { token: reader })).statusCode).toBe(200);
    expect(
      (await call('PATCH', `/api/apps/candidate/${ada.id}`, { bookmark: false }, { token: reader }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the demo seed', () => {
  it('adds 15 companies, 30 jobs, 60 candidates and 80 applications, the same every time', async () => {
    const db = ctx.database.db;
    const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email));
    const before = await Promise.all(
      [jobCompanies, jobs, candidates, jobApplications].map((t) => db.select({ n: count() }).from(t)),
    );
    await db.transaction((tx) => seedJobs(tx as typeof db, adminRow?.id ?? ''));
    const after = await Promise.all(
      [jobCompanies, jobs, candidates, jobApplications].map((t) => db.select({ n: count() }).from(t)),
    );
    expect(after.map(([r], i) => (r?.n ?? 0) - (before[i]?.[0]?.n ?? 0))).toEqual([15, 30, 60, 80]);
    const seeded = await list('/api/apps/job-company?search=northwind');
    expect(seeded.results[0]).toMatchObject({ name: 'Northwind Civil Engineering', since: 2004 });
  });
});
