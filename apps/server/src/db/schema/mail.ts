import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { auditColumns, versionColumn } from './columns';

/** An address of a mail as stored: a user of the product (userId) or an outside address (null). */
export type StoredMailAddress = { address: string; name: string; userId: string | null };

/**
 * A mail (SPEC §3 "Mail"): written once by its sender and shared by everyone it concerns, each
 * through their own mailbox entry. `thread_id` is the SPEC's forId. A draft has no `sent_at`; its
 * text may change (versioned) until it is sent.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id').notNull(),
    /** null once the sender's account is deleted (the name and address stay). */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    fromName: text('from_name').notNull(),
    fromAddress: text('from_address').notNull(),
    to: jsonb('to').$type<StoredMailAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredMailAddress[]>().notNull().default([]),
    /** Shown to the sender only. */
    bcc: jsonb('bcc').$type<StoredMailAddress[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    /** Sanitised on the server (sanitize-html allowlist) before it is stored. */
    bodyHtml: text('body_html').notNull().default(''),
    /** The start of the text, plain, at most 160 characters. */
    teaser: text('teaser').notNull().default(''),
    /**
     * What a search looks in, lower-cased: subject, sender, to and cc (never bcc) and the plain text.
     * Searched within one owner's entries, so a trigram index on it helps only a broad search.
     */
    searchText: text('search_text').notNull().default(''),
    inReplyTo: uuid('in_reply_to').references((): AnyPgColumn => mailMessages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...auditColumns(),
    ...versionColumn(),
  },
  (t) => [
    index('mail_messages_thread_idx').on(t.threadId, t.createdAt),
    index('mail_messages_sender_idx').on(t.senderId),
    index('mail_messages_in_reply_to_idx').on(t.inReplyTo),
    index('mail_messages_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/**
 * One person's copy of a mail: where it sits in their mailbox and how they marked it. The sender has
 * one (sent or draft), every internal recipient one (inbox). Deleting a thread (§4) removes the
 * caller's entries only; a message nobody has an entry of any more goes with them.
 */
export const mailboxEntries = pgTable(
  'mailbox_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    /** The message's thread, copied so that a folder page and a thread are read from this table. */
    threadId: uuid('thread_id').notNull(),
    folder: text('folder').notNull(),
    /** Where an entry in the trash came from (restore puts it back there). */
    folderBeforeTrash: text('folder_before_trash'),
    type: text('type').notNull().default('primary'),
    label: text('label'),
    starred: boolean('starred').notNull().default(false),
    important: boolean('important').notNull().default(false),
    unread: boolean('unread').notNull().default(false),
    /** When the mail was sent (a draft: last saved): the list's order. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    /** The sender's entry of a mail to outside addresses: queued, then sent or failed. */
    delivery: text('delivery'),
    ...auditColumns(),
  },
  (t) => [
    // A folder's page is read in index order, newest first (keyset on date, id): bench/mail.ts. The
    // columns ascend: a backward scan serves `order by date desc, id desc` (an index of `desc nulls
    // last` would not, the query's desc putting nulls first).
    index('mailbox_entries_folder_idx').on(t.ownerId, t.folder, t.date, t.id),
    // `all` (every folder but spam and trash) and the flags read the owner's entries by date; the
    // folder last, so that its filter is read from the index too (else the planner prefers to read
    // the folder index whole and sort it).
    index('mailbox_entries_owner_date_idx').on(t.ownerId, t.date, t.id, t.folder),
    index('mailbox_entries_starred_idx').on(t.ownerId, t.date, t.id, t.folder).where(sql`${t.starred}`),
    index('mailbox_entries_important_idx').on(t.ownerId, t.date, t.id, t.folder).where(sql`${t.important}`),
    index('mailbox_entries_thread_idx').on(t.ownerId, t.threadId),
    index('mailbox_entries_message_idx').on(t.messageId),
    index('mailbox_entries_unread_idx').on(t.ownerId, t.folder).where(sql`${t.unread}`),
    check('mailbox_entries_folder_check', sql`${t.folder} in ('inbox', 'sent', 'draft', 'spam', 'trash')`),
    check(
      'mailbox_entries_folder_before_trash_check',
      sql`${t.folderBeforeTrash} is null or ${t.folderBeforeTrash} in ('inbox', 'sent', 'draft', 'spam')`,
    ),
    check('mailbox_entries_type_check', sql`${t.type} in ('primary', 'social', 'promotions')`),
    check(
      'mailbox_entries_label_check',
      sql`${t.label} is null or ${t.label} in ('theme', 'friend', 'family', 'social', 'support', 'freelance')`,
    ),
    check(
      'mailbox_entries_delivery_check',
      sql`${t.delivery} is null or ${t.delivery} in ('queued', 'sent', 'failed')`,
    ),
  ],
);
