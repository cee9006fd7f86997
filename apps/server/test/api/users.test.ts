import { userMessages } from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGroups } from '../../src/db/schema';
import { ADMIN, apiCaller, createdData, createTestContext, type TestContext } from '../context';
import { type SmtpPeer, startSmtpPeer } from '../smtp';

let ctx: TestContext;
let smtp: SmtpPeer;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://ledgerdesk.test' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const call = apiCaller(() => ({ ctx, token: admin }));

async function addUser(fields: Record<string, unknown>) {
  return createdData<{ id: string; email: string; username: string }>(
    await call('POST', '/api/users/user/', {
      firstName: 'Some',
      lastName: 'One',
      password: 'granite-sparrow-44',
      ...fields,
    }),
  );
}
async function addGroup(fields: Record<string, unknown>) {
  return createdData<{ id: string; name: string }>(await call('POST', '/api/users/group/', fields));
}

describe('users', () => {
  it('adds a user with an initial password, in groups; they can sign in with their permissions', async () => {
    const group = await addGroup({ name: 'Library readers', permissions: ['library.view'] });
    const res = await call('POST', '/api/users/user/', {
      email: 'Reader@Test.local',
      username: 'reader',
      firstName: 'Rea',
      lastName: 'Der',
      password: 'granite-sparrow-44',
      groupIds: [group.id],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      successCode: 'USER_ADDED',
      successMessage: userMessages.added,
      data: {
        email: 'reader@test.local',
        isActive: true,
        isAdmin: false,
        hasPassword: true,
        groups: [{ name: 'Library readers' }],
      },
    });
    const token = await ctx.login('reader@test.local', 'granite-sparrow-44');
    const me = await call('GET', '/api/users/me/', undefined, { token });
    expect(me.json().permissions).toEqual(['library.view']);
    // Only library.view: the user list is forbidden to them.
    expect((await call('GET', '/api/users/user/', undefined, { token })).statusCode).toBe(403);
  });

  it('adds a user without a password and mails them a set-password link that works', async () => {
    const before = smtp.inbox.length;
    const user = await addUser({
      email: 'invited@test.local',
      username: 'invited',
      password: undefined,
      sendPasswordMail: true,
    });
    const fetched = await call('GET', `/api/users/user/${user.id}/`);
    expect(fetched.json().hasPassword).toBe(false);
    await ctx.app.outbox.drain();
    const mail = await smtp.next('invited@test.local', before);
    expect(mail.subject).toBe('Your Ledgerdesk account is ready');
    const token = new URL(mail.link ?? '').searchParams.get('token');
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'copper-willow-19' },
    });
    expect(set.statusCode).toBe(200);
    await ctx.login('invited@test.local', 'copper-willow-19');
  });

  it('asks for a password or a mail, not both and not neither', async () => {
    const neither = await call('POST', '/api/users/user/', {
      email: 'n@test.local',
      username: 'neither',
      firstName: 'N',
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fieldErrors.password).toMatch(/initial password, or choose to send/);
    const both = await call('POST', '/api/users/user/', {
      email: 'b@test.local',
      username: 'both',
      firstName: 'B',
      password: 'granite-sparrow-44',
      sendPasswordMail: true,
    });
    expect(both.statusCode).toBe(400);
  });

  it('refuses duplicates (409 naming the field), unknown groups and weak passwords (400)', async () => {
    await addUser({ email: 'dup@test.local', username: 'dupuser' });
    const email = await call('POST', '/api/users/user/', {
      email: 'DUP@test.local',
      username: 'other',
      firstName: 'X',
      password: 'granite-sparrow-44',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().fieldErrors).toHaveProperty('email');
    const username = await call('POST', '/api/users/user/', {
      email: 'x@test.local',
      username: 'DupUser',
      firstName: 'X',
      password: 'granite-sparrow-44',
    });
    expect(username.statusCode).toBe(409);
    expect(username.json().fieldErrors).toHaveProperty('username');
    const group = await call('POST', '/api/users/user/', {
      email: 'y@test.local',
      username: 'ygroup',
      firstName: 'Y',
      password: 'granite-sparrow-44',
      groupIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(group.statusCode).toBe(400);
    expect(group.json().errorMessage).toBe(userMessages.unknownGroups);
    const weak = await call('POST', '/api/users/user/', {
      email: 'z@test.local',
      username: 'zweak',
      firstName: 'Z',
      password: 'qwerty123',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password).toBe('This password is too common.');
  });

  it('lists with paging, ordering, search and filters', async () => {
    const group = await addGroup({ name: 'Surveyors' });
    for (const name of ['alpha', 'bravo', 'charlie']) {
      await addUser({
        email: `${name}@survey.test`,
        username: `surv_${name}`,
        firstName: name,
        groupIds: [group.id],
        isActive: name !== 'charlie',
      });
    }
    const page1 = await call('GET', '/api/users/user/?search=survey.test&ordering=-email&pageSize=2');
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ count: 3, page: 1, pageSize: 2 });
    expect(page1.json().results.map((u: { email: string }) => u.email)).toEqual([
      'charlie@survey.test',
      'bravo@survey.test',
    ]);
    const page2 = await call('GET', '/api/users/user/?search=survey.test&ordering=-email&pageSize=2&page=2');
    expect(page2.json().results.map((u: { email: string }) => u.email)).toEqual(['alpha@survey.test']);

    const inGroup = await call('GET', `/api/users/user/?group=${group.id}&isActive=true`);
    expect(inGroup.json().count).toBe(2);
    const admins = await call('GET', '/api/users/user/?isAdmin=true');
    expect(admins.json().results.every((u: { isAdmin: boolean }) => u.isAdmin)).toBe(true);
    // Search matches full names too, and LIKE wildcards are taken literally.
    expect((await call('GET', '/api/users/user/?search=bravo%20one')).json().count).toBe(1);
    expect((await call('GET', '/api/users/user/?search=%25')).json().count).toBe(0);
  });

  it('answers 400 for bad list parameters', async () => {
    const ordering = await call('GET', '/api/users/user/?ordering=passwordHash');
    expect(ordering.statusCode).toBe(400);
    expect(ordering.json().fieldErrors.ordering).toMatch(/^Order by one of: email, username/);
    const pageSize = await call('GET', '/api/users/user/?pageSize=501');
    expect(pageSize.statusCode).toBe(400);
    expect(pageSize.json().fieldErrors.pageSize).toBe('pageSize must be at most 500.');
    const flag = await call('GET', '/api/users/user/?isActive=maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json().fieldErrors.isActive).toBe('Use true or false.');
  });

  it('updates with the id in the body; a mismatch is 400, an unknown id 404', async () => {
    const user = await addUser({ email: 'upd@test.local', username: 'upd' });
    const body = {
      id: user.id,
      email: 'upd@test.local',
      username: 'upd2',
      firstName: 'Up',
      lastName: 'Dated',
      isActive: true,
      isAdmin: false,
      groupIds: [],
    };
    const res = await call('PUT', `/api/users/user/${user.id}/`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { username: 'upd2', lastName: 'Dated' },
    });
    const mismatch = await call('PUT', '/api/users/user/00000000-0000-4000-8000-000000000000/', body);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errorMessage).toBe(userMessages.idMismatch);
    const missing = await call('PUT', '/api/users/user/00000000-0000-4000-8000-000000000000/', {
      ...body,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    const badId = await call('GET', '/api/users/user/not-a-uuid/');
    expect(badId.statusCode).toBe(400);
  });

  it('deactivating a user signs them out and keeps them out', async () => {
    const user = await addUser({ email: 'deact@test.local', username: 'deact' });
    const token = await ctx.login('deact@test.local', 'granite-sparrow-44');
    const body = {
      id: user.id,
      email: user.email,
      username: user.username,
      firstName: 'Some',
      lastName: 'One',
      isActive: false,
      isAdmin: false,
      groupIds: [],
    };
    expect((await call('PUT', `/api/users/user/${user.id}/`, body)).statusCode).toBe(200);
    expect((await call('GET', '/api/users/me/', undefined, { token })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { email: user.email, password: 'granite-sparrow-44' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('nobody deletes or deactivates themselves; the last active admin stays', async () => {
    const me = (await call('GET', '/api/users/me/')).json();
    const selfDelete = await call('DELETE', `/api/users/user/${me.id}/`);
    expect(selfDelete.statusCode).toBe(409);
    expect(selfDelete.json().errorMessage).toBe(userMessages.cannotDeleteSelf);
    const selfBody = {
      id: me.id,
      email: me.email,
      username: me.username,
      firstName: me.firstName,
      lastName: me.lastName,
      isAdmin: true,
      groupIds: [],
    };
    const selfDeactivate = await call('PUT', `/api/users/user/${me.id}/`, { ...selfBody, isActive: false });
    expect(selfDeactivate.statusCode).toBe(409);
    expect(selfDeactivate.json().errorMessage).toBe(userMessages.cannotDeactivateSelf);
    // Nor gives up the role: no one changes their own rights.
    const demote = await call('PUT', `/api/users/user/${me.id}/`, {
      ...selfBody,
      isActive: true,
      isAdmin: false,
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().errorMessage).toBe(userMessages.ownGroups);
  });

  it('two admins demoting each other at once: one wins, an active admin remains', async () => {
    const first = await addUser({ email: 'first.admin@test.local', username: 'firstadmin', isAdmin: true });
    const second = await addUser({
      email: 'second.admin@test.local',
      username: 'secondadmin',
      isAdmin: true,
    });
    const firstToken = await ctx.login('first.admin@test.local', 'granite-sparrow-44');
    const secondToken = await ctx.login('second.admin@test.local', 'granite-sparrow-44');
    // Take the original admin out of the way, so that these two are the only active ones.
    const me = (await call('GET', '/api/users/me/')).json();
    const deactivate = await call(
      'PUT',
      `/api/users/user/${me.id}/`,
      { id: me.id, isActive: false },
      {
        token: firstToken,
      },
    );
    expect(deactivate.statusCode).toBe(200);

    const [a, b] = await Promise.all([
      call('PUT', `/api/users/user/${second.id}/`, { id: second.id, isAdmin: false }, { token: firstToken }),
      call('PUT', `/api/users/user/${first.id}/`, { id: first.id, isAdmin: false }, { token: secondToken }),
    ]);
    // The loser is refused as the last admin (409), or, when the winner committed before the loser
    // was even let in, as no longer an administrator (403).
    expect([a.statusCode, b.statusCode].filter((status) => status === 200)).toHaveLength(1);
    const loser = a.statusCode === 200 ? b : a;
    expect([403, 409]).toContain(loser.statusCode);
    if (loser.statusCode === 409) expect(loser.json().errorMessage).toBe(userMessages.lastAdmin);
    const winnerToken = a.statusCode === 200 ? firstToken : secondToken;
    const stillAdmins = (
      await ctx.call(winnerToken, 'GET', '/api/users/user/?isAdmin=true&isActive=true')
    ).json();
    expect(stillAdmins.count).toBe(1);

    // Bring the original admin back for the other tests.
    expect(
      (await call('PUT', `/api/users/user/${me.id}/`, { id: me.id, isActive: true }, { token: winnerToken }))
        .statusCode,
    ).toBe(200);
    admin = await ctx.login(ADMIN.email, ADMIN.password);
  });

  it('deletes a user; then they are gone', async () => {
    const user = await addUser({ email: 'gone@test.local', username: 'goneuser' });
    const res = await call('DELETE', `/api/users/user/${user.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: user.id } });
    expect((await call('GET', `/api/users/user/${user.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/user/${user.id}/`)).statusCode).toBe(404);
  });

  it('mails a reset link on an administrator’s request', async () => {
    const user = await addUser({ email: 'helpme@test.local', username: 'helpme' });
    const before = smtp.inbox.length;
    const res = await call('POST', `/api/users/user/${user.id}/reset-password/`);
    expect(res.statusCode).toBe(200);
    await ctx.app.outbox.drain();
    const mail = await smtp.next('helpme@test.local', before);
    expect(mail.link).toMatch(/^http:\/\/ledgerdesk\.test\/reset-password\?token=/);
  });
});

describe('user options (picking a colleague)', () => {
  it('who may assign users finds active colleagues by name or email, id/name/email/picture only', async () => {
    const picked = await addUser({
      email: 'quinn.options@test.local',
      username: 'quinnopt',
      firstName: 'Quinn',
    });
    const idle = await addUser({ email: 'idle.options@test.local', username: 'idleopt', isActive: false });
    const viewers = await addGroup({ name: 'Option viewers', permissions: ['users.view'] });
    await addUser({ email: 'viewer.options@test.local', username: 'viewopt', groupIds: [viewers.id] });
    const token = await ctx.login('viewer.options@test.local', 'granite-sparrow-44');

    const found = await call('GET', '/api/users/options/?search=quinn', undefined, { token });
    expect(found.statusCode).toBe(200);
    expect(found.json().results).toEqual([
      { id: picked.id, name: 'Quinn One', email: 'quinn.options@test.local', avatarUrl: null },
    ]);
    const inactive = await call('GET', '/api/users/options/?search=idle.options', undefined, {
      token: token,
    });
    expect(inactive.json().results).toEqual([]);

    // Names of users already picked, inactive ones included (a task may keep a former assignee).
    const byIds = await call('GET', `/api/users/options/?ids=${picked.id},${idle.id}`, undefined, {
      token: token,
    });
    expect(
      byIds
        .json()
        .results.map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([picked.id, idle.id].sort());
    const bad = await call('GET', '/api/users/options/?ids=nope', undefined, { token });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/options/' })).statusCode).toBe(401);
  });

  it('is refused to users who may not assign anyone; an assigner without users.view sees no e-mails', async () => {
    await addUser({ email: 'plain.options@test.local', username: 'plainopt' });
    const plain = await ctx.login('plain.options@test.local', 'granite-sparrow-44');
    const refused = await call('GET', '/api/users/options/?search=quinn', undefined, { token: plain });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('quinn.options@test.local');

    const taskManagers = await addGroup({ name: 'Task managers (options)', permissions: ['tasks.manage'] });
    await addUser({
      email: 'assigner.options@test.local',
      username: 'assignopt',
      groupIds: [taskManagers.id],
    });
    const assigner = await ctx.login('assigner.options@test.local', 'granite-sparrow-44');
    const found = await call('GET', '/api/users/options/?search=quinn', undefined, { token: assigner });
    expect(found.statusCode).toBe(200);
    expect(found.json().results).toEqual([expect.objectContaining({ name: 'Quinn One', email: null })]);
    expect(found.body).not.toContain('quinn.options@test.local');
  });
});

describe('group options (picking a group to share with)', () => {
  it('those who may share with groups (calendar or files managers) list every group by name; others get 403', async () => {
    const calendarManagers = await addGroup({
      name: 'Options: calendar managers',
      permissions: ['calendar.manage'],
    });
    const fileManagers = await addGroup({ name: 'Options: file managers', permissions: ['files.manage'] });
    const viewers = await addGroup({
      name: 'Options: viewers',
      permissions: ['calendar.view', 'files.view'],
    });
    await addUser({
      email: 'cal.groupopt@test.local',
      username: 'calgroupopt',
      groupIds: [calendarManagers.id],
    });
    await addUser({
      email: 'files.groupopt@test.local',
      username: 'filesgroupopt',
      groupIds: [fileManagers.id],
    });
    await addUser({ email: 'view.groupopt@test.local', username: 'viewgroupopt', groupIds: [viewers.id] });
    await addUser({ email: 'plain.groupopt@test.local', username: 'plaingroupopt' });

    for (const email of ['cal.groupopt@test.local', 'files.groupopt@test.local']) {
      const token = await ctx.login(email, 'granite-sparrow-44');
      const res = await call('GET', '/api/users/group-options/', undefined, { token });
      expect(res.statusCode).toBe(200);
      const results: { id: string; name: string }[] = res.json().results;
      // Every group, id and name only, ordered by name.
      const mine = results.filter((g) => g.name.startsWith('Options: '));
      expect(mine).toEqual([
        { id: calendarManagers.id, name: 'Options: calendar managers' },
        { id: fileManagers.id, name: 'Options: file managers' },
        { id: viewers.id, name: 'Options: viewers' },
      ]);
    }

    for (const email of ['view.groupopt@test.local', 'plain.groupopt@test.local']) {
      const token = await ctx.login(email, 'granite-sparrow-44');
      const refused = await call('GET', '/api/users/group-options/', undefined, { token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Options: file managers');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/group-options/' })).statusCode).toBe(401);
  });
});

describe('groups', () => {
  it('a user has the union of their groups’ permissions, and changes apply at once', async () => {
    const readers = await addGroup({ name: 'Readers of users', permissions: ['users.view'] });
    const auditors = await addGroup({
      name: 'Readers of the log',
      permissions: ['audit.view', 'users.view'],
    });
    const user = await addUser({
      email: 'union@test.local',
      username: 'union',
      groupIds: [readers.id, auditors.id],
    });
    const token = await ctx.login('union@test.local', 'granite-sparrow-44');
    expect((await call('GET', '/api/users/me/', undefined, { token })).json().permissions).toEqual([
      'audit.view',
      'users.view',
    ]);
    expect((await call('GET', '/api/audit/', undefined, { token })).statusCode).toBe(200);

    // Take audit.view away from the group: the next request is refused.
    const res = await call('PUT', `/api/users/group/${auditors.id}/`, {
      id: auditors.id,
      name: 'Readers of the log',
      permissions: [],
      memberIds: [user.id],
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/audit/', undefined, { token })).statusCode).toBe(403);
  });

  it('names are unique without regard to case; unknown permissions and members are refused', async () => {
    await addGroup({ name: 'Estimators' });
    const dup = await call('POST', '/api/users/group/', { name: 'ESTIMATORS' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fieldErrors).toEqual({ name: userMessages.groupNameTaken });
    const perm = await call('POST', '/api/users/group/', {
      name: 'Bad perms',
      permissions: ['library.destroy'],
    });
    expect(perm.statusCode).toBe(400);
    expect(Object.keys(perm.json().fieldErrors)[0]).toMatch(/^permissions/);
    const member = await call('POST', '/api/users/group/', {
      name: 'Ghost members',
      memberIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(member.statusCode).toBe(400);
    expect(member.json().errorMessage).toBe(userMessages.unknownUsers);
  });

  it('lists with member counts, and deleting a group removes its memberships', async () => {
    const a = await addUser({ email: 'm1@test.local', username: 'member1' });
    const b = await addUser({ email: 'm2@test.local', username: 'member2' });
    const group = await addGroup({
      name: 'Site managers',
      description: 'On site',
      permissions: ['library.view'],
      memberIds: [a.id, b.id],
    });
    const list = await call('GET', '/api/users/group/?search=site%20man');
    expect(list.json().results).toEqual([
      expect.objectContaining({
        name: 'Site managers',
        memberCount: 2,
        members: expect.arrayContaining([expect.objectContaining({ email: 'm1@test.local' })]),
      }),
    ]);
    await addGroup({ name: 'Site managers (empty)' });
    const byMembers = (
      await call('GET', '/api/users/group/?search=site%20managers&ordering=-memberCount')
    ).json();
    expect(
      byMembers.results.map((g: { name: string; memberCount: number }) => [g.name, g.memberCount]),
    ).toEqual([
      ['Site managers', 2],
      ['Site managers (empty)', 0],
    ]);
    const res = await call('DELETE', `/api/users/group/${group.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ removedMemberships: 2 });
    expect((await call('GET', `/api/users/user/${a.id}/`)).json().groups).toEqual([]);
    expect((await call('GET', `/api/users/group/${group.id}/`)).statusCode).toBe(404);
  });
});

describe('updates: a field left out keeps its value; versions guard against lost updates', () => {
  it('a user update without isAdmin or groupIds keeps them', async () => {
    const group = await addGroup({ name: 'Kept group', permissions: ['library.view'] });
    const kept = await addUser({
      email: 'kept.admin@test.local',
      username: 'keptadmin',
      isAdmin: true,
      groupIds: [group.id],
    });
    const res = await call('PUT', `/api/users/user/${kept.id}/`, { id: kept.id, firstName: 'Renamed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Renamed',
      lastName: 'One',
      email: 'kept.admin@test.local',
      isAdmin: true,
      isActive: true,
      groups: [{ id: group.id }],
    });
  });

  it('a group update without memberIds or permissions keeps them, and its membership rows', async () => {
    const member = await addUser({ email: 'kept.member@test.local', username: 'keptmember' });
    const group = await addGroup({
      name: 'Kept members',
      permissions: ['tasks.view'],
      memberIds: [member.id],
    });
    const rowsOf = () =>
      ctx.database.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(userGroups)
        .where(eq(userGroups.groupId, group.id));
    const before = await rowsOf();
    const res = await call('PUT', `/api/users/group/${group.id}/`, {
      id: group.id,
      description: 'Still here',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      description: 'Still here',
      permissions: ['tasks.view'],
      members: [{ id: member.id }],
    });
    // The membership row was not deleted and inserted again.
    expect(await rowsOf()).toEqual(before);
  });

  it('a user update that leaves the groups alone leaves their rows alone', async () => {
    const group = await addGroup({ name: 'Untouched rows', permissions: [] });
    const user = await addUser({
      email: 'untouched@test.local',
      username: 'untouched',
      groupIds: [group.id],
    });
    const rowsOf = () =>
      ctx.database.db
        .select({ xmin: sql<string>`xmin::text` })
        .from(userGroups)
        .where(eq(userGroups.userId, user.id));
    const before = await rowsOf();
    const res = await call('PUT', `/api/users/user/${user.id}/`, {
      id: user.id,
      lastName: 'Changed',
      groupIds: [group.id],
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf()).toEqual(before);
  });

  it('exposes a version that every change bumps; an unchanged update writes nothing', async () => {
    const user = await addUser({ email: 'versioned@test.local', username: 'versioned' });
    const read = (await call('GET', `/api/users/user/${user.id}/`)).json();
    expect(read.version).toBe(1);
    const same = await call('PUT', `/api/users/user/${user.id}/`, { id: user.id, firstName: read.firstName });
    expect(same.json().data.version).toBe(1);
    const audit = await call('GET', `/api/audit/?entity=user&entityKey=${user.id}&action=update`);
    expect(audit.json().count).toBe(0);
    const changed = await call('PUT', `/api/users/user/${user.id}/`, {
      id: user.id,
      version: 1,
      firstName: 'Changed',
    });
    expect(changed.json().data.version).toBe(2);
  });

  it('a stale version is a 409 with the current record; If-Match works as the body field', async () => {
    const user = await addUser({ email: 'stale@test.local', username: 'staleuser' });
    expect(
      (await call('PUT', `/api/users/user/${user.id}/`, { id: user.id, version: 1, firstName: 'First' }))
        .statusCode,
    ).toBe(200);
    const stale = await call('PUT', `/api/users/user/${user.id}/`, {
      id: user.id,
      version: 1,
      firstName: 'Lost',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'STALE_RECORD',
      current: { id: user.id, firstName: 'First', version: 2 },
    });
    const byHeader = await call(
      'PUT',
      `/api/users/user/${user.id}/`,
      { id: user.id, firstName: 'Lost again' },
      { headers: { 'if-match': '"1"' } },
    );
    expect(byHeader.statusCode).toBe(409);
    const badHeader = await call(
      'PUT',
      `/api/users/user/${user.id}/`,
      { id: user.id, firstName: 'Nope' },
      { headers: { 'if-match': 'yesterday' } },
    );
    expect(badHeader.statusCode).toBe(400);
    const fresh = await call(
      'PUT',
      `/api/users/user/${user.id}/`,
      { id: user.id, firstName: 'Second' },
      { headers: { 'if-match': '"2"' } },
    );
    expect(fresh.json().data).toMatchObject({ firstName: 'Second', version: 3 });

    const group = await addGroup({ name: 'Stale group' });
    await call('PUT', `/api/users/group/${group.id}/`, { id: group.id, version: 1, description: 'First' });
    const staleGroup = await call('PUT', `/api/users/group/${group.id}/`, {
      id: group.id,
      version: 1,
      description: 'Lost',
    });
    expect(staleGroup.statusCode).toBe(409);
    expect(staleGroup.json().current).toMatchObject({ description: 'First', version: 2 });
  });

  it('two updates of the same version at once: exactly one wins', async () => {
    const user = await addUser({ email: 'race@test.local', username: 'raceuser' });
    const group = await addGroup({ name: 'Race group' });
    const users = await Promise.all(
      ['Left', 'Right'].map((firstName) =>
        call('PUT', `/api/users/user/${user.id}/`, { id: user.id, version: 1, firstName }),
      ),
    );
    expect(users.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = users.find((r) => r.statusCode === 200)?.json().data.firstName;
    expect((await call('GET', `/api/users/user/${user.id}/`)).json()).toMatchObject({
      firstName: winner,
      version: 2,
    });

    const groups = await Promise.all(
      ['Left', 'Right'].map((description) =>
        call('PUT', `/api/users/group/${group.id}/`, { id: group.id, version: 1, description }),
      ),
    );
    expect(groups.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = groups.find((r) => r.statusCode === 200)?.json().data.description;
    expect((await call('GET', `/api/users/group/${group.id}/`)).json()).toMatchObject({
      description: won,
      version: 2,
    });
  });
});

describe('memberships changed from both sides at once', () => {
  it('adding a user to a group from the user and from the group at once: both succeed, one membership', async () => {
    const group = await addGroup({ name: 'Both sides' });
    const user = await addUser({ email: 'both.sides@test.local', username: 'bothsides' });
    const answers = await Promise.all([
      call('PUT', `/api/users/user/${user.id}/`, { id: user.id, groupIds: [group.id] }),
      call('PUT', `/api/users/group/${group.id}/`, { id: group.id, memberIds: [user.id] }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await ctx.database.db.select().from(userGroups).where(eq(userGroups.userId, user.id));
    expect(rows.map((r) => r.groupId)).toEqual([group.id]);
  });
});

describe('the PUT rule in the OpenAPI document', () => {
  it('states it for the whole API and on every hand-written PUT', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain('a field left out of the body keeps its stored value');
    const handWritten = Object.entries(
      doc.paths as Record<string, { put?: { description?: string } }>,
    ).filter(([path, operations]) => operations.put && /^\/api\/(users|library)\//.test(path));
    expect(handWritten.map(([path]) => path).sort()).toEqual(
      [
        '/api/library/l1codes/{id}/',
        '/api/library/l2codes/{id}/',
        '/api/library/l3codes/{id}/',
        '/api/library/l4codes/{id}/',
        '/api/library/units/{id}/',
        '/api/users/group/{id}/',
        '/api/users/me/',
        '/api/users/me/preferences/',
        '/api/users/user/{id}/',
      ].sort(),
    );
    for (const [, operations] of handWritten)
      expect(operations.put?.description).toMatch(/left out .* keeps its stored value/);
  });
});
