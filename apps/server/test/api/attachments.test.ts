import type { FileRecord } from '@ledgerdesk/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, todoProjects } from '../../src/db/schema';
import { AppError } from '../../src/lib/errors';
import { createAuditService } from '../../src/modules/audit/service';
import { todoProjectResource } from '../../src/modules/todos/todos.resource';
import { registerResource } from '../../src/resources/engine';
import { ADMIN, createTestContext, type TestContext } from '../context';

// An engine resource with attachments: the to-do projects at another path, images only, at most 3
// each. Scoped and authorized like a personal area: a project named "Secret" is out of reach of all
// but the administrator, and one named "Locked" may be changed by the administrator alone.
const PATH = '/api/test/boards';
const TYPE = 'test-boards';

let ctx: TestContext;
let base: string;
let admin: string;
let manager: string;
let viewer: string;
let outsider: string;
let adminId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const [row] = await db.select({ id: sql<string>`id` }).from(sql`users`).where(sql`email = ${ADMIN.email}`);
  adminId = row?.id ?? '';
  registerResource(
    ctx.app,
    { db, audit: createAuditService(db) },
    {
      ...todoProjectResource(),
      entity: 'testBoard',
      path: PATH,
      aliases: undefined,
      scope: (actor) => (actor.id === adminId ? undefined : ne(todoProjects.name, 'Secret')),
      authorize: (actor, current) => {
        if (current.name === 'Locked' && actor.id !== adminId) throw AppError.forbidden('Locked.');
      },
      attachments: { type: TYPE, images: true, max: 3 },
    },
  );
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  const person = async (name: string, permissions: string[]) => {
    await ctx.createUser({ email: `${name}@test.local`, password: `${name}-password-1`, permissions });
    return ctx.login(`${name}@test.local`, `${name}-password-1`);
  };
  manager = await person('manager', ['todos.view', 'todos.manage']);
  viewer = await person('viewer', ['todos.view']);
  outsider = await person('outsider', ['projects.view', 'projects.manage']);
});
afterAll(() => ctx.close());

const call = (method: string, url: string, token: string, body?: object) =>
  fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
type Answer = { errorMessage: string; files: FileRecord[]; items: FileRecord[]; data: { id: string } };
const answer = async (res: Response) => (await res.json()) as Answer;
const board = async (name: string) => (await answer(await call('POST', PATH, admin, { name }))).data.id;
const image = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const attach = async (id: string, token: string, ...named: [name: string, bytes: Buffer][]) => {
  const body = new FormData();
  for (const [name, bytes] of named) body.append('file', new Blob([bytes]), name);
  return fetch(`${base}${PATH}/${id}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
};
const listOf = async (id: string, token = admin) =>
  (await answer(await call('GET', `${PATH}/${id}/attachments`, token))).items;

describe('attachments of an engine resource', () => {
  it('uploads, lists in order, reorders and deletes', async () => {
    const id = await board('Shop window');
    const res = await attach(
      id,
      manager,
      ['red.jpg', await image('#c00')],
      ['green.jpg', await image('#0c0')],
    );
    expect(res.status).toBe(201);
    const [red, green] = (await answer(res)).files;
    expect(red).toMatchObject({
      name: 'red.jpg',
      mime: 'image/jpeg',
      attachedTo: { type: TYPE, id },
      position: 0,
    });
    const [blue] = (await answer(await attach(id, manager, ['blue.jpg', await image('#00c')]))).files;
    expect((await listOf(id)).map((f) => f.name)).toEqual(['red.jpg', 'green.jpg', 'blue.jpg']);

    const order = [blue?.id, red?.id, green?.id];
    const reordered = await call('PUT', `${PATH}/${id}/attachments/order`, manager, { ids: order });
    expect(reordered.status).toBe(200);
    expect((await answer(reordered)).items.map((f) => [f.name, f.position])).toEqual([
      ['blue.jpg', 0],
      ['red.jpg', 1],
      ['green.jpg', 2],
    ]);
    const partial = await call('PUT', `${PATH}/${id}/attachments/order`, manager, { ids: [red?.id] });
    expect(partial.status).toBe(400);
    expect((await answer(partial)).errorMessage).toBe(
      'The order must list every attachment of the record exactly once.',
    );
    const twice = await call('PUT', `${PATH}/${id}/attachments/order`, manager, {
      ids: [red?.id, red?.id, red?.id],
    });
    expect(twice.status).toBe(400);

    const removed = await call('DELETE', `${PATH}/${id}/attachments/${red?.id}`, manager);
    expect(removed.status).toBe(200);
    expect((await listOf(id)).map((f) => f.name)).toEqual(['blue.jpg', 'green.jpg']);
    expect((await call('DELETE', `${PATH}/${id}/attachments/${red?.id}`, manager)).status).toBe(404);
  });

  it('takes images only, and at most `max` per record', async () => {
    const id = await board('Gallery');
    const text = await attach(id, manager, ['notes.png', Buffer.from('not an image at all')]);
    expect(text.status).toBe(400);
    expect((await answer(text)).errorMessage).toBe('Only images can be attached here.');
    expect(await listOf(id)).toEqual([]);
    const four = await attach(
      id,
      manager,
      ['1.jpg', await image('#111')],
      ['2.jpg', await image('#222')],
      ['3.jpg', await image('#333')],
      ['4.jpg', await image('#444')],
    );
    expect(four.status).toBe(413);
    expect((await answer(four)).errorMessage).toBe('At most 3 files per upload.');
    expect(
      (await attach(id, manager, ['1.jpg', await image('#111')], ['2.jpg', await image('#222')])).status,
    ).toBe(201);
    expect((await attach(id, manager, ['3.jpg', await image('#333')])).status).toBe(201);
    const full = await attach(id, manager, ['4.jpg', await image('#444')]);
    expect(full.status).toBe(400);
    expect((await answer(full)).errorMessage).toBe('At most 3 attachments per record.');
  });

  it("follows the area's permissions, the scope and authorize", async () => {
    const open = await board('Open board');
    const secret = await board('Secret');
    const locked = await board('Locked');
    const [file] = (await answer(await attach(open, admin, ['a.jpg', await image('#abc')]))).files;

    // A viewer sees the list (with view access), may not change it.
    const seen = await listOf(open, viewer);
    expect(seen.map((f) => [f.name, f.access])).toEqual([['a.jpg', 'view']]);
    expect((await attach(open, viewer, ['b.jpg', await image('#def')])).status).toBe(403);
    expect((await call('DELETE', `${PATH}/${open}/attachments/${file?.id}`, viewer)).status).toBe(403);
    expect((await call('PUT', `${PATH}/${open}/attachments/order`, viewer, { ids: [file?.id] })).status).toBe(
      403,
    );
    // Without the area: refused at the door.
    expect((await call('GET', `${PATH}/${open}/attachments`, outsider)).status).toBe(403);
    // The content, signed-in: the area decides too.
    const content = `/api/files/${file?.id}/content`;
    expect((await call('GET', content, viewer)).status).toBe(200);
    expect((await call('GET', content, outsider)).status).toBe(404);
    // Out of the caller's scope: as if it did not exist.
    expect((await call('GET', `${PATH}/${secret}/attachments`, manager)).status).toBe(404);
    expect((await attach(secret, manager, ['c.jpg', await image('#123')])).status).toBe(404);
    expect((await call('GET', `${PATH}/${secret}/attachments`, admin)).status).toBe(200);
    // Reachable but not theirs to change (authorize): 403.
    expect((await call('GET', `${PATH}/${locked}/attachments`, manager)).status).toBe(200);
    expect((await attach(locked, manager, ['d.jpg', await image('#456')])).status).toBe(403);
    expect((await attach(locked, admin, ['d.jpg', await image('#456')])).status).toBe(201);
  });

  it('deletes the attachments with their record; the bytes go with the garbage collection', async () => {
    const id = await board('Short-lived');
    const bytes = await image('#975');
    const [file] = (await answer(await attach(id, manager, ['gone.jpg', bytes]))).files;
    expect((await call('DELETE', `${PATH}/${id}`, manager)).status).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(files)
      .where(and(eq(files.attachedType, TYPE), eq(files.attachedId, id)));
    expect(rows).toEqual([]);
    expect((await fetch(`${base}${file?.url}`)).status).toBe(404);
    const freed = await ctx.app.storage.collectGarbage();
    expect(freed.bytes).toBeGreaterThanOrEqual(bytes.length);
  });
});
