import type { MailCounts, MailDraft, MailList, MailThread, MailThreadEntry } from '@ledgerdesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, mailboxEntries, mailMessages, outbox } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';
import { liveUrl, signedInSocket } from '../live/socket';
import { multipart } from '../multipart';
import { type SmtpPeer, startSmtpPeer } from '../smtp';

let ctx: TestContext;
/** The outside mail server; null while it is down. */
let smtp: SmtpPeer | null;
let smtpPort: number;

const people = ['ana', 'ben', 'cleo', 'dan', 'eve'] as const;
type Person = (typeof people)[number];
const token = {} as Record<Person | 'plain', string>;
const id = {} as Record<Person, string>;
const address = (who: Person) => `${who}@mail.test`;

beforeAll(async () => {
  const probe = await startSmtpPeer();
  smtpPort = probe.port;
  smtp = probe;
  ctx = await createTestContext(
    { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Ledgerdesk <no-reply@ledgerdesk.test>' },
    { outbox: { maxAttempts: 2, backoffSeconds: 60 } },
  );
  for (const who of people) {
    const email = address(who);
    id[who] = await ctx.createUser({ email, password: `${who}-password-1`, permissions: ['mail.use'] });
    await ctx.database.db.execute(
      sql`update users set first_name = ${who[0]?.toUpperCase() + who.slice(1)}, last_name = 'Test' where id = ${id[who]}`,
    );
    token[who] = await ctx.login(email, `${who}-password-1`);
  }
  await ctx.createUser({ email: 'plain@mail.test', password: 'plain-password-1', permissions: [] });
  token.plain = await ctx.login('plain@mail.test', 'plain-password-1');
});
afterAll(async () => {
  await ctx.close();
  await smtp?.close();
});

const call = (
  who: Person | 'plain',
  ...rest: Parameters<TestContext['call']> extends [string, ...infer R] ? R : never
) => ctx.call(token[who], ...rest);

async function ok<T>(response: Awaited<ReturnType<TestContext['call']>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}
const send = async (who: Person, body: Record<string, unknown>) =>
  (await ok<{ data: MailThreadEntry }>(await call(who, 'POST', '/api/mail/send', body), 201)).data;
const list = async (who: Person, query = '') => ok<MailList>(await call(who, 'GET', `/api/mail?${query}`));
const counts = async (who: Person) => ok<MailCounts>(await call(who, 'GET', '/api/mail/counts'));
const thread = async (who: Person, forId: string) =>
  ok<MailThread>(await call(who, 'GET', `/api/mail/threads/${forId}`));
const entryOf = async (who: Person, forId: string, category = 'all') =>
  (await list(who, `category=${category}&limit=100`)).items.find((item) => item.forId === forId);

describe('permission', () => {
  it('needs mail.use on every mailbox route', async () => {
    expect((await call('plain', 'GET', '/api/mail')).statusCode).toBe(403);
    expect((await call('plain', 'POST', '/api/mail/send', { to: [address('ana')] })).statusCode).toBe(403);
  });
});

describe('the API document', () => {
  it('describes every mailbox route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/mail',
      '/api/mail/counts',
      '/api/mail/threads/{forId}',
      '/api/delete/mail',
      '/api/mail/entries',
      '/api/mail/drafts/{id}/send',
      '/api/mail/send',
      '/api/mail/messages/{id}/attachments',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths['/api/mail'].get.tags).toEqual(['mail']);
  });
});

describe('sending between users', () => {
  let sent: MailThreadEntry;
  beforeAll(async () => {
    sent = await send('ana', {
      to: [address('ben').toUpperCase()],
      cc: [address('cleo')],
      bcc: [address('dan')],
      subject: 'Budget 2027',
      bodyHtml: '<p>Hello <strong>team</strong>, the figures are in.</p>',
    });
  });

  it('files it in the sender’s sent folder and every recipient’s inbox, unread', async () => {
    expect(sent.category).toBe('sent');
    expect(sent.unread).toBe(false);
    expect(sent.delivery).toBeNull();
    expect(sent.message.to).toEqual([{ address: address('ben'), name: 'Ben Test', userId: id.ben }]);
    for (const who of ['ben', 'cleo', 'dan'] as const) {
      const entry = await entryOf(who, sent.message.forId, 'inbox');
      expect(entry, who).toMatchObject({
        unread: true,
        name: 'Ana Test',
        subject: 'Budget 2027',
        category: 'inbox',
      });
      expect(entry?.teaser).toBe('Hello team, the figures are in.');
    }
    const mine = await entryOf('ana', sent.message.forId, 'sent');
    expect(mine?.name).toBe('Ben Test');
    expect(await entryOf('eve', sent.message.forId)).toBeUndefined();
  });

  it('counts the unread mail, and opening the thread reads it', async () => {
    const before = await counts('cleo');
    expect(before.unread.inbox).toBeGreaterThanOrEqual(1);
    expect(before.unread.all).toBe(before.unread.inbox);
    expect(before.types.primary).toBe(before.unread.inbox);
    const opened = await thread('cleo', sent.message.forId);
    expect(opened.entries.every((e) => !e.unread)).toBe(true);
    expect((await counts('cleo')).unread.inbox).toBe(before.unread.inbox - 1);
    expect((await entryOf('cleo', sent.message.forId))?.unread).toBe(false);
    // Ben's copy is his own: still unread.
    expect((await entryOf('ben', sent.message.forId))?.unread).toBe(true);
  });

  it('shows the blind copies to the sender only', async () => {
    const forAna = await thread('ana', sent.message.forId);
    expect(forAna.entries[0]?.message.bcc.map((a) => a.address)).toEqual([address('dan')]);
    for (const who of ['ben', 'cleo', 'dan'] as const) {
      const response = await call(who, 'GET', `/api/mail/threads/${sent.message.forId}`);
      const body = await ok<MailThread>(response);
      expect(body.entries[0]?.message.bcc).toEqual([]);
      if (who !== 'dan') expect(response.body).not.toContain(address('dan'));
    }
    // Nor does a search of the recipients find the blind copy.
    expect((await list('ben', `category=all&q=${address('dan')}`)).items).toEqual([]);
  });

  it('threads a reply with what it answers', async () => {
    const reply = await send('ben', {
      to: [address('ana')],
      subject: 'Re: Budget 2027',
      bodyHtml: '<p>Thanks!</p>',
      inReplyTo: sent.message.id,
    });
    expect(reply.message.forId).toBe(sent.message.forId);
    expect(reply.message.inReplyTo).toBe(sent.message.id);
    const forAna = await thread('ana', sent.message.forId);
    expect(forAna.entries.map((e) => [e.category, e.message.subject])).toEqual([
      ['sent', 'Budget 2027'],
      ['inbox', 'Re: Budget 2027'],
    ]);
    expect((await entryOf('ana', sent.message.forId, 'inbox'))?.badge).toBe(2);
    // Dan, who has no entry of the reply, still sees only his own.
    expect((await thread('dan', sent.message.forId)).entries).toHaveLength(1);
  });

  it('refuses a reply to a message the caller has no entry of', async () => {
    const response = await call('eve', 'POST', '/api/mail/send', {
      to: [address('ana')],
      inReplyTo: sent.message.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('inReplyTo');
  });

  it('sanitises the body', async () => {
    const mail = await send('ana', {
      to: [address('eve')],
      subject: 'Links',
      bodyHtml:
        '<p onclick="steal()">Read <a href="javascript:alert(1)">this</a> and <a href="https://example.org">that</a></p><script>alert(1)</script><img src="https://tracker.example/x.gif"><h2>Title</h2>',
    });
    const html = mail.message.bodyHtml;
    expect(html).not.toMatch(/script|onclick|javascript|<img/);
    expect(html).toContain(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">that</a>',
    );
    expect(html).toContain('<h2>Title</h2>');
  });

  it('refuses a mail without recipients and bad addresses', async () => {
    const none = await call('ana', 'POST', '/api/mail/send', { subject: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors).toHaveProperty('to');
    const bad = await call('ana', 'POST', '/api/mail/send', { to: ['not an address'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty(['to.0']);
  });
});

describe('isolation', () => {
  let mail: MailThreadEntry;
  let bensEntry: string;
  beforeAll(async () => {
    mail = await send('ana', { to: [address('ben')], subject: 'Private', bodyHtml: '<p>For Ben</p>' });
    bensEntry = (await entryOf('ben', mail.message.forId))?.id ?? '';
  });

  it('answers 404 for another’s thread, entries, draft and files', async () => {
    expect((await call('eve', 'GET', `/api/mail/threads/${mail.message.forId}`)).statusCode).toBe(404);
    expect((await call('eve', 'DELETE', `/api/mail/threads/${mail.message.forId}`)).statusCode).toBe(404);
    expect(
      (await call('eve', 'DELETE', '/api/delete/mail', undefined, { headers: { forId: mail.message.forId } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('eve', 'PATCH', '/api/mail/entries', { ids: [bensEntry], starred: true })).statusCode,
    ).toBe(404);
    expect((await call('eve', 'GET', `/api/mail/messages/${mail.message.id}/attachments`)).statusCode).toBe(
      404,
    );
    expect((await call('ben', 'GET', `/api/mail/drafts/${mail.message.id}`)).statusCode).toBe(404);
    expect((await call('eve', 'GET', '/api/mail/threads/not-a-uuid')).statusCode).toBe(404);
    expect((await list('eve', 'category=all')).items.some((i) => i.forId === mail.message.forId)).toBe(false);
  });

  it('changes entries all or nothing: one foreign id and none changes', async () => {
    const own = (await entryOf('eve', (await list('eve', 'category=all')).items[0]?.forId ?? ''))?.id ?? '';
    const response = await call('eve', 'PATCH', '/api/mail/entries', {
      ids: [own, bensEntry],
      starred: true,
    });
    expect(response.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(mailboxEntries).where(eq(mailboxEntries.id, own));
    expect(row?.starred).toBe(false);
    const [bens] = await ctx.database.db
      .select()
      .from(mailboxEntries)
      .where(eq(mailboxEntries.id, bensEntry));
    expect(bens?.starred).toBe(false);
  });
});

describe('folders, flags and labels', () => {
  let forId: string;
  let entry: string;
  beforeAll(async () => {
    const mail = await send('cleo', { to: [address('eve')], subject: 'Flags', bodyHtml: '<p>x</p>' });
    forId = mail.message.forId;
    entry = (await entryOf('eve', forId))?.id ?? '';
  });
  const patch = (body: object) => call('eve', 'PATCH', '/api/mail/entries', { ids: [entry], ...body });

  it('stars, marks important, labels and types an entry, and lists it under those', async () => {
    const before = await counts('eve');
    await ok(await patch({ starred: true, important: true, label: 'support', type: 'social' }));
    expect((await list('eve', 'category=starred')).items.map((i) => i.id)).toContain(entry);
    expect((await list('eve', 'category=important')).items.map((i) => i.id)).toContain(entry);
    expect((await list('eve', 'category=inbox&label=support')).items.map((i) => i.id)).toEqual([entry]);
    expect((await list('eve', 'category=inbox&type=social')).items.map((i) => i.id)).toEqual([entry]);
    expect((await list('eve', 'category=inbox&type=promotions')).items).toEqual([]);
    const after = await counts('eve');
    expect(after.unread.starred).toBe(before.unread.starred + 1);
    expect(after.unread.important).toBe(before.unread.important + 1);
    expect(after.labels.support).toBe(1);
    expect(after.types.social).toBe(1);
    expect(after.types.primary).toBe(before.types.primary - 1);
    await ok(await patch({ unread: false }));
    expect((await counts('eve')).unread.starred).toBe(before.unread.starred);
  });

  it('moves to spam, to the trash and back where it was', async () => {
    await ok(await patch({ folder: 'spam' }));
    expect((await list('eve', 'category=spam')).items.map((i) => i.id)).toEqual([entry]);
    // Spam is neither in all nor among the starred.
    expect((await list('eve', 'category=all')).items.map((i) => i.id)).not.toContain(entry);
    expect((await list('eve', 'category=starred')).items.map((i) => i.id)).not.toContain(entry);
    await ok(await patch({ folder: 'trash' }));
    await ok(await patch({ folder: 'trash' }));
    expect((await list('eve', 'category=trash')).items.map((i) => i.id)).toEqual([entry]);
    await ok(await patch({ restore: true }));
    expect((await list('eve', 'category=spam')).items.map((i) => i.id)).toEqual([entry]);
    expect((await patch({ restore: true })).statusCode).toBe(400);
    await ok(await patch({ folder: 'inbox' }));
    expect((await entryOf('eve', forId, 'inbox'))?.id).toBe(entry);
  });

  it('keeps sent mail out of the inbox and spam', async () => {
    const mine = await entryOf('cleo', forId, 'sent');
    const response = await call('cleo', 'PATCH', '/api/mail/entries', { ids: [mine?.id], folder: 'spam' });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a change that says nothing, an unknown label and too many ids', async () => {
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ label: 'work' })).statusCode).toBe(400);
    expect((await patch({ folder: 'sent' })).statusCode).toBe(400);
    expect((await patch({ folder: 'trash', restore: true })).statusCode).toBe(400);
  });
});

describe('drafts', () => {
  let draft: MailDraft;
  beforeAll(async () => {
    const response = await call('ana', 'POST', '/api/mail/drafts', {
      subject: 'Draft',
      bodyHtml: '<p>v1</p>',
    });
    draft = (await ok<{ data: MailDraft }>(response, 201)).data;
  });

  it('lists a draft and counts it', async () => {
    expect(draft.version).toBe(1);
    const item = (await list('ana', 'category=draft')).items.find((i) => i.messageId === draft.id);
    expect(item).toMatchObject({ id: draft.entryId, subject: 'Draft', unread: false, name: '' });
    expect((await counts('ana')).drafts).toBeGreaterThanOrEqual(1);
  });

  it('saves with the version read, and refuses a stale one with the draft as stored', async () => {
    const first = await call('ana', 'PUT', `/api/mail/drafts/${draft.id}`, {
      version: 1,
      to: [address('ben')],
      subject: 'Draft',
      bodyHtml: '<p>v2</p>',
    });
    const saved = (await ok<{ data: MailDraft }>(first)).data;
    expect(saved.version).toBe(2);
    expect(saved.to.map((a) => a.userId)).toEqual([id.ben]);
    const stale = await call('ana', 'PUT', `/api/mail/drafts/${draft.id}`, {
      version: 1,
      subject: 'Other tab',
      bodyHtml: '<p>lost?</p>',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      errorCode: 'STALE_RECORD',
      current: { version: 2, bodyHtml: '<p>v2</p>' },
    });
    const header = await call(
      'ana',
      'PUT',
      `/api/mail/drafts/${draft.id}`,
      { subject: 'x' },
      { headers: { 'if-match': '"1"' } },
    );
    expect(header.statusCode).toBe(409);
    const read = await ok<MailDraft>(await call('ana', 'GET', `/api/mail/drafts/${draft.id}`));
    expect(read).toMatchObject({ version: 2, bodyHtml: '<p>v2</p>' });
    // A field left out keeps its stored value, as in every update.
    const partial = (
      await ok<{ data: MailDraft }>(
        await call('ana', 'PUT', `/api/mail/drafts/${draft.id}`, { bodyHtml: '<p>v3</p>' }),
      )
    ).data;
    expect(partial).toMatchObject({ version: 3, subject: 'Draft', bodyHtml: '<p>v3</p>' });
    expect(partial.to.map((a) => a.address)).toEqual([address('ben')]);
  });

  it('is the author’s alone', async () => {
    expect((await call('ben', 'PUT', `/api/mail/drafts/${draft.id}`, { subject: 'x' })).statusCode).toBe(404);
    expect((await call('ben', 'POST', `/api/mail/drafts/${draft.id}/send`, {})).statusCode).toBe(404);
    expect((await call('ben', 'DELETE', `/api/mail/drafts/${draft.id}`)).statusCode).toBe(404);
  });

  it('sends with the version read; then it is no draft any more', async () => {
    expect((await call('ana', 'POST', `/api/mail/drafts/${draft.id}/send`, { version: 2 })).statusCode).toBe(
      409,
    );
    const sent = (
      await ok<{ data: MailThreadEntry }>(
        await call('ana', 'POST', `/api/mail/drafts/${draft.id}/send`, { version: 3 }),
      )
    ).data;
    expect(sent).toMatchObject({
      id: draft.entryId,
      category: 'sent',
      message: { id: draft.id, version: 4 },
    });
    expect(sent.message.sentAt).not.toBeNull();
    expect((await entryOf('ben', draft.forId, 'inbox'))?.subject).toBe('Draft');
    const again = await call('ana', 'PUT', `/api/mail/drafts/${draft.id}`, { subject: 'too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('CONFLICT');
    expect((await call('ana', 'DELETE', `/api/mail/drafts/${draft.id}`)).statusCode).toBe(409);
  });

  it('discards a draft', async () => {
    const made = (await ok<{ data: MailDraft }>(await call('ana', 'POST', '/api/mail/drafts', {}), 201)).data;
    await ok(await call('ana', 'DELETE', `/api/mail/drafts/${made.id}`));
    expect((await call('ana', 'GET', `/api/mail/drafts/${made.id}`)).statusCode).toBe(404);
    const rows = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.id, made.id));
    expect(rows).toEqual([]);
  });
});

describe('deleting a thread (SPEC §4: by forId)', () => {
  it('removes the caller’s entries only; the message goes with the last entry, files too', async () => {
    const draft = (
      await ok<{ data: MailDraft }>(
        await call('ben', 'POST', '/api/mail/drafts', { to: [address('cleo')], subject: 'To delete' }),
        201,
      )
    ).data;
    const body = multipart([{ name: 'notes.txt', content: 'some notes', type: 'text/plain' }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/messages/${draft.id}/attachments`,
      headers: { authorization: `Bearer ${token.ben}`, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await ok(await call('ben', 'POST', `/api/mail/drafts/${draft.id}/send`, {}));
    const reply = await send('cleo', { to: [address('ben')], subject: 'Re', inReplyTo: draft.id });
    expect((await entryOf('cleo', draft.forId))?.hasAttachments).toBe(false);
    expect(
      (await list('cleo', 'category=inbox')).items.find((i) => i.messageId === draft.id)?.hasAttachments,
    ).toBe(true);

    // Ben deletes through the SPEC alias: his entries (sent + inbox) go, Cleo's stay.
    const gone = await call('ben', 'DELETE', '/api/delete/mail', undefined, {
      headers: { forId: draft.forId },
    });
    expect((await ok<{ data: { count: number } }>(gone)).data.count).toBe(2);
    expect((await call('ben', 'GET', `/api/mail/threads/${draft.forId}`)).statusCode).toBe(404);
    const cleos = await thread('cleo', draft.forId);
    expect(cleos.entries).toHaveLength(2);
    expect(cleos.entries[0]?.message.attachments.map((f) => f.name)).toEqual(['notes.txt']);

    // A forward starts a thread of its own and carries the file (the same stored bytes).
    const forward = (
      await ok<{ data: MailDraft }>(
        await call('cleo', 'POST', '/api/mail/drafts', {
          to: [address('eve')],
          subject: 'Fwd: To delete',
          forwardOf: draft.id,
        }),
        201,
      )
    ).data;
    expect(forward.forId).not.toBe(draft.forId);
    expect(forward.inReplyTo).toBeNull();
    expect(forward.attachments.map((f) => f.name)).toEqual(['notes.txt']);

    await ok(await call('cleo', 'DELETE', `/api/mail/threads/${draft.forId}`));
    const kept = await ok<MailDraft>(await call('cleo', 'GET', `/api/mail/drafts/${forward.id}`));
    const file = await call('cleo', 'GET', `/api/files/${kept.attachments[0]?.id}/content`);
    expect(file.body).toBe('some notes');
    const messages = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.id, [draft.id, reply.message.id]));
    expect(messages).toEqual([]);
    const attached = await ctx.database.db.select().from(files).where(eq(files.attachedId, draft.id));
    expect(attached).toEqual([]);
  });

  it('deletes the message when its last two owners delete the thread at the same time', async () => {
    const mail = await send('dan', { to: [address('eve')], subject: 'Both delete' });
    const forId = mail.message.forId;
    const [dans, eves] = await Promise.all([
      call('dan', 'DELETE', `/api/mail/threads/${forId}`),
      call('eve', 'DELETE', `/api/mail/threads/${forId}`),
    ]);
    expect([dans.statusCode, eves.statusCode]).toEqual([200, 200]);
    const left = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, mail.message.id));
    expect(left).toEqual([]);
  });

  it('needs the forId header', async () => {
    const missing = await call('ben', 'DELETE', '/api/delete/mail');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty('forId');
    const bad = await call('ben', 'DELETE', '/api/delete/mail', undefined, { headers: { forId: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('search and paging', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i += 1) {
      await send('dan', {
        to: [address('eve')],
        subject: `Report ${i}`,
        bodyHtml: `<p>${i === 3 ? 'The quarterly zebra count' : 'Nothing special'}</p>`,
      });
    }
  });

  it('finds by words of the subject, text and sender', async () => {
    expect((await list('eve', 'category=inbox&q=zebra')).items.map((i) => i.subject)).toEqual(['Report 3']);
    expect((await list('eve', 'category=inbox&q=REPORT 5')).items.map((i) => i.subject)).toEqual([
      'Report 5',
    ]);
    const fromDan = (await list('eve', 'category=inbox&q=dan test&limit=100')).items;
    expect(fromDan).toHaveLength(7);
    expect((await list('eve', 'category=inbox&q=100%')).items).toEqual([]);
  });

  it('pages newest first with a cursor, without repeats or gaps', async () => {
    const all = (await list('eve', 'category=inbox&limit=100')).items.map((i) => i.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: MailList = await list('eve', `category=inbox&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const dates = (await list('eve', 'category=inbox&limit=100')).items.map((i) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('refuses a bad cursor, category or limit with a 400', async () => {
    expect((await call('eve', 'GET', '/api/mail?cursor=abc')).statusCode).toBe(400);
    expect((await call('eve', 'GET', '/api/mail?category=outbox')).statusCode).toBe(400);
    expect((await call('eve', 'GET', '/api/mail?limit=1000')).statusCode).toBe(400);
  });

  it('suggests recipients who may use the mailbox', async () => {
    const found = await ok<{ items: { email: string }[] }>(
      await call('eve', 'GET', '/api/mail/recipients?q=cleo'),
    );
    expect(found.items.map((r) => r.email)).toEqual([address('cleo')]);
    const plain = await ok<{ items: unknown[] }>(await call('eve', 'GET', '/api/mail/recipients?q=plain'));
    expect(plain.items).toEqual([]);
    const admin = await ok<{ items: { email: string }[] }>(
      await call('eve', 'GET', `/api/mail/recipients?q=${ADMIN.email}`),
    );
    expect(admin.items.map((r) => r.email)).toEqual([ADMIN.email]);
  });
});

describe('outside addresses', () => {
  const makeDue = () =>
    ctx.database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${outbox.doneAt} is null and ${outbox.failedAt} is null`);
  const deliveryOf = async (entryId: string) =>
    (await ctx.database.db.select().from(mailboxEntries).where(eq(mailboxEntries.id, entryId)))[0]?.delivery;

  it('sends over SMTP with the files, in the sender’s name; internal recipients get it at once', async () => {
    const draft = (
      await ok<{ data: MailDraft }>(
        await call('ana', 'POST', '/api/mail/drafts', {
          to: ['partner@outside.example', address('ben')],
          cc: ['Copy@Outside.Example'],
          bcc: ['hidden@outside.example'],
          subject: 'Offer',
          bodyHtml: '<p>Please find the <em>offer</em> attached.</p>',
        }),
        201,
      )
    ).data;
    const body = multipart([{ name: 'offer.txt', content: 'the offer text', type: 'text/plain' }]);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/messages/${draft.id}/attachments`,
      headers: { authorization: `Bearer ${token.ana}`, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const since = smtp?.inbox.length ?? 0;
    const sent = (
      await ok<{ data: MailThreadEntry }>(await call('ana', 'POST', `/api/mail/drafts/${draft.id}/send`, {}))
    ).data;
    expect(sent.delivery).toBe('queued');
    expect((await entryOf('ben', draft.forId, 'inbox'))?.unread).toBe(true);
    expect(await ctx.app.outbox.drain()).toMatchObject({ done: 1 });
    const received = await smtp?.next('partner@outside.example', since);
    expect(received).toMatchObject({
      subject: 'Offer',
      cc: 'copy@outside.example',
      replyTo: address('ana'),
      from: '"Ana Test" <no-reply@ledgerdesk.test>',
    });
    // Only the outside addresses go over SMTP; the blind copy is in the envelope, in no header.
    expect(received?.envelope.sort()).toEqual(
      ['copy@outside.example', 'hidden@outside.example', 'partner@outside.example'].sort(),
    );
    expect(received?.html).toContain('<em>offer</em>');
    expect(received?.text).toContain('Please find the offer attached.');
    expect(received?.attachments).toEqual([
      expect.objectContaining({ filename: 'offer.txt', content: 'the offer text' }),
    ]);
    expect(await deliveryOf(sent.id)).toBe('sent');
    expect((await entryOf('ana', draft.forId, 'sent'))?.delivery).toBe('sent');
  });

  it('retries while the mail server is down, and says failed once it gives up', async () => {
    await smtp?.close();
    smtp = null;
    const first = await send('ana', { to: ['later@outside.example'], subject: 'Retry me' });
    expect(await ctx.app.outbox.drain()).toMatchObject({ retried: 1 });
    expect(await deliveryOf(first.id)).toBe('queued');
    smtp = await startSmtpPeer(smtpPort);
    await makeDue();
    expect(await ctx.app.outbox.drain()).toMatchObject({ done: 1 });
    expect((await smtp.next('later@outside.example')).subject).toBe('Retry me');
    expect(await deliveryOf(first.id)).toBe('sent');

    await smtp.close();
    smtp = null;
    const second = await send('ana', { to: ['never@outside.example'], subject: 'Give up' });
    await ctx.app.outbox.drain();
    await makeDue();
    expect(await ctx.app.outbox.drain()).toMatchObject({ failed: 1 });
    expect(await deliveryOf(second.id)).toBe('failed');
    smtp = await startSmtpPeer(smtpPort);
  });
});

describe('live and notifications', () => {
  it('tells the recipients’ sockets of new mail and notifies them; the sender gets no notification', async () => {
    const url = await liveUrl(ctx.app);
    const [bens, eves] = await Promise.all([signedInSocket(url, token.ben), signedInSocket(url, token.eve)]);
    try {
      const mail = await send('cleo', { to: [address('ben')], subject: 'Live one', bodyHtml: '<p>now</p>' });
      await bens.next('mail.new');
      const notified = await bens.next('notification');
      expect(notified.notification).toMatchObject({
        kind: 'mail',
        params: { from: 'Cleo Test', subject: 'Live one' },
        link: `/mailbox?thread=${mail.message.forId}`,
      });
      // Reading it is a change of Ben's mailbox, told to his other tabs.
      await thread('ben', mail.message.forId);
      await bens.next('mail.changed');
      expect(eves.received.filter((m) => String(m.type).startsWith('mail.'))).toEqual([]);
      const cleos = await ok<{ items: { kind: string; params: { subject?: string } }[] }>(
        await call('cleo', 'GET', '/api/notifications'),
      );
      expect(cleos.items.some((n) => n.params.subject === 'Live one')).toBe(false);
    } finally {
      bens.close();
      eves.close();
    }
  });
});
