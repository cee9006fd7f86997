import { messages, teamMessages } from '@ledgerdesk/contracts';
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
type Member = {
  id: string;
  name: string;
  user: { id: string; name: string } | null;
  userShortName: string;
  colour: string;
  projectCount: number;
  taskCount: number;
};
async function addMember(fields: Record<string, unknown>): Promise<Member> {
  return createdData(await call('POST', '/api/teamData', { designation: 'Budget Analyst', ...fields }));
}

describe('team', () => {
  it('adds at /api/teamData and /api/add/teamData, keyed id, with initials', async () => {
    const canonical = await call('POST', '/api/teamData', {
      name: 'Amara Okafor',
      designation: 'Head of Finance',
      email: 'Amara@Example.org',
      phone: '+44 7700 900123',
      colour: 'teal',
    });
    const alias = await call('POST', '/api/add/teamData', { name: 'Priya', designation: 'Budget Analyst' });
    for (const res of [canonical, alias]) {
      expect(res.statusCode).toBe(201);
      expect(res.json().successMessage).toBe('Team Member Added Successfully');
      expect(res.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.json().data).not.toHaveProperty('_id');
    }
    expect(canonical.json().data).toMatchObject({
      email: 'amara@example.org',
      userShortName: 'AO',
      colour: 'teal',
      user: null,
      projectCount: 0,
      taskCount: 0,
    });
    expect(alias.json().data).toMatchObject({ userShortName: 'PR', colour: 'blue', email: '', phone: '' });
  });

  it('validates with field errors; a user is linked to one member at most', async () => {
    const bad = await call('POST', '/api/add/teamData', {
      name: '',
      designation: '',
      email: 'nope',
      phone: 'call me',
      colour: 'gold',
      userId: 'someone',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      name: 'Please enter the name.',
      designation: 'Please enter the designation.',
      email: 'Please enter a valid email address.',
      phone: 'Use digits, spaces, ( ) - . and a leading +.',
      colour: expect.stringMatching(/^The colour must be one of: blue, /),
      userId: 'Unknown user.',
    });
    const unknown = await call('POST', '/api/teamData', {
      name: 'Ghost',
      designation: 'None',
      userId: ghost,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ userId: teamMessages.unknownUser });

    const linked = await addMember({ name: 'Bob Linked', userId: bob });
    const twice = await call('POST', '/api/teamData', { name: 'Bob Again', designation: 'X', userId: bob });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fieldErrors).toEqual({ userId: teamMessages.userTaken });
    // The member keeps its own link when other fields change.
    const renamed = await call('PUT', '/api/update/teamData', { id: linked.id, name: 'Bob Builder' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Bob Builder',
      userShortName: 'BB',
      user: { id: bob },
    });
  });

  it('counts the linked user’s projects (lead or member) and tasks, for a whole page at once', async () => {
    const member = await addMember({ name: 'Ada Counted', userId: ada });
    await addMember({ name: 'Outside Consultant' });
    const project = async (fields: object) => (await call('POST', '/api/projects', fields)).statusCode;
    expect(await project({ projectName: 'Led by Ada', projectLeadId: ada })).toBe(201);
    expect(await project({ projectName: 'Ada on the team', memberIds: [bob, ada] })).toBe(201);
    expect(await project({ projectName: 'Ada leads and works', projectLeadId: ada, memberIds: [ada] })).toBe(
      201,
    );
    expect(await project({ projectName: 'Without Ada', memberIds: [bob] })).toBe(201);
    for (const assigneeIds of [[ada], [ada, bob], [bob]]) {
      expect((await call('POST', '/api/apps/task', { task: 'Counted work', assigneeIds })).statusCode).toBe(
        201,
      );
    }
    const page = (await call('GET', '/api/teamData?search=a&ordering=name&pageSize=50')).json();
    const byName = Object.fromEntries(page.results.map((m: Member) => [m.name, m]));
    expect(byName['Ada Counted']).toMatchObject({ projectCount: 3, taskCount: 2, user: { id: ada } });
    expect(byName['Bob Builder']).toMatchObject({ projectCount: 2, taskCount: 2 });
    expect(byName['Outside Consultant']).toMatchObject({ projectCount: 0, taskCount: 0, user: null });
    expect((await call('GET', `/api/teamData/${member.id}`)).json().projectCount).toBe(3);
    // A deleted user leaves the member unlinked, with no counts.
    expect((await call('DELETE', `/api/users/user/${ada}/`)).statusCode).toBe(200);
    expect((await call('GET', `/api/teamData/${member.id}`)).json()).toMatchObject({
      user: null,
      projectCount: 0,
      taskCount: 0,
    });
  });

  it('lists with search, the linked filter and ordering; exports CSV', async () => {
    await addMember({ name: 'Zed Quantity', designation: 'Quantity Surveyor' });
    await addMember({ name: 'Yan Quantity', designation: 'Quantity Surveyor', userId: await newUser('yan') });
    const all = (await call('GET', '/api/teamData?search=quantity%20surveyor&ordering=-name')).json();
    expect(all.results.map((m: Member) => m.name)).toEqual(['Zed Quantity', 'Yan Quantity']);
    const linked = (await call('GET', '/api/teamData?search=quantity&linked=true')).json();
    expect(linked.results.map((m: Member) => m.name)).toEqual(['Yan Quantity']);
    expect((await call('GET', '/api/teamData?linked=maybe')).statusCode).toBe(400);
    const csv = await call('GET', '/api/teamData/export?search=quantity&linked=false');
    expect(csv.body.trim().split('\r\n')).toEqual([
      'id,name,designation,email,phone,user,projectCount,taskCount',
      expect.stringMatching(/,Zed Quantity,Quantity Surveyor,,,,0,0$/),
    ]);
  });

  it('updates and deletes through /update/teamData and /delete/teamData (key in the teamdata header)', async () => {
    const member = await addMember({ name: 'Short Stay' });
    const changed = await call('PUT', '/api/update/teamData', {
      id: member.id,
      designation: 'Site Engineer',
    });
    expect(changed.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { name: 'Short Stay', designation: 'Site Engineer' },
    });
    const missing = await call('DELETE', '/api/delete/teamData');
    expect(missing.json().fieldErrors).toEqual({ teamdata: messages.keyRequired });
    const gone = await call('DELETE', '/api/delete/teamData', undefined, {
      headers: { teamdata: member.id },
    });
    expect(gone.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: member.id } });
    expect((await call('GET', `/api/teamData/${member.id}`)).statusCode).toBe(404);
    const audit = (await call('GET', `/api/audit/?entity=teamMember&entityKey=${member.id}`)).json();
    expect(audit.results.map((e: { action: string }) => e.action).sort()).toEqual([
      'create',
      'delete',
      'update',
    ]);
  });

  it('team.view reads but cannot change', async () => {
    await ctx.createUser({
      email: 'tview@test.local',
      password: 'tview-password-1',
      permissions: ['team.view'],
    });
    const token = await ctx.login('tview@test.local', 'tview-password-1');
    const member = await addMember({ name: 'Read Only' });
    expect((await call('GET', '/api/teamData', undefined, { token })).statusCode).toBe(200);
    expect(
      (await call('POST', '/api/add/teamData', { name: 'No', designation: 'No' }, { token })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/update/teamData', { id: member.id, name: 'No' }, { token })).statusCode,
    ).toBe(403);
    const del = await call('DELETE', '/api/delete/teamData', undefined, {
      token,
      headers: { teamdata: member.id },
    });
    expect(del.statusCode).toBe(403);
  });
});

async function newUser(name: string) {
  return ctx.createUser({ email: `${name}@test.local`, password: `${name}-password-1` });
}
