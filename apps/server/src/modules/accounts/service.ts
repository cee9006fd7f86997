import {
  accountMessages,
  type ForgotPasswordRequest,
  type OwnSession,
  type PasswordChange,
  type Preferences,
  type ProfileUpdate,
  parsePreferences,
  type ResetPasswordRequest,
  type SignupRequest,
} from '@ledgerdesk/contracts';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { passwordResetTokens, sessions, userPreferences, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { createThrottle, type ThrottleRule } from '../../lib/throttle';
import { hashToken, newToken } from '../../lib/tokens';
import type { Actor, AuditService } from '../audit/service';
import type { AuthService, AuthUser } from '../auth/service';
import { passwordProblem } from './password-policy';

export const RESET_TOKEN_MINUTES = 60;
/** Set-password links for accounts an administrator made live longer: the person may be away. */
export const WELCOME_TOKEN_MINUTES = 7 * 24 * 60;
export const RESET_LIMITS = {
  perEmail: { limit: 3, windowMinutes: 15, lockMinutes: 15 },
  perAddress: { limit: 10, windowMinutes: 15, lockMinutes: 15 },
} satisfies Record<string, ThrottleRule>;

type PasswordMailKind = 'reset' | 'welcome';

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
  audit: AuditService;
  auth: AuthService;
  mailer: Mailer;
}) {
  const { db, config, audit, auth, mailer } = deps;
  const throttle = createThrottle(db);

  /** Whether another account has this username, in any case; pass the transaction when in one. */
  async function usernameTaken(
    username: string,
    exceptUserId?: string,
    executor: Database = db,
  ): Promise<boolean> {
    const [row] = await executor
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          sql`lower(${users.username}) = lower(${username})`,
          exceptUserId ? ne(users.id, exceptUserId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  }

  /** Makes a single-use token for the user and mails its link. */
  async function sendPasswordMail(
    user: { id: string; email: string; firstName: string },
    kind: PasswordMailKind,
    actor: Actor,
  ) {
    const token = newToken();
    const minutes = kind === 'reset' ? RESET_TOKEN_MINUTES : WELCOME_TOKEN_MINUTES;
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + minutes * 60_000),
        createdBy: actor.id,
        updatedBy: actor.id,
      });
      await audit.record(tx as Database, actor, {
        action: `password.${kind}-mail`,
        entity: 'user',
        key: user.id,
      });
    });
    const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    const greeting = `Hello ${user.firstName || user.email},`;
    await mailer.send(
      kind === 'reset'
        ? {
            to: user.email,
            subject: 'Reset your Ledgerdesk password',
            paragraphs: [
              greeting,
              `Someone asked to reset the password of your Ledgerdesk account. The link below works once, for ${RESET_TOKEN_MINUTES} minutes.`,
              'If it was not you, ignore this mail: your password stays as it is.',
            ],
            action: { label: 'Reset your password', url },
          }
        : {
            to: user.email,
            subject: 'Your Ledgerdesk account is ready',
            paragraphs: [
              greeting,
              `An administrator made a Ledgerdesk account for you. Choose your password with the link below; it works once, for ${WELCOME_TOKEN_MINUTES / 1440} days.`,
            ],
            action: { label: 'Set your password', url },
          },
    );
  }

  return {
    sendPasswordMail,
    usernameTaken,

    async signup(input: SignupRequest, actor: Omit<Actor, 'id' | 'label'>) {
      assertAcceptablePassword(input.password, { email: input.email, username: input.username });
      if (await usernameTaken(input.username)) throw usernameConflict();
      const passwordHash = await hashPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              email: input.email,
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              passwordHash,
            })
            .returning();
          if (!user) throw new Error('user insert returned nothing');
          await tx.update(users).set({ createdBy: user.id, updatedBy: user.id }).where(eq(users.id, user.id));
          await audit.record(
            tx as Database,
            { ...actor, id: user.id, label: user.email },
            {
              action: 'signup',
              entity: 'user',
              key: user.id,
              after: {
                email: user.email,
                username: user.username,
                firstName: user.firstName,
                lastName: user.lastName,
              },
            },
          );
          return user;
        });
      } catch (error) {
        conflictOfUser(error);
      }
    },

    /**
     * Mails a reset link to an existing active account. The caller answers the same whatever
     * happens here, so that the answer does not tell whether the email has an account.
     */
    async forgotPassword(input: ForgotPasswordRequest, actor: Omit<Actor, 'id' | 'label'>): Promise<void> {
      const addressKey = `reset-ip:${actor.ip}`;
      if (await throttle.lockedUntil([addressKey])) {
        throw AppError.tooManyRequests(
          accountMessages.tooManyResetRequests,
          RESET_LIMITS.perAddress.lockMinutes * 60,
        );
      }
      await throttle.hit(addressKey, RESET_LIMITS.perAddress);
      const emailKey = `reset-email:${input.email}`;
      // Past its own limit an email gets no more mail, but the same answer as everyone else.
      if (await throttle.lockedUntil([emailKey])) return;
      await throttle.hit(emailKey, RESET_LIMITS.perEmail);
      const [user] = await db.select().from(users).where(eq(users.email, input.email)).limit(1);
      if (!user?.isActive) return;
      await sendPasswordMail(user, 'reset', { ...actor, id: null, label: input.email });
    },

    async resetPassword(input: ResetPasswordRequest, actor: Omit<Actor, 'id' | 'label'>): Promise<void> {
      const [row] = await db
        .select({ token: passwordResetTokens, user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, hashToken(input.token)))
        .limit(1);
      if (!row?.user.isActive)
        throw AppError.badRequest(accountMessages.resetTokenInvalid, {
          token: accountMessages.resetTokenInvalid,
        });
      if (row.token.usedAt)
        throw AppError.badRequest(accountMessages.resetTokenUsed, { token: accountMessages.resetTokenUsed });
      if (row.token.expiresAt.getTime() <= Date.now()) {
        throw AppError.badRequest(accountMessages.resetTokenExpired, {
          token: accountMessages.resetTokenExpired,
        });
      }
      assertAcceptablePassword(input.password, { email: row.user.email, username: row.user.username });
      const who: Actor = { ...actor, id: row.user.id, label: row.user.email };
      await db.transaction(async (tx) => {
        // Marking the token used only if it still is unused makes a double submit fail cleanly.
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()`, updatedBy: row.user.id })
          .where(and(eq(passwordResetTokens.id, row.token.id), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (claimed.length === 0)
          throw AppError.badRequest(accountMessages.resetTokenUsed, {
            token: accountMessages.resetTokenUsed,
          });
        await auth.setPassword(row.user.id, input.password, who, {
          action: 'password.reset',
          executor: tx as Database,
        });
      });
      await throttle.clear(`email:${row.user.email}`);
    },

    async updateProfile(user: AuthUser, input: ProfileUpdate, actor: Actor) {
      if (await usernameTaken(input.username, user.id)) throw usernameConflict();
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({
              username: input.username,
              firstName: input.firstName,
              lastName: input.lastName,
              updatedBy: user.id,
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

    async savePreferences(user: AuthUser, input: Preferences, actor: Actor): Promise<Preferences> {
      const preferences = parsePreferences(input);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(userPreferences).where(eq(userPreferences.userId, user.id));
        await tx
          .insert(userPreferences)
          .values({ userId: user.id, preferences, createdBy: user.id, updatedBy: user.id })
          .onConflictDoUpdate({
            target: userPreferences.userId,
            set: { preferences, updatedBy: user.id, updatedAt: sql`now()` },
          });
        const old = parsePreferences(before?.preferences);
        await audit.record(tx as Database, actor, {
          action: 'preferences.update',
          entity: 'user',
          key: user.id,
          before: { ...old.layout, language: old.language },
          after: { ...preferences.layout, language: preferences.language },
        });
      });
      return preferences;
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
