import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCaller, createTestContext, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  adminId = (await call('GET', '/api/users/me/')).json().id;
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }), { remoteAddress: '10.20.30.40' });
const entries = async (query: string) => (await call('GET', `/api/audit/?${query}`)).json();

describe('the audit log', () => {
  it('records a user’s creation, update and deletion with actor, address and only the changed fields', async () => {
    const created = (
      await call('POST', '/api/users/user/', {
        email: 'audited@test.local',
        username: 'audited',
        firstName: 'Aud',
        password: 'maple-lantern-63',
      })
    ).json().data;
    await call('PUT', `/api/users/user/${created.id}/`, {
      id: created.id,
      email: 'audited@test.local',
      username: 'audited',
      firstName: 'Audrey',
      lastName: '',
      isActive: true,
      isAdmin: false,
      groupIds: [],
    });
    await call('DELETE', `/api/users/user/${created.id}/`);

    const history = await entries(`entity=user&entityKey=${created.id}&ordering=at`);
    expect(history.results.map((e: { action: string }) => e.action)).toEqual(['create', 'update', 'delete']);
    const [create, update, remove] = history.results;
    expect(create).toMatchObject({
      actorId: adminId,
      actorLabel: ADMIN.email,
      ip: '10.20.30.40',
      before: null,
    });
    expect(create.after).toMatchObject({ email: 'audited@test.local', isAdmin: false });
    expect(update.before).toEqual({ firstName: 'Aud' });
    expect(update.after).toEqual({ firstName: 'Audrey' });
    expect(remove.before).toMatchObject({ email: 'audited@test.local' });
    expect(remove.after).toBeNull();
  });

  it('never holds a password, a hash or a token', async () => {
    await call('POST', '/api/users/user/', {
      email: 'secret@test.local',
      username: 'secretive',
      firstName: 'S',
      password: 'walnut-harbor-27',
    });
    await ctx.login('secret@test.local', 'walnut-harbor-27');
    const token = await ctx.login('secret@test.local', 'walnut-harbor-27');
    await call(
      'POST',
      '/api/users/me/password/',
      { currentPassword: 'walnut-harbor-27', newPassword: 'cedar-compass-81' },
      { token },
    );
    const everything = JSON.stringify((await entries('pageSize=500')).results);
    expect(everything).not.toContain('walnut-harbor-27');
    expect(everything).not.toContain('cedar-compass-81');
    expect(everything).not.toContain('$argon2');
    expect(everything).not.toContain(token);
    expect(everything).toContain('password.change');
  });

  it('records sign-ins, sign-outs, group changes and revoked sessions', async () => {
    const group = (
      await call('POST', '/api/users/group/', { name: 'Audited group', permissions: ['library.view'] })
    ).json().data;
    await call('PUT', `/api/users/group/${group.id}/`, {
      id: group.id,
      name: 'Audited group',
      permissions: ['library.view', 'library.manage'],
    });
    const groupHistory = await entries(`entity=group&entityKey=${group.id}&ordering=at`);
    expect(groupHistory.results.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(groupHistory.results[1].after).toEqual({ permissions: ['library.view', 'library.manage'] });

    const extra = await ctx.login(ADMIN.email, ADMIN.password);
    await call('POST', '/api/users/logout/', {}, { token: extra });
    await call('POST', '/api/users/me/sessions/revoke-others/', {});
    const actions = (await entries(`actor=${adminId}&pageSize=500`)).results.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['login', 'logout', 'session.revoke-others']));
  });

  it('filters by action and date range, pages, and opens one entry', async () => {
    const all = await entries('pageSize=1');
    expect(all.count).toBeGreaterThan(3);
    expect(all.results).toHaveLength(1);
    const logins = await entries('action=login&pageSize=500');
    expect(logins.results.every((e: { action: string }) => e.action === 'login')).toBe(true);
    const future = await entries(`from=${encodeURIComponent(new Date(Date.now() + 3600_000).toISOString())}`);
    expect(future.count).toBe(0);
    const past = await entries(`to=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`);
    expect(past.count).toBe(0);
    const one = await call('GET', `/api/audit/${all.results[0].id}/`);
    expect(one.json()).toEqual(all.results[0]);
    expect((await call('GET', '/api/audit/00000000-0000-4000-8000-000000000000/')).statusCode).toBe(404);
    expect((await call('GET', '/api/audit/?from=yesterday')).statusCode).toBe(400);
  });

  it('has no route that changes or deletes entries', async () => {
    const writes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/audit') && r.method !== 'GET');
    expect(writes).toEqual([]);
  });
});
