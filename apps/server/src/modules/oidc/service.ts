import {
  isTwoStepChallenge,
  type LinkedIdentities,
  type OidcErrorReason,
  type OidcLinkConfirmRequest,
  type OidcProvider,
  oidcMessages,
  type SignInResult,
  type SocialLoginRequest,
  type SocialLoginResponse,
} from '@ledgerdesk/contracts';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type * as OpenId from 'openid-client';
import type { Config, OidcProviderConfig } from '../../config';
import type { Database } from '../../db/client';
import { oidcFlows, oidcTickets, userIdentities, users } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Outbox } from '../../lib/outbox';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import type { AccountsService } from '../accounts/service';
import type { AuthService, SignInClient } from '../auth/service';

/** How long a round trip to the provider may take, from the button to the callback. */
export const FLOW_MINUTES = 10;
/** The one-time sign-in code of the callback page: the page posts it at once. */
export const SIGN_IN_CODE_MINUTES = 2;
/** The ticket of the confirm-with-your-password page. */
export const LINK_TICKET_MINUTES = 10;
/** Wrong passwords a link ticket takes before it is spent. */
export const LINK_TICKET_ATTEMPTS = 5;
const SCOPE = 'openid email profile';
/** Discovery and token requests to a provider give up after this (openid-client's timeout, seconds). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Who signs in, from where (with the remembered-browser cookie: a second step may be skipped). */
export type Client = SignInClient;

/** Where the browser goes once the callback is done: a path of the web app (with a fragment). */
export type CallbackOutcome = { location: string };

/** A failure of the round trip: the web's error page says what `reason` means. */
class FlowError extends Error {
  constructor(
    readonly reason: OidcErrorReason,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** A same-app path to come back to after signing in; anything else is the home page. */
export function safeReturnPath(value: string | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  return value.slice(0, 500);
}

/** The claims the service reads, from the ID token and the userinfo endpoint. */
type ProviderClaims = {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  usernameHint: string;
};

function claimsOf(raw: Record<string, unknown>): ProviderClaims {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const email = text(raw.email).toLowerCase();
  const name = text(raw.name);
  return {
    sub: text(raw.sub),
    email,
    // Some providers send the flag as a string.
    emailVerified: raw.email_verified === true || raw.email_verified === 'true',
    firstName: text(raw.given_name) || name.split(' ')[0] || '',
    lastName: text(raw.family_name) || name.split(' ').slice(1).join(' '),
    usernameHint: text(raw.preferred_username) || email.split('@')[0] || 'user',
  };
}

export function createOidcService(deps: {
  db: Database;
  config: Config;
  audit: AuditLog;
  auth: AuthService;
  accounts: AccountsService;
  outbox: Outbox;
}) {
  const { db, config, audit, auth, accounts, outbox } = deps;
  const providers = new Map(config.oidcProviders.map((provider) => [provider.id, provider]));

  outbox.onCleanUp(async () => {
    await db.delete(oidcFlows).where(lte(oidcFlows.expiresAt, sql`now()`));
    await db.delete(oidcTickets).where(lte(oidcTickets.expiresAt, sql`now()`));
  });

  /** openid-client, loaded with the first social sign-in, not at start (most run without). */
  const loadOpenid = () => import('openid-client');

  /** Each provider's discovered configuration, fetched once (again after a failure). */
  const discovered = new Map<string, Promise<OpenId.Configuration>>();
  function clientOf(provider: OidcProviderConfig): Promise<OpenId.Configuration> {
    let found = discovered.get(provider.id);
    if (!found) {
      const issuer = new URL(provider.issuer);
      found = loadOpenid().then((openid) =>
        openid.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // config.ts allows http only on this machine (a provider for development or tests).
          execute: issuer.protocol === 'http:' ? [openid.allowInsecureRequests] : [],
        }),
      );
      found.catch(() => discovered.delete(provider.id));
      discovered.set(provider.id, found);
    }
    return found;
  }

  const redirectUri = (provider: OidcProviderConfig) =>
    `${config.publicUrl}/api/auth/oidc/${provider.id}/callback`;

  function providerOf(id: string): OidcProviderConfig {
    const provider = providers.get(id);
    if (!provider) throw new FlowError('unknown-provider');
    return provider;
  }

  const labelOf = (id: string) => providers.get(id)?.label ?? id;

  /** A one-time code or ticket for the browser's URL fragment; only its hash is kept. */
  async function issueTicket(
    executor: Database,
    values: Omit<typeof oidcTickets.$inferInsert, 'tokenHash' | 'expiresAt'>,
    minutes: number,
  ): Promise<string> {
    const token = newToken();
    await executor
      .insert(oidcTickets)
      .values({ ...values, tokenHash: hashToken(token), expiresAt: minutesFromNow(minutes) });
    return token;
  }

  async function linkIdentity(
    executor: Database,
    userId: string,
    provider: OidcProviderConfig,
    claims: Pick<ProviderClaims, 'sub' | 'email'>,
    actor: Actor,
  ) {
    const [identity] = await executor
      .insert(userIdentities)
      .values({
        userId,
        provider: provider.id,
        subject: claims.sub,
        email: claims.email,
        createdBy: actor.id,
        updatedBy: actor.id,
      })
      .onConflictDoNothing()
      .returning();
    // Another user has this account of the provider, or this user another account of it.
    if (!identity) throw new FlowError('already-linked');
    await audit.record(executor, actor, {
      action: 'identity.link',
      entity: 'identity',
      key: identity.id,
      after: { userId, provider: provider.id, email: claims.email },
    });
  }

  /** The page the web app shows for a failed round trip. */
  const errorPage = (reason: OidcErrorReason, provider?: string) =>
    `/auth/social/error?${new URLSearchParams({ reason, ...(provider ? { provider } : {}) })}`;

  /** The callback's work once the provider has answered and its answer is checked. */
  async function settle(
    flow: typeof oidcFlows.$inferSelect,
    provider: OidcProviderConfig,
    claims: ProviderClaims,
    client: Client,
  ): Promise<CallbackOutcome> {
    const [known] = await db
      .select({ identity: userIdentities, user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider.id), eq(userIdentities.subject, claims.sub)))
      .limit(1);

    if (flow.purpose === 'link') {
      const userId = flow.userId;
      if (!userId) throw new FlowError('bad-state');
      if (known) {
        if (known.user.id !== userId) throw new FlowError('already-linked');
      } else {
        const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
        if (!user?.isActive) throw new FlowError('account-disabled');
        const actor: Actor = { id: user.id, label: user.email, ip: client.ip, requestId: client.requestId };
        await db.transaction((tx) => linkIdentity(tx as Database, user.id, provider, claims, actor));
      }
      return { location: `/profile?${new URLSearchParams({ linked: provider.id })}` };
    }

    const signInWith = async (userId: string) => {
      const code = await issueTicket(db, { kind: 'sign-in', userId }, SIGN_IN_CODE_MINUTES);
      return { location: `/auth/social/callback#${new URLSearchParams({ code, next: flow.returnTo })}` };
    };

    if (known) {
      if (!known.user.isActive) throw new FlowError('account-disabled');
      return signInWith(known.user.id);
    }
    if (!claims.email) throw new FlowError('no-email');
    const [match] = await db.select().from(users).where(eq(users.email, claims.email)).limit(1);
    if (match) {
      // Never linked on the provider's word alone: the address must be one it verified, and the
      // account's owner must then prove it is theirs with their password.
      if (!claims.emailVerified) throw new FlowError('email-unverified');
      if (!match.isActive) throw new FlowError('account-disabled');
      const ticket = await issueTicket(
        db,
        { kind: 'link', userId: match.id, provider: provider.id, subject: claims.sub, email: claims.email },
        LINK_TICKET_MINUTES,
      );
      return {
        location: `/auth/social/link#${new URLSearchParams({ ticket, provider: provider.id, email: claims.email, next: flow.returnTo })}`,
      };
    }
    const userId = await db.transaction(async (tx) => {
      const user = await accounts.createFromProvider(
        tx as Database,
        {
          email: claims.email,
          firstName: claims.firstName,
          lastName: claims.lastName,
          usernameHint: claims.usernameHint,
          emailVerified: claims.emailVerified,
        },
        { ip: client.ip, requestId: client.requestId, provider: provider.id },
      );
      const actor: Actor = { id: user.id, label: user.email, ip: client.ip, requestId: client.requestId };
      await linkIdentity(tx as Database, user.id, provider, claims, actor);
      return user.id;
    });
    return signInWith(userId);
  }

  /**
   * What POST /api/users/social-login/ answers once `auth.signIn` has opened the session: SPEC §3's
   * shape (the code as `token`; `data`: the posted fields, accessToken and first_name) and the
   * session itself for the web. The one place a sign-in's result is turned into this answer.
   */
  function socialLoginAnswer(
    result: SignInResult,
    token: string,
    posted: Record<string, unknown>,
  ): SocialLoginResponse {
    // A second step is due first: the web's two-step page takes it from here, as after a password.
    if (isTwoStepChallenge(result)) return result;
    return {
      token,
      data: { ...posted, accessToken: result.accessToken, first_name: result.firstName },
      session: result,
    };
  }

  return {
    /** The providers of OIDC_PROVIDERS, for the sign-in page's buttons. */
    providers(): OidcProvider[] {
      return config.oidcProviders.map(({ id, label }) => ({ id, label }));
    },

    errorPage,

    /**
     * Starts a round trip: the flow's checks go to the database (any node takes the callback), the
     * browser is bound to it by `browser` (a cookie's value), and the answer is the provider's
     * authorization URL. A FlowError when the provider is unknown or unreachable.
     */
    async begin(
      providerId: string,
      browser: string,
      options: { purpose: 'sign-in'; returnTo?: string } | { purpose: 'link'; user: AuthUser },
    ): Promise<string> {
      const provider = providerOf(providerId);
      let client: OpenId.Configuration;
      try {
        client = await clientOf(provider);
      } catch (error) {
        throw new FlowError('provider-unavailable', (error as Error).message);
      }
      const openid = await loadOpenid();
      const state = openid.randomState();
      const nonce = openid.randomNonce();
      const codeVerifier = openid.randomPKCECodeVerifier();
      const userId = options.purpose === 'link' ? options.user.id : null;
      await db.insert(oidcFlows).values({
        stateHash: hashToken(state),
        browserHash: hashToken(browser),
        provider: provider.id,
        purpose: options.purpose,
        userId,
        nonce,
        codeVerifier,
        returnTo: options.purpose === 'sign-in' ? safeReturnPath(options.returnTo) : '/profile',
        expiresAt: minutesFromNow(FLOW_MINUTES),
        createdBy: userId,
        updatedBy: userId,
      });
      return openid
        .buildAuthorizationUrl(client, {
          redirect_uri: redirectUri(provider),
          scope: SCOPE,
          code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          nonce,
        })
        .toString();
    },

    /**
     * The provider's answer (`query`: the callback's query string). Its flow is taken once (state),
     * from the browser that started it; the code is exchanged (PKCE) and the ID token checked
     * (issuer, audience, expiry, nonce) by openid-client. Always a place for the browser to go:
     * the next page, or the error page with the reason.
     */
    async callback(
      providerId: string,
      query: string,
      browser: string | undefined,
      client: Client,
      log: { warn(detail: object, message: string): void },
    ): Promise<CallbackOutcome> {
      try {
        const provider = providerOf(providerId);
        const params = new URLSearchParams(query);
        const state = params.get('state');
        const [flow] = state
          ? await db
              .delete(oidcFlows)
              .where(
                and(
                  eq(oidcFlows.stateHash, hashToken(state)),
                  eq(oidcFlows.provider, provider.id),
                  gt(oidcFlows.expiresAt, sql`now()`),
                ),
              )
              .returning()
          : [];
        const error = params.get('error');
        if (error) throw new FlowError(error === 'access_denied' ? 'denied' : 'provider-error', error);
        if (!flow || !browser || flow.browserHash !== hashToken(browser)) throw new FlowError('bad-state');
        let claims: ProviderClaims;
        try {
          const configuration = await clientOf(provider);
          const openid = await loadOpenid();
          const tokens = await openid.authorizationCodeGrant(
            configuration,
            new URL(`${redirectUri(provider)}?${query}`),
            {
              pkceCodeVerifier: flow.codeVerifier,
              expectedState: state ?? undefined,
              expectedNonce: flow.nonce,
              idTokenExpected: true,
            },
          );
          const idClaims = tokens.claims();
          if (!idClaims) throw new Error('no ID token');
          // Spec-conforming providers put email and profile in the userinfo answer, not the ID token.
          const userinfo = configuration.serverMetadata().userinfo_endpoint
            ? await openid.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
            : {};
          claims = claimsOf({ ...userinfo, ...idClaims });
        } catch (failure) {
          throw new FlowError('token-rejected', (failure as Error).message);
        }
        return await settle(flow, provider, claims, client);
      } catch (failure) {
        // A browser navigation: always a page of the web app, never an API error.
        const reason = failure instanceof FlowError ? failure.reason : 'failed';
        log.warn(
          { provider: providerId, reason, detail: (failure as Error).message },
          'social sign-in refused',
        );
        return { location: errorPage(reason, providers.has(providerId) ? providerId : undefined) };
      }
    },

    /**
     * POST /api/users/social-login/: the callback's one-time code (`token`) → `auth.signIn`, the
     * one way a session opens. Any other field posted comes back in `data`.
     */
    async socialLogin(body: SocialLoginRequest, client: Client): Promise<SocialLoginResponse> {
      const { token, ...posted } = body;
      const [ticket] = await db
        .delete(oidcTickets)
        .where(
          and(
            eq(oidcTickets.tokenHash, hashToken(token)),
            eq(oidcTickets.kind, 'sign-in'),
            gt(oidcTickets.expiresAt, sql`now()`),
          ),
        )
        .returning();
      const [user] = ticket ? await db.select().from(users).where(eq(users.id, ticket.userId)).limit(1) : [];
      if (!user?.isActive) throw AppError.badRequest(oidcMessages.codeInvalid);
      return socialLoginAnswer(await auth.signIn(user, client), token, posted);
    },

    /**
     * The confirm-with-your-password page: the ticket of a verified address that matched an account,
     * and that account's password. Links the provider's account, then answers a one-time sign-in
     * code (exchanged as the callback's, so that every social sign-in ends in socialLogin).
     */
    async confirmLink(input: OidcLinkConfirmRequest, client: Client): Promise<{ code: string }> {
      const [ticket] = await db
        .select()
        .from(oidcTickets)
        .where(
          and(
            eq(oidcTickets.tokenHash, hashToken(input.ticket)),
            eq(oidcTickets.kind, 'link'),
            gt(oidcTickets.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      const [user] = ticket ? await db.select().from(users).where(eq(users.id, ticket.userId)).limit(1) : [];
      const provider = ticket ? providers.get(ticket.provider) : undefined;
      if (!ticket || !user?.isActive || !provider) throw AppError.badRequest(oidcMessages.ticketInvalid);
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const [counted] = await db
          .update(oidcTickets)
          .set({ attempts: sql`${oidcTickets.attempts} + 1` })
          .where(eq(oidcTickets.id, ticket.id))
          .returning({ attempts: oidcTickets.attempts });
        if ((counted?.attempts ?? LINK_TICKET_ATTEMPTS) >= LINK_TICKET_ATTEMPTS) {
          await db.delete(oidcTickets).where(eq(oidcTickets.id, ticket.id));
          throw AppError.badRequest(oidcMessages.tooManyAttempts);
        }
        throw AppError.badRequest(oidcMessages.passwordWrong, { password: oidcMessages.passwordWrong });
      }
      const actor: Actor = { id: user.id, label: user.email, ip: client.ip, requestId: client.requestId };
      try {
        return await db.transaction(async (tx) => {
          const [taken] = await tx.delete(oidcTickets).where(eq(oidcTickets.id, ticket.id)).returning();
          if (!taken) throw AppError.badRequest(oidcMessages.ticketInvalid);
          await linkIdentity(
            tx as Database,
            user.id,
            provider,
            { sub: ticket.subject, email: ticket.email },
            actor,
          );
          return {
            code: await issueTicket(
              tx as Database,
              { kind: 'sign-in', userId: user.id },
              SIGN_IN_CODE_MINUTES,
            ),
          };
        });
      } catch (failure) {
        if (failure instanceof FlowError) throw AppError.conflict(oidcMessages.alreadyLinkedProvider);
        throw failure;
      }
    },

    async identities(user: AuthUser): Promise<LinkedIdentities> {
      const [account] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      const rows = await db
        .select()
        .from(userIdentities)
        .where(eq(userIdentities.userId, user.id))
        .orderBy(asc(userIdentities.createdAt));
      return {
        hasPassword: Boolean(account?.passwordHash),
        identities: rows.map((row) => ({
          id: row.id,
          provider: row.provider,
          providerLabel: labelOf(row.provider),
          email: row.email,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** Removes a link, unless it is the account's last way in (no password, no other link): 409. */
    async unlink(user: AuthUser, identityId: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        // The user's row locked: two unlinks at once cannot both see the other link still there.
        const [account] = await tx
          .select({ passwordHash: users.passwordHash })
          .from(users)
          .where(eq(users.id, user.id))
          .for('update');
        const links = await tx.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
        const identity = links.find((link) => link.id === identityId);
        if (!identity) throw AppError.notFound();
        if (!account?.passwordHash && links.length <= 1) throw AppError.conflict(oidcMessages.lastWayIn);
        await tx.delete(userIdentities).where(eq(userIdentities.id, identity.id));
        await audit.record(tx as Database, actor, {
          action: 'identity.unlink',
          entity: 'identity',
          key: identity.id,
          before: { userId: user.id, provider: identity.provider, email: identity.email },
        });
      });
    },

    /** Whether `id` is a configured provider (the profile's link button). */
    assertProvider(id: string): void {
      if (!providers.has(id)) throw AppError.notFound(oidcMessages.providerUnknown);
    },

    isFlowError: (error: unknown): error is FlowError => error instanceof FlowError,
  };
}
export type OidcService = ReturnType<typeof createOidcService>;
