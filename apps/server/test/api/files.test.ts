import { randomBytes } from 'node:crypto';
import type { ManagedFile, ManagedFolder } from '@ledgerdesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs, groups, userGroups } from '../../src/db/schema';
import { apiCaller, createdData, createTestContext, type TestContext } from '../context';

// The file manager's API on either database: folders and files (product routes and SPEC §7
// paths), moves and the loop they may not make, the trash and the bytes emptying it frees, shares
// (view, edit, a group's) and who may do what, lists' search, order and pages, and bad input.

const PASSWORD = 'files-pass-2026';
let ctx: TestContext;
const people: Record<string, { token: string; id: string }> = {};
let teamGroup: string;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [name, permissions] of [
    ['owner', ['files.view', 'files.manage']],
    ['editor', ['files.view', 'files.manage']],
    ['reader', ['files.view', 'files.manage']],
    ['member', ['files.view', 'files.manage']],
    ['stranger', ['files.view', 'files.manage']],
    ['viewOnly', ['files.view']],
    ['outsider', ['tasks.view']],
  ] as const) {
    const email = `${name.toLowerCase()}@files.test`;
    const id = await ctx.createUser({ email, password: PASSWORD, permissions: [...permissions] });
    people[name] = { id, token: await ctx.login(email, PASSWORD) };
  }
  const [group] = await ctx.database.db.insert(groups).values({ name: 'Files team' }).returning();
  teamGroup = group?.id ?? '';
  await ctx.database.db.insert(userGroups).values({ userId: people.member?.id ?? '', groupId: teamGroup });
});
afterAll(async () => {
  await ctx.close();
});

const as = (name: string) => apiCaller(() => ({ ctx, token: people[name]?.token ?? '' }));
const owner = as('owner');
const editor = as('editor');
const reader = as('reader');
const member = as('member');
const stranger = as('stranger');
const viewOnly = as('viewOnly');
const outsider = as('outsider');

/** A multipart/form-data body: fields first, then the files. */
function multipart(parts: { name: string; filename?: string; content: string | Buffer; type?: string }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----ledgerdesk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type =
      part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.content === 'string' ? Buffer.from(part.content) : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  call: ReturnType<typeof as>,
  folderId: string | null,
  list: { name: string; content: string | Buffer }[],
  url = '/api/files',
) {
  const body = multipart([
    ...(folderId ? [{ name: 'folderId', content: folderId }] : []),
    ...list.map((f) => ({ name: 'file', filename: f.name, content: f.content })),
  ]);
  return call('POST', url, body.payload as unknown as object, { headers: body.headers });
}
async function uploaded(
  call: ReturnType<typeof as>,
  folderId: string | null,
  name: string,
  content: string | Buffer,
) {
  const res = await upload(call, folderId, [{ name, content }]);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().files as ManagedFile[])[0] as ManagedFile;
}
async function folder(call: ReturnType<typeof as>, name: string, parentId: string | null = null) {
  return createdData<ManagedFolder>(await call('POST', '/api/files/folders', { name, parentId }));
}
const names = (res: { json(): { results: { name: string }[] } }) => res.json().results.map((r) => r.name);

describe('folders', () => {
  it('nest, list, show their path, rename, and refuse a name taken beside them (any case)', async () => {
    const documents = await folder(owner, 'Documents');
    const budgets = await folder(owner, 'Budgets 2026', documents.id);
    const deep = await folder(owner, 'Q1 — prévisions 📊', budgets.id);
    expect(documents).toMatchObject({
      name: 'Documents',
      folderName: 'Documents',
      parentId: null,
      ownerId: people.owner?.id,
      access: 'owner',
      fileCount: 0,
      folderFile: 0,
      size: 0,
      trashedAt: null,
      shared: false,
      version: 1,
    });
    const read = await owner('GET', `/api/files/folders/${deep.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().path).toEqual([
      { id: documents.id, name: 'Documents' },
      { id: budgets.id, name: 'Budgets 2026' },
    ]);

    const root = await owner('GET', '/api/files/folders?parentId=root');
    expect(names(root)).toEqual(['Documents']);
    const inside = await owner('GET', `/api/files/folders?parentId=${documents.id}`);
    expect(names(inside)).toEqual(['Budgets 2026']);

    const taken = await owner('POST', '/api/files/folders', {
      name: '  budgets 2026 ',
      parentId: documents.id,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMessage).toContain('already exists');

    const renamed = await owner('PATCH', `/api/files/folders/${budgets.id}`, {
      name: 'Budget 2026',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Budget 2026', version: 2 });
    const stale = await owner('PATCH', `/api/files/folders/${budgets.id}`, { name: 'Other', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('STALE_RECORD');
  });

  it('count every file under them, subfolders included', async () => {
    const top = await folder(owner, 'Counted');
    const sub = await folder(owner, 'Sub', top.id);
    await uploaded(owner, top.id, 'a.txt', 'aaaa');
    await uploaded(owner, sub.id, 'b.txt', 'bbbbbb');
    const read = (await owner('GET', `/api/files/folders/${top.id}`)).json();
    expect(read).toMatchObject({ fileCount: 2, folderFile: 2, size: 10 });
  });

  it('refuse bad names with a 400 naming the field', async () => {
    for (const name of ['', '   ', 'a/b', '..', '.', 'x'.repeat(256)]) {
      const res = await owner('POST', '/api/files/folders', { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fieldErrors?.name, name).toBeTruthy();
    }
    const nul = await owner('POST', '/api/files/folders', { name: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const longest = await owner('POST', '/api/files/folders', { name: 'é'.repeat(255) });
    expect(longest.statusCode).toBe(201);
  });
});

describe('the SPEC paths', () => {
  it('add, list, update and delete folders and files in SPEC shapes', async () => {
    const added = await owner('POST', '/api/add/folder', { folderName: 'Spec folder' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ successMessage: 'Folder Added Successfully' });
    const spec = added.json().data as ManagedFolder;
    expect(spec).toMatchObject({ folderName: 'Spec folder', folderFile: 0, size: 0 });

    const up = await upload(
      owner,
      spec.id,
      [{ name: 'report.pdf', content: '%PDF-1.4\n%demo\n' }],
      '/api/add/file',
    );
    expect(up.statusCode, up.body).toBe(201);
    const file = (up.json().files as ManagedFile[])[0] as ManagedFile;
    expect(file).toMatchObject({
      fileName: 'report.pdf',
      fileType: 'Documents',
      size: 15,
      fileSize: '15 B',
      folderId: spec.id,
      access: 'owner',
    });
    expect(file.createDate).toBe(file.createdAt);
    expect(file.updatedDate).toBe(file.updatedAt);

    const listed = await owner('GET', `/api/file?folderId=${spec.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().results.map((f: ManagedFile) => f.fileName)).toEqual(['report.pdf']);
    const folders = await owner('GET', '/api/folder?parentId=root&search=Spec');
    expect(folders.json().results[0]).toMatchObject({ folderName: 'Spec folder', folderFile: 1, size: 15 });

    const renamed = await owner('PUT', '/api/update/file', { id: file.id, fileName: 'final.pdf' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.fileName).toBe('final.pdf');
    const folderRenamed = await owner('PUT', '/api/update/folder', {
      id: spec.id,
      folderName: 'Spec (renamed)',
    });
    expect(folderRenamed.json().data.folderName).toBe('Spec (renamed)');

    const gone = await owner('DELETE', '/api/delete/file', undefined, { headers: { file: file.id } });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ id: file.id });
    const goneFolder = await owner('DELETE', '/api/delete/folder', undefined, {
      headers: { folder: spec.id },
    });
    expect(goneFolder.statusCode).toBe(200);
    expect((await owner('GET', '/api/folder?parentId=root&search=Spec')).json().results).toEqual([]);

    const noHeader = await owner('DELETE', '/api/delete/file');
    expect(noHeader.statusCode).toBe(400);
    const badHeader = await owner('DELETE', '/api/delete/folder', undefined, { headers: { folder: 'nope' } });
    expect(badHeader.statusCode).toBe(400);
    const noKey = await owner('PUT', '/api/update/folder', { folderName: 'x' });
    expect(noKey.statusCode).toBe(400);
  });
});

describe('uploads into the file manager', () => {
  it('name a second file of the same name "name (2)", and tell media from documents', async () => {
    const place = await folder(owner, 'Uploads');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const res = await upload(owner, place.id, [
      { name: 'dot.png', content: png },
      { name: 'notes.txt', content: 'hello' },
      { name: 'notes.txt', content: 'hello again' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json().files as ManagedFile[];
    expect(list.map((f) => [f.name, f.kind])).toEqual([
      ['dot.png', 'Media'],
      ['notes.txt', 'Documents'],
      ['notes (2).txt', 'Documents'],
    ]);
    const none = await upload(owner, place.id, []);
    expect(none.statusCode).toBe(400);
  });
});

describe('moves', () => {
  it('move files and folders, and refuse a folder into itself or under itself', async () => {
    const a = await folder(owner, 'Move A');
    const b = await folder(owner, 'Move B', a.id);
    const c = await folder(owner, 'Move C', b.id);
    const file = await uploaded(owner, null, 'moving.txt', 'move me');

    const moved = await owner('PATCH', `/api/files/${file.id}`, { folderId: c.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.folderId).toBe(c.id);

    for (const target of [a.id, b.id, c.id]) {
      const loop = await owner('PATCH', `/api/files/folders/${a.id}`, { parentId: target });
      expect(loop.statusCode, target).toBe(400);
      expect(loop.json().errorMessage).toBe('A folder cannot be moved into itself or one of its subfolders.');
    }
    const out = await owner('PATCH', `/api/files/folders/${c.id}`, { parentId: null });
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ parentId: null, fileCount: 1 });
    const sameName = await folder(owner, 'Move C', a.id);
    const clash = await owner('PATCH', `/api/files/folders/${c.id}`, { parentId: a.id });
    expect(clash.statusCode).toBe(409);
    expect(sameName.name).toBe('Move C');
  });

  it('two crossed moves at once: one succeeds, the other is refused, no loop', async () => {
    const x = await folder(owner, 'Cross X');
    const y = await folder(owner, 'Cross Y');
    const [first, second] = await Promise.all([
      owner('PATCH', `/api/files/folders/${x.id}`, { parentId: y.id }),
      owner('PATCH', `/api/files/folders/${y.id}`, { parentId: x.id }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 400]);
    const xNow = (await owner('GET', `/api/files/folders/${x.id}`)).json();
    const yNow = (await owner('GET', `/api/files/folders/${y.id}`)).json();
    expect(xNow.parentId === y.id && yNow.parentId === x.id).toBe(false);
  });
});

describe('the trash', () => {
  it('takes a folder with everything under it, and restores it whole', async () => {
    const top = await folder(owner, 'Trash me');
    const sub = await folder(owner, 'Inner', top.id);
    const file = await uploaded(owner, sub.id, 'inner.txt', 'inner');
    expect((await owner('DELETE', `/api/files/folders/${top.id}`)).statusCode).toBe(200);

    expect(names(await owner('GET', '/api/files/folders?parentId=root'))).not.toContain('Trash me');
    expect((await owner('GET', '/api/files?search=inner.txt')).json().results).toEqual([]);
    const trash = await owner('GET', '/api/files/folders?trashed=true');
    expect(names(trash)).toContain('Trash me');
    expect(names(trash)).not.toContain('Inner');
    expect(names(await owner('GET', '/api/files?trashed=true'))).not.toContain('inner.txt');
    expect((await owner('PATCH', `/api/files/${file.id}`, { name: 'x.txt' })).statusCode).toBe(409);

    const restored = await owner('POST', `/api/files/folders/${top.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ trashedAt: null, fileCount: 1 });
    expect((await owner('GET', `/api/files/${file.id}`)).json().trashedAt).toBeNull();
    expect((await owner('POST', `/api/files/folders/${top.id}/restore`)).statusCode).toBe(409);
  });

  it('restores to the top level when the folder it was in is gone, under a free name', async () => {
    const home = await folder(owner, 'Home of a file');
    const file = await uploaded(owner, home.id, 'orphan.txt', 'orphan');
    await owner('DELETE', `/api/files/${file.id}`);
    await owner('DELETE', `/api/files/folders/${home.id}`);
    expect((await owner('DELETE', `/api/files/folders/${home.id}/forever`)).statusCode).toBe(200);
    await uploaded(owner, null, 'orphan.txt', 'another');
    const back = await owner('POST', `/api/files/${file.id}/restore`);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ folderId: null, name: 'orphan (2).txt' });
  });

  it('emptied, deletes the rows and frees the bytes no other file has (the same bytes stay while one does)', async () => {
    const content = `shared bytes ${randomBytes(8).toString('hex')}`;
    const one = await uploaded(owner, null, 'copy one.txt', content);
    const two = await uploaded(owner, null, 'copy two.txt', content);
    const lonely = await uploaded(owner, null, 'lonely.txt', `alone ${randomBytes(8).toString('hex')}`);
    const blobOf = async (hash: string) =>
      (await ctx.database.db.select().from(blobs).where(eq(blobs.hash, hash))).length;
    const hashOf = async (id: string) => {
      const { files } = await import('../../src/db/schema');
      const [row] = await ctx.database.db
        .select({ hash: files.blobHash })
        .from(files)
        .where(eq(files.id, id));
      return row?.hash ?? '';
    };
    const shared = await hashOf(one.id);
    expect(await hashOf(two.id)).toBe(shared);
    const alone = await hashOf(lonely.id);

    expect((await owner('DELETE', `/api/files/${one.id}/forever`)).statusCode).toBe(409);
    await owner('DELETE', `/api/files/${one.id}`);
    await owner('DELETE', `/api/files/${lonely.id}`);
    const emptied = await owner('DELETE', '/api/files/trash');
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json().data.deleted).toBeGreaterThanOrEqual(2);
    expect((await owner('GET', `/api/files/${one.id}`)).statusCode).toBe(404);
    expect(await blobOf(shared)).toBe(1);
    expect(await blobOf(alone)).toBe(0);
    const content2 = await owner('GET', `/api/files/${two.id}/content`);
    expect(content2.statusCode).toBe(200);
    expect(content2.body).toBe(content);
  });
});

describe('shares and permissions', () => {
  it('let a view share read, an edit share write, a group share reach its members; strangers get 404', async () => {
    const team = await folder(owner, 'Team folder');
    const inner = await folder(owner, 'Inner team', team.id);
    const file = await uploaded(owner, inner.id, 'plan.txt', 'the plan');

    const viewShare = await owner('POST', `/api/files/folders/${team.id}/shares`, {
      target: { type: 'user', id: people.reader?.id },
      access: 'view',
    });
    expect(viewShare.statusCode, viewShare.body).toBe(201);
    await owner('POST', `/api/files/folders/${team.id}/shares`, {
      target: { type: 'user', id: people.editor?.id },
      access: 'edit',
    });
    const groupShare = await owner('POST', `/api/files/${file.id}/shares`, {
      target: { type: 'group', id: teamGroup },
      access: 'view',
    });
    expect(groupShare.json().data.results).toEqual([
      expect.objectContaining({
        target: { type: 'group', id: teamGroup, name: 'Files team' },
        access: 'view',
      }),
    ]);

    // The reader sees the folder under "shared with me", opens what is under it, may not change it.
    expect(names(await reader('GET', '/api/files/folders?shared=true'))).toEqual(['Team folder']);
    expect((await reader('GET', `/api/files/${file.id}`)).json().access).toBe('view');
    expect(names(await reader('GET', `/api/files?folderId=${inner.id}`))).toEqual(['plan.txt']);
    expect((await reader('GET', `/api/files/${file.id}/content`)).body).toBe('the plan');
    const refused = await reader('PATCH', `/api/files/${file.id}`, { name: 'mine.txt' });
    expect(refused.statusCode).toBe(403);
    expect((await upload(reader, inner.id, [{ name: 'r.txt', content: 'r' }])).statusCode).toBe(403);
    expect((await reader('DELETE', `/api/files/folders/${inner.id}`)).statusCode).toBe(403);

    // The editor writes: uploads, renames; but does not re-share nor move to the owner's top level.
    const theirs = await uploaded(editor, inner.id, 'editor.txt', 'from the editor');
    expect(theirs.ownerId).toBe(people.editor?.id);
    expect((await editor('PATCH', `/api/files/${file.id}`, { name: 'plan v2.txt' })).statusCode).toBe(200);
    expect(
      (
        await editor('POST', `/api/files/${file.id}/shares`, {
          target: { type: 'user', id: people.stranger?.id },
        })
      ).statusCode,
    ).toBe(403);
    expect((await editor('PATCH', `/api/files/folders/${inner.id}`, { parentId: null })).statusCode).toBe(
      403,
    );
    // The owner of the folder may change what the editor put in it.
    expect((await owner('PATCH', `/api/files/${theirs.id}`, { starred: true })).statusCode).toBe(200);

    // The group's member sees the file shared with the group, not the folder.
    expect(names(await member('GET', '/api/files?shared=true'))).toEqual(['plan v2.txt']);
    expect((await member('GET', `/api/files/folders/${inner.id}`)).statusCode).toBe(404);

    // A stranger: 404 everywhere, as if nothing were there.
    for (const url of [
      `/api/files/${file.id}`,
      `/api/files/folders/${team.id}`,
      `/api/files?folderId=${team.id}`,
      `/api/files/${file.id}/content`,
      `/api/files/${file.id}/shares`,
    ]) {
      expect((await stranger('GET', url)).statusCode, url).toBe(404);
    }
    expect((await stranger('PATCH', `/api/files/${file.id}`, { name: 'x.txt' })).statusCode).toBe(404);
    expect((await stranger('DELETE', `/api/files/folders/${team.id}`)).statusCode).toBe(404);
    expect(names(await stranger('GET', '/api/files?search=plan'))).toEqual([]);

    // Unsharing takes it away.
    const shares = (await owner('GET', `/api/files/folders/${team.id}/shares`)).json().results as {
      id: string;
      target: { id: string };
    }[];
    const readerShare = shares.find((s) => s.target.id === people.reader?.id);
    expect(
      (await owner('DELETE', `/api/files/folders/${team.id}/shares/${readerShare?.id}`)).statusCode,
    ).toBe(200);
    expect((await reader('GET', `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('files.view alone reads but writes nothing; without the area, nothing', async () => {
    expect((await viewOnly('GET', '/api/files?folderId=root')).statusCode).toBe(200);
    expect((await viewOnly('POST', '/api/files/folders', { name: 'Nope' })).statusCode).toBe(403);
    expect((await upload(viewOnly, null, [{ name: 'n.txt', content: 'n' }])).statusCode).toBe(403);
    expect((await outsider('GET', '/api/files')).statusCode).toBe(403);
    expect((await outsider('GET', '/api/folder')).statusCode).toBe(403);
  });

  it('refuses shares with oneself or with nobody', async () => {
    const mine = await folder(owner, 'Shares checked');
    const self = await owner('POST', `/api/files/folders/${mine.id}/shares`, {
      target: { type: 'user', id: people.owner?.id },
    });
    expect(self.statusCode).toBe(400);
    const nobody = await owner('POST', `/api/files/folders/${mine.id}/shares`, {
      target: { type: 'group', id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(nobody.statusCode).toBe(400);
    const badAccess = await owner('POST', `/api/files/folders/${mine.id}/shares`, {
      target: { type: 'user', id: people.reader?.id },
      access: 'admin',
    });
    expect(badAccess.statusCode).toBe(400);
  });
});

describe('lists', () => {
  it('search, order and page the files of a folder', async () => {
    const big = await folder(owner, 'Paged');
    const list = Array.from({ length: 12 }, (_, i) => ({
      name: `${i % 2 ? 'invoice' : 'photo'} ${String(i).padStart(2, '0')}.txt`,
      content: 'x'.repeat(i + 1),
    }));
    expect((await upload(owner, big.id, list)).statusCode).toBe(201);
    const first = await owner('GET', `/api/files?folderId=${big.id}&pageSize=5`);
    expect(first.json()).toMatchObject({ count: 12, page: 1, pageSize: 5 });
    expect(names(first)).toEqual([
      'invoice 01.txt',
      'invoice 03.txt',
      'invoice 05.txt',
      'invoice 07.txt',
      'invoice 09.txt',
    ]);
    const third = await owner('GET', `/api/files?folderId=${big.id}&pageSize=5&page=3`);
    expect(names(third)).toEqual(['photo 08.txt', 'photo 10.txt']);
    const bySize = await owner('GET', `/api/files?folderId=${big.id}&ordering=-size&pageSize=2`);
    expect(names(bySize)).toEqual(['invoice 11.txt', 'photo 10.txt']);
    const found = await owner('GET', `/api/files?folderId=${big.id}&search=INVOICE 1`);
    expect(names(found)).toEqual(['invoice 11.txt']);
    const everywhere = await owner('GET', '/api/files?search=photo 0&ordering=-name');
    expect(names(everywhere)).toEqual([
      'photo 08.txt',
      'photo 06.txt',
      'photo 04.txt',
      'photo 02.txt',
      'photo 00.txt',
    ]);
  });

  it('star, list the starred, the recent and the storage used', async () => {
    const file = await uploaded(owner, null, 'star.txt', 'starry');
    expect((await owner('PATCH', `/api/files/${file.id}`, { starred: true })).json().data.starred).toBe(true);
    expect(names(await owner('GET', '/api/files?starred=true'))).toContain('star.txt');
    const recent = await owner('GET', '/api/files/recent?limit=1');
    expect(recent.statusCode).toBe(200);
    expect(recent.json().results.map((f: ManagedFile) => f.id)).toEqual([file.id]);
    const summary = await owner('GET', '/api/files/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().used).toBeGreaterThan(0);
    expect(summary.json().quota).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  it('answers 4xx with a message, never 500', async () => {
    const cases: [string, string, object | undefined, number][] = [
      ['GET', '/api/files/not-a-uuid', undefined, 404],
      ['GET', '/api/files/folders/not-a-uuid', undefined, 404],
      ['GET', '/api/files/00000000-0000-4000-8000-000000000000', undefined, 404],
      ['GET', '/api/files?ordering=owner', undefined, 400],
      ['GET', '/api/files?folderId=nope', undefined, 400],
      ['GET', '/api/files?pageSize=100000', undefined, 400],
      ['GET', '/api/files/folders?parentId=00000000-0000-4000-8000-000000000000', undefined, 404],
      ['PATCH', '/api/files/not-a-uuid', { name: 'x' }, 400],
      ['PATCH', '/api/files/00000000-0000-4000-8000-000000000000', { name: 'x' }, 404],
      ['POST', '/api/files/folders', { name: 'x', parentId: 'nope' }, 400],
      ['POST', '/api/files/folders', { name: 'x', parentId: '00000000-0000-4000-8000-000000000000' }, 404],
      ['POST', '/api/files/folders', { name: 42 }, 400],
      ['PATCH', '/api/files/folders/00000000-0000-4000-8000-000000000000', { parentId: 'x' }, 400],
      ['GET', '/api/files/recent?limit=0', undefined, 400],
    ];
    for (const [method, url, body, status] of cases) {
      const res = await owner(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      expect(res.json().errorMessage).toBeTruthy();
    }
    const notMultipart = await owner('POST', '/api/files', { name: 'x' });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
  });
});
