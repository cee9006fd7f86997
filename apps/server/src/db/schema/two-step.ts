import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns } from './columns';

/**
 * A user's TOTP secret (RFC 6238). Until `confirmedAt` the set-up waits for its first code and
 * two-step verification is not on. `lastTimeStep`: the newest time step a code was accepted for;
 * a code of that step or an older one is refused (replay).
 */
export const twoStepSecrets = pgTable('two_step_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  ...auditColumns(),
});

/** Single-use recovery codes: only their SHA-256 is kept; `usedAt` once spent. */
export const twoStepRecoveryCodes = pgTable(
  'two_step_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('two_step_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose identity is proven, waiting for its second step (or an enrolment): in the
 * database so that any server node can finish it. Single use, expiring, a bounded number of wrong
 * codes; only the SHA-256 of the ticket is kept.
 */
export const twoStepChallenges = pgTable(
  'two_step_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash').notNull(),
    mode: text('mode').$type<'verify' | 'enrol'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('two_step_challenges_ticket_key').on(t.ticketHash),
    index('two_step_challenges_user_idx').on(t.userId),
  ],
);

/**
 * Browsers that skip the second step for a while ("remember this browser"): the token lives in an
 * httpOnly cookie, only its SHA-256 here.
 */
export const rememberedBrowsers = pgTable(
  'remembered_browsers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('remembered_browsers_token_key').on(t.tokenHash),
    index('remembered_browsers_user_idx').on(t.userId),
  ],
);
