import { Readable } from 'node:stream';
import { jobMessages, libraryCsvColumns, messages, teamMessages, todoMessages } from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, PUBLIC_BODY_LIMIT_BYTES } from '../../src/app';
import { uniqueViolation } from '../../src/db/errors';
import { jobApplications, jobCompanies, teamMembers, todoProjects, todos } from '../../src/db/schema';
import { applicationResource, jobCompanyResource } from '../../src/modules/jobs/jobs.resource';
import { teamResource } from '../../src/modules/team/team.resource';
import { todoProjectResource } from '../../src/modules/todos/todos.resource';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let token: string;
const call = apiCaller(() => ({ ctx, token }));

beforeAll(async () => {
  ctx = await createTestContext();
  // Routes that exist only in this test: a database refusal that no area maps, straight from the
  // engine, to reach the error handler's shared mapping.
  const { db } = ctx.database;
  ctx.app.post('/api/test/duplicate-project', { config: { access: 'public' } }, async () => {
    await db.insert(todoProjects).values({ name: 'Twice' });
    await db.insert(todoProjects).values({ name: 'twice' });
  });
  ctx.app.post('/api/test/missing-project', { config: { access: 'public' } }, async () => {
    await db.insert(todos).values({ task: 'Orphan', projectId: '00000000-0000-4000-8000-000000000000' });
  });
  ctx.app.post('/api/test/referenced-project', { config: { access: 'public' } }, async () => {
    const [project] = await db.insert(todoProjects).values({ name: 'Held' }).returning();
    await db.insert(todos).values({ task: 'Holds it', projectId: project?.id ?? '' });
    await db.delete(todoProjects).where(eq(todoProjects.id, project?.id ?? ''));
  });
  token = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

describe('text a database cannot store', () => {
  it('a NUL character in a text field is a 400 naming the field', async () => {
    const res = await call('POST', '/api/todo/projects', { name: 'Home\u0000work' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorMessage: messages.nulCharacter,
      fieldErrors: { name: messages.nulCharacter },
    });
  });

  it('a NUL character in a nested field, a key or a search is a 400 too', async () => {
    const nested = await call('POST', '/api/apps/task', { task: 'x', assigneeIds: ['a\u0000'] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fieldErrors).toEqual({ 'assigneeIds.0': messages.nulCharacter });
    const key = await call('POST', '/api/todo/projects', { name: 'ok', 'x\u0000': 1 });
    expect(key.statusCode).toBe(400);
    const search = await call('GET', '/api/apps/task?search=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json().fieldErrors).toEqual({ search: messages.nulCharacter });
  });

  it('a NUL character in the search of an export is a 400, not a 200 with a CSV cut short', async () => {
    const res = await call('GET', '/api/apps/task/export?search=%00');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().errorMessage).toBe(messages.nulCharacter);
  });

  it('anonymous sign-up with a NUL character is a 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'nul@test.local', username: 'nul\u0000', password: 'a-long-password-9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe(messages.nulCharacter);
  });

  it('a NUL character in an address parameter or a CSV body is a 400', async () => {
    expect((await call('GET', '/api/apps/task/a%00b')).statusCode).toBe(400);
    const csv = await call('POST', '/api/library/import/?dryRun=true', 'level\u0000,code', {
      headers: { 'content-type': 'text/csv' },
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().fieldErrors).toEqual({ body: messages.nulCharacter });
  });

  it('an unpaired surrogate is a 400, not stored as U+FFFD', async () => {
    const res = await call('POST', '/api/todo/projects', '{"name":"broken \\ud800 here"}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ name: messages.brokenCharacter });
    // A pair (an emoji) is a character like any other.
    expect((await call('POST', '/api/todo/projects', { name: 'Party 🎉' })).statusCode).toBe(201);
  });

  it('a body nested a hundred thousand levels deep is a 400, not a stack overflow', async () => {
    const res = await call('POST', '/api/todo/projects', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('year 0000 (a valid ISO date, not a PostgreSQL one) is a 400 naming the field', async () => {
    const res = await call('POST', '/api/apps/task', { task: 'Ancient', dueDate: '0000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ dueDate: 'The due date must be a date (YYYY-MM-DD).' });
  });
});

describe('dates at the edge of the calendar', () => {
  it('orders up to 9999-12-31, the last day there is, list and export', async () => {
    for (const url of [
      '/api/apps/order?to=9999-12-31',
      '/api/apps/order/export?to=9999-12-31&from=0001-01-01',
    ]) {
      expect((await call('GET', url)).statusCode, url).toBe(200);
    }
  });
});

describe('dates and times past what the database takes', () => {
  it('year 0000, or an offset that carries the time past 9999, is a 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=0000-01-01T00:00:00Z', 'from'],
      ['to=9999-12-31T23:59:59-23:59', 'to'],
    ]) {
      const res = await call('GET', `/api/audit/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [field as string]: `${field} must be a date and time.` });
    }
  });
});

describe('list orderings', () => {
  it('an ordering named after a property every object has is a 400 like any unknown field', async () => {
    for (const ordering of ['__proto__', '-constructor', 'toString', 'hasOwnProperty']) {
      const res = await call('GET', `/api/todo?ordering=${ordering}`);
      expect(res.statusCode, ordering).toBe(400);
      expect(res.json().fieldErrors.ordering).toMatch(/^Order by one of: /);
    }
  });
});

describe('the same unique record created twice at once', () => {
  const rounds = 8;
  /** Two identical creates at once, `rounds` times: each time one 201 and one 409 with `conflict`. */
  async function race(url: string, body: (round: number) => object, conflict: Record<string, string>) {
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all([call('POST', url, body(round)), call('POST', url, body(round))]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
      const refused = answers.find((a) => a.statusCode === 409);
      expect(refused?.json()).toMatchObject({ errorCode: 'CONFLICT', fieldErrors: conflict });
    }
  }

  it('to-do projects', async () => {
    await race('/api/todo/projects', (n) => ({ name: `Race ${n}` }), { name: todoMessages.projectNameTaken });
  });

  it('job companies', async () => {
    await race('/api/apps/job-company', (n) => ({ name: `Race Ltd ${n}` }), {
      name: jobMessages.companyNameTaken,
    });
  });

  it('team members', async () => {
    const userIds: string[] = [];
    for (let n = 0; n < rounds; n++) {
      userIds.push(await ctx.createUser({ email: `race-${n}@test.local`, password: 'a-long-password-9' }));
    }
    await race('/api/teamData', (n) => ({ name: `Racer ${n}`, designation: 'Runner', userId: userIds[n] }), {
      userId: teamMessages.userTaken,
    });
  });

  it('applications', async () => {
    const company = createdData<{ id: string }>(
      await call('POST', '/api/apps/job-company', { name: 'Hiring' }),
    );
    const job = createdData<{ id: string }>(
      await call('POST', '/api/apps/job', {
        jobTitle: 'Runner',
        companyId: company.id,
        postDate: '2026-01-05',
      }),
    );
    const candidateIds: string[] = [];
    for (let n = 0; n < rounds; n++) {
      candidateIds.push(
        createdData<{ id: string }>(
          await call('POST', '/api/apps/candidate', { candidateName: `Applicant ${n}` }),
        ).id,
      );
    }
    await race(
      '/api/apps/application',
      (n) => ({ candidateId: candidateIds[n], jobId: job.id, date: '2026-01-06' }),
      { jobId: jobMessages.alreadyApplied },
    );
  });

  it('each area names its unique index, so that the race a check cannot see still gets its message', async () => {
    // Copy a stored row under a new id: the database's own refusal, whichever engine this is.
    const refusalOf = async (table: PgTable & { id: never }, id: string) => {
      const [row] = await ctx.database.db.select().from(table).where(eq(table.id, id));
      const copy = { ...(row as object), id: crypto.randomUUID() };
      const error = await ctx.database.db
        .insert(table)
        .values(copy as never)
        .then(
          () => null,
          (e: unknown) => e,
        );
      return uniqueViolation(error);
    };
    const project = createdData<{ id: string }>(
      await call('POST', '/api/todo/projects', { name: 'Indexed' }),
    );
    const company = createdData<{ id: string }>(
      await call('POST', '/api/apps/job-company', { name: 'Indexed' }),
    );
    const userId = await ctx.createUser({ email: 'indexed@test.local', password: 'a-long-password-9' });
    const member = createdData<{ id: string }>(
      await call('POST', '/api/teamData', { name: 'Indexed', designation: 'x', userId }),
    );
    const [application] = await ctx.database.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .limit(1);
    const cases = [
      [todoProjectResource().conflicts, await refusalOf(todoProjects as never, project.id)],
      [jobCompanyResource.conflicts, await refusalOf(jobCompanies as never, company.id)],
      [teamResource({} as never).conflicts, await refusalOf(teamMembers as never, member.id)],
      [applicationResource.conflicts, await refusalOf(jobApplications as never, application?.id ?? '')],
    ] as const;
    for (const [conflicts, constraint] of cases) {
      expect(constraint).toBeTruthy();
      expect(conflicts?.[constraint ?? '']).toBeDefined();
    }
  });
});

describe('database refusals no area maps', () => {
  it('a unique violation is a 409 with a clear message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/test/duplicate-project' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: messages.duplicate });
  });

  it('a reference to a record that is gone is a 409, and so is deleting one still referred to', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/test/missing-project' });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: messages.referenceMissing });
    const referenced = await ctx.app.inject({ method: 'POST', url: '/api/test/referenced-project' });
    expect(referenced.statusCode).toBe(409);
    expect(referenced.json()).toEqual({ errorCode: 'CONFLICT', errorMessage: messages.stillReferenced });
  });
});

describe('body limits', () => {
  it('a public route takes a small body: 2 MB to the sign-in is a 413, refused by its length', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errorCode: 'PAYLOAD_TOO_LARGE', errorMessage: messages.tooLarge });
    // Past the public limit, well within a signed-in route's.
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: `${'x'.repeat(PUBLIC_BODY_LIMIT_BYTES)}@b.c` },
    });
    expect(over.statusCode).toBe(413);
  });

  it('2 MB to the sign-in is refused by its length, before a byte of it is read', async () => {
    const size = 2 * 1024 * 1024;
    const chunk = Buffer.alloc(16 * 1024, 'x');
    let produced = 0;
    const body = new Readable({
      read() {
        produced += chunk.length;
        this.push(produced > size ? null : chunk);
      },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json', 'content-length': String(size) },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
    // What the stream had buffered ahead at most (its highWaterMark), not the 2 MB.
    expect(produced).toBeLessThan(PUBLIC_BODY_LIMIT_BYTES);
  });

  it('text/plain is held to the route’s limit too: 5 MB to the sign-in', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(5 * 1024 * 1024),
    });
    // The library's text parser (64 MB for its import) is its own, in an encapsulated plugin: here the
    // sign-in's limit applies, and the length alone refuses the body.
    expect(res.statusCode).toBe(413);
  });

  it('a signed-in route takes up to 1 MB, no more', async () => {
    const res = await call('POST', '/api/todo/projects', { name: 'x'.repeat(BODY_LIMIT_BYTES) });
    expect(res.statusCode).toBe(413);
  });

  it('the library import still takes a large file', async () => {
    const rows = [['1', 'BIG', '', 'BIG', 'A large import', 'true', '', '', '', '', '', '']];
    for (let n = 1; rows.length < 3001; n++) {
      rows.push(['2', `BIG-${n}`, 'BIG', `${n}`, `Item ${n}`, 'true', '', '', '', '', 'n'.repeat(600), '']);
    }
    const text = [libraryCsvColumns.join(','), ...rows.map((r) => r.join(','))].join('\n');
    expect(text.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const res = await call('POST', '/api/library/import/?dryRun=true', text, {
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 3001, inserted: 3001, errors: [] });
  });
});

describe('headers', () => {
  it('API answers are never cached', async () => {
    for (const res of [
      await call('GET', '/api/users/me/'),
      await call('GET', '/api/no-such-thing'),
      await ctx.app.inject({ method: 'GET', url: '/api/users/me/' }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('no Strict-Transport-Security when the public address is plain http', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('Strict-Transport-Security when PUBLIC_URL is https', async () => {
    const secure = await createTestContext({ PUBLIC_URL: 'https://ledger.example.org' });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/healthz' });
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });

  it('the API docs page and its assets load over plain HTTP on a LAN address', async () => {
    const host = '192.168.1.10:3000';
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/', headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Nothing may send the browser to https: not the policy, not HSTS, not an absolute address.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.body).not.toMatch(/(src|href)="https:/);
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map(
      (m) => new URL(m[1] ?? '', `http://${host}/api/docs/`),
    );
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset.origin).toBe(`http://${host}`);
      const res = await ctx.app.inject({ method: 'GET', url: asset.pathname, headers: { host } });
      expect(res.statusCode, asset.pathname).toBe(200);
      const type = asset.pathname.endsWith('.js')
        ? /javascript/
        : asset.pathname.endsWith('.css')
          ? /text\/css/
          : /image\/png/;
      expect(res.headers['content-type']).toMatch(type);
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
    // And the document the page reads.
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { host } });
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
  });
});
