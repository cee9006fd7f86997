import { errorCodes, twoStepMessages } from '@ledgerdesk/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestContext, type TestContext } from '../context';

/*
 * The codes' clock is the test's (buildApp's `now`): each code a test needs is of a later time step
 * than the one before (a step is 30 s), as an authenticator app would show them over time.
 */
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
const nextCode = async (secret: string) => {
  clock += 30_000;
  return generate({ secret, epoch: Math.floor(clock / 1000) });
};

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => new Date(clock) });
  admin = await ctx.login(ADMIN.email, ADMIN.password);
});
afterAll(() => ctx.close());

let userCount = 0;
/** A new user (each test its own, and its own address: the sign-in throttle counts per address). */
async function newUser(permissions: string[] = []) {
  userCount += 1;
  const email = `two-step-${userCount}@test.local`;
  const password = `two-step-password-${userCount}`;
  const id = await ctx.createUser({ email, password, permissions });
  return { id, email, password, address: `10.7.0.${userCount}` };
}
type User = Awaited<ReturnType<typeof newUser>>;

const post = (url: string, payload: object, headers: Record<string, string> = {}, address = '10.7.1.1') =>
  ctx.app.inject({ method: 'POST', url, payload, headers, remoteAddress: address });
const passwordSignIn = (user: User, headers: Record<string, string> = {}) =>
  post('/api/users/login/', { email: user.email, password: user.password }, headers, user.address);
const verify = (user: User, body: object, headers: Record<string, string> = {}) =>
  post('/api/users/two-step/verify/', body, headers, user.address);

/** Turns two-step verification on from the profile: the secret and the recovery codes. */
async function enrol(user: User) {
  const token = (await passwordSignIn(user)).json().accessToken as string;
  const enrolment = (await ctx.call(token, 'POST', '/api/users/me/two-step/enrol/')).json();
  const confirmed = await ctx.call(token, 'POST', '/api/users/me/two-step/confirm/', {
    code: await nextCode(enrolment.secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    token,
    secret: enrolment.secret as string,
    codes: confirmed.json().data.recoveryCodes as string[],
  };
}

/** The password, then the second step with `code`. */
async function signInWith(user: User, code: string, options: { remember?: boolean; cookie?: string } = {}) {
  const headers: Record<string, string> = options.cookie ? { cookie: options.cookie } : {};
  const first = (await passwordSignIn(user, headers)).json();
  return verify(user, { ticket: first.twoStep.ticket, code, remember: options.remember ?? false }, headers);
}

const auditActions = async (userId: string) =>
  (
    (await ctx.call(admin, 'GET', `/api/audit/?entityKey=${userId}&pageSize=100`)).json().results as {
      action: string;
    }[]
  ).map((entry) => entry.action);

const cookieOf = (res: LightMyRequestResponse) => String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';

describe('enrolment', () => {
  it('gives a secret, an otpauth URL and a QR code, and turns on only with a correct first code', async () => {
    const user = await newUser();
    const token = (await passwordSignIn(user)).json().accessToken as string;
    const enrolment = (await ctx.call(token, 'POST', '/api/users/me/two-step/enrol/')).json();
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Ledgerdesk:two-step-\d+%40test\.local\?/);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await ctx.call(token, 'POST', '/api/users/me/two-step/confirm/', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.code).toBe(twoStepMessages.codeInvalid);
    const malformed = await ctx.call(token, 'POST', '/api/users/me/two-step/confirm/', { code: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect((await ctx.call(token, 'GET', '/api/users/me/two-step/')).json().enabled).toBe(false);

    const ok = await ctx.call(token, 'POST', '/api/users/me/two-step/confirm/', {
      code: await nextCode(enrolment.secret),
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await ctx.call(token, 'GET', '/api/users/me/two-step/')).json()).toMatchObject({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    expect((await ctx.call(token, 'POST', '/api/users/me/two-step/enrol/')).statusCode).toBe(409);
    expect(await auditActions(user.id)).toContain('two-step.enable');
    // Shown in the users list to administrators.
    expect((await ctx.call(admin, 'GET', `/api/users/user/${user.id}/`)).json().twoStepEnabled).toBe(true);
  });
});

describe('signing in with two-step verification on', () => {
  it('asks for a code after the password, and refuses a wrong one and a replayed one', async () => {
    const user = await newUser();
    const { secret } = await enrol(user);
    const first = await passwordSignIn(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoStep: { ticket: expect.any(String), mode: 'verify' } });

    const wrong = await verify(user, { ticket: first.json().twoStep.ticket, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorCode).toBe(errorCodes.twoStepCodeInvalid);

    const code = await nextCode(secret);
    const ok = await verify(user, { ticket: first.json().twoStep.ticket, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: user.email, accessToken: expect.any(String) });
    expect((await ctx.call(ok.json().accessToken, 'GET', '/api/users/me/')).statusCode).toBe(200);
    // The ticket is spent.
    const again = await verify(user, { ticket: first.json().twoStep.ticket, code });
    expect(again.json().errorCode).toBe(errorCodes.twoStepTicketInvalid);
    // The same code (its time step is used) on a new sign-in: refused.
    const replay = await signInWith(user, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().errorCode).toBe(errorCodes.twoStepCodeInvalid);
    expect((await signInWith(user, await nextCode(secret))).statusCode).toBe(200);
  });

  it('counts wrong codes as failed sign-ins: the ticket runs out and the password is locked too', async () => {
    const user = await newUser();
    await enrol(user);
    const { ticket } = (await passwordSignIn(user)).json().twoStep;
    for (let attempt = 1; attempt < 5; attempt++) {
      expect((await verify(user, { ticket, code: '000000' })).json().errorCode).toBe(
        errorCodes.twoStepCodeInvalid,
      );
    }
    const last = await verify(user, { ticket, code: '000000' });
    expect(last.statusCode).toBe(401);
    expect(last.json().errorCode).toBe(errorCodes.twoStepTicketInvalid);
    const locked = await passwordSignIn(user);
    expect(locked.statusCode).toBe(429);
  });

  it('takes a recovery code once', async () => {
    const user = await newUser();
    const { codes } = await enrol(user);
    const code = (codes[3] ?? '').toUpperCase();
    expect((await signInWith(user, code)).statusCode).toBe(200);
    const twice = await signInWith(user, code);
    expect(twice.statusCode).toBe(401);
    expect(twice.json().errorCode).toBe(errorCodes.twoStepCodeInvalid);
    expect(await auditActions(user.id)).toContain('two-step.recovery-code');
  });

  it('skips the step on a remembered browser, until it is forgotten or the password changes', async () => {
    const user = await newUser();
    const { secret } = await enrol(user);
    const remembered = await signInWith(user, await nextCode(secret), { remember: true });
    expect(remembered.statusCode).toBe(200);
    const setCookie = String(remembered.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/users\//);
    const cookie = cookieOf(remembered);

    const skipped = await passwordSignIn(user, { cookie });
    expect(skipped.json().accessToken).toEqual(expect.any(String));
    // Another user's sign-in from the same browser is not skipped.
    const other = await newUser();
    await enrol(other);
    expect((await passwordSignIn(other, { cookie })).json().twoStep).toBeDefined();

    const token = skipped.json().accessToken as string;
    const browsers = (await ctx.call(token, 'GET', '/api/users/me/remembered-browsers/')).json();
    expect(browsers).toHaveLength(1);
    expect(browsers[0]).toMatchObject({ ip: user.address, expiresAt: expect.any(String) });
    expect(
      (await ctx.call(token, 'DELETE', `/api/users/me/remembered-browsers/${browsers[0].id}/`)).statusCode,
    ).toBe(200);
    expect((await passwordSignIn(user, { cookie })).json().twoStep.mode).toBe('verify');

    // Remembered again, then the password changes: forgotten.
    const again = await signInWith(user, await nextCode(secret), { remember: true });
    const cookie2 = cookieOf(again);
    expect((await passwordSignIn(user, { cookie: cookie2 })).json().accessToken).toBeDefined();
    const newPassword = 'a-whole-new-password-9';
    const changed = await ctx.call(again.json().accessToken, 'POST', '/api/users/me/password/', {
      currentPassword: user.password,
      newPassword,
    });
    expect(changed.statusCode).toBe(200);
    user.password = newPassword;
    expect((await passwordSignIn(user, { cookie: cookie2 })).json().twoStep.mode).toBe('verify');
  });

  it('does not concern API keys', async () => {
    const user = await newUser(['apiKeys.view', 'apiKeys.manage']);
    const { token } = await enrol(user);
    const key = (await ctx.call(token, 'POST', '/api/apps/api-key', { name: 'Export' })).json().data.secret;
    const me = await ctx.call(key, 'GET', '/api/users/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
    // Nor may a key change two-step verification.
    expect((await ctx.call(key, 'GET', '/api/users/me/two-step/')).statusCode).toBe(403);
  });
});

describe('recovery codes and turning it off', () => {
  it('regenerates the codes with a current code; the old ones stop working', async () => {
    const user = await newUser();
    const { token, secret, codes } = await enrol(user);
    const wrong = await ctx.call(token, 'POST', '/api/users/me/two-step/recovery-codes/', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    const made = await ctx.call(token, 'POST', '/api/users/me/two-step/recovery-codes/', {
      code: await nextCode(secret),
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().data.recoveryCodes).toHaveLength(10);
    expect((await signInWith(user, codes[0] ?? '')).statusCode).toBe(401);
    expect((await signInWith(user, made.json().data.recoveryCodes[0])).statusCode).toBe(200);
  });

  it('turns off with the password and a code, not with one of them alone', async () => {
    const user = await newUser();
    const { token, secret, codes } = await enrol(user);
    const noPassword = await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {
      password: 'not-it',
      code: await nextCode(secret),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().fieldErrors.password).toBe(twoStepMessages.passwordWrong);
    const noCode = await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {
      password: user.password,
      code: '000000',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().fieldErrors.code).toBe(twoStepMessages.codeInvalid);
    expect((await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {})).statusCode).toBe(400);
    const off = await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {
      password: user.password,
      code: codes[0],
    });
    expect(off.statusCode).toBe(200);
    expect((await passwordSignIn(user)).json().accessToken).toBeDefined();
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['two-step.disable']));
  });
});

describe('a group that requires two-step verification', () => {
  it('sends a member who has not enrolled through enrolment before a session; leaving lifts it', async () => {
    const member = await newUser();
    const leaver = await newUser();
    const created = await ctx.call(admin, 'POST', '/api/users/group/', {
      name: 'Treasury',
      requireTwoStep: true,
      memberIds: [member.id, leaver.id],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group.requireTwoStep).toBe(true);

    const first = (await passwordSignIn(member)).json();
    expect(first).toEqual({ twoStep: { ticket: expect.any(String), mode: 'enrol' } });
    expect(first.accessToken).toBeUndefined();
    const enrolment = await post('/api/users/two-step/enrol/', { ticket: first.twoStep.ticket });
    expect(enrolment.statusCode).toBe(200);
    const wrong = await verify(member, { ticket: first.twoStep.ticket, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const done = await verify(member, {
      ticket: first.twoStep.ticket,
      code: await nextCode(enrolment.json().secret),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    const token = done.json().accessToken as string;
    expect((await ctx.call(token, 'GET', '/api/users/me/two-step/')).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    // Required: it cannot be turned off.
    const off = await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {
      password: member.password,
      code: await nextCode(enrolment.json().secret),
    });
    expect(off.statusCode).toBe(409);
    // A verify ticket is not an enrolment ticket.
    const verifyTicket = (await passwordSignIn(member)).json().twoStep;
    expect(verifyTicket.mode).toBe('verify');
    expect((await post('/api/users/two-step/enrol/', { ticket: verifyTicket.ticket })).statusCode).toBe(409);

    expect((await passwordSignIn(leaver)).json().twoStep.mode).toBe('enrol');
    const updated = await ctx.call(admin, 'PUT', `/api/users/group/${group.id}/`, {
      id: group.id,
      memberIds: [member.id],
    });
    expect(updated.statusCode).toBe(200);
    expect((await passwordSignIn(leaver)).json().accessToken).toBeDefined();
  });
});

describe('an administrator', () => {
  it("resets a user's two-step verification (audited); others may not", async () => {
    const user = await newUser();
    await enrol(user);
    const clerk = await newUser(['users.view']);
    const clerkToken = (await passwordSignIn(clerk)).json().accessToken as string;
    const url = `/api/users/user/${user.id}/two-step/reset/`;
    expect((await ctx.call(clerkToken, 'POST', url)).statusCode).toBe(403);
    expect(
      (await ctx.call(admin, 'POST', '/api/users/user/00000000-0000-4000-8000-000000000000/two-step/reset/'))
        .statusCode,
    ).toBe(404);
    const reset = await ctx.call(admin, 'POST', url);
    expect(reset.statusCode).toBe(200);
    expect((await ctx.call(admin, 'GET', `/api/users/user/${user.id}/`)).json().twoStepEnabled).toBe(false);
    expect(await auditActions(user.id)).toContain('two-step.reset');
    expect((await passwordSignIn(user)).json().accessToken).toBeDefined();
  });
});

describe('bad input', () => {
  it('answers 400 or 401 with a clear message, never a 500', async () => {
    const user = await newUser();
    const missing = await verify(user, { code: '123456' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors.ticket).toBe('The sign-in ticket is missing.');
    const unknown = await verify(user, { ticket: 'nope', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().errorMessage).toBe(twoStepMessages.ticketInvalid);
    expect((await post('/api/users/two-step/enrol/', { ticket: 'nope' })).statusCode).toBe(401);
    expect((await post('/api/users/two-step/enrol/', {})).statusCode).toBe(400);
    const token = (await passwordSignIn(user)).json().accessToken as string;
    expect(
      (await ctx.call(token, 'POST', '/api/users/me/two-step/confirm/', { code: '123456' })).statusCode,
    ).toBe(409);
    expect(
      (
        await ctx.call(token, 'POST', '/api/users/me/two-step/disable/', {
          password: user.password,
          code: '1',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await ctx.call(
          token,
          'DELETE',
          '/api/users/me/remembered-browsers/00000000-0000-4000-8000-000000000000/',
        )
      ).statusCode,
    ).toBe(404);
  });
});
