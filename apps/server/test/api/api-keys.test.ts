import { API_KEY_PREFIX, apiKeyMessages } from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, passwordResetTokens, users } from '../../src/db/schema';
import { hashToken, newToken } from '../../src/lib/tokens';
import { ADMIN, createdData, createTestContext, type Method, type TestContext } from '../context';

let ctx: TestContext;
let admin: string;
let clerk: string;
let clerkId: string;
const CLERK = { email: 'clerk@test.local', password: 'clerk-password-1' };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  // May make keys and read tasks, but not the user list.
  clerkId = await ctx.createUser({ ...CLERK, permissions: ['apiKeys.view', 'apiKeys.manage', 'tasks.view'] });
  clerk = await ctx.login(CLERK.email, CLERK.password);
});
afterAll(() => ctx.close());

type Created = { id: string; secret: string; apikey: string; status: string; createBy: string };
async function createKey(token: string, fields: object = { name: 'Reporting' }): Promise<Created> {
  return createdData(await ctx.call(token, 'POST', '/api/apps/api-key', fields));
}

describe('creating a key', () => {
  it('shows the secret once; only its hash and a short prefix are stored', async () => {
    const res = await ctx.call(clerk, 'POST', '/api/apps/api-key', { name: 'Nightly export' });
    expect(res.statusCode).toBe(201);
    const key = res.json().data as Created;
    expect(res.json().successMessage).toBe('API Key Added Successfully');
    expect(key.secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({
      status: 'Active',
      createBy: 'Test User',
      expiryDate: null,
      lastUsedAt: null,
    });
    expect(key.apikey).toBe(`${key.secret.slice(0, 12)}…`);

    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(hashToken(key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret);

    // Never again: not in the list, not in the record, not in the audit log.
    const listed = await ctx.call(clerk, 'GET', '/api/apps/api-key');
    const fetched = await ctx.call(clerk, 'GET', `/api/apps/api-key/${key.id}`);
    const audit = await ctx.call(admin, 'GET', `/api/audit/?entity=apiKey&entityKey=${key.id}`);
    for (const body of [listed.body, fetched.body, audit.body])
      expect(body).not.toContain(key.secret.slice(12));
    expect(fetched.json()).not.toHaveProperty('secret');
    expect(audit.json().results).toMatchObject([{ action: 'create', actorLabel: CLERK.email }]);
  });

  it('validates the name and refuses an expiry in the past', async () => {
    const bad = await ctx.call(clerk, 'POST', '/api/apps/api-key', { name: '', expiryDate: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Please name the key.',
      expiryDate: 'The expiry must be a date and time (ISO 8601).',
    });
    const past = await ctx.call(clerk, 'POST', '/api/apps/api-key', {
      name: 'Too late',
      expiryDate: '2020-01-01T00:00:00Z',
    });
    expect(past.json().fieldErrors).toEqual({ expiryDate: apiKeyMessages.expiryInPast });
  });
});

describe('calling with a key', () => {
  it('acts as the creator, with the creator’s permissions, and records its last use', async () => {
    const key = await createKey(clerk);
    const tasks = await ctx.call(key.secret, 'GET', '/api/apps/task');
    expect(tasks.statusCode).toBe(200);
    // The clerk has no users.view: neither has their key.
    expect((await ctx.call(key.secret, 'GET', '/api/users/user/')).statusCode).toBe(403);
    const me = await ctx.call(key.secret, 'GET', '/api/users/me/');
    expect(me.json()).toMatchObject({ email: CLERK.email });
    expect(me.json()).not.toHaveProperty('apiKey');
    const record = (await ctx.call(clerk, 'GET', `/api/apps/api-key/${key.id}`)).json();
    expect(record.lastUsedAt).not.toBeNull();
    // The creator gains a permission: so does the key, at once.
    await ctx.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, clerkId));
    expect((await ctx.call(key.secret, 'GET', '/api/users/user/')).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isAdmin: false }).where(eq(users.id, clerkId));
  });

  it('writes audit entries as the creator, naming the key', async () => {
    const key = await createKey(admin, { name: 'Task bot' });
    const res = await ctx.call(key.secret, 'POST', '/api/apps/task', { task: 'Made by a key' });
    expect(res.statusCode).toBe(201);
    const [entry] = (
      await ctx.call(admin, 'GET', `/api/audit/?entity=task&entityKey=${res.json().data._id}`)
    ).json().results;
    const [adminRow] = await ctx.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    expect(entry).toMatchObject({
      actorId: adminRow?.id,
      actorLabel: `${ADMIN.email} (API key ${key.apikey})`,
    });
  });

  it('cannot do what stays with a signed-in session', async () => {
    const key = await createKey(clerk, { name: 'Limited' });
    const refused: [Method, string, object?][] = [
      ['POST', '/api/apps/api-key', { name: 'Successor' }],
      ['PATCH', `/api/apps/api-key/${key.id}`, { expiryDate: null }],
      ['DELETE', `/api/apps/api-key/${key.id}`],
      ['POST', '/api/users/logout/'],
      ['GET', '/api/users/me/sessions/'],
      ['POST', '/api/users/me/sessions/revoke-others/'],
      [
        'POST',
        '/api/users/me/password/',
        { currentPassword: CLERK.password, newPassword: 'another-password-9' },
      ],
      ['PUT', '/api/users/me/', { username: 'renamed', firstName: 'Re', lastName: 'Named' }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await ctx.call(key.secret, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().errorMessage).toBe(apiKeyMessages.sessionOnly);
    }
    // The session of the same user may.
    expect((await ctx.call(clerk, 'GET', '/api/users/me/sessions/')).statusCode).toBe(200);
    expect((await ctx.call(key.secret, 'GET', '/api/apps/api-key')).statusCode).toBe(200);
  });

  const denied = async (secret: string) => {
    const res = await ctx.call(secret, 'GET', '/api/apps/task');
    expect(res.statusCode).toBe(401);
    expect(res.json().errorMessage).toBe('Invalid credentials');
  };

  it('stops working when disabled, and again when enabled', async () => {
    const key = await createKey(clerk);
    const off = await ctx.call(clerk, 'PATCH', `/api/apps/api-key/${key.id}`, { status: 'Disable' });
    expect(off.json()).toMatchObject({ successMessage: 'Updated Successfully', data: { status: 'Disable' } });
    await denied(key.secret);
    await ctx.call(clerk, 'PATCH', `/api/apps/api-key/${key.id}`, { status: 'Active' });
    expect((await ctx.call(key.secret, 'GET', '/api/apps/task')).statusCode).toBe(200);
    const [entry] = (
      await ctx.call(admin, 'GET', `/api/audit/?entity=apiKey&entityKey=${key.id}&action=update&ordering=at`)
    ).json().results;
    expect(entry).toMatchObject({ before: { status: 'Active' }, after: { status: 'Disable' } });
  });

  it('stops working when expired', async () => {
    const key = await createKey(clerk, {
      name: 'Short-lived',
      expiryDate: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await ctx.call(key.secret, 'GET', '/api/apps/task')).statusCode).toBe(200);
    await ctx.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    await denied(key.secret);
    expect((await ctx.call(clerk, 'GET', `/api/apps/api-key/${key.id}`)).json()).toMatchObject({
      expired: true,
      status: 'Active',
    });
    // A new expiry in the future revives it; one in the past is refused.
    const past = await ctx.call(clerk, 'PATCH', `/api/apps/api-key/${key.id}`, {
      expiryDate: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    await ctx.call(clerk, 'PATCH', `/api/apps/api-key/${key.id}`, { expiryDate: null, name: 'Long-lived' });
    expect((await ctx.call(key.secret, 'GET', '/api/apps/task')).statusCode).toBe(200);
  });

  it('stops working when deleted', async () => {
    const key = await createKey(clerk);
    const res = await ctx.call(clerk, 'DELETE', `/api/apps/api-key/${key.id}`);
    expect(res.json()).toMatchObject({ successMessage: 'Deleted Successfully', data: { id: key.id } });
    await denied(key.secret);
    const audit = (
      await ctx.call(admin, 'GET', `/api/audit/?entity=apiKey&entityKey=${key.id}&action=delete`)
    ).json();
    expect(audit.count).toBe(1);
  });

  it('stops working when its creator is deactivated', async () => {
    const id = await ctx.createUser({
      email: 'leaver@test.local',
      password: 'leaver-password-1',
      permissions: ['apiKeys.manage', 'tasks.view'],
    });
    const key = await createKey(await ctx.login('leaver@test.local', 'leaver-password-1'));
    expect((await ctx.call(key.secret, 'GET', '/api/apps/task')).statusCode).toBe(200);
    await ctx.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    await denied(key.secret);
  });

  it('stops working when its owner changes their password (the UI says so before)', async () => {
    const owner = { email: 'changer@test.local', password: 'changer-password-1' };
    await ctx.createUser({ ...owner, permissions: ['apiKeys.manage', 'tasks.view'] });
    const session = await ctx.login(owner.email, owner.password);
    const key = await createKey(session);
    expect((await ctx.call(key.secret, 'GET', '/api/apps/task')).statusCode).toBe(200);
    const changed = await ctx.call(session, 'POST', '/api/users/me/password/', {
      currentPassword: owner.password,
      newPassword: 'another-password-42',
    });
    expect(changed.statusCode).toBe(200);
    await denied(key.secret);
    // The session that changed it goes on.
    expect((await ctx.call(session, 'GET', '/api/apps/task')).statusCode).toBe(200);
  });

  it('stops working when its owner resets their password with a reset link', async () => {
    const owner = { email: 'forgetter@test.local', password: 'forgetter-password-1' };
    const id = await ctx.createUser({ ...owner, permissions: ['apiKeys.manage', 'tasks.view'] });
    const key = await createKey(await ctx.login(owner.email, owner.password));
    const token = newToken();
    await ctx.database.db
      .insert(passwordResetTokens)
      .values({ userId: id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another-password-43' },
    });
    expect(reset.statusCode).toBe(200);
    await denied(key.secret);
    expect(await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.userId, id))).toEqual([]);
  });

  it('an unknown or malformed key is 401', async () => {
    await denied(`${API_KEY_PREFIX}${'A'.repeat(43)}`);
    await denied(API_KEY_PREFIX);
  });
});

describe('who sees which keys', () => {
  it('a user sees and manages only their own; an administrator, everyone’s', async () => {
    const mine = await createKey(admin, { name: 'Admin only' });
    const theirs = await createKey(clerk, { name: 'Clerk visible' });
    const clerkList = (await ctx.call(clerk, 'GET', '/api/api-key?pageSize=100')).json();
    expect(clerkList.results.every((k: { createdById: string }) => k.createdById === clerkId)).toBe(true);
    expect(clerkList.results.map((k: { id: string }) => k.id)).toContain(theirs.id);
    expect((await ctx.call(clerk, 'GET', `/api/apps/api-key/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await ctx.call(clerk, 'PATCH', `/api/apps/api-key/${mine.id}`, { status: 'Disable' })).statusCode,
    ).toBe(404);
    expect((await ctx.call(clerk, 'DELETE', `/api/apps/api-key/${mine.id}`)).statusCode).toBe(404);

    const adminList = (
      await ctx.call(admin, 'GET', `/api/apps/api-key?createdBy=${clerkId}&pageSize=100`)
    ).json();
    expect(adminList.count).toBe(clerkList.count);
    expect(
      (await ctx.call(admin, 'PATCH', `/api/apps/api-key/${theirs.id}`, { status: 'Disable' })).statusCode,
    ).toBe(200);
  });

  it('lists with search, status filter and ordering', async () => {
    const names = async (query: string) =>
      (await ctx.call(clerk, 'GET', `/api/apps/api-key?${query}`))
        .json()
        .results.map((k: { name: string }) => k.name);
    expect(await names('search=long-lived')).toEqual(['Long-lived']);
    expect(await names('status=Disable')).toEqual(['Clerk visible']);
    expect(await names('search=nightly&ordering=name')).toEqual(['Nightly export']);
    expect((await ctx.call(clerk, 'GET', '/api/apps/api-key?ordering=secret')).statusCode).toBe(400);
  });

  it('needs apiKeys.view to list and apiKeys.manage to create', async () => {
    await ctx.createUser({
      email: 'nokeys@test.local',
      password: 'nokeys-password-1',
      permissions: ['tasks.view'],
    });
    const token = await ctx.login('nokeys@test.local', 'nokeys-password-1');
    expect((await ctx.call(token, 'GET', '/api/api-key')).statusCode).toBe(403);
    expect((await ctx.call(token, 'POST', '/api/apps/api-key', { name: 'No' })).statusCode).toBe(403);
  });
});
