import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns } from './columns';

/** An account at a sign-in provider (OpenID Connect), linked to a user: its `sub` at that issuer. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id of OIDC_PROVIDERS. */
    provider: text('provider').notNull(),
    /** The provider's `sub` claim: stable, unlike the e-mail. */
    subject: text('subject').notNull(),
    /** The e-mail the provider gave when linked (shown in the profile). */
    email: text('email').notNull().default(''),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('user_identities_provider_subject_key').on(t.provider, t.subject),
    // One account per provider and user: the profile shows a provider as linked or not.
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/**
 * A round trip to a provider under way: what the callback checks (state, nonce, the PKCE verifier)
 * and the browser it started in (the SHA-256 of a cookie's value). In the database so that any node
 * may take the callback; single use (deleted when taken) and short-lived.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    browserHash: text('browser_hash').notNull(),
    provider: text('provider').notNull(),
    /** 'sign-in' from the sign-in page; 'link' from the profile of `user_id`. */
    purpose: text('purpose').$type<'sign-in' | 'link'>().notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Where the web app goes after signing in (a path of the app). */
    returnTo: text('return_to').notNull().default('/'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('oidc_flows_state_hash_key').on(t.stateHash),
    index('oidc_flows_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What the callback hands the browser, in the URL fragment: a one-time code that signs `user_id` in
 * ('sign-in'), or a ticket to link the provider's account to `user_id` once its owner gives the
 * password ('link'). Only the SHA-256 is kept; single use, short-lived.
 */
export const oidcTickets = pgTable(
  'oidc_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').$type<'sign-in' | 'link'>().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default(''),
    subject: text('subject').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Wrong passwords given with a link ticket. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('oidc_tickets_token_hash_key').on(t.tokenHash),
    index('oidc_tickets_expires_idx').on(t.expiresAt),
  ],
);
