import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../src/db/schema';
import { ADMIN, apiCaller, createTestContext, type TestContext } from '../context';
import { png, sendFiles } from '../multipart';

// The user's avatar: one image attached to the user ('users.avatar'), changed by the user or by
// whoever manages users, shown as `avatarUrl` on the users' records and on GET /api/users/me/.
let ctx: TestContext;
let admin: string;
let adminId: string;
let ana: string;
let anaId: string;
let manager: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  anaId = await ctx.createUser({ email: 'ana@team.test', password: ADMIN.password, permissions: [] });
  ana = await ctx.login('ana@team.test', ADMIN.password);
  await ctx.createUser({
    email: 'manager@team.test',
    password: ADMIN.password,
    permissions: ['users.view', 'users.manage'],
  });
  manager = await ctx.login('manager@team.test', ADMIN.password);
  adminId = (await call('GET', '/api/users/me/')).json().id;
});
afterAll(() => ctx.close());

const call = apiCaller(() => ({ ctx, token: admin }));
const setAvatar = (userId: string, parts: [string, Buffer][], token: string) =>
  sendFiles(ctx, token, `/api/users/${userId}/avatar`, parts);
const avatarsOf = (userId: string) =>
  ctx.database.db
    .select()
    .from(files)
    .where(and(eq(files.attachedType, 'users.avatar'), eq(files.attachedId, userId)));

describe('avatars', () => {
  it('a user sets, replaces and removes their own; /me and the users list show it', async () => {
    expect((await call('GET', '/api/users/me/', undefined, { token: ana })).json().avatarUrl).toBeNull();
    const set = await setAvatar(anaId, [['me.png', await png('#2f6fd1', 300, 200)]], ana);
    expect(set.statusCode).toBe(200);
    const first = set.json().avatarUrl as string;
    expect(first).toMatch(/^\/api\/files\/[0-9a-f-]+\/content\?/);
    // Once the thumbnail is made, the small square-cropped-by-the-page version is used.
    await ctx.app.outbox.drain();
    const me = (await call('GET', '/api/users/me/', undefined, { token: ana })).json();
    expect(me.avatarUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\/thumbnail\?/);
    const image = await ctx.app.inject({ method: 'GET', url: me.avatarUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');

    const listed = (await call('GET', '/api/users/user/?search=ana@team.test')).json().results[0];
    expect(listed).toMatchObject({ id: anaId, avatarUrl: me.avatarUrl });
    expect((await call('GET', `/api/users/user/${anaId}/`)).json().avatarUrl).toBe(me.avatarUrl);
    // The people pickers' options carry it too (avatars beside names across the app).
    const options = (await call('GET', `/api/users/options/?ids=${anaId}`)).json().results;
    expect(options).toEqual([expect.objectContaining({ id: anaId, avatarUrl: me.avatarUrl })]);

    // A new picture replaces the old one: one avatar a user.
    const replaced = await setAvatar(anaId, [['new.png', await png('#c83a3c')]], ana);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().avatarUrl).not.toBe(first);
    expect(await avatarsOf(anaId)).toHaveLength(1);

    const removed = await call('DELETE', `/api/users/${anaId}/avatar`, undefined, { token: ana });
    expect(removed.json()).toEqual({ avatarUrl: null });
    expect(await avatarsOf(anaId)).toHaveLength(0);
    expect((await call('GET', '/api/users/me/', undefined, { token: ana })).json().avatarUrl).toBeNull();
  });

  it('refuses what is not an image, with a clear message, and keeps the avatar there was', async () => {
    await setAvatar(anaId, [['me.png', await png('#3d8c58')]], ana);
    const text = await setAvatar(anaId, [['me.png', Buffer.from('not a picture at all')]], ana);
    expect(text.statusCode).toBe(400);
    expect(text.json().errorMessage).toBe('Only images can be attached here.');
    const two = await setAvatar(
      anaId,
      [
        ['a.png', await png('#000000')],
        ['b.png', await png('#ffffff')],
      ],
      ana,
    );
    expect(two.statusCode).toBe(413);
    expect(await avatarsOf(anaId)).toHaveLength(1);
  });

  it('only the user or someone who manages users changes it', async () => {
    const other = await setAvatar(adminId, [['x.png', await png('#e6b42a')]], ana);
    expect(other.statusCode).toBe(403);
    expect(other.json().errorMessage).toBe('You can change only your own picture.');
    expect((await call('DELETE', `/api/users/${adminId}/avatar`, undefined, { token: ana })).statusCode).toBe(
      403,
    );
    const byManager = await setAvatar(anaId, [['m.png', await png('#7e2539')]], manager);
    expect(byManager.statusCode).toBe(200);
    const ghost = await setAvatar(
      '00000000-0000-4000-8000-000000000000',
      [['g.png', await png('#111111')]],
      admin,
    );
    expect(ghost.statusCode).toBe(404);
  });

  it('deleting a user deletes their avatar’s row', async () => {
    const gone = await ctx.createUser({ email: 'leaving@team.test', password: ADMIN.password });
    expect((await setAvatar(gone, [['bye.png', await png('#8b9098')]], admin)).statusCode).toBe(200);
    expect(await avatarsOf(gone)).toHaveLength(1);
    expect((await call('DELETE', `/api/users/user/${gone}/`)).statusCode).toBe(200);
    expect(await avatarsOf(gone)).toHaveLength(0);
  });
});
