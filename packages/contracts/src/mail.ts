import { z } from 'zod/mini';
import { recordVersion, text, timestamp, versionInput } from './api';
import { email, oneOf } from './fields';
import { fileRecord } from './files';

/*
 * Mailbox (SPEC §3 "Mail"; §4 "deleting a mail removes entries by forId"; §7 GET /mail, DELETE
 * /delete/mail with forId in a header). A mail is one message, shared by everyone it concerns; each
 * of them has their own entry of it (folder, flags, label, unread): the sender's in `sent` (or
 * `draft`), each internal recipient's in `inbox`. `forId` is the thread: a reply joins the thread of
 * what it answers, a forward starts a new one. Mail to an outside address leaves over SMTP.
 */

/** Where an entry is. */
export const mailFolders = ['inbox', 'sent', 'draft', 'spam', 'trash'] as const;
export type MailFolder = (typeof mailFolders)[number];
/**
 * What the mailbox lists (SPEC's categories): a folder, the starred or important flags (outside spam
 * and trash), or `all` (every folder except spam and trash).
 */
export const mailCategories = [
  'all',
  'inbox',
  'draft',
  'starred',
  'important',
  'spam',
  'sent',
  'trash',
] as const;
export type MailCategory = (typeof mailCategories)[number];
export const mailTypes = ['primary', 'social', 'promotions'] as const;
export type MailType = (typeof mailTypes)[number];
export const mailLabels = ['theme', 'friend', 'family', 'social', 'support', 'freelance'] as const;
export type MailLabel = (typeof mailLabels)[number];
/** The folders an entry may be moved to by hand (drafts and sent mail are where they are by nature). */
export const mailMoveFolders = ['inbox', 'spam', 'trash'] as const;
export type MailMoveFolder = (typeof mailMoveFolders)[number];
/** How a sent mail to outside addresses fares: queued, then sent or (after its retries) failed. */
export const mailDeliveries = ['queued', 'sent', 'failed'] as const;
export type MailDelivery = (typeof mailDeliveries)[number];

/**
 * What a mail's body may hold: the composer's formatting and links, nothing that runs or loads. The
 * server cleans every body to these before storing it (sanitize-html); the web builds what it shows
 * from the same lists, element by element.
 */
export const MAIL_BODY_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
] as const;
/** The only schemes a link in a mail may use. */
export const MAIL_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const MAIL_LIMITS = {
  /** Recipients of one mail, to, cc and bcc together. */
  recipients: 100,
  subjectLength: 300,
  /** Characters of the HTML body (after sanitising it stays within). */
  bodyLength: 200_000,
  pageSize: 50,
  maxPageSize: 100,
  /** Entries one bulk change may name. */
  bulkIds: 500,
  teaserLength: 160,
} as const;

/** An address of a mail: a user of the product (userId) or an outside address. */
export const mailAddress = z.object({
  address: z.string(),
  name: z.string(),
  /** The user this address belongs to, or null for an outside address. */
  userId: z.nullable(z.uuid()),
});
export type MailAddress = z.infer<typeof mailAddress>;

/** GET /api/mail (SPEC §7): a page of the caller's entries, newest first (keyset on date, id). */
export const mailListQuery = z.object({
  category: z._default(z.enum(mailCategories, oneOf('The category', mailCategories)), 'inbox'),
  type: z.optional(z.enum(mailTypes, oneOf('The type', mailTypes))),
  label: z.optional(z.enum(mailLabels, oneOf('The label', mailLabels))),
  /** Words looked for in the subject, the text, the sender and the recipients. */
  q: z.optional(text(200, 'The search is too long.')),
  cursor: z.optional(z.string().check(z.maxLength(200, 'The cursor is not valid.'))),
  limit: z._default(
    z.coerce
      .number('limit must be a number.')
      .check(
        z.int('limit must be a whole number.'),
        z.minimum(1, 'limit must be at least 1.'),
        z.maximum(MAIL_LIMITS.maxPageSize, `limit must be at most ${MAIL_LIMITS.maxPageSize}.`),
      ),
    MAIL_LIMITS.pageSize,
  ),
});
export type MailListQuery = z.input<typeof mailListQuery>;

/** One line of the list (SPEC §3 "Mail" and what the list shows beside it). */
export const mailListItem = z.object({
  /** The entry's id (what PATCH /api/mail/entries names). */
  id: z.uuid(),
  /** The message's id (a draft is opened, changed and sent by it; attachments hang on it). */
  messageId: z.uuid(),
  /** The thread (SPEC forId). */
  forId: z.uuid(),
  /** The other party: the sender for received mail, the recipients for sent mail and drafts. */
  name: z.string(),
  subject: z.string(),
  /** The start of the text, plain (at most 160 characters). */
  teaser: z.string(),
  /** When it was sent (a draft: last saved). */
  date: timestamp,
  unread: z.boolean(),
  /** How many of the caller's entries the thread holds, when more than one; else null. */
  badge: z.nullable(z.number()),
  type: z.enum(mailTypes),
  /** The entry's folder. */
  category: z.enum(mailFolders),
  label: z.nullable(z.enum(mailLabels)),
  starred: z.boolean(),
  important: z.boolean(),
  hasAttachments: z.boolean(),
  /** For the sender's entry of a mail to outside addresses; else null. */
  delivery: z.nullable(z.enum(mailDeliveries)),
});
export type MailListItem = z.infer<typeof mailListItem>;

export const mailList = z.object({ items: z.array(mailListItem), nextCursor: z.nullable(z.string()) });
export type MailList = z.infer<typeof mailList>;

/** GET /api/mail/counts: unread entries per category, per type (in the inbox) and per label. */
export const mailCounts = z.object({
  unread: z.object({
    all: z.number(),
    inbox: z.number(),
    draft: z.number(),
    starred: z.number(),
    important: z.number(),
    spam: z.number(),
    sent: z.number(),
    trash: z.number(),
  }),
  /** Unread inbox entries of each type. */
  types: z.object({ primary: z.number(), social: z.number(), promotions: z.number() }),
  /** Unread entries of each label (outside spam and trash). */
  labels: z.object({
    theme: z.number(),
    friend: z.number(),
    family: z.number(),
    social: z.number(),
    support: z.number(),
    freelance: z.number(),
  }),
  /** How many drafts the caller has (drafts are never unread). */
  drafts: z.number(),
});
export type MailCounts = z.infer<typeof mailCounts>;

/** A message as a thread shows it. */
export const mailMessage = z.object({
  id: z.uuid(),
  forId: z.uuid(),
  from: mailAddress,
  to: z.array(mailAddress),
  cc: z.array(mailAddress),
  /** Only the sender sees whom they sent a blind copy to; everybody else gets []. */
  bcc: z.array(mailAddress),
  subject: z.string(),
  /** Sanitised HTML. */
  bodyHtml: z.string(),
  teaser: z.string(),
  /** The message this one answers (a reply), or null. */
  inReplyTo: z.nullable(z.uuid()),
  /** null for a draft. */
  sentAt: z.nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
  attachments: z.array(fileRecord),
  version: recordVersion,
});
export type MailMessage = z.infer<typeof mailMessage>;

/** One of the caller's entries of a thread, with its message. */
export const mailThreadEntry = z.object({
  id: z.uuid(),
  category: z.enum(mailFolders),
  type: z.enum(mailTypes),
  label: z.nullable(z.enum(mailLabels)),
  starred: z.boolean(),
  important: z.boolean(),
  unread: z.boolean(),
  delivery: z.nullable(z.enum(mailDeliveries)),
  date: timestamp,
  message: mailMessage,
});
export type MailThreadEntry = z.infer<typeof mailThreadEntry>;

/** GET /api/mail/threads/:forId: the caller's entries of the thread, oldest first (opening reads them). */
export const mailThread = z.object({
  forId: z.uuid(),
  /** The subject of its first message. */
  subject: z.string(),
  entries: z.array(mailThreadEntry),
});
export type MailThread = z.infer<typeof mailThread>;

const recipientList = (field: 'to' | 'cc' | 'bcc') =>
  z
    .array(email)
    .check(z.maxLength(MAIL_LIMITS.recipients, `At most ${MAIL_LIMITS.recipients} addresses in ${field}.`));
const recipients = (field: 'to' | 'cc' | 'bcc') => z._default(recipientList(field), []);
const subjectText = text(
  MAIL_LIMITS.subjectLength,
  `The subject must be at most ${MAIL_LIMITS.subjectLength} characters.`,
);
const bodyText = z
  .string('The text must be a string.')
  .check(
    z.maxLength(MAIL_LIMITS.bodyLength, `The text must be at most ${MAIL_LIMITS.bodyLength} characters.`),
  );

/**
 * POST /api/mail/drafts and POST /api/mail/send: addresses are e-mail
 * addresses (a user of the product is found by theirs, case-insensitively; others are outside
 * addresses). A draft may be incomplete; sending it needs at least one recipient.
 */
export const mailDraftInput = z.object({
  version: versionInput,
  to: recipients('to'),
  cc: recipients('cc'),
  bcc: recipients('bcc'),
  subject: z._default(subjectText, ''),
  bodyHtml: z._default(bodyText, ''),
  /** A reply: the message answered (one the caller has an entry of); the mail joins its thread. */
  inReplyTo: z._default(z.nullable(z.uuid('inReplyTo must be a message id.')), null),
  /** A forward: the message forwarded (its attachments are copied); the mail starts a new thread. */
  forwardOf: z._default(z.nullable(z.uuid('forwardOf must be a message id.')), null),
});
export type MailDraftInput = z.input<typeof mailDraftInput>;

/**
 * PUT /api/mail/drafts/:id (autosave): like every update, a field left out keeps its stored value.
 * A draft stays the reply or forward it was made as (inReplyTo and forwardOf are not changed here).
 */
export const mailDraftUpdate = z.object({
  version: versionInput,
  to: z.optional(recipientList('to')),
  cc: z.optional(recipientList('cc')),
  bcc: z.optional(recipientList('bcc')),
  subject: z.optional(subjectText),
  bodyHtml: z.optional(bodyText),
});
export type MailDraftUpdate = z.input<typeof mailDraftUpdate>;

/** A draft as its author edits it (GET/POST/PUT /api/mail/drafts…); its id is the message's. */
export const mailDraft = z.object({
  id: z.uuid(),
  /** The author's entry of it (in `draft`). */
  entryId: z.uuid(),
  forId: z.uuid(),
  to: z.array(mailAddress),
  cc: z.array(mailAddress),
  bcc: z.array(mailAddress),
  subject: z.string(),
  bodyHtml: z.string(),
  inReplyTo: z.nullable(z.uuid()),
  attachments: z.array(fileRecord),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type MailDraft = z.infer<typeof mailDraft>;

/** POST /api/mail/drafts/:id/send: the version the sender last saw (optional, as for any update). */
export const mailSendInput = z.object({ version: versionInput });
export type MailSendInput = z.input<typeof mailSendInput>;

/** What sending answers: the sender's new entry in `sent`, with its message. */
export const mailSent = mailThreadEntry;
export type MailSent = MailThreadEntry;

/**
 * PATCH /api/mail/entries: one change to several of the caller's entries, all or nothing (an id
 * that is not one of the caller's entries: 404 and nothing changes). `folder: 'trash'` remembers
 * where each entry was; `restore: true` puts entries of the trash back there.
 */
export const mailEntriesPatch = z
  .object({
    ids: z
      .array(z.uuid('Each id must be an entry id.'))
      .check(
        z.minLength(1, 'Name at least one entry.'),
        z.maxLength(MAIL_LIMITS.bulkIds, `At most ${MAIL_LIMITS.bulkIds} entries at once.`),
      ),
    starred: z.optional(z.boolean('Use true or false.')),
    important: z.optional(z.boolean('Use true or false.')),
    unread: z.optional(z.boolean('Use true or false.')),
    label: z.optional(z.nullable(z.enum(mailLabels, oneOf('The label', mailLabels)))),
    type: z.optional(z.enum(mailTypes, oneOf('The type', mailTypes))),
    folder: z.optional(z.enum(mailMoveFolders, oneOf('The folder', mailMoveFolders))),
    restore: z.optional(z.literal(true, 'restore can only be true.')),
  })
  .check(
    z.refine(
      (patch) =>
        patch.starred !== undefined ||
        patch.important !== undefined ||
        patch.unread !== undefined ||
        patch.label !== undefined ||
        patch.type !== undefined ||
        patch.folder !== undefined ||
        patch.restore !== undefined,
      { error: 'Say what to change.' },
    ),
    z.refine((patch) => !(patch.folder !== undefined && patch.restore !== undefined), {
      error: 'Move to a folder or restore, not both.',
    }),
  );
export type MailEntriesPatch = z.input<typeof mailEntriesPatch>;
export const mailEntriesChanged = z.object({ count: z.number() });
export type MailEntriesChanged = z.infer<typeof mailEntriesChanged>;

/** DELETE /api/mail/threads/:forId and /api/delete/mail: how many of the caller's entries went. */
export const mailThreadDeleted = z.object({ forId: z.uuid(), count: z.number() });
export type MailThreadDeleted = z.infer<typeof mailThreadDeleted>;

/** GET /api/mail/recipients?q=: users one may write to (for the address autocomplete). */
export const mailRecipientsQuery = z.object({ q: z._default(text(100, 'The search is too long.'), '') });
export const mailRecipient = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.nullable(z.string()),
});
export type MailRecipient = z.infer<typeof mailRecipient>;
export const mailRecipients = z.object({ items: z.array(mailRecipient) });
export type MailRecipients = z.infer<typeof mailRecipients>;

export const mailMessages = {
  sent: 'Your mail was sent.',
  draftSaved: 'Draft saved.',
  draftDeleted: 'Draft deleted.',
  entriesChanged: 'Updated Successfully',
  threadDeleted: 'Deleted Successfully',
  noRecipients: 'Add at least one recipient before sending.',
  notDraft: 'This mail was already sent: it can no longer be changed.',
  unknownMessage: 'The message answered or forwarded was not found.',
  forIdHeader: 'Send the thread in the forId header.',
  cursorInvalid: 'The cursor is not valid.',
  nothingToRestore: 'Only mail in the trash can be restored.',
  ownMailToTrashOnly: 'Sent mail and drafts can only be moved to the trash.',
} as const;
