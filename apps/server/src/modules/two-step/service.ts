import { randomInt } from 'node:crypto';
import {
  errorCodes,
  RECOVERY_CODE_COUNT,
  REMEMBER_BROWSER_DAYS,
  type RememberedBrowser,
  TWO_STEP_ENROL_TICKET_MINUTES,
  TWO_STEP_MAX_ATTEMPTS,
  TWO_STEP_TICKET_MINUTES,
  type TwoStepEnrolment,
  type TwoStepStatus,
  twoStepMessages,
} from '@ledgerdesk/contracts';
import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  groups,
  rememberedBrowsers,
  twoStepChallenges,
  twoStepRecoveryCodes,
  twoStepSecrets,
  userGroups,
  users,
} from '../../db/schema';
import type { Actor, AuditLog } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Ledgerdesk';
/**
 * A code of the step before or after the current one is still taken (a phone's clock a little off,
 * a code typed as it changed), as RFC 6238 §5.2 advises: one step each way.
 */
const TOLERANCE_SECONDS = 30;

// Recovery codes: ten characters of an alphabet without look-alikes (no 0/o, 1/l/i), about 50
// bits, shown as two groups of five. Case and the dash do not matter when typed.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** What the client of a sign-in is: where the remembered browser's row says it was made. */
export type BrowserClient = { ip: string; userAgent: string };

/** What a code proved: a code of the authenticator, or a recovery code (spent now). */
export type CodeKind = 'totp' | 'recovery';

/** A sign-in waiting for its second step, as the auth service reads it. */
export type Challenge = typeof twoStepChallenges.$inferSelect;

const TOTP_SHAPE = /^\d{6}$/;
const digitsOf = (code: string) => code.replace(/\s+/g, '');

/**
 * Two-step verification's state: the TOTP secret, recovery codes, sign-in challenges and remembered
 * browsers. The auth service drives sign-in with it; the profile routes manage it. `now` is the
 * clock of the codes (tests move it to make the codes of later time steps).
 */
export function createTwoStepService(deps: { db: Database; audit: AuditLog; now?: () => Date }) {
  const { db, audit } = deps;
  const epochNow = () => Math.floor((deps.now?.() ?? new Date()).getTime() / 1000);

  async function secretOf(executor: Database, userId: string) {
    const [row] = await executor.select().from(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
    return row ?? null;
  }

  /**
   * Whether `code` is the secret's code now (a step each way), and of a step later than the last one
   * accepted; that step is then the last one accepted, atomically, so two requests racing with the
   * same code cannot both pass.
   */
  async function acceptTotp(executor: Database, userId: string, secret: string, code: string) {
    const digits = digitsOf(code);
    if (!TOTP_SHAPE.test(digits)) return false;
    const stored = await secretOf(executor, userId);
    const { verify } = await import('otplib');
    const result = await verify({
      secret,
      token: digits,
      epoch: epochNow(),
      epochTolerance: TOLERANCE_SECONDS,
      ...(stored?.lastTimeStep != null ? { afterTimeStep: stored.lastTimeStep } : {}),
    }).catch(() => null);
    if (!result?.valid || !('timeStep' in result)) return false;
    const step = result.timeStep;
    const claimed = await executor
      .update(twoStepSecrets)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(twoStepSecrets.userId, userId),
          or(isNull(twoStepSecrets.lastTimeStep), lt(twoStepSecrets.lastTimeStep, step)),
        ),
      )
      .returning({ userId: twoStepSecrets.userId });
    return claimed.length === 1;
  }

  /** Spends a recovery code: true once, false for an unknown or spent one. */
  async function spendRecoveryCode(executor: Database, userId: string, code: string, actor: Actor) {
    const normalized = normalizeRecoveryCode(code);
    if (normalized.length !== 10) return false;
    const spent = await executor
      .update(twoStepRecoveryCodes)
      .set({ usedAt: sql`now()`, updatedBy: userId })
      .where(
        and(
          eq(twoStepRecoveryCodes.userId, userId),
          eq(twoStepRecoveryCodes.codeHash, hashToken(normalized)),
          isNull(twoStepRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoStepRecoveryCodes.id });
    if (spent.length === 0) return false;
    const [left] = await executor
      .select({ n: count() })
      .from(twoStepRecoveryCodes)
      .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
    await audit.record(executor, actor, {
      action: 'two-step.recovery-code',
      entity: 'user',
      key: userId,
      after: { recoveryCodesLeft: left?.n ?? 0 },
    });
    return true;
  }

  /** Replaces the user's recovery codes by ten new ones: answers them (the only time they are seen). */
  async function newRecoveryCodes(executor: Database, userId: string, actorId: string | null) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await executor.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await executor.insert(twoStepRecoveryCodes).values(
      codes.map((code) => ({
        userId,
        codeHash: hashToken(normalizeRecoveryCode(code)),
        createdBy: actorId,
        updatedBy: actorId,
      })),
    );
    return codes;
  }

  /** The confirmed secret, or 409 when two-step verification is not on. */
  async function enabledSecret(executor: Database, userId: string) {
    const row = await secretOf(executor, userId);
    if (!row?.confirmedAt) throw AppError.conflict(twoStepMessages.notEnabled);
    return row.secret;
  }

  /** Forgets the user's whole two-step state (secret, codes, browsers, waiting sign-ins). */
  async function forgetAll(executor: Database, userId: string) {
    await executor.delete(twoStepSecrets).where(eq(twoStepSecrets.userId, userId));
    await executor.delete(twoStepRecoveryCodes).where(eq(twoStepRecoveryCodes.userId, userId));
    await executor.delete(rememberedBrowsers).where(eq(rememberedBrowsers.userId, userId));
    await executor.delete(twoStepChallenges).where(eq(twoStepChallenges.userId, userId));
  }

  const badCode = () =>
    AppError.badRequest(twoStepMessages.codeInvalid, { code: twoStepMessages.codeInvalid });

  return {
    async isEnabled(userId: string): Promise<boolean> {
      return Boolean((await secretOf(db, userId))?.confirmedAt);
    },

    /** Whether a group of the user requires two-step verification. */
    async isRequired(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql`1` })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(and(eq(userGroups.userId, userId), eq(groups.requireTwoStep, true)))
        .limit(1);
      return Boolean(row);
    },

    async status(userId: string): Promise<TwoStepStatus> {
      const row = await secretOf(db, userId);
      const [left] = await db
        .select({ n: count() })
        .from(twoStepRecoveryCodes)
        .where(and(eq(twoStepRecoveryCodes.userId, userId), isNull(twoStepRecoveryCodes.usedAt)));
      return {
        enabled: Boolean(row?.confirmedAt),
        enabledAt: row?.confirmedAt?.toISOString() ?? null,
        required: await this.isRequired(userId),
        recoveryCodesLeft: row?.confirmedAt ? (left?.n ?? 0) : 0,
      };
    },

    /**
     * A new secret waiting for its first code (a set-up begun before and not finished is replaced).
     * 409 when two-step verification is already on.
     */
    async startEnrolment(user: { id: string; email: string }): Promise<TwoStepEnrolment> {
      const before = await secretOf(db, user.id);
      if (before?.confirmedAt) throw AppError.conflict(twoStepMessages.alreadyEnabled);
      const [{ generateSecret, generateURI }, { default: QRCode }] = await Promise.all([
        import('otplib'),
        import('qrcode'),
      ]);
      const secret = generateSecret();
      await db
        .insert(twoStepSecrets)
        .values({ userId: user.id, secret, createdBy: user.id, updatedBy: user.id })
        .onConflictDoUpdate({
          target: twoStepSecrets.userId,
          set: { secret, confirmedAt: null, lastTimeStep: null, updatedBy: user.id },
        });
      const otpauthUrl = generateURI({ issuer: ISSUER, label: user.email, secret });
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return {
        secret,
        otpauthUrl,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      };
    },

    /**
     * Turns two-step verification on with the first code of the waiting secret: answers the
     * recovery codes, or null when the code is wrong. 409 when no set-up waits.
     */
    async confirmEnrolment(executor: Database, userId: string, code: string, actor: Actor) {
      const row = await secretOf(executor, userId);
      if (row?.confirmedAt) throw AppError.conflict(twoStepMessages.alreadyEnabled);
      if (!row) throw AppError.conflict(twoStepMessages.noEnrolment);
      if (!(await acceptTotp(executor, userId, row.secret, code))) return null;
      await executor
        .update(twoStepSecrets)
        .set({ confirmedAt: sql`now()`, updatedBy: actor.id })
        .where(eq(twoStepSecrets.userId, userId));
      const codes = await newRecoveryCodes(executor, userId, actor.id);
      await audit.record(executor, actor, { action: 'two-step.enable', entity: 'user', key: userId });
      return codes;
    },

    /** The profile's confirmation: 400 on a wrong code. */
    async confirmOwnEnrolment(userId: string, code: string, actor: Actor): Promise<string[]> {
      const codes = await db.transaction((tx) => this.confirmEnrolment(tx as Database, userId, code, actor));
      if (!codes) throw badCode();
      return codes;
    },

    /** What `code` proves for a user with two-step verification on, or null: wrong, replayed, spent. */
    async checkCode(
      executor: Database,
      userId: string,
      code: string,
      actor: Actor,
    ): Promise<CodeKind | null> {
      const secret = await enabledSecret(executor, userId);
      if (TOTP_SHAPE.test(digitsOf(code)))
        return (await acceptTotp(executor, userId, secret, code)) ? 'totp' : null;
      return (await spendRecoveryCode(executor, userId, code, actor)) ? 'recovery' : null;
    },

    /** New recovery codes (the old ones stop working), with a current code of the authenticator. */
    async regenerateRecoveryCodes(userId: string, code: string, actor: Actor): Promise<string[]> {
      return db.transaction(async (tx) => {
        const executor = tx as Database;
        const secret = await enabledSecret(executor, userId);
        if (!(await acceptTotp(executor, userId, secret, code))) throw badCode();
        const codes = await newRecoveryCodes(executor, userId, actor.id);
        await audit.record(executor, actor, {
          action: 'two-step.recovery-codes',
          entity: 'user',
          key: userId,
        });
        return codes;
      });
    },

    /** Turns it off with the password and a code (or a recovery code); not while a group requires it. */
    async disable(userId: string, input: { password: string; code: string }, actor: Actor): Promise<void> {
      if (await this.isRequired(userId)) throw AppError.conflict(twoStepMessages.required);
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!(await verifyPassword(user?.passwordHash, input.password)))
        throw AppError.badRequest(twoStepMessages.passwordWrong, { password: twoStepMessages.passwordWrong });
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        if (!(await this.checkCode(executor, userId, input.code, actor))) throw badCode();
        await forgetAll(executor, userId);
        await audit.record(executor, actor, { action: 'two-step.disable', entity: 'user', key: userId });
      });
    },

    /** An administrator's reset (a lost phone): the user's whole two-step state goes. */
    async reset(userId: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const executor = tx as Database;
        const was = await secretOf(executor, userId);
        await forgetAll(executor, userId);
        await audit.record(executor, actor, {
          action: 'two-step.reset',
          entity: 'user',
          key: userId,
          before: { enabled: Boolean(was?.confirmedAt) },
        });
      });
    },

    /** A sign-in's ticket for its second step (or enrolment). */
    async createChallenge(userId: string, mode: Challenge['mode']): Promise<string> {
      const ticket = newToken();
      const minutes = mode === 'enrol' ? TWO_STEP_ENROL_TICKET_MINUTES : TWO_STEP_TICKET_MINUTES;
      // A user's tickets that are over are swept as new ones come.
      await db
        .delete(twoStepChallenges)
        .where(
          and(
            eq(twoStepChallenges.userId, userId),
            or(lt(twoStepChallenges.expiresAt, sql`now()`), isNotNull(twoStepChallenges.usedAt)),
          ),
        );
      await db.insert(twoStepChallenges).values({
        userId,
        ticketHash: hashToken(ticket),
        mode,
        expiresAt: sql`now() + ${sql.raw(`interval '${minutes} minutes'`)}`,
        createdBy: userId,
        updatedBy: userId,
      });
      return ticket;
    },

    /** The waiting sign-in of a ticket: 401 when unknown, used, expired or out of attempts. */
    async challengeOf(ticket: string): Promise<Challenge> {
      const [row] = await db
        .select()
        .from(twoStepChallenges)
        .where(
          and(
            eq(twoStepChallenges.ticketHash, hashToken(ticket)),
            isNull(twoStepChallenges.usedAt),
            gt(twoStepChallenges.expiresAt, sql`now()`),
            lt(twoStepChallenges.attempts, TWO_STEP_MAX_ATTEMPTS),
          ),
        );
      if (!row) throw ticketInvalid();
      return row;
    },

    /** Counts a wrong code against the ticket: true when that was its last attempt. */
    async failAttempt(challenge: Challenge): Promise<boolean> {
      const [row] = await db
        .update(twoStepChallenges)
        .set({ attempts: sql`${twoStepChallenges.attempts} + 1` })
        .where(eq(twoStepChallenges.id, challenge.id))
        .returning({ attempts: twoStepChallenges.attempts });
      return (row?.attempts ?? TWO_STEP_MAX_ATTEMPTS) >= TWO_STEP_MAX_ATTEMPTS;
    },

    /** Spends the ticket (once: a second request with it, even racing, gets 401). */
    async consumeChallenge(executor: Database, challenge: Challenge): Promise<void> {
      const used = await executor
        .update(twoStepChallenges)
        .set({ usedAt: sql`now()` })
        .where(and(eq(twoStepChallenges.id, challenge.id), isNull(twoStepChallenges.usedAt)))
        .returning({ id: twoStepChallenges.id });
      if (used.length === 0) throw ticketInvalid();
    },

    /** Remembers this browser for REMEMBER_BROWSER_DAYS: answers the token for its cookie. */
    async rememberBrowser(executor: Database, userId: string, client: BrowserClient): Promise<string> {
      const token = newToken();
      await executor.insert(rememberedBrowsers).values({
        userId,
        tokenHash: hashToken(token),
        userAgent: client.userAgent.slice(0, 500),
        ip: client.ip,
        expiresAt: sql`now() + ${sql.raw(`interval '${REMEMBER_BROWSER_DAYS} days'`)}`,
        createdBy: userId,
        updatedBy: userId,
      });
      return token;
    },

    /** Whether `token` is a browser this user asked to remember, not expired nor revoked (then used now). */
    async recognises(
      userId: string,
      token: string | null | undefined,
      client: BrowserClient,
    ): Promise<boolean> {
      if (!token) return false;
      const used = await db
        .update(rememberedBrowsers)
        .set({ lastUsedAt: sql`now()`, ip: client.ip })
        .where(
          and(
            eq(rememberedBrowsers.tokenHash, hashToken(token)),
            eq(rememberedBrowsers.userId, userId),
            gt(rememberedBrowsers.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: rememberedBrowsers.id });
      return used.length === 1;
    },

    async listBrowsers(userId: string): Promise<RememberedBrowser[]> {
      const rows = await db
        .select()
        .from(rememberedBrowsers)
        .where(and(eq(rememberedBrowsers.userId, userId), gt(rememberedBrowsers.expiresAt, sql`now()`)))
        .orderBy(desc(rememberedBrowsers.lastUsedAt));
      return rows.map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
    },

    /** Forgets one remembered browser of the user (404 when it is not theirs). */
    async forgetBrowser(userId: string, id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const gone = await tx
          .delete(rememberedBrowsers)
          .where(and(eq(rememberedBrowsers.id, id), eq(rememberedBrowsers.userId, userId)))
          .returning({ id: rememberedBrowsers.id });
        if (gone.length === 0) throw AppError.notFound();
        await audit.record(tx as Database, actor, {
          action: 'two-step.forget-browser',
          entity: 'user',
          key: userId,
          after: { browser: id },
        });
      });
    },

    /** The profile's "forget all": how many were forgotten. */
    async forgetAllBrowsers(userId: string, actor: Actor): Promise<number> {
      return db.transaction(async (tx) => {
        const forgotten = await this.forgetBrowsers(tx as Database, userId);
        await audit.record(tx as Database, actor, {
          action: 'two-step.forget-browsers',
          entity: 'user',
          key: userId,
          after: { forgotten },
        });
        return forgotten;
      });
    },

    /** Forgets every remembered browser of the user (also on a password change or reset): how many. */
    async forgetBrowsers(executor: Database, userId: string): Promise<number> {
      const gone = await executor
        .delete(rememberedBrowsers)
        .where(eq(rememberedBrowsers.userId, userId))
        .returning({ id: rememberedBrowsers.id });
      return gone.length;
    },
  };
}
export type TwoStepService = ReturnType<typeof createTwoStepService>;

const ticketInvalid = () => new AppError(401, errorCodes.twoStepTicketInvalid, twoStepMessages.ticketInvalid);
