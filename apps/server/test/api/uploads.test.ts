import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FileRecord } from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobs, files, outbox, serverSecrets } from '../../src/db/schema';
import { createDiskStore } from '../../src/lib/storage/blob-store';
import { createUrlSigner } from '../../src/lib/storage/signing';
import { can } from '../../src/plugins/auth';
import { registerAttachmentRoutes, registerFileOwner } from '../../src/resources/attachments';
import { ADMIN, createTestContext, type TestContext } from '../context';

// A test owner type: its records are ids; `hidden` is one nobody may see. Viewing needs
// projects.view, changing projects.manage (any area would do).
const TYPE = 'test-notes';
const NOTES = '/api/test/notes';
const hidden = randomUUID();
const MB = 1024 * 1024;

let ctx: TestContext;
let base: string;
let admin: string;
let viewer: string;
let filesDir: string;

beforeAll(async () => {
  ctx = await createTestContext({ MAX_UPLOAD_MB: '1', MAX_UPLOAD_FILES: '3', UPLOAD_QUOTA_MB: '4' });
  registerFileOwner(ctx.app, TYPE, {
    canView: async (user, id) => id !== hidden && can(user, 'projects.view'),
    canEdit: async (user, id) => id !== hidden && can(user, 'projects.manage'),
  });
  registerAttachmentRoutes(ctx.app, {
    db: ctx.database.db,
    type: TYPE,
    path: NOTES,
    view: 'projects.view',
    manage: 'projects.manage',
    tag: 'test',
  });
  // A real server: uploads are streams, and a request cut short or drained matters.
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
  await ctx.createUser({
    email: 'viewer@test.local',
    password: 'viewer-password-1',
    permissions: ['projects.view'],
  });
  viewer = await ctx.login('viewer@test.local', 'viewer-password-1');
  filesDir = path.join(ctx.config.dataDir, 'files');
});
afterAll(() => ctx.close());

type Part = [field: string, value: Blob | string, name?: string];
const form = (parts: Part[]) => {
  const body = new FormData();
  for (const [field, value, name] of parts) {
    if (typeof value === 'string') body.append(field, value);
    else body.append(field, value, name);
  }
  return body;
};
const upload = (record: string, parts: Part[], token = admin) =>
  fetch(`${base}${NOTES}/${record}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form(parts),
  });
const uploaded = async (record: string, parts: Part[], token = admin): Promise<FileRecord[]> => {
  const res = await upload(record, parts, token);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await answer(res)).files;
};
/** What the API answers: an error's message, an upload's files or a list's items. */
type Answer = { errorMessage: string; files: FileRecord[]; items: FileRecord[] };
const answer = async (res: Response) => (await res.json()) as Answer;
const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });
const blob = (bytes: Buffer | string, type = 'application/octet-stream') => new Blob([bytes], { type });
const png = (width = 640, height = 480, colour = '#c33') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
const count = async (table: typeof files | typeof blobs) =>
  Number((await ctx.database.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);
const stagingFiles = () =>
  existsSync(path.join(filesDir, 'tmp')) ? readdirSync(path.join(filesDir, 'tmp')) : [];
const storedPath = (hash: string) => path.join(filesDir, hash.slice(0, 2), hash.slice(2, 4), hash);
const hashOf = async (fileId: string) =>
  (await ctx.database.db.select({ hash: files.blobHash }).from(files).where(eq(files.id, fileId)))[0]?.hash ??
  '';

describe('uploading', () => {
  it('stores a file by its content hash, with its type from the content, and serves it by a signed URL', async () => {
    const record = randomUUID();
    const bytes = await png();
    const [file] = await uploaded(record, [['file', blob(bytes, 'text/html'), 'photo.jpg']]);
    expect(file).toMatchObject({
      name: 'photo.jpg',
      mime: 'image/png',
      kind: 'Media',
      size: bytes.length,
      attachedTo: { type: TYPE, id: record },
      position: 0,
      thumbnailUrl: null,
      access: 'edit',
    });
    expect(existsSync(storedPath(await hashOf(file?.id ?? '')))).toBe(true);
    // No session needed: the URL is signed.
    const res = await get(file?.url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('makes a thumbnail in the background (the outbox), then the record has its URL', async () => {
    const record = randomUUID();
    const [file] = await uploaded(record, [['file', blob(await png(800, 600, '#3a6')), 'big.png']]);
    expect(file?.thumbnailUrl).toBeNull();
    await ctx.app.outbox.drain();
    const list = await answer(
      await get(`${NOTES}/${record}/attachments`, { authorization: `Bearer ${admin}` }),
    );
    const thumbnailUrl = list.items[0]?.thumbnailUrl ?? '';
    expect(thumbnailUrl).toMatch(/^\/api\/files\/[0-9a-f-]+\/thumbnail\?expires=\d+&sig=/);
    const res = await get(thumbnailUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(320);
  });

  it('leaves a broken image without a thumbnail, and does not retry it', async () => {
    const record = randomUUID();
    // A PNG's signature and header, then a chunk of garbage: a PNG by its type, not an image sharp can read.
    const garbage = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('IDAT'), Buffer.alloc(20, 0xff)]);
    const broken = Buffer.concat([(await png()).subarray(0, 33), garbage]);
    const [file] = await uploaded(record, [['file', blob(broken), 'broken.png']]);
    expect(file?.mime).toBe('image/png');
    await ctx.app.outbox.drain();
    const hash = await hashOf(file?.id ?? '');
    const [row] = await ctx.database.db.select().from(blobs).where(eq(blobs.hash, hash));
    expect(row?.thumbnail).toBe('none');
    const jobs = await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'hash' = ${hash}`);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.doneAt).not.toBeNull();
    const res = await get(`/api/files/${file?.id}/thumbnail`, { authorization: `Bearer ${admin}` });
    expect(res.status).toBe(404);
  });

  it('retries, without ending the process, a thumbnail whose bytes are not on this node', async () => {
    const record = randomUUID();
    const [file] = await uploaded(record, [['file', blob(await png(64, 48, '#47a')), 'elsewhere.png']]);
    const hash = await hashOf(file?.id ?? '');
    // As on a node whose DATA_DIR/files is not the one the upload went to.
    const moved = `${storedPath(hash)}.away`;
    renameSync(storedPath(hash), moved);
    await ctx.app.outbox.drain();
    const [job] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'hash' = ${hash}`);
    expect(job?.doneAt).toBeNull();
    expect(job?.attempts).toBeGreaterThan(0);
    const [row] = await ctx.database.db.select().from(blobs).where(eq(blobs.hash, hash));
    expect(row?.thumbnail).toBeNull();
    renameSync(moved, storedPath(hash));
  });

  it('stores the same bytes once: two uploads are two files and one blob', async () => {
    const bytes = randomBytes(5000);
    const blobsBefore = await count(blobs);
    const [a] = await uploaded(randomUUID(), [['file', blob(bytes), 'a.bin']]);
    const [b] = await uploaded(randomUUID(), [['file', blob(bytes), 'b.bin']]);
    expect(a?.id).not.toBe(b?.id);
    expect(await hashOf(a?.id ?? '')).toBe(await hashOf(b?.id ?? ''));
    expect(await count(blobs)).toBe(blobsBefore + 1);
  });

  it('takes the same new bytes uploaded at once by several requests', async () => {
    const bytes = randomBytes(300_000);
    const blobsBefore = await count(blobs);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(randomUUID(), [['file', blob(bytes), `same-${i}.bin`]])),
    );
    expect(results.map((res) => res.status)).toEqual(Array(6).fill(201));
    expect(await count(blobs)).toBe(blobsBefore + 1);
    expect(stagingFiles()).toEqual([]);
  });

  it('keeps several files of one request in their order', async () => {
    const record = randomUUID();
    const sent = await uploaded(record, [
      ['files', blob('first'), 'one.txt'],
      ['note', 'a text field is not a file'],
      ['files', blob('second'), 'two.txt'],
    ]);
    expect(sent.map((f) => [f.name, f.position])).toEqual([
      ['one.txt', 0],
      ['two.txt', 1],
    ]);
    const [third] = await uploaded(record, [['files', blob('third'), 'three.txt']]);
    expect(third?.position).toBe(2);
  });
});

describe('the type comes from the content', () => {
  it('serves a page named .png as plain text, never as HTML', async () => {
    const page = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
    const [file] = await uploaded(randomUUID(), [['file', blob(page, 'image/png'), 'cat.png']]);
    expect(file).toMatchObject({ mime: 'text/plain', kind: 'Documents' });
    const res = await get(file?.url ?? '');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
  });

  it('never serves SVG or XML inline as such', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const [file] = await uploaded(randomUUID(), [['file', blob(svg, 'image/svg+xml'), 'logo.svg']]);
    const res = await get(file?.url ?? '');
    expect(res.headers.get('content-type')).not.toMatch(/svg|xml|html/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('serves unknown binary as a download', async () => {
    const [file] = await uploaded(randomUUID(), [
      ['file', blob(Buffer.from([0, 1, 2, 3, 0, 255])), 'x.html'],
    ]);
    expect(file?.mime).toBe('application/octet-stream');
    const res = await get(file?.url ?? '');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('limits: 413 with a clear message, nothing left behind', () => {
  const nothingLeft = async (filesBefore: number, blobsBefore: number) => {
    expect(await count(files)).toBe(filesBefore);
    expect(await count(blobs)).toBe(blobsBefore);
    expect(stagingFiles()).toEqual([]);
  };

  it('refuses a file over MAX_UPLOAD_MB, and the other files of the request with it', async () => {
    const filesBefore = await count(files);
    const blobsBefore = await count(blobs);
    const small = randomBytes(1000);
    const res = await upload(randomUUID(), [
      ['file', blob(small), 'small.bin'],
      ['file', blob(randomBytes(2 * MB)), 'large.bin'],
    ]);
    expect(res.status).toBe(413);
    expect((await answer(res)).errorMessage).toBe('The file is larger than 1 MB.');
    await nothingLeft(filesBefore, blobsBefore);
    const { createHash } = await import('node:crypto');
    expect(existsSync(storedPath(createHash('sha256').update(small).digest('hex')))).toBe(false);
  });

  it('leaves nothing of an upload whose client went away midway', async () => {
    const filesBefore = await count(files);
    const blobsBefore = await count(blobs);
    const boundary = 'cutShort';
    const request = http.request(`${base}${NOTES}/${randomUUID()}/attachments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(900_000),
      },
    });
    request.on('error', () => undefined);
    request.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n\r\n`);
    request.write(randomBytes(300_000));
    // The part is being staged, then the client is gone.
    await expect.poll(() => stagingFiles().length).toBe(1);
    request.destroy();
    await expect.poll(() => stagingFiles().length).toBe(0);
    await nothingLeft(filesBefore, blobsBefore);
  });

  it('refuses more than MAX_UPLOAD_FILES files in one request', async () => {
    const filesBefore = await count(files);
    const blobsBefore = await count(blobs);
    const res = await upload(
      randomUUID(),
      [1, 2, 3, 4].map((i): Part => ['file', blob(randomBytes(100)), `f${i}.bin`]),
    );
    expect(res.status).toBe(413);
    expect((await answer(res)).errorMessage).toBe('At most 3 files per upload.');
    await nothingLeft(filesBefore, blobsBefore);
  });

  it("refuses what would pass the uploader's quota (trashed files count until emptied)", async () => {
    await ctx.createUser({
      email: 'quota@test.local',
      password: 'quota-password-1',
      permissions: ['projects.manage', 'projects.view'],
    });
    const token = await ctx.login('quota@test.local', 'quota-password-1');
    const part = (i: number): Part => ['file', blob(randomBytes(0.9 * MB)), `q${i}.bin`];
    await uploaded(randomUUID(), [part(1), part(2), part(3)], token);
    const [userId] = (
      await ctx.database.db.select({ id: files.ownerId }).from(files).where(eq(files.name, 'q1.bin'))
    ).map((r) => r.id);
    await ctx.database.db.update(files).set({ trashedAt: new Date() }).where(eq(files.name, 'q1.bin'));
    const filesBefore = await count(files);
    const blobsBefore = await count(blobs);
    const res = await upload(randomUUID(), [part(4), part(5)], token);
    expect(res.status).toBe(413);
    expect((await answer(res)).errorMessage).toBe('Your storage is full: 2.7 MB used of 4 MB.');
    await nothingLeft(filesBefore, blobsBefore);
    expect(await ctx.app.storage.usedBytes(userId ?? '')).toBeCloseTo(2.7 * MB, -2);
    // Within the quota: accepted.
    expect((await upload(randomUUID(), [part(6)], token)).status).toBe(201);
  });
});

describe('bad input is a 4xx with a message, never a 500', () => {
  const raw = (body: string | Buffer, contentType: string) =>
    fetch(`${base}${NOTES}/${randomUUID()}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': contentType },
      body,
    });
  const boundary = 'xBoundaryx';
  const multipart = (head: string, content: string) =>
    raw(
      `--${boundary}\r\n${head}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );

  it.each([
    [
      'JSON instead of multipart',
      () => raw('{"file":"x"}', 'application/json'),
      415,
      'Send the files as multipart/form-data.',
    ],
    [
      'no file, only a field',
      () => upload(randomUUID(), [['note', 'hello']]),
      400,
      'Choose a file to upload.',
    ],
    [
      'an empty file',
      () => upload(randomUUID(), [['file', blob(''), 'empty.txt']]),
      400,
      'The file is empty.',
    ],
    [
      'a body cut short',
      () =>
        raw(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc`,
          `multipart/form-data; boundary=${boundary}`,
        ),
      400,
      'The upload is not valid multipart/form-data: send it again.',
    ],
    [
      'no boundary',
      () => raw('abc', 'multipart/form-data'),
      400,
      'The upload is not valid multipart/form-data: send it again.',
    ],
    [
      'a field named __proto__',
      () => multipart('Content-Disposition: form-data; name="__proto__"; filename="a.txt"', 'abc'),
      400,
      'The upload is not valid multipart/form-data: send it again.',
    ],
  ])('%s', async (_, send, status, message) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect((await answer(res)).errorMessage).toBe(message);
    expect(stagingFiles()).toEqual([]);
  });

  it('keeps only the last part of a name, without control characters, at most 255 characters', async () => {
    const long = `${'é'.repeat(300)}.pdf`;
    const names = [
      ['../../etc/passwd', 'passwd'],
      ['..\\..\\boot.ini', 'boot.ini'],
      ['a\u0000b\u0007c.txt', 'abc.txt'],
      ['..', 'file'],
      [long, `${'é'.repeat(251)}.pdf`],
    ];
    for (const [sent, kept] of names) {
      const res = await multipart(
        `Content-Disposition: form-data; name="file"; filename="${sent}"`,
        'content',
      );
      expect(res.status, sent).toBe(201);
      expect((await answer(res)).files[0]?.name).toBe(kept);
    }
  });

  it('answers 404 for a record key that is no id, and for a record the caller may not see', async () => {
    expect((await upload('not-an-id', [['file', blob('x'), 'x.txt']])).status).toBe(404);
    expect((await upload(hidden, [['file', blob('x'), 'x.txt']])).status).toBe(404);
    expect((await get(`${NOTES}/${hidden}/attachments`, { authorization: `Bearer ${admin}` })).status).toBe(
      404,
    );
  });

  it('answers 403 to a viewer who uploads, and 401 without a session', async () => {
    const res = await upload(randomUUID(), [['file', blob('x'), 'x.txt']], viewer);
    expect(res.status).toBe(403);
    const anonymous = await fetch(`${base}${NOTES}/${randomUUID()}/attachments`, {
      method: 'POST',
      body: form([['file', blob('x'), 'x.txt']]),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('downloads', () => {
  let file: FileRecord;
  const bytes = randomBytes(10_000);
  beforeAll(async () => {
    [file] = (await uploaded(randomUUID(), [['file', blob(bytes), 'Résumé — 2026 ✓.pdf']])) as [FileRecord];
  });

  it('names the file in Content-Disposition, in ASCII and UTF-8 (RFC 5987)', async () => {
    const res = await get(file.url);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ _ 2026 _.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé — 2026 ✓.pdf')}`,
    );
  });

  it('answers a range with 206, a suffix range, and 416 past the end', async () => {
    const part = await get(file.url, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await get(file.url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-10))).toBe(true);
    const open = await get(file.url, { range: `bytes=${bytes.length - 5}-` });
    expect(open.headers.get('content-range')).toBe(
      `bytes ${bytes.length - 5}-${bytes.length - 1}/${bytes.length}`,
    );
    const past = await get(file.url, { range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    expect((await answer(past)).errorMessage).toBe('The requested range is outside the file.');
  });

  it('answers HEAD with the headers only', async () => {
    const res = await fetch(`${base}${file.url}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers 304 to If-None-Match with its ETag', async () => {
    const first = await get(file.url);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(file.url, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('refuses a tampered, expired or misused signature with 403', async () => {
    const url = new URL(file.url, base);
    const sig = url.searchParams.get('sig') ?? '';
    const tampered = `${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(tampered)).status).toBe(403);
    const later = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&sig=${sig}`;
    expect((await get(later)).status).toBe(403);
    expect((await get(file.url.replace('/content?', '/thumbnail?'))).status).toBe(403);
    const [other] = await uploaded(randomUUID(), [['file', blob('other'), 'other.txt']]);
    expect((await get(file.url.replace(file.id, other?.id ?? ''))).status).toBe(403);
    // Signed with the server's key, three hours ago: expired.
    const [key] = await ctx.database.db.select().from(serverSecrets);
    const past = createUrlSigner(Buffer.from(key?.value ?? '', 'hex'), () => Date.now() - 3 * 3600_000);
    const expired = await get(past.url(file.id, 'content'));
    expect(expired.status).toBe(403);
    expect((await answer(expired)).errorMessage).toMatch(/not valid or has expired/);
  });

  it('serves a signed-in caller the owner type lets see it, and no one else', async () => {
    const path = `/api/files/${file.id}/content`;
    expect((await get(path, { authorization: `Bearer ${admin}` })).status).toBe(200);
    expect((await get(path, { authorization: `Bearer ${viewer}` })).status).toBe(200);
    await ctx.createUser({ email: 'nobody@test.local', password: 'nobody-password-1' });
    const nobody = await ctx.login('nobody@test.local', 'nobody-password-1');
    expect((await get(path, { authorization: `Bearer ${nobody}` })).status).toBe(404);
    expect((await get(path)).status).toBe(404);
    expect((await get('/api/files/not-an-id/content', { authorization: `Bearer ${admin}` })).status).toBe(
      404,
    );
  });

  it("lets only its uploader open a file-manager file while no module owns them ('files')", async () => {
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    if (!row) throw new Error('no file row');
    const { id: _id, ...columns } = row;
    const [own] = await ctx.database.db
      .insert(files)
      .values({ ...columns, name: 'mine.pdf', attachedType: null, attachedId: null, folderId: null })
      .returning({ id: files.id });
    const path = `/api/files/${own?.id}/content`;
    expect((await get(path, { authorization: `Bearer ${admin}` })).status).toBe(200);
    expect((await get(path, { authorization: `Bearer ${viewer}` })).status).toBe(404);
  });

  it('forces a download with download=1', async () => {
    const [text] = await uploaded(randomUUID(), [['file', blob('plain words'), 'notes.txt']]);
    expect((await get(text?.url ?? '')).headers.get('content-disposition')).toMatch(/^inline;/);
    expect((await get(`${text?.url}&download=1`)).headers.get('content-disposition')).toMatch(/^attachment;/);
  });
});

describe('garbage collection', () => {
  it('frees a blob once no file refers to it, and only then', async () => {
    const record = randomUUID();
    const bytes = randomBytes(4000);
    const [a] = await uploaded(record, [['file', blob(bytes), 'a.bin']]);
    const [b] = await uploaded(record, [['file', blob(bytes), 'b.bin']]);
    const hash = await hashOf(a?.id ?? '');
    const remove = (id: string) =>
      fetch(`${base}${NOTES}/${record}/attachments/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
    expect((await remove(a?.id ?? '')).status).toBe(200);
    await ctx.app.storage.collectGarbage();
    expect(existsSync(storedPath(hash))).toBe(true);
    expect((await get(b?.url ?? '')).status).toBe(200);
    expect((await remove(b?.id ?? '')).status).toBe(200);
    const freed = await ctx.app.storage.collectGarbage();
    expect(freed.bytes).toBeGreaterThanOrEqual(bytes.length);
    expect(existsSync(storedPath(hash))).toBe(false);
    expect(await ctx.database.db.select().from(blobs).where(eq(blobs.hash, hash))).toEqual([]);
    // The same bytes again: stored again.
    const [c] = await uploaded(record, [['file', blob(bytes), 'c.bin']]);
    expect(Buffer.from(await (await get(c?.url ?? '')).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('never loses the bytes of an upload of the same content made while it runs', async () => {
    const record = randomUUID();
    for (let round = 0; round < 8; round++) {
      const bytes = randomBytes(50_000);
      const [first] = await uploaded(record, [['file', blob(bytes), 'race.bin']]);
      await fetch(`${base}${NOTES}/${record}/attachments/${first?.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      // The blob is unreferenced: the collection and a new upload of it race.
      const [, res] = await Promise.all([
        ctx.app.storage.collectGarbage(),
        upload(record, [['file', blob(bytes), 'again.bin']]),
      ]);
      expect(res.status).toBe(201);
      const [again] = (await answer(res)).files;
      const served = await get(again?.url ?? '');
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('removes the staged files of uploads cut short (a process that died), not those being written', async () => {
    const root = path.join(ctx.config.dataDir, 'gc-test');
    const store = createDiskStore(root);
    const staged = await store.stage((await import('node:stream')).Readable.from([Buffer.from('x')]));
    const tmp = path.join(root, 'tmp');
    const stale = path.join(tmp, 'dead.part');
    writeFileSync(stale, 'half an upload');
    const old = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, old, old);
    expect(await store.cleanStaging()).toBe(1);
    expect(readdirSync(tmp)).toHaveLength(1);
    // At start-up with the data directory to itself (PGlite): everything staged is stale.
    expect(await store.cleanStaging(0)).toBe(1);
    expect(readdirSync(tmp)).toEqual([]);
    await staged.discard();
  });
});
