import { errorCodes, oidcMessages } from '@ledgerdesk/contracts';
import { eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, oidcFlows, userIdentities, users } from '../../src/db/schema';
import { ADMIN, createTestContext, type TestContext } from '../context';
import { startTestProvider, type TestAccount, type TestProvider, throughProvider } from '../oidc-provider';

const APP_URL = 'https://ledgerdesk.example.org';
const CLIENT = { clientId: 'ledgerdesk', clientSecret: 'a-test-secret-of-the-client' };

/** The two-step codes' clock (buildApp's `now`): each code a later 30 s step, as an app shows them. */
let clock = Date.now();
const nextCode = (secret: string) => {
  clock += 30_000;
  return generate({ secret, epoch: Math.floor(clock / 1000) });
};

let ctx: TestContext;
let provider: TestProvider;
beforeAll(async () => {
  provider = await startTestProvider({
    ...CLIENT,
    redirectUris: [`${APP_URL}/api/auth/oidc/acme/callback`],
  });
  ctx = await createTestContext(
    {
      PUBLIC_URL: APP_URL,
      OIDC_PROVIDERS: 'acme',
      OIDC_ACME_ISSUER: provider.issuer,
      OIDC_ACME_CLIENT_ID: CLIENT.clientId,
      OIDC_ACME_CLIENT_SECRET: CLIENT.clientSecret,
      OIDC_ACME_LABEL: 'Acme ID',
    },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await ctx?.close();
  await provider?.close();
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  String([setCookie].flat()[0] ?? '').split(';')[0] ?? '';

/** The button (start), the provider, and its redirect back (callback): where the app sends the browser. */
async function roundTrip(
  account: TestAccount | 'deny',
  options: { start?: string; token?: string; tamper?: (state: string) => Promise<void> } = {},
) {
  provider.signInNext(account);
  let location: string;
  let cookie: string;
  if (options.token) {
    const res = await ctx.call(options.token, 'POST', '/api/auth/oidc/acme/link', {});
    expect(res.statusCode).toBe(200);
    location = res.json().url;
    cookie = cookieOf(res.headers['set-cookie']);
  } else {
    const res = await ctx.app.inject({
      method: 'GET',
      url: options.start ?? '/api/auth/oidc/acme/start?next=/tasks',
    });
    expect(res.statusCode).toBe(302);
    location = String(res.headers.location);
    cookie = cookieOf(res.headers['set-cookie']);
  }
  const authorize = new URL(location);
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  await options.tamper?.(authorize.searchParams.get('state') ?? '');
  const back = new URL(await throughProvider(location, APP_URL));
  const callback = await ctx.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: { cookie },
  });
  expect(callback.statusCode).toBe(302);
  return { callback, back, cookie, location: String(callback.headers.location) };
}

const fragmentOf = (location: string) => new URLSearchParams(location.slice(location.indexOf('#') + 1));

const socialLogin = (payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/users/social-login/', payload });

describe('social sign-in', () => {
  it('lists the configured providers for the sign-in page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/providers' });
    expect(res.json()).toEqual([{ id: 'acme', label: 'Acme ID' }]);
    // A provider that is not configured: the browser lands on the error page, not on an API error.
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/nope/start' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/auth/social/error?reason=unknown-provider');
  });

  it('creates an account for a new e-mail, signs it in with a one-time code, and signs the same identity in again', async () => {
    const account = {
      sub: 'new-person',
      email: 'New.Person@Example.com',
      email_verified: true,
      given_name: 'Nora',
      family_name: 'Newton',
    };
    const first = await roundTrip(account);
    expect(first.location.startsWith('/auth/social/callback#')).toBe(true);
    const fragment = fragmentOf(first.location);
    expect(fragment.get('next')).toBe('/tasks');
    const code = fragment.get('code') ?? '';

    const res = await socialLogin({ token: code, name: 'Nora', source: 'web' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(code);
    expect(body.data).toMatchObject({ name: 'Nora', source: 'web', first_name: 'Nora' });
    expect(body.data.accessToken).toBe(body.session.accessToken);
    expect(body.session).toMatchObject({ email: 'new.person@example.com', role: 'user', groups: [] });
    const me = await ctx.call(body.session.accessToken, 'GET', '/api/users/me/');
    expect(me.json()).toMatchObject({ firstName: 'Nora', lastName: 'Newton' });

    const [user] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@example.com'));
    expect(user?.passwordHash).toBeNull();
    expect(user?.emailVerifiedAt).not.toBeNull();
    const entries = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(inArray(auditLog.action, ['account.create-by-provider', 'identity.link']));
    expect(entries.map((e) => e.action).sort()).toEqual(['account.create-by-provider', 'identity.link']);

    // The code works once.
    expect((await socialLogin({ token: code })).statusCode).toBe(400);

    // The linked identity signs in again, whatever the e-mail now says.
    const again = await roundTrip({ ...account, email: 'changed@example.com', email_verified: false });
    const second = await socialLogin({ token: fragmentOf(again.location).get('code') });
    expect(second.statusCode).toBe(200);
    expect(second.json().session.id).toBe(user?.id);
  });

  it('asks an account with two-step verification on for its second step before any session', async () => {
    const account = { sub: 'two-step-person', email: 'two.step@example.com', email_verified: true };
    const first = await roundTrip(account);
    const { session } = (await socialLogin({ token: fragmentOf(first.location).get('code') })).json();
    const enrolment = (await ctx.call(session.accessToken, 'POST', '/api/users/me/two-step/enrol/')).json();
    const confirmed = await ctx.call(session.accessToken, 'POST', '/api/users/me/two-step/confirm/', {
      code: await nextCode(enrolment.secret),
    });
    expect(confirmed.statusCode).toBe(200);

    const again = await roundTrip(account);
    const challenged = await socialLogin({ token: fragmentOf(again.location).get('code') });
    expect(challenged.statusCode).toBe(200);
    const answer = challenged.json();
    expect(answer).toEqual({ twoStep: { ticket: expect.any(String), mode: 'verify' } });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/two-step/verify/',
      payload: { ticket: answer.twoStep.ticket, code: await nextCode(enrolment.secret) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ email: 'two.step@example.com', accessToken: expect.any(String) });
  });

  it('refuses a callback whose state is unknown, or that comes to another browser', async () => {
    const { back } = await roundTrip({
      sub: 'state-person',
      email: 'state@example.com',
      email_verified: true,
    });
    // The same callback again: its flow was taken.
    const replay = await ctx.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/auth/social/error?reason=bad-state&provider=acme');

    const wrongState = new URL(back);
    wrongState.searchParams.set('state', 'not-the-state');
    const res = await ctx.app.inject({ method: 'GET', url: wrongState.pathname + wrongState.search });
    expect(res.headers.location).toBe('/auth/social/error?reason=bad-state&provider=acme');

    // A fresh flow, but the callback in a browser without the cookie of the one that started it.
    provider.signInNext({ sub: 'state-person', email: 'state@example.com', email_verified: true });
    const start = await ctx.app.inject({ method: 'GET', url: '/api/auth/oidc/acme/start' });
    const elsewhere = new URL(await throughProvider(String(start.headers.location), APP_URL));
    const stolen = await ctx.app.inject({
      method: 'GET',
      url: elsewhere.pathname + elsewhere.search,
      headers: { cookie: 'ldk_oidc=someone-elses-browser-binding-value' },
    });
    expect(stolen.headers.location).toBe('/auth/social/error?reason=bad-state&provider=acme');
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const { location } = await roundTrip(
      { sub: 'nonce-person', email: 'nonce@example.com', email_verified: true },
      {
        tamper: async () => {
          await ctx.database.db.update(oidcFlows).set({ nonce: 'another-nonce-than-sent' });
        },
      },
    );
    expect(location).toBe('/auth/social/error?reason=token-rejected&provider=acme');
    const [made] = await ctx.database.db.select().from(users).where(eq(users.email, 'nonce@example.com'));
    expect(made).toBeUndefined();
  });

  it('shows the error page when the user refuses at the provider', async () => {
    const { location } = await roundTrip('deny');
    expect(location).toBe('/auth/social/error?reason=denied&provider=acme');
  });

  it('never links an existing account by an unverified e-mail', async () => {
    const userId = await ctx.createUser({ email: 'unverified@test.local', password: 'the-owners-password' });
    const { location } = await roundTrip({
      sub: 'squatter',
      email: 'Unverified@test.local',
      email_verified: false,
    });
    expect(location).toBe('/auth/social/error?reason=email-unverified&provider=acme');
    const links = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    expect(links).toEqual([]);
  });

  it('links a verified e-mail to its account only with the right password', async () => {
    const userId = await ctx.createUser({ email: 'linker@test.local', password: 'linker-password-1' });
    const { location } = await roundTrip({
      sub: 'linker-sub',
      email: 'linker@test.local',
      email_verified: true,
    });
    expect(location.startsWith('/auth/social/link#')).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('email')).toBe('linker@test.local');
    expect(fragment.get('next')).toBe('/tasks');
    const ticket = fragment.get('ticket');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link/',
      payload: { ticket, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: oidcMessages.passwordWrong });
    expect(
      await ctx.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId)),
    ).toEqual([]);

    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link/',
      payload: { ticket, password: 'linker-password-1' },
    });
    expect(right.statusCode).toBe(200);
    const signedIn = await socialLogin({ token: right.json().code });
    expect(signedIn.json().session.id).toBe(userId);
    const [link] = await ctx.database.db
      .select()
      .from(userIdentities)
      .where(eq(userIdentities.userId, userId));
    expect(link).toMatchObject({ provider: 'acme', subject: 'linker-sub' });

    // The ticket is spent.
    const reused = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/oidc/link/',
      payload: { ticket, password: 'linker-password-1' },
    });
    expect(reused.json().errorMessage).toBe(oidcMessages.ticketInvalid);
  });

  it('answers 400 with a clear message when the social login has no token', async () => {
    const res = await socialLogin({ name: 'Nobody' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe(errorCodes.validation);
    expect(res.json().fieldErrors).toEqual({ token: oidcMessages.tokenMissing });
    const unknown = await socialLogin({ token: 'never-issued' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorMessage).toBe(oidcMessages.codeInvalid);
  });
});

describe('linked accounts in the profile', () => {
  it('links a provider from the profile, and unlinks it while a password remains', async () => {
    const userId = await ctx.createUser({ email: 'profile@test.local', password: 'profile-password-1' });
    const token = await ctx.login('profile@test.local', 'profile-password-1');
    const { location } = await roundTrip(
      // Another address at the provider, unverified: a signed-in user links what they prove is theirs.
      { sub: 'profile-sub', email: 'elsewhere@example.com', email_verified: false },
      { token },
    );
    expect(location).toBe('/profile?linked=acme');
    const list = await ctx.call(token, 'GET', '/api/users/me/identities/');
    expect(list.json()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: 'acme', providerLabel: 'Acme ID', email: 'elsewhere@example.com' }],
    });
    const id = list.json().identities[0].id;
    expect((await ctx.call(token, 'DELETE', `/api/users/me/identities/${id}/`)).statusCode).toBe(204);
    expect(
      await ctx.database.db.select().from(userIdentities).where(eq(userIdentities.userId, userId)),
    ).toEqual([]);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'identity.unlink'));
    expect(entry?.entityKey).toBe(id);
  });

  it('refuses to unlink the last way into an account without a password', async () => {
    const { location } = await roundTrip({
      sub: 'only-way',
      email: 'only-way@example.com',
      email_verified: true,
    });
    const session = (await socialLogin({ token: fragmentOf(location).get('code') })).json().session;
    const list = await ctx.call(session.accessToken, 'GET', '/api/users/me/identities/');
    expect(list.json().hasPassword).toBe(false);
    const id = list.json().identities[0].id;
    const res = await ctx.call(session.accessToken, 'DELETE', `/api/users/me/identities/${id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json().errorMessage).toBe(oidcMessages.lastWayIn);
    // Someone else's link is not theirs to remove.
    const admin = await ctx.login(ADMIN.email, ADMIN.password);
    expect((await ctx.call(admin, 'DELETE', `/api/users/me/identities/${id}/`)).statusCode).toBe(404);
  });
});
