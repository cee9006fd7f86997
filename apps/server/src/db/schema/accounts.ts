import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, versionColumn } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased: addresses are compared without case. */
    email: text('email').notNull(),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** argon2id PHC string; null for an account that has never set a password. */
    passwordHash: text('password_hash'),
    isActive: boolean('is_active').notNull().default(true),
    isAdmin: boolean('is_admin').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the owner proved the address by a mailed link. Sign-up leaves it null (no sign-in until
     * then); every other way an account is made (an administrator, the seed, the first admin) and
     * every account older than this column counts as verified, hence the default.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Members sign in with two-step verification; those not enrolled enrol at their next sign-in. */
    requireTwoStep: boolean('require_two_step').notNull().default(false),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [uniqueIndex('groups_name_lower_key').on(sql`lower(${t.name})`)],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_idx').on(t.groupId)],
);

/** Bearer sessions. Only the SHA-256 of a token is kept; the token itself is shown once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Counters in a window (lib/throttle.ts): failed sign-ins ("email:", "ip:", "email-ip:"), reset
 * requests ("reset-ip:", "reset-email:") and the rate limit's requests ("rate:<class>:<who>";
 * `failures` then counts requests). In the database, not in memory, so that every server process
 * sees the same counts.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  ...auditColumns(),
});

/**
 * Links mailed to an account's owner: password reset/welcome links and e-mail verification links
 * (`purpose`). Single use, expiring, and only the SHA-256 of the token is kept.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password' | 'verify-email'>().notNull().default('password'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** Each user's layout settings and language, as one document (read through parsePreferences). */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull(),
  ...auditColumns(),
});

/**
 * Usernames held by a sign-up whose email already had an account: no account is made, but the
 * username is refused to others for as long as a new unconfirmed account would keep it (see
 * accounts service `signup`), so the username does not tell whether the email was taken. Expired
 * holds no longer count and are deleted by the outbox worker's clean-up.
 */
export const usernameHolds = pgTable(
  'username_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('username_holds_username_lower_key').on(sql`lower(${t.username})`)],
);
