import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';

// The cache of who a token belongs to (modules/auth/callers.ts), on as in production: a change made
// through the server applies at once; one made behind its back, within AUTH_CACHE_SECONDS.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_CACHE_SECONDS: '5' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

describe('the cache of callers', () => {
  it('a change made in SQL, behind the server’s back, shows only once the caller is forgotten', async () => {
    const id = await ctx.createUser({ email: 'quiet@test.local', password: 'quiet-password-1' });
    const token = await ctx.login('quiet@test.local', 'quiet-password-1');
    expect((await ctx.call(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await ctx.call(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
    // Any audited change of a user (here, someone signing in) makes the server look again.
    await ctx.login(ADMIN.email, ADMIN.password);
    expect((await ctx.call(token, 'GET', '/api/users/me/')).statusCode).toBe(401);
  });

  it('signing out applies at once', async () => {
    const token = await ctx.login(ADMIN.email, ADMIN.password);
    expect((await ctx.call(token, 'GET', '/api/users/me/')).statusCode).toBe(200);
    expect((await ctx.call(token, 'POST', '/api/users/logout/')).statusCode).toBe(204);
    expect((await ctx.call(token, 'GET', '/api/users/me/')).statusCode).toBe(401);
  });

  it('deactivating a user, or taking a permission from their group, applies at once', async () => {
    const id = await ctx.createUser({
      email: 'clerk@test.local',
      password: 'clerk-password-1',
      permissions: ['ecommerce.view'],
    });
    const token = await ctx.login('clerk@test.local', 'clerk-password-1');
    expect((await ctx.call(token, 'GET', '/api/apps/product')).statusCode).toBe(200);
    const me = (await ctx.call(token, 'GET', '/api/users/me/')).json();
    const [group] = me.groups;
    const taken = await ctx.call(admin, 'PUT', `/api/users/group/${group.id}/`, {
      id: group.id,
      name: group.name,
      permissions: ['tasks.view'],
      memberIds: [id],
    });
    expect(taken.statusCode).toBe(200);
    expect((await ctx.call(token, 'GET', '/api/apps/product')).statusCode).toBe(403);
    expect((await ctx.call(token, 'GET', '/api/apps/task')).statusCode).toBe(200);

    const user = (await ctx.call(admin, 'GET', `/api/users/user/${id}/`)).json();
    const off = await ctx.call(admin, 'PUT', `/api/users/user/${id}/`, {
      id,
      email: user.email,
      username: user.username,
      firstName: user.firstName,
      isActive: false,
      groupIds: [group.id],
    });
    expect(off.statusCode).toBe(200);
    expect((await ctx.call(token, 'GET', '/api/apps/task')).statusCode).toBe(401);
  });
});
