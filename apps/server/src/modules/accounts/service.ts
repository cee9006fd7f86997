import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  type ForgotPasswordRequest,
  type OwnSession,
  type PasswordChange,
  type Preferences,
  type PreferencesChange,
  type ProfileUpdate,
  parsePreferences,
  type ResendVerificationRequest,
  type ResetPasswordRequest,
  type SignupRequest,
  type VerifyEmailRequest,
} from '@ledgerdesk/contracts';
import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { passwordResetTokens, sessions, usernameHolds, userPreferences, users } from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import type { Mail, Mailer } from '../../lib/mailer';
import { mergeOnto } from '../../lib/merge';
import type { Outbox } from '../../lib/outbox';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { hashToken, newToken } from '../../lib/tokens';
import { nextVersion } from '../../lib/versions';
import type { AuthUser } from '../../plugins/auth';
import type { AuthService } from '../auth/service';
import { passwordProblem } from './password-policy';

export const RESET_TOKEN_MINUTES = 60;
/** Set-password links for accounts an administrator made live longer: the person may be away. */
export const WELCOME_TOKEN_MINUTES = 7 * 24 * 60;
/** Confirmation links of new accounts. */
export const VERIFY_TOKEN_MINUTES = 48 * 60;
export const RESET_LIMITS = {
  perEmail: { limit: 3, windowMinutes: 15, lockMinutes: 15 },
  perAddress: { limit: 10, windowMinutes: 15, lockMinutes: 15 },
} satisfies Record<string, ThrottleRule>;
/** Sign-up mails whoever owns the address: the same cap per email keeps that from being a mail bomb. */
export const SIGNUP_LIMITS = {
  perEmail: RESET_LIMITS.perEmail,
  perAddress: { limit: 20, windowMinutes: 60, lockMinutes: 60 },
} satisfies Record<string, ThrottleRule>;

type PasswordMailKind = 'reset' | 'welcome';

/** The first key of the usernames' advisory locks (the two-key space, apart from other locks). */
const USERNAME_LOCK_SPACE = 1_684_366_701;
/** Who deletes the sign-ups whose confirmation window has passed, in the audit log. */
const CLEAN_UP_ACTOR: Actor = { id: null, label: 'clean-up', ip: '', requestId: '' };

/** The outbox kind of every mail to an account's owner; `template` says which mail. */
export const ACCOUNT_MAIL = 'account-mail';
type AccountMailTemplate = PasswordMailKind | 'verify' | 'signup-attempt';
type AccountMail = { template: AccountMailTemplate; email: string; requestedBy: Actor };
const mailAuditAction: Record<AccountMailTemplate, string> = {
  reset: 'password.reset-mail',
  welcome: 'password.welcome-mail',
  verify: 'email.verify-mail',
  'signup-attempt': 'signup.attempt-mail',
};

const tokenMessages = {
  password: {
    invalid: accountMessages.resetTokenInvalid,
    expired: accountMessages.resetTokenExpired,
    used: accountMessages.resetTokenUsed,
  },
  'verify-email': {
    invalid: accountMessages.verifyTokenInvalid,
    expired: accountMessages.verifyTokenExpired,
    used: accountMessages.verifyTokenUsed,
  },
} as const;
type TokenPurpose = keyof typeof tokenMessages;
const tokenRefused = (purpose: TokenPurpose, problem: keyof (typeof tokenMessages)[TokenPurpose]) =>
  AppError.badRequest(tokenMessages[purpose][problem], { token: tokenMessages[purpose][problem] });

export const usernameConflict = () =>
  AppError.conflict(accountMessages.usernameTaken, { username: accountMessages.usernameTaken });

/** Turns a unique violation on users' email or username into the 409 that names the field. */
export function conflictOfUser(error: unknown): never {
  const index = uniqueViolation(error);
  if (index?.includes('email'))
    throw AppError.conflict(accountMessages.emailTaken, { email: accountMessages.emailTaken });
  if (index?.includes('username')) throw usernameConflict();
  throw error;
}

export function assertAcceptablePassword(
  password: string,
  attributes: { email?: string; username?: string },
  field = 'password',
) {
  const problem = passwordProblem(password, attributes);
  if (problem) throw AppError.badRequest(problem, { [field]: problem });
}

export function createAccountsService(deps: {
  db: Database;
  config: Config;
  audit: AuditLog;
  auth: AuthService;
  mailer: Mailer;
  outbox: Outbox;
}) {
  const { db, config, audit, auth, mailer, outbox } = deps;
  const throttle = createThrottle(db);

  /**
   * Deletes what a sign-up left that was never confirmed within VERIFY_TOKEN_MINUTES: unconfirmed
   * accounts that never signed in, and expired username holds. Both expire at the same moment (a
   * hold's expiry is its sign-up's time plus that window), so a username comes free the same way
   * whether its sign-up made an account or not. `only` limits it to one sign-up's username (and
   * email), which assertUsernameFree and signup clear before they look.
   */
  async function removeExpiredSignups(executor: Database, only?: { username: string; email?: string }) {
    const window = sql.raw(`interval '${VERIFY_TOKEN_MINUTES} minutes'`);
    const removed = await executor
      .delete(users)
      .where(
        and(
          isNull(users.emailVerifiedAt),
          isNull(users.lastLoginAt),
          sql`${users.createdAt} <= now() - ${window}`,
          only
            ? or(
                sql`lower(${users.username}) = lower(${only.username})`,
                only.email === undefined ? undefined : eq(users.email, only.email),
              )
            : undefined,
        ),
      )
      .returning({ id: users.id, email: users.email, username: users.username });
    for (const user of removed) {
      await audit.record(executor, CLEAN_UP_ACTOR, {
        action: 'signup.expire',
        entity: 'user',
        key: user.id,
        before: { email: user.email, username: user.username },
      });
    }
    await executor
      .delete(usernameHolds)
      .where(
        and(
          sql`${usernameHolds.expiresAt} <= now()`,
          only ? sql`lower(${usernameHolds.username}) = lower(${only.username})` : undefined,
        ),
      );
  }
  outbox.onCleanUp(() => db.transaction((tx) => removeExpiredSignups(tx as Database)));

  /**
   * Refuses (409) a username another account has or a sign-up holds, in any case. Call it in the
   * transaction that then writes the username: it locks the username until that transaction ends,
   * so that two writers (sign-up, its hold, an administrator, a profile change) cannot both pass.
   */
  async function assertUsernameFree(executor: Database, username: string, exceptUserId?: string) {
    await executor.execute(
      sql`select pg_advisory_xact_lock(${USERNAME_LOCK_SPACE}, hashtext(lower(${username})))`,
    );
    await removeExpiredSignups(executor, { username });
    const [account] = await executor
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = lower(${username})`,
          exceptUserId ? ne(users.id, exceptUserId) : undefined,
        ),
      )
      .limit(1);
    const [hold] = await executor
      .select({ id: usernameHolds.id })
      .from(usernameHolds)
      .where(sql`lower(${usernameHolds.username}) = lower(${username})`)
      .limit(1);
    if (account || hold) throw usernameConflict();
  }

  /**
   * Queues a mail to the owner of `email`. Who gets what is decided when it is sent (see
   * sendAccountMail), so a request does the same work whether or not the address has an account.
   */
  function queueAccountMail(
    template: AccountMailTemplate,
    email: string,
    requestedBy: Actor,
    executor: Database = db,
  ) {
    const payload: AccountMail = { template, email, requestedBy };
    return outbox.enqueue(ACCOUNT_MAIL, payload, executor);
  }

  /** Queues a password link (reset, or welcome for an account an administrator made). */
  function sendPasswordMail(user: { email: string }, kind: PasswordMailKind, actor: Actor) {
    return queueAccountMail(kind, user.email, actor);
  }

  /** Makes a single-use link of the purpose for the user; its token is only in the mail. */
  async function newLink(
    user: { id: string },
    purpose: TokenPurpose,
    minutes: number,
    path: string,
    requestedBy: Actor,
  ): Promise<string> {
    const token = newToken();
    await db.insert(passwordResetTokens).values({
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + minutes * 60_000),
      createdBy: requestedBy.id,
      updatedBy: requestedBy.id,
    });
    return `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`;
  }

  /**
   * The outbox handler of ACCOUNT_MAIL: finds the account, makes the link the mail needs and sends
   * it. An address without a (fitting) account gets nothing; that is decided here, off the request.
   */
  async function sendAccountMail({ template: asked, email, requestedBy }: AccountMail): Promise<void> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user?.isActive) return;
    // Signing up again with an address still waiting for confirmation: a new link serves its owner.
    const template = asked === 'signup-attempt' && !user.emailVerifiedAt ? 'verify' : asked;
    const greeting = `Hello ${user.firstName || user.email},`;
    let mail: Mail;
    switch (template) {
      case 'reset':
        mail = {
          to: user.email,
          subject: 'Reset your Ledgerdesk password',
          paragraphs: [
            greeting,
            `Someone asked to reset the password of your Ledgerdesk account. The link below works once, for ${RESET_TOKEN_MINUTES} minutes.`,
            'If it was not you, ignore this mail: your password stays as it is.',
          ],
          action: {
            label: 'Reset your password',
            url: await newLink(user, 'password', RESET_TOKEN_MINUTES, '/reset-password', requestedBy),
          },
        };
        break;
      case 'welcome':
        mail = {
          to: user.email,
          subject: 'Your Ledgerdesk account is ready',
          paragraphs: [
            greeting,
            `An administrator made a Ledgerdesk account for you. Choose your password with the link below; it works once, for ${WELCOME_TOKEN_MINUTES / 1440} days.`,
          ],
          action: {
            label: 'Set your password',
            url: await newLink(user, 'password', WELCOME_TOKEN_MINUTES, '/reset-password', requestedBy),
          },
        };
        break;
      case 'verify':
        if (user.emailVerifiedAt) return;
        mail = {
          to: user.email,
          subject: 'Confirm your Ledgerdesk email address',
          paragraphs: [
            greeting,
            `Confirm the address of your new Ledgerdesk account with the link below, then sign in. The link works once, for ${VERIFY_TOKEN_MINUTES / 60} hours.`,
            'If you did not sign up, ignore this mail: without confirmation the account cannot be used.',
          ],
          action: {
            label: 'Confirm your address',
            url: await newLink(user, 'verify-email', VERIFY_TOKEN_MINUTES, '/verify-email', requestedBy),
          },
        };
        break;
      case 'signup-attempt':
        mail = {
          to: user.email,
          subject: 'Someone tried to create a Ledgerdesk account with your address',
          paragraphs: [
            greeting,
            'Someone tried to create a new Ledgerdesk account with this email address, which already has an account.',
            'If it was you, sign in with the link below, or reset your password from the sign-in page if you have forgotten it. If it was not you, ignore this mail: nothing has changed.',
          ],
          action: { label: 'Sign in', url: `${config.publicUrl}/login` },
        };
        break;
    }
    await mailer.send(mail);
    // Written once the mail is out: a failed attempt leaves an unused link (it expires) and no entry.
    await audit.record(db, requestedBy, { action: mailAuditAction[template], entity: 'user', key: user.id });
  }
  outbox.handle(ACCOUNT_MAIL, (payload) => sendAccountMail(payload as AccountMail));

  /**
   * Throttles a public "mail me a link" request: past the limit, an address gets 429 and an email
   * gets no more mail (false) but the same answer as everyone else.
   */
  async function mailRequestAllowed(
    purpose: 'reset' | 'verify' | 'signup',
    email: string,
    ip: string,
    tooMany: string,
    limits: typeof RESET_LIMITS = RESET_LIMITS,
  ): Promise<boolean> {
    const addressKey = `${purpose}-ip:${ip}`;
    if (await throttle.lockedUntil([addressKey])) {
      throw AppError.tooManyRequests(tooMany, limits.perAddress.lockMinutes * 60);
    }
    await throttle.hit(addressKey, limits.perAddress);
    const emailKey = `${purpose}-email:${email}`;
    if (await throttle.lockedUntil([emailKey])) return false;
    await throttle.hit(emailKey, limits.perEmail);
    return true;
  }

  /**
   * The link's token row if it can still be used, else the 400 that says why. Claiming it (see
   * claimLink) happens in the caller's transaction.
   */
  async function usableLink(purpose: TokenPurpose, token: string) {
    const [row] = await db
      .select({ token: passwordResetTokens, user: users })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(eq(passwordResetTokens.tokenHash, hashToken(token)), eq(passwordResetTokens.purpose, purpose)),
      )
      .limit(1);
    if (!row?.user.isActive) throw tokenRefused(purpose, 'invalid');
    if (row.token.usedAt) throw tokenRefused(purpose, 'used');
    if (row.token.expiresAt.getTime() <= Date.now()) throw tokenRefused(purpose, 'expired');
    return row;
  }

  /**
   * Marks the link used, only if it still is unused, so that a double submit fails cleanly. Any
   * mailed link that works proves the owner reads the address: it confirms it too.
   */
  async function claimLink(
    tx: Database,
    purpose: TokenPurpose,
    row: Awaited<ReturnType<typeof usableLink>>,
  ): Promise<void> {
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()`, updatedBy: row.user.id })
      .where(and(eq(passwordResetTokens.id, row.token.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (claimed.length === 0) throw tokenRefused(purpose, 'used');
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, version: nextVersion(users.version) })
      .where(and(eq(users.id, row.user.id), isNull(users.emailVerifiedAt)));
  }

  return {
    sendPasswordMail,
    assertUsernameFree,

    /**
     * Creates an unconfirmed account and queues its confirmation link. A taken email answers the
     * same and its owner gets a notice instead, so that sign-up does not tell who has an account:
     * the account is left as it is, and the username is held (username_holds) for as long as a new
     * unconfirmed account would keep it, so that signing up with it again gets the same 409 either
     * way. A taken username is still a 409: it is checked first, whatever the email. Past
     * SIGNUP_LIMITS an address gets 429 and an email no more mail (a new account then asks for its
     * link again from the sign-in page).
     */
    async signup(input: SignupRequest, actor: Omit<Actor, 'id' | 'label'>) {
      assertAcceptablePassword(input.password, { email: input.email, username: input.username });
      const mailAllowed = await mailRequestAllowed(
        'signup',
        input.email,
        actor.ip,
        accountMessages.tooManySignups,
        SIGNUP_LIMITS,
      );
      const passwordHash = await hashPassword(input.password);
      const id = randomUUID();
      const who: Actor = { ...actor, id, label: input.email };
      try {
        await db.transaction(async (tx) => {
          await assertUsernameFree(tx as Database, input.username);
          // An account of this address left unconfirmed past its window goes now: a new one is made.
          await removeExpiredSignups(tx as Database, { username: input.username, email: input.email });
          const [user] = await tx
            .insert(users)
            .values({
              id,
              email: input.email,
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              passwordHash,
              emailVerifiedAt: null,
              createdBy: id,
              updatedBy: id,
            })
            .onConflictDoNothing({ target: users.email })
            .returning();
          // assertUsernameFree removed any expired hold of the username: none is in the way.
          if (!user)
            await tx.insert(usernameHolds).values({
              username: input.username,
              expiresAt: sql`now() + ${sql.raw(`interval '${VERIFY_TOKEN_MINUTES} minutes'`)}`,
            });
          const requester: Actor = user ? who : { ...who, id: null };
          await audit.record(
            tx as Database,
            requester,
            user
              ? {
                  action: 'signup',
                  entity: 'user',
                  key: user.id,
                  after: {
                    email: user.email,
                    username: user.username,
                    firstName: user.firstName,
                    lastName: user.lastName,
                  },
                }
              : { action: 'signup.email-taken', entity: 'user', key: '', after: { email: input.email } },
          );
          if (mailAllowed)
            await queueAccountMail(
              user ? 'verify' : 'signup-attempt',
              input.email,
              requester,
              tx as Database,
            );
        });
      } catch (error) {
        conflictOfUser(error);
      }
      return { email: input.email, username: input.username };
    },

    /**
     * An account for someone a sign-in provider vouches for (modules/oidc): a regular user with no
     * group and no password, its address confirmed only when the provider says it verified it, and
     * a free username made from `usernameHint` (the provider's, or the address's local part). In the
     * caller's transaction; audited as 'account.create-by-provider'.
     */
    async createFromProvider(
      executor: Database,
      input: {
        email: string;
        firstName: string;
        lastName: string;
        usernameHint: string;
        emailVerified: boolean;
      },
      actor: Omit<Actor, 'id' | 'label'> & { provider: string },
    ): Promise<typeof users.$inferSelect> {
      const id = randomUUID();
      const base = input.usernameHint
        .replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 24)
        .padEnd(3, '0');
      let username = base;
      for (let tries = 0; ; tries += 1) {
        try {
          await assertUsernameFree(executor, username);
          break;
        } catch (error) {
          if (!(error instanceof AppError) || error.statusCode !== 409 || tries >= 20) throw error;
          username = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
        }
      }
      const [user] = await executor
        .insert(users)
        .values({
          id,
          email: input.email,
          username,
          firstName: input.firstName.slice(0, 100),
          lastName: input.lastName.slice(0, 100),
          passwordHash: null,
          emailVerifiedAt: input.emailVerified ? sql`now()` : null,
          createdBy: id,
          updatedBy: id,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await audit.record(
        executor,
        { ...actor, id, label: input.email },
        {
          action: 'account.create-by-provider',
          entity: 'user',
          key: id,
          after: {
            email: user.email,
            username,
            provider: actor.provider,
            emailVerified: input.emailVerified,
          },
        },
      );
      return user;
    },

    /**
     * Queues a reset link for the address. Whether it has an account is decided by the outbox
     * worker, so known and unknown addresses take the same path here and get the same answer.
     */
    async forgotPassword(input: ForgotPasswordRequest, actor: Omit<Actor, 'id' | 'label'>): Promise<void> {
      if (!(await mailRequestAllowed('reset', input.email, actor.ip, accountMessages.tooManyResetRequests)))
        return;
      await queueAccountMail('reset', input.email, { ...actor, id: null, label: input.email });
    },

    /** Queues a new confirmation link; as forgotPassword, the same work whatever the address. */
    async resendVerification(
      input: ResendVerificationRequest,
      actor: Omit<Actor, 'id' | 'label'>,
    ): Promise<void> {
      if (!(await mailRequestAllowed('verify', input.email, actor.ip, accountMessages.tooManyVerifyRequests)))
        return;
      await queueAccountMail('verify', input.email, { ...actor, id: null, label: input.email });
    },

    /** Confirms a new account's address with the mailed link; it can sign in from then on. */
    async verifyEmail(input: VerifyEmailRequest, actor: Omit<Actor, 'id' | 'label'>): Promise<void> {
      const row = await usableLink('verify-email', input.token);
      await db.transaction(async (tx) => {
        await claimLink(tx as Database, 'verify-email', row);
        await audit.record(
          tx as Database,
          { ...actor, id: row.user.id, label: row.user.email },
          { action: 'email.verify', entity: 'user', key: row.user.id },
        );
      });
    },

    async resetPassword(input: ResetPasswordRequest, actor: Omit<Actor, 'id' | 'label'>): Promise<void> {
      const row = await usableLink('password', input.token);
      assertAcceptablePassword(input.password, { email: row.user.email, username: row.user.username });
      const who: Actor = { ...actor, id: row.user.id, label: row.user.email };
      await db.transaction(async (tx) => {
        await claimLink(tx as Database, 'password', row);
        await auth.setPassword(row.user.id, input.password, who, {
          action: 'password.reset',
          executor: tx as Database,
        });
      });
      await auth.forgetFailedSignIns(row.user.email);
    },

    async updateProfile(user: AuthUser, change: ProfileUpdate, actor: Actor) {
      const [stored] = await db
        .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, user.id));
      if (!stored) throw AppError.notFound();
      const input = mergeOnto(stored, change);
      try {
        await db.transaction(async (tx) => {
          if (input.username !== stored.username)
            await assertUsernameFree(tx as Database, input.username, user.id);
          await tx
            .update(users)
            .set({
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              updatedBy: user.id,
              version: nextVersion(users.version),
            })
            .where(eq(users.id, user.id));
          await audit.record(tx as Database, actor, {
            action: 'update',
            entity: 'user',
            key: user.id,
            before: { username: user.username, firstName: user.firstName, lastName: user.lastName },
            after: { username: input.username, firstName: input.firstName, lastName: input.lastName },
          });
        });
      } catch (error) {
        conflictOfUser(error);
      }
    },

    async changePassword(user: AuthUser, input: PasswordChange, actor: Actor): Promise<void> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, user.id));
      if (!(await verifyPassword(row?.passwordHash, input.currentPassword))) {
        throw AppError.badRequest(accountMessages.currentPasswordWrong, {
          currentPassword: accountMessages.currentPasswordWrong,
        });
      }
      assertAcceptablePassword(
        input.newPassword,
        { email: user.email, username: user.username },
        'newPassword',
      );
      await auth.setPassword(user.id, input.newPassword, actor, {
        action: 'password.change',
        keepSessionId: user.sessionId,
      });
    },

    async preferences(user: AuthUser): Promise<Preferences> {
      const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, user.id));
      return parsePreferences(row?.preferences);
    },

    async savePreferences(user: AuthUser, change: PreferencesChange, actor: Actor): Promise<Preferences> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(userPreferences).where(eq(userPreferences.userId, user.id));
        const old = parsePreferences(before?.preferences);
        const preferences = parsePreferences({
          layout: mergeOnto(old.layout, change.layout ?? {}),
          language: change.language ?? old.language,
          density: change.density ?? old.density,
          weekStart: change.weekStart ?? old.weekStart,
        });
        await tx
          .insert(userPreferences)
          .values({ userId: user.id, preferences, createdBy: user.id, updatedBy: user.id })
          .onConflictDoUpdate({
            target: userPreferences.userId,
            set: { preferences, updatedBy: user.id, updatedAt: sql`now()` },
          });
        await audit.record(tx as Database, actor, {
          action: 'preferences.update',
          entity: 'user',
          key: user.id,
          before: { ...old.layout, language: old.language, density: old.density, weekStart: old.weekStart },
          after: {
            ...preferences.layout,
            language: preferences.language,
            density: preferences.density,
            weekStart: preferences.weekStart,
          },
        });
        return preferences;
      });
    },

    async listOwnSessions(user: AuthUser): Promise<OwnSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
        )
        .orderBy(desc(sessions.lastSeenAt))
        .limit(100);
      return rows.map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === user.sessionId,
      }));
    },

    async revokeOwnSession(user: AuthUser, sessionId: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: sql`now()`, updatedBy: user.id })
          .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        if (ended.length === 0) throw AppError.notFound();
        await audit.record(tx as Database, actor, {
          action: 'session.revoke',
          entity: 'session',
          key: sessionId,
        });
      });
    },

    async revokeOtherSessions(user: AuthUser, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const count = await auth.revokeSessions(tx as Database, user.id, actor, user.sessionId);
        await audit.record(tx as Database, actor, {
          action: 'session.revoke-others',
          entity: 'user',
          key: user.id,
          after: { revoked: count },
        });
        return count;
      });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
