import { accountMessages } from '@ledgerdesk/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { auditLog, outbox, users } from '../../src/db/schema';
import { ACCOUNT_MAIL } from '../../src/modules/accounts/service';
import { createTestContext, type TestContext } from '../context';
import { type SmtpPeer, startSmtpPeer } from '../smtp';

const MAX_ATTEMPTS = 3;
const BACKOFF_SECONDS = 60;

let ctx: TestContext;
/** The mail server; null while it is down. */
let smtp: SmtpPeer | null;
let smtpPort: number;
beforeAll(async () => {
  // Take a free port, then stop listening on it: the mail server is down until a test starts it.
  const probe = await startSmtpPeer();
  smtpPort = probe.port;
  await probe.close();
  smtp = null;
  ctx = await createTestContext(
    { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'https://budget.example.org' },
    { outbox: { maxAttempts: MAX_ATTEMPTS, backoffSeconds: BACKOFF_SECONDS } },
  );
});
afterAll(async () => {
  await ctx.close();
  await smtp?.close();
});

async function smtpUp(): Promise<SmtpPeer> {
  smtp ??= await startSmtpPeer(smtpPort);
  return smtp;
}
async function smtpDown() {
  await smtp?.close();
  smtp = null;
}

const forgot = (email: string, ip: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: ip });
const requester = { id: null, label: 'test', ip: '127.0.0.1', requestId: 'test' };
const queueReset = (email: string) =>
  ctx.app.outbox.enqueue(ACCOUNT_MAIL, { template: 'reset', email, requestedBy: requester });

/** The pending rows of these recipients (by the payload's email). */
const rowsFor = (...emails: string[]) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(inArray(sql`${outbox.payload}->>'email'`, emails));
/** Makes every pending row due now, as the passing of its backoff would. */
const makeDue = () =>
  ctx.database.db
    .update(outbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(sql`${outbox.doneAt} is null and ${outbox.failedAt} is null`);

describe('the mail outbox', () => {
  it('forgot-password answers 200 alike for known and unknown addresses with SMTP down; the mail goes out when it is back', async () => {
    await smtpDown();
    await ctx.createUser({ email: 'known@test.local', password: 'known-original-1' });
    const known = await forgot('known@test.local', '10.1.0.1');
    const unknown = await forgot('unknown@test.local', '10.1.0.1');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().successMessage).toBe(accountMessages.resetMailSent);

    // The unknown address is settled without a mail; the known one fails and waits for a retry.
    expect(await ctx.app.outbox.drain()).toEqual({ done: 1, retried: 1, failed: 0 });
    const [waiting] = await rowsFor('known@test.local');
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    const peer = await smtpUp();
    // Not due yet: the backoff holds it back.
    expect(await ctx.app.outbox.drain()).toEqual({ done: 0, retried: 0, failed: 0 });
    await makeDue();
    expect(await ctx.app.outbox.drain()).toEqual({ done: 1, retried: 0, failed: 0 });
    const mail = await peer.next('known@test.local');
    expect(mail.subject).toBe('Reset your Ledgerdesk password');
    expect(mail.link).toMatch(/^https:\/\/budget\.example\.org\/reset-password\?token=/);
    expect(peer.inbox.some((m) => m.to === 'unknown@test.local')).toBe(false);
    const [sent] = await rowsFor('known@test.local');
    expect(sent).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
    expect(sent?.doneAt).toBeInstanceOf(Date);
  });

  it('retries a failing mail with a doubling backoff and gives up after the last attempt', async () => {
    await smtpDown();
    await ctx.createUser({ email: 'unlucky@test.local', password: 'unlucky-original-1' });
    await queueReset('unlucky@test.local');
    const waits: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await ctx.app.outbox.drain()).toEqual({ done: 0, retried: 1, failed: 0 });
      const [row] = await ctx.database.db
        .select({
          attempts: outbox.attempts,
          wait: sql<number>`extract(epoch from ${outbox.nextAttemptAt} - ${outbox.updatedAt})::int`,
        })
        .from(outbox)
        .where(eq(sql`${outbox.payload}->>'email'`, 'unlucky@test.local'));
      expect(row?.attempts).toBe(attempt);
      waits.push(Number(row?.wait));
      await makeDue();
    }
    expect(waits).toEqual([BACKOFF_SECONDS, 2 * BACKOFF_SECONDS]);

    expect(await ctx.app.outbox.drain()).toEqual({ done: 0, retried: 0, failed: 1 });
    const [row] = await rowsFor('unlucky@test.local');
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, doneAt: null });
    expect(row?.failedAt).toBeInstanceOf(Date);
    // Administrators see it in the audit log.
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityKey, row?.id ?? ''));
    expect(entry).toMatchObject({ action: 'outbox.give-up', entity: 'outbox', actorLabel: 'outbox' });
    expect(entry?.after).toMatchObject({
      kind: ACCOUNT_MAIL,
      attempts: MAX_ATTEMPTS,
      payload: { template: 'reset', email: 'unlucky@test.local' },
    });
    // Given up: even with the server back and the row "due", it is not tried again.
    const peer = await smtpUp();
    await makeDue();
    expect(await ctx.app.outbox.drain()).toEqual({ done: 0, retried: 0, failed: 0 });
    expect(peer.inbox.some((m) => m.to === 'unlucky@test.local')).toBe(false);
  });

  it('servers on one database never send one mail twice', async () => {
    const peer = await smtpUp();
    // Claims of one row each, so that the servers' claims keep racing for the same rows.
    const servers = await Promise.all(
      [1, 2, 3].map(() =>
        buildApp({
          config: ctx.config,
          database: ctx.database,
          outbox: { batchSize: 1 },
          webDistDir: '/nonexistent',
        }),
      ),
    );
    try {
      const emails = Array.from({ length: 40 }, (_, i) => `pair${i}@test.local`);
      await ctx.database.db
        .insert(users)
        .values(emails.map((email) => ({ email, username: email.split('@')[0] ?? email })));
      for (const email of emails) await queueReset(email);
      const before = peer.inbox.length;
      const results = await Promise.all(
        servers.flatMap((server) => [server.outbox.drain(), server.outbox.drain()]),
      );
      expect(results.reduce((sum, r) => sum + r.done, 0)).toBe(emails.length);
      const received = peer.inbox.slice(before).map((m) => m.to);
      expect(received.toSorted()).toEqual(emails.toSorted());
      const rows = await rowsFor(...emails);
      expect(rows.every((r) => r.attempts === 1 && r.doneAt !== null)).toBe(true);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('deletes done rows after a week (their payload names people), keeps recent ones', async () => {
    await smtpUp();
    await ctx.createUser({ email: 'old@test.local', password: 'old-original-1' });
    await queueReset('old@test.local');
    await queueReset('recent@test.local');
    await ctx.app.outbox.drain();
    await ctx.database.db
      .update(outbox)
      .set({ doneAt: sql`now() - interval '8 days'` })
      .where(eq(sql`${outbox.payload}->>'email'`, 'old@test.local'));
    // A freshly started server cleans up on its first pass (then hourly).
    const fresh = await buildApp({ config: ctx.config, database: ctx.database, webDistDir: '/nonexistent' });
    try {
      await fresh.outbox.drain();
    } finally {
      await fresh.close();
    }
    expect(await rowsFor('old@test.local')).toHaveLength(0);
    expect(await rowsFor('recent@test.local')).toHaveLength(1);
  });

  it('a started worker sends what is queued by itself, and the server closes with it', async () => {
    const peer = await smtpUp();
    const server = await buildApp({ config: ctx.config, database: ctx.database, webDistDir: '/nonexistent' });
    await ctx.createUser({ email: 'prompt@test.local', password: 'prompt-original-1' });
    const before = peer.inbox.length;
    server.outbox.start();
    try {
      await server.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'prompt@test.local' },
        remoteAddress: '10.1.0.9',
      });
      // No drain: the worker's wake-up after the enqueue sends it.
      expect((await peer.next('prompt@test.local', before)).subject).toBe('Reset your Ledgerdesk password');
    } finally {
      await server.close();
    }
  });
});
