import { accountMessages, defaultPreferences, errorCodes, messages } from '@ledgerdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResetTokens, usernameHolds, users } from '../../src/db/schema';
import { RESET_LIMITS, SIGNUP_LIMITS } from '../../src/modules/accounts/service';
import { ADMIN, createTestContext, type TestContext } from '../context';
import { type SmtpPeer, startSmtpPeer } from '../smtp';

let ctx: TestContext;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  ctx = await createTestContext({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://budget.example.org' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const post = (url: string, payload: object, options: { token?: string; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let signups = 0;
/** A sign-up, each from its own address unless one is given (sign-up is throttled per address). */
const signup = (
  fields: Partial<Record<string, string>>,
  ip = `10.5.${Math.floor(++signups / 250)}.${signups % 250}`,
) =>
  post(
    '/api/auth/signup',
    {
      email: 'new@test.local',
      username: 'newbie',
      firstName: 'New',
      lastName: 'Person',
      password: 'violet-harbour-92',
      ...fields,
    },
    { ip },
  );
const tokenOf = (link: string | null) => new URL(link ?? 'http://x').searchParams.get('token') ?? '';

/** Works the mail queue, as the server's worker would, and returns the mail that went to `to`. */
async function mailTo(to: string, since: number) {
  await ctx.app.outbox.drain();
  return smtp.next(to, since);
}
const mailsTo = (to: string, since: number) => smtp.inbox.slice(since).filter((m) => m.to === to);

describe('sign up', () => {
  it('creates a regular user with no group, who signs in once the mailed link confirms the address', async () => {
    const before = smtp.inbox.length;
    const res = await signup({ email: 'Signed.Up@Test.local', username: 'signedup' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      successCode: 'SIGNED_UP',
      successMessage: accountMessages.signedUp,
      data: { email: 'signed.up@test.local', username: 'signedup' },
    });

    // Not before the address is confirmed, and the right password is answered like a wrong one:
    // a stranger who signs up with someone's address learns nothing from signing in.
    const early = await post('/api/users/login/', {
      email: 'signed.up@test.local',
      password: 'violet-harbour-92',
    });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual({ errorCode: errorCodes.loginFailed, errorMessage: messages.loginFailed });
    const wrong = await post('/api/users/login/', { email: 'signed.up@test.local', password: 'not-it-1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(early.json());

    const mail = await mailTo('signed.up@test.local', before);
    expect(mail.subject).toBe('Confirm your Ledgerdesk email address');
    expect(mail.link).toMatch(/^https:\/\/budget\.example\.org\/verify-email\?token=[\w-]{43}$/);
    const verified = await post('/api/auth/verify-email', { token: tokenOf(mail.link) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().successMessage).toBe(accountMessages.emailVerified);

    const token = await ctx.login('signed.up@test.local', 'violet-harbour-92');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: auth(token) });
    expect(me.json()).toMatchObject({ role: 'user', groups: [], permissions: [] });

    // The link works once.
    const again = await post('/api/auth/verify-email', { token: tokenOf(mail.link) });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ token: accountMessages.verifyTokenUsed });
  });

  it('answers a taken email like a new one, changes nothing, and mails the owner a notice', async () => {
    await ctx.createUser({ email: 'owner@test.local', password: 'owner-original-1' });
    const before = smtp.inbox.length;
    const fresh = await signup({ email: 'fresh@test.local', username: 'freshname' });
    const taken = await signup({ email: 'OWNER@test.local', username: 'intruder' });
    expect(taken.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const shape = (body: { data: object }) => ({ ...body, data: Object.keys(body.data) });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));

    const notice = await mailTo('owner@test.local', before);
    expect(notice.subject).toBe('Someone tried to create a Ledgerdesk account with your address');
    expect(notice.text).toContain('If it was you, sign in');
    expect(notice.link).toBe('https://budget.example.org/login');
    // The owner's account is as it was: same password, no second account.
    await ctx.login('owner@test.local', 'owner-original-1');
    const rows = await ctx.database.db.select().from(users).where(eq(users.email, 'owner@test.local'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.username).toBe('owner');

    // Signing in with the password the sign-up chose says nothing either: the unconfirmed new
    // account and the owner's account (whose password is another) answer alike.
    const signIn = (email: string) =>
      post('/api/users/login/', { email, password: 'violet-harbour-92' }, { ip: '10.6.0.1' });
    const [asFresh, asTaken] = [await signIn('fresh@test.local'), await signIn('owner@test.local')];
    expect(asFresh.statusCode).toBe(401);
    expect(asTaken.statusCode).toBe(401);
    expect(asTaken.json()).toEqual(asFresh.json());
  });

  describe('the username of a sign-up tells nothing about its email', () => {
    const db = () => ctx.database.db;
    /** Signs up with `email` (taken or not) and a fresh username; the rest is the attacker's probe. */
    async function probe(email: string, username: string) {
      expect((await signup({ email, username })).statusCode).toBe(201);
      return signup({ email: `probe.${username}@test.local`, username });
    }
    /** Moves a sign-up's confirmation window into the past, as 48 hours and a minute would. */
    async function expire(username: string) {
      const past = sql`now() - interval '48 hours 1 minute'`;
      await db()
        .update(users)
        .set({ createdAt: past })
        .where(sql`lower(${users.username}) = lower(${username})`);
      await db()
        .update(usernameHolds)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(sql`lower(${usernameHolds.username}) = lower(${username})`);
    }
    const heldBy = async (username: string) => ({
      accounts: (await db().select().from(users).where(sql`lower(${users.username}) = lower(${username})`))
        .length,
      holds: (
        await db()
          .select()
          .from(usernameHolds)
          .where(sql`lower(${usernameHolds.username}) = lower(${username})`)
      ).length,
    });

    it('holds the username of a taken email like a new unconfirmed account; the clean-up frees both', async () => {
      await ctx.createUser({ email: 'victim@test.local', password: 'victim-original-1' });
      const taken = await probe('victim@test.local', 'probeTaken');
      const free = await probe('nobody.here@test.local', 'probeFree');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual(free.json());
      expect(free.json().fieldErrors).toEqual({ username: accountMessages.usernameTaken });
      // In any case, as a username of an account.
      expect((await signup({ email: 'other@test.local', username: 'PROBETAKEN' })).statusCode).toBe(409);
      expect(await heldBy('probeTaken')).toEqual({ accounts: 0, holds: 1 });
      expect(await heldBy('probeFree')).toEqual({ accounts: 1, holds: 0 });

      // Not yet due: the clean-up leaves both.
      await ctx.app.outbox.cleanUp();
      expect(await heldBy('probeTaken')).toEqual({ accounts: 0, holds: 1 });
      expect(await heldBy('probeFree')).toEqual({ accounts: 1, holds: 0 });

      await expire('probeTaken');
      await expire('probeFree');
      const [unconfirmed] = await db().select().from(users).where(eq(users.username, 'probeFree'));
      await ctx.app.outbox.cleanUp();
      expect(await heldBy('probeTaken')).toEqual({ accounts: 0, holds: 0 });
      expect(await heldBy('probeFree')).toEqual({ accounts: 0, holds: 0 });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityKey, unconfirmed?.id ?? ''))
        .orderBy(sql`${auditLog.at} desc`)
        .limit(1);
      expect(entry).toMatchObject({
        action: 'signup.expire',
        entity: 'user',
        actorId: null,
        actorLabel: 'clean-up',
        before: { email: 'nobody.here@test.local', username: 'probeFree' },
      });
      // The victim keeps the account; both usernames are free again, and so is the address.
      await ctx.login('victim@test.local', 'victim-original-1');
      expect((await signup({ email: 'late1@test.local', username: 'probeTaken' })).statusCode).toBe(201);
      expect((await signup({ email: 'late2@test.local', username: 'probeFree' })).statusCode).toBe(201);
      expect(await heldBy('probeFree')).toEqual({ accounts: 1, holds: 0 });
    });

    it('frees the username the moment the window passes, before a clean-up, in both cases alike', async () => {
      await ctx.createUser({ email: 'victim2@test.local', password: 'victim-original-2' });
      expect((await probe('victim2@test.local', 'soonTaken')).statusCode).toBe(409);
      expect((await probe('nobody.two@test.local', 'soonFree')).statusCode).toBe(409);
      await expire('soonTaken');
      await expire('soonFree');
      expect((await signup({ email: 'soon1@test.local', username: 'soonTaken' })).statusCode).toBe(201);
      expect((await signup({ email: 'soon2@test.local', username: 'soonFree' })).statusCode).toBe(201);
      // The expired account went with its username: its address can sign up anew.
      const again = await signup({ email: 'nobody.two@test.local', username: 'soonAgain' });
      expect(again.statusCode).toBe(201);
      expect(await heldBy('soonAgain')).toEqual({ accounts: 1, holds: 0 });
      // A username held by a sign-up is refused to an administrator and to a profile change too.
      await signup({ email: 'victim2@test.local', username: 'heldForAdmin' });
      const admin = await ctx.login(ADMIN.email, ADMIN.password);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users/user/',
        headers: auth(admin),
        payload: {
          email: 'made@test.local',
          username: 'heldforadmin',
          firstName: 'M',
          lastName: 'A',
          password: 'granite-sparrow-44',
        },
      });
      expect(created.statusCode).toBe(409);
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/',
        headers: auth(admin),
        payload: { username: 'HeldForAdmin' },
      });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().fieldErrors).toEqual({ username: accountMessages.usernameTaken });
    });

    it('never deletes a confirmed account, however old', async () => {
      const before = smtp.inbox.length;
      await signup({ email: 'confirmed.late@test.local', username: 'confirmedLate' });
      const mail = await mailTo('confirmed.late@test.local', before);
      expect((await post('/api/auth/verify-email', { token: tokenOf(mail.link) })).statusCode).toBe(200);
      await ctx.createUser({ email: 'made.by.admin@test.local', password: 'made-by-admin-1' });
      const old = sql`now() - interval '30 days'`;
      await db()
        .update(users)
        .set({ createdAt: old })
        .where(sql`${users.email} in ('confirmed.late@test.local', 'made.by.admin@test.local')`);
      await ctx.app.outbox.cleanUp();
      expect(await heldBy('confirmedLate')).toEqual({ accounts: 1, holds: 0 });
      await ctx.login('confirmed.late@test.local', 'violet-harbour-92');
      await ctx.login('made.by.admin@test.local', 'made-by-admin-1');
    });

    it('lets exactly one of two sign-ups with the same fresh username through at once', async () => {
      await ctx.createUser({ email: 'victim3@test.local', password: 'victim-original-3' });
      const pairs = [
        ['race.a@test.local', 'race.b@test.local'],
        ['victim3@test.local', 'race.c@test.local'],
        ['race.d@test.local', 'victim3@test.local'],
      ];
      for (const [index, emails] of pairs.entries()) {
        const username = `racer${index}`;
        const answers = await Promise.all(emails.map((email) => signup({ email, username })));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
        const held = await heldBy(username);
        expect(held.accounts + held.holds).toBe(1);
      }
    });
  });

  it('is throttled: an owner gets a few notices, not a mail bomb; one address gets 429', async () => {
    await ctx.createUser({ email: 'popular@test.local', password: 'popular-original-1' });
    const before = smtp.inbox.length;
    for (let i = 0; i < SIGNUP_LIMITS.perEmail.limit + 3; i++) {
      const res = await signup({ email: 'popular@test.local', username: `bomber${i}` });
      expect(res.statusCode).toBe(201);
    }
    await ctx.app.outbox.drain();
    expect(mailsTo('popular@test.local', before)).toHaveLength(SIGNUP_LIMITS.perEmail.limit);

    for (let i = 0; i < SIGNUP_LIMITS.perAddress.limit; i++) {
      await signup({ email: `crowd${i}@test.local`, username: `crowd${i}` }, '10.4.0.1');
    }
    const blocked = await signup({ email: 'onemore@test.local', username: 'onemore' }, '10.4.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorMessage).toBe(accountMessages.tooManySignups);
    expect(
      await ctx.database.db.select().from(users).where(eq(users.email, 'onemore@test.local')),
    ).toHaveLength(0);
  });

  it('refuses a taken username with 409 naming the field, whatever the email', async () => {
    await signup({ email: 'taken@test.local', username: 'takenname' });
    for (const email of ['other@test.local', 'taken@test.local']) {
      const username = await signup({ email, username: 'TakenName' });
      expect(username.statusCode).toBe(409);
      expect(username.json().fieldErrors).toEqual({ username: accountMessages.usernameTaken });
    }
  });

  it('refuses an unknown or expired confirmation link, and mails a new one on request', async () => {
    const before = smtp.inbox.length;
    await signup({ email: 'slow@test.local', username: 'slowpoke' });
    const first = tokenOf((await mailTo('slow@test.local', before)).link);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'slow@test.local'));
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, user?.id ?? ''));
    const expired = await post('/api/auth/verify-email', { token: first });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errorMessage).toBe(accountMessages.verifyTokenExpired);
    const unknown = await post('/api/auth/verify-email', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ token: accountMessages.verifyTokenInvalid });
    // A confirmation link is not a reset link.
    const asReset = await post('/api/auth/reset-password', { token: first, password: 'lantern-meadow-58' });
    expect(asReset.json().errorMessage).toBe(accountMessages.resetTokenInvalid);

    const mid = smtp.inbox.length;
    const resend = await post(
      '/api/auth/resend-verification',
      { email: 'slow@test.local' },
      { ip: '10.6.0.1' },
    );
    const ghost = await post(
      '/api/auth/resend-verification',
      { email: 'nobody@test.local' },
      { ip: '10.6.0.1' },
    );
    const confirmed = await post('/api/auth/resend-verification', { email: ADMIN.email }, { ip: '10.6.0.1' });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({
      successCode: 'VERIFY_MAIL_SENT',
      successMessage: accountMessages.verifyMailSent,
      data: null,
    });
    expect(ghost.json()).toEqual(resend.json());
    expect(confirmed.json()).toEqual(resend.json());
    const second = tokenOf((await mailTo('slow@test.local', mid)).link);
    expect(second).not.toBe(first);
    // Only an account waiting for confirmation gets one.
    expect(smtp.inbox.slice(mid).map((m) => m.to)).toEqual(['slow@test.local']);
    // Signing up again with the address while it waits also brings a new link (no second account).
    const again = smtp.inbox.length;
    expect((await signup({ email: 'slow@test.local', username: 'slowpoke2' })).statusCode).toBe(201);
    const retried = await mailTo('slow@test.local', again);
    expect(retried.subject).toBe('Confirm your Ledgerdesk email address');
    expect((await post('/api/auth/verify-email', { token: tokenOf(retried.link) })).statusCode).toBe(200);
    await ctx.login('slow@test.local', 'violet-harbour-92');
  });

  it('a reset link confirms the address too: it proves the owner reads it', async () => {
    const before = smtp.inbox.length;
    await signup({ email: 'forgetful@test.local', username: 'forgetful' });
    await post('/api/auth/forgot-password', { email: 'forgetful@test.local' }, { ip: '10.6.0.2' });
    await ctx.app.outbox.drain();
    const reset = smtp.inbox
      .slice(before)
      .find((m) => m.to === 'forgetful@test.local' && /reset/i.test(m.subject));
    const res = await post('/api/auth/reset-password', {
      token: tokenOf(reset?.link ?? null),
      password: 'lantern-meadow-58',
    });
    expect(res.statusCode).toBe(200);
    await ctx.login('forgetful@test.local', 'lantern-meadow-58');
  });

  it.each([
    ['too short', 'abc12', 'The password must be at least 8 characters.'],
    ['digits only', '4815162342', 'The password must not be made of digits only.'],
    ['common', 'Password123', accountMessages.passwordCommon],
    ['common with a suffix', 'sunshine2024!', accountMessages.passwordCommon],
    ['like the username', 'rulesuser1', accountMessages.passwordSimilar('username')],
    ['like the email', 'marguerite.k', accountMessages.passwordSimilar('email')],
  ])('refuses a password that is %s', async (_case, password, message) => {
    const res = await signup({ email: 'marguerite.k@test.local', username: 'rulesuser', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.password).toBe(message);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'rulesuser'));
    expect(row).toBeUndefined();
  });

  it('checks the fields with clear messages', async () => {
    const res = await post('/api/auth/signup', {
      email: 'nope',
      username: 'ab',
      firstName: '',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json();
    expect(fieldErrors.email).toBe('Please enter a valid email address.');
    expect(fieldErrors.username).toBe('The username must be at least 3 characters.');
    expect(fieldErrors.firstName).toBe('Please enter a first name.');
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and mails only a real one', async () => {
    await ctx.createUser({ email: 'forgot@test.local', password: 'forgot-original-1' });
    const before = smtp.inbox.length;
    const known = await post('/api/auth/forgot-password', { email: 'forgot@test.local' }, { ip: '10.9.0.1' });
    const unknown = await post(
      '/api/auth/forgot-password',
      { email: 'ghost@test.local' },
      { ip: '10.9.0.1' },
    );
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().successMessage).toBe(accountMessages.resetMailSent);
    const mail = await mailTo('forgot@test.local', before);
    expect(smtp.inbox.slice(before).some((m) => m.to === 'ghost@test.local')).toBe(false);
    expect(mail.subject).toBe('Reset your Ledgerdesk password');
    expect(mail.link).toMatch(/^https:\/\/budget\.example\.org\/reset-password\?token=[\w-]{43}$/);
  });

  it('the link sets a new password once, signs out every session, and the old password fails', async () => {
    await ctx.createUser({ email: 'resetter@test.local', password: 'resetter-original-1' });
    const oldSession = await ctx.login('resetter@test.local', 'resetter-original-1');
    const before = smtp.inbox.length;
    await post('/api/auth/forgot-password', { email: 'resetter@test.local' }, { ip: '10.9.0.2' });
    const token = tokenOf((await mailTo('resetter@test.local', before)).link);
    // Only the hash of the token is stored.
    expect(
      await ctx.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, token)),
    ).toHaveLength(0);

    const reset = await post('/api/auth/reset-password', { token, password: 'lantern-meadow-58' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().successMessage).toBe(accountMessages.resetDone);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: auth(oldSession) })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/users/login/', { email: 'resetter@test.local', password: 'resetter-original-1' }))
        .statusCode,
    ).toBe(401);
    await ctx.login('resetter@test.local', 'lantern-meadow-58');

    const again = await post('/api/auth/reset-password', { token, password: 'another-secret-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errorMessage).toBe(accountMessages.resetTokenUsed);
  });

  it('refuses an expired or unknown token, and a weak new password, with clear messages', async () => {
    await ctx.createUser({ email: 'late@test.local', password: 'late-original-1' });
    const before = smtp.inbox.length;
    await post('/api/auth/forgot-password', { email: 'late@test.local' }, { ip: '10.9.0.3' });
    const token = tokenOf((await mailTo('late@test.local', before)).link);

    const weak = await post('/api/auth/reset-password', { token, password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.password).toBe(accountMessages.passwordCommon);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'late@test.local'));
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, user?.id ?? ''));
    const expired = await post('/api/auth/reset-password', { token, password: 'lantern-meadow-58' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errorMessage).toBe(accountMessages.resetTokenExpired);

    const unknown = await post('/api/auth/reset-password', {
      token: 'not-a-real-token',
      password: 'lantern-meadow-58',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errorMessage: accountMessages.resetTokenInvalid,
      fieldErrors: { token: accountMessages.resetTokenInvalid },
    });
  });

  it('a deactivated account gets no mail', async () => {
    await ctx.createUser({ email: 'inactive@test.local', password: 'inactive-pass-1', isActive: false });
    const before = smtp.inbox.length;
    const res = await post('/api/auth/forgot-password', { email: 'inactive@test.local' }, { ip: '10.9.0.4' });
    expect(res.statusCode).toBe(200);
    await post('/api/auth/forgot-password', { email: 'forgot@test.local' }, { ip: '10.9.0.4' });
    await mailTo('forgot@test.local', before);
    expect(smtp.inbox.slice(before).some((m) => m.to === 'inactive@test.local')).toBe(false);
  });

  it('is throttled: one address gets 429, one email gets no more mail but the same answer', async () => {
    await ctx.createUser({ email: 'spammed@test.local', password: 'spammed-pass-1' });
    const before = smtp.inbox.length;
    for (let i = 0; i < RESET_LIMITS.perEmail.limit + 2; i++) {
      const res = await post(
        '/api/auth/forgot-password',
        { email: 'spammed@test.local' },
        { ip: `10.8.0.${i + 1}` },
      );
      expect(res.statusCode).toBe(200);
    }
    await ctx.app.outbox.drain();
    expect(mailsTo('spammed@test.local', before)).toHaveLength(RESET_LIMITS.perEmail.limit);

    for (let i = 0; i < RESET_LIMITS.perAddress.limit; i++) {
      await post('/api/auth/forgot-password', { email: `someone${i}@test.local` }, { ip: '10.7.0.1' });
    }
    const blocked = await post('/api/auth/forgot-password', { email: 'x@test.local' }, { ip: '10.7.0.1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errorMessage).toBe(accountMessages.tooManyResetRequests);
  });
});

describe('preferences', () => {
  it('start at the defaults, are saved per user, and bad values are refused by name', async () => {
    await ctx.createUser({ email: 'prefs@test.local', password: 'prefs-pass-1' });
    const token = await ctx.login('prefs@test.local', 'prefs-pass-1');
    const fresh = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/preferences/',
      headers: auth(token),
    });
    expect(fresh.json()).toEqual(defaultPreferences);
    const layout = {
      ...defaultPreferences.layout,
      theme: 'dark',
      layout: 'semibox',
      sidebarColor: 'gradient-2',
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { layout, language: 'fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ layout, language: 'fr', density: 'comfortable', weekStart: 'auto' });
    // Another session of the same user reads them; another user does not.
    const again = await ctx.login('prefs@test.local', 'prefs-pass-1');
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences/', headers: auth(again) })
      ).json(),
    ).toEqual({ layout, language: 'fr', density: 'comfortable', weekStart: 'auto' });
    const admin = await ctx.login(ADMIN.email, ADMIN.password);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences/', headers: auth(admin) })
      ).json(),
    ).toEqual(defaultPreferences);

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { layout: { ...layout, sidebarSize: 'huge' }, language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors['layout.sidebarSize']).toBe(
      'sidebarSize must be one of: lg, md, sm, sm-hover.',
    );

    // A setting left out keeps its stored value.
    const one = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { layout: { sidebarColor: 'dark' } },
    });
    expect(one.json().data).toEqual({
      layout: { ...layout, sidebarColor: 'dark' },
      language: 'fr',
      density: 'comfortable',
      weekStart: 'auto',
    });
  });
});

describe('list density', () => {
  it('is comfortable at first, saved alone without touching the rest, and an unknown density is refused', async () => {
    await ctx.createUser({ email: 'dense@test.local', password: 'dense-pass-1' });
    const token = await ctx.login('dense@test.local', 'dense-pass-1');
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences/', headers: auth(token) })
      ).json();
    expect((await read()).density).toBe('comfortable');

    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { language: 'fr', layout: { theme: 'dark' } },
    });
    const compact = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { density: 'compact' },
    });
    expect(compact.statusCode).toBe(200);
    expect(compact.json().data).toEqual({
      layout: { ...defaultPreferences.layout, theme: 'dark' },
      language: 'fr',
      density: 'compact',
      weekStart: 'auto',
    });
    // Saved: a new session reads it, and changing another setting keeps it.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { layout: { theme: 'light' } },
    });
    expect(await read()).toMatchObject({ density: 'compact', language: 'fr' });

    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences/',
      headers: auth(token),
      payload: { density: 'tiny' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.density).toBe('density must be one of: comfortable, compact.');
    expect((await read()).density).toBe('compact');
  });
});

describe('first day of the week', () => {
  it('is auto at first, saved alone, and an unknown day is refused', async () => {
    await ctx.createUser({ email: 'week@test.local', password: 'week-pass-1' });
    const token = await ctx.login('week@test.local', 'week-pass-1');
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/users/me/preferences/', headers: auth(token), payload });
    const read = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me/preferences/', headers: auth(token) })
      ).json();
    expect((await read()).weekStart).toBe('auto');

    const monday = await put({ weekStart: 'monday' });
    expect(monday.statusCode).toBe(200);
    expect(monday.json().data).toMatchObject({ weekStart: 'monday', density: 'comfortable' });
    await put({ density: 'compact' });
    expect(await read()).toMatchObject({ weekStart: 'monday', density: 'compact' });

    const bad = await put({ weekStart: 'tuesday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.weekStart).toBe(
      'weekStart must be one of: auto, monday, sunday, saturday.',
    );
    expect((await read()).weekStart).toBe('monday');
  });
});

describe('profile', () => {
  it('edits username and names; a taken username is a 409', async () => {
    await ctx.createUser({ email: 'profile@test.local', password: 'profile-pass-1' });
    const token = await ctx.login('profile@test.local', 'profile-pass-1');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/',
      headers: auth(token),
      payload: { username: 'renamed', firstName: 'Rena', lastName: 'Med' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      successMessage: 'Updated Successfully',
      data: { username: 'renamed', firstName: 'Rena' },
    });
    // A field left out keeps its value.
    const partial = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/',
      headers: auth(token),
      payload: { lastName: 'Only' },
    });
    expect(partial.json().data).toMatchObject({ username: 'renamed', firstName: 'Rena', lastName: 'Only' });
    const taken = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/',
      headers: auth(token),
      payload: { username: 'ADMIN', firstName: 'Rena', lastName: '' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ username: accountMessages.usernameTaken });
  });

  it('the original client’s profile call works on your own id only', async () => {
    const id = await ctx.createUser({ email: 'legacy@test.local', password: 'legacy-pass-1' });
    const token = await ctx.login('legacy@test.local', 'legacy-pass-1');
    const own = await post('/api/users/profile/', { idx: id, username: 'legacy2' }, { token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.username).toBe('legacy2');
    const other = await post(
      '/api/users/profile/',
      { idx: '00000000-0000-4000-8000-000000000000', username: 'hijack' },
      { token },
    );
    expect(other.statusCode).toBe(403);
  });

  it('changing the password needs the current one and signs out the other sessions only', async () => {
    await ctx.createUser({ email: 'changer@test.local', password: 'changer-pass-1' });
    const here = await ctx.login('changer@test.local', 'changer-pass-1');
    const elsewhere = await ctx.login('changer@test.local', 'changer-pass-1');
    const wrong = await post(
      '/api/users/me/password/',
      { currentPassword: 'nope-nope-1', newPassword: 'orchid-valley-31' },
      { token: here },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: accountMessages.currentPasswordWrong });
    const ok = await post(
      '/api/users/me/password/',
      { currentPassword: 'changer-pass-1', newPassword: 'orchid-valley-31' },
      { token: here },
    );
    expect(ok.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: auth(here) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: auth(elsewhere) })).statusCode,
    ).toBe(401);
    await ctx.login('changer@test.local', 'orchid-valley-31');
  });

  it('lists your own active sessions and revokes one or all others', async () => {
    await ctx.createUser({ email: 'sessions@test.local', password: 'sessions-pass-1' });
    const a = await ctx.login('sessions@test.local', 'sessions-pass-1');
    const b = await ctx.login('sessions@test.local', 'sessions-pass-1');
    const c = await ctx.login('sessions@test.local', 'sessions-pass-1');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/me/sessions/',
      headers: { ...auth(a), 'user-agent': 'TestBrowser/1.0' },
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as { id: string; current: boolean; ip: string }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]?.ip).toBe('127.0.0.1');

    // Someone else's session cannot be revoked: it is not found among yours.
    const adminToken = await ctx.login(ADMIN.email, ADMIN.password);
    const notYours = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${sessions[0]?.id}/`,
      headers: auth(adminToken),
    });
    expect(notYours.statusCode).toBe(404);

    const other = sessions.find((s) => !s.current);
    const one = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${other?.id}/`,
      headers: auth(a),
    });
    expect(one.statusCode).toBe(200);
    const rest = await post('/api/users/me/sessions/revoke-others/', {}, { token: a });
    expect(rest.json().data.revoked).toBe(1);
    const alive = await Promise.all(
      [a, b, c].map(
        async (t) =>
          (await ctx.app.inject({ method: 'GET', url: '/api/users/me/', headers: auth(t) })).statusCode,
      ),
    );
    expect(alive).toEqual([200, 401, 401]);
  });
});
