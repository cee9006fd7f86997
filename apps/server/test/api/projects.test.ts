import { messages, projectMessages } from '@ledgerdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let ada: string;
let bob: string;
const ghost = '00000000-0000-4000-8000-000000000000';
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  ada = await ctx.createUser({ email: 'ada@test.local', password: 'ada-password-1' });
  bob = await ctx.createUser({ email: 'bob@test.local', password: 'bob-password-1' });
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));

type Project = {
  _id: string;
  projectName: string;
  projectLead: { id: string; name: string } | null;
  members: { id: string; name: string }[];
  percentage: number;
  badge: string;
  priority: string;
  dueDate: string | null;
  createdAt: string;
  updatedAt: string;
};
async function addProject(fields: Record<string, unknown>): Promise<Project> {
  return createdData(await call('POST', '/api/projects', fields));
}
const withoutTimes = ({ createdAt: _c, updatedAt: _u, ...rest }: Project) => rest;

describe('projects', () => {
  it('creates at /api/projects and at /api/add/project alike, with lead and members by name', async () => {
    const canonical = await call('POST', '/api/projects', {
      projectName: 'Riverside library',
      projectLeadId: ada,
      memberIds: [bob, ada, bob],
      percentage: 40,
      badge: 'Inprogress',
    });
    const alias = await call('POST', '/api/add/project', { projectName: 'Harbour bridge' });
    for (const res of [canonical, alias]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().successMessage).toBe('Project Added Successfully');
    }
    expect(canonical.json().data).toMatchObject({
      projectName: 'Riverside library',
      description: '',
      projectLead: { id: ada, name: 'Test User' },
      members: [{ id: bob }, { id: ada }],
      percentage: 40,
      badge: 'Inprogress',
      priority: 'Medium',
      dueDate: null,
    });
    expect(alias.json().data).toMatchObject({ projectLead: null, members: [], percentage: 0, badge: 'New' });
  });

  it('validates with field errors, including users that do not exist', async () => {
    const bad = await call('POST', '/api/add/project', {
      projectName: '',
      percentage: 101,
      badge: 'Done',
      priority: 'Urgent',
      dueDate: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      projectName: 'Please enter the project name.',
      percentage: 'The progress must be between 0 and 100.',
      badge: 'The status must be one of: New, Pending, Inprogress, Progress, Completed.',
      priority: 'The priority must be one of: High, Medium, Low.',
      dueDate: 'The due date must be a date (YYYY-MM-DD).',
    });
    const lead = await call('POST', '/api/projects', { projectName: 'Ghost led', projectLeadId: ghost });
    expect(lead.statusCode).toBe(400);
    expect(lead.json().fieldErrors).toEqual({ projectLeadId: projectMessages.unknownLead });
    const members = await call('POST', '/api/projects', {
      projectName: 'Ghost team',
      memberIds: [ada, ghost],
    });
    expect(members.json().fieldErrors).toEqual({ memberIds: projectMessages.unknownMembers });
  });

  it('lists at /api/projects and /api/project/list with search, filters and ordering', async () => {
    const a = await addProject({
      projectName: 'Depot chargers A',
      projectLeadId: bob,
      percentage: 70,
      priority: 'High',
    });
    const b = await addProject({
      projectName: 'Depot chargers B',
      memberIds: [bob],
      percentage: 10,
      badge: 'Pending',
    });
    await addProject({
      projectName: 'Depot chargers C',
      memberIds: [ada],
      percentage: 100,
      badge: 'Completed',
    });
    const canonical = (
      await call('GET', '/api/projects?search=depot%20chargers&ordering=-percentage')
    ).json();
    const alias = (
      await call('GET', '/api/project/list?search=depot%20chargers&ordering=-percentage')
    ).json();
    expect(alias).toEqual(canonical);
    expect(canonical.results.map((p: Project) => p.percentage)).toEqual([100, 70, 10]);
    const ofBob = (await call('GET', `/api/projects?search=depot&member=${bob}&ordering=projectName`)).json();
    expect(ofBob.results.map((p: Project) => p._id)).toEqual([a._id, b._id]);
    expect((await call('GET', `/api/projects?search=depot&lead=${bob}`)).json().count).toBe(1);
    expect((await call('GET', '/api/projects?search=depot&badge=Pending')).json().results[0]._id).toBe(b._id);
    expect((await call('GET', '/api/projects?search=depot&priority=High')).json().count).toBe(1);
    const badFilter = await call('GET', '/api/project/list?badge=Done');
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().fieldErrors.badge).toMatch(/^badge must be one of/);
  });

  it('a deleted user leaves the projects they led or worked on', async () => {
    const carol = await ctx.createUser({ email: 'carol@test.local', password: 'carol-password-1' });
    const project = await addProject({
      projectName: 'Short-lived team',
      projectLeadId: carol,
      memberIds: [carol, ada],
    });
    expect((await call('DELETE', `/api/users/user/${carol}/`)).statusCode).toBe(200);
    const after = (await call('GET', `/api/projects/${project._id}`)).json();
    expect(after).toMatchObject({ projectLead: null, members: [{ id: ada }] });
  });

  it('exports the current filter as CSV, and projects.view reads but cannot change', async () => {
    await addProject({ projectName: 'Export "this" project', projectLeadId: ada, memberIds: [ada, bob] });
    const csv = await call('GET', '/api/projects/export?search=export');
    expect(csv.body.trim().split('\r\n')).toEqual([
      'id,projectName,projectLead,members,percentage,badge,priority,dueDate',
      expect.stringContaining(',"Export ""this"" project",Test User,Test User; Test User,0,New,Medium,'),
    ]);
    await ctx.createUser({
      email: 'pview@test.local',
      password: 'pview-password-1',
      permissions: ['projects.view'],
    });
    const token = await ctx.login('pview@test.local', 'pview-password-1');
    const project = await addProject({ projectName: 'Read only' });
    expect((await call('GET', '/api/project/list', undefined, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/projects', undefined, { token })).statusCode).toBe(200);
    expect((await call('POST', '/api/add/project', { projectName: 'No' }, { token })).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/update/project', { _id: project._id, percentage: 5 }, { token })).statusCode,
    ).toBe(403);
    const del = await call('DELETE', '/api/delete/project', undefined, {
      token,
      headers: { project: project._id },
    });
    expect(del.statusCode).toBe(403);
  });
});

describe('the engine’s SPEC §7 aliases, through projects', () => {
  it('PUT /update/x takes the key as _id or id in the body and answers as PATCH does', async () => {
    const one = await addProject({ projectName: 'Alias update', percentage: 10, priority: 'Low' });
    const two = await addProject({ projectName: 'Alias update', percentage: 10, priority: 'Low' });
    const viaPatch = await call('PATCH', `/api/projects/${one._id}`, { percentage: 55, badge: 'Progress' });
    const viaAlias = await call('PUT', '/api/update/project', {
      _id: two._id,
      percentage: 55,
      badge: 'Progress',
    });
    expect(viaAlias.statusCode).toBe(viaPatch.statusCode);
    expect(viaAlias.json().successMessage).toBe(viaPatch.json().successMessage);
    expect(withoutTimes(viaAlias.json().data)).toEqual({
      ...withoutTimes(viaPatch.json().data),
      _id: two._id,
    });
    // The fields not sent keep their values.
    expect(viaAlias.json().data).toMatchObject({ percentage: 55, badge: 'Progress', priority: 'Low' });
    const byId = await call('PUT', '/api/update/project', { id: two._id, priority: 'High' });
    expect(byId.json().data).toMatchObject({ _id: two._id, priority: 'High', percentage: 55 });
    const [entry] = (
      await call('GET', `/api/audit/?entity=project&entityKey=${two._id}&action=update&ordering=at`)
    ).json().results;
    expect(entry.after).toMatchObject({ percentage: 55 });
  });

  it('PUT /update/x: a missing, malformed or unknown key, or a bad field, is refused', async () => {
    const missing = await call('PUT', '/api/update/project', { percentage: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errorMessage: messages.keyRequired,
      fieldErrors: { _id: messages.keyRequired },
    });
    const malformed = await call('PUT', '/api/update/project', { _id: 'project-1', percentage: 5 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ _id: messages.keyInvalid });
    const unknown = await call('PUT', '/api/update/project', { _id: ghost, percentage: 5 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMessage).toBe(messages.notFound);
    const project = await addProject({ projectName: 'Alias checks' });
    const bad = await call('PUT', '/api/update/project', { _id: project._id, percentage: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ percentage: 'The progress must be between 0 and 100.' });
  });

  it('DELETE /delete/x takes the key in its header and answers as the canonical delete does', async () => {
    const one = await addProject({ projectName: 'Alias delete' });
    const two = await addProject({ projectName: 'Alias delete' });
    const canonical = await call('DELETE', `/api/projects/${one._id}`);
    const alias = await call('DELETE', '/api/delete/project', undefined, { headers: { project: two._id } });
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual({ ...canonical.json(), data: { id: two._id } });
    expect((await call('GET', `/api/projects/${two._id}`)).statusCode).toBe(404);
    const [entry] = (
      await call('GET', `/api/audit/?entity=project&entityKey=${two._id}&action=delete`)
    ).json().results;
    expect(entry.before).toMatchObject({ projectName: 'Alias delete' });
  });

  it('DELETE /delete/x: a missing, malformed or unknown key in the header is refused', async () => {
    const missing = await call('DELETE', '/api/delete/project');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errorMessage: messages.keyRequired,
      fieldErrors: { project: messages.keyRequired },
    });
    const malformed = await call('DELETE', '/api/delete/project', undefined, { headers: { project: '42' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      errorMessage: messages.keyInvalid,
      fieldErrors: { project: messages.keyInvalid },
    });
    const unknown = await call('DELETE', '/api/delete/project', undefined, { headers: { project: ghost } });
    expect(unknown.statusCode).toBe(404);
  });
});
