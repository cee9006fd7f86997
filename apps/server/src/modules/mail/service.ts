import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  type LiveMailChanged,
  type LiveMailNew,
  type MailAddress,
  type MailCategory,
  type MailCounts,
  type MailDraft,
  type MailFolder,
  type MailLabel,
  type MailList,
  type MailListItem,
  type MailMessage,
  type MailRecipient,
  type MailThread,
  type MailThreadEntry,
  type MailType,
  mailCategories,
  type mailDraftInput,
  type mailDraftUpdate,
  type mailEntriesPatch,
  mailLabels,
  type mailListQuery,
  mailTypes,
  mailMessages as text,
} from '@ledgerdesk/contracts';
import { and, asc, desc, eq, exists, inArray, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod/mini';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  files,
  groups,
  mailboxEntries,
  mailMessages,
  type StoredMailAddress,
  userGroups,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { LiveHub } from '../../lib/live/hub';
import type { Mailer } from '../../lib/mailer';
import type { Outbox } from '../../lib/outbox';
import type { Storage } from '../../lib/storage';
import { isStale, nextVersion } from '../../lib/versions';
import type { AuthUser } from '../../plugins/auth';
import { attachmentsOf, deleteAttachmentsOf } from '../../resources/attachments';
import { containsPattern } from '../../resources/list';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import { plainText, sanitizeBody, teaserOf } from './sanitize';

/** The owner type of a mail's attachments (resources/attachments.ts). */
export const MAIL_FILES = 'mail-messages';
/** The outbox kind of a mail to outside addresses (one SMTP message per mail, to all of them). */
export const OUTSIDE_MAIL = 'mail.outside';
/** The live topic of mailbox changes (payload: the users concerned, what happened). */
export const MAIL_TOPIC = 'mail';

type Caller = Pick<AuthUser, 'id'>;
type MessageRow = typeof mailMessages.$inferSelect;
type EntryRow = typeof mailboxEntries.$inferSelect;

/** User ids per live payload: a payload stays well under 1 KB. */
const USERS_PER_PUBLISH = 20;

/** The web's address of a thread (a notification's link). */
export const threadLink = (forId: string) => `/mailbox?thread=${forId}`;

const encodeCursor = (date: Date, id: string) =>
  Buffer.from(JSON.stringify([date.toISOString(), id])).toString('base64url');
function decodeCursor(cursor: string): { date: Date; id: string } {
  try {
    const [date, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof date === 'string' &&
      typeof id === 'string' &&
      Number.isFinite(Date.parse(date)) &&
      /^[0-9a-f-]{36}$/i.test(id)
    )
      return { date: new Date(date), id };
  } catch {
    // Not base64 JSON: answered below like any other bad cursor.
  }
  throw AppError.invalidField('cursor', { code: 'invalid' }, text.cursorInvalid);
}

const addresses = (list: StoredMailAddress[]): MailAddress[] =>
  list.map((a) => ({ address: a.address, name: a.name, userId: a.userId }));
const namesOf = (list: StoredMailAddress[]) => list.map((a) => a.name || a.address).join(', ');

/** The other party of an entry: the sender of received mail, the recipients of one's own. */
function otherParty(ownerId: string, m: Pick<MessageRow, 'senderId' | 'fromName' | 'to' | 'cc' | 'bcc'>) {
  if (m.senderId !== ownerId) return m.fromName;
  return namesOf(m.to) || namesOf(m.cc) || namesOf(m.bcc);
}

/** The condition of a category (SPEC's categories over folders and flags). */
function categoryCondition(category: MailCategory): SQL {
  const visible = notInArray(mailboxEntries.folder, ['spam', 'trash']);
  switch (category) {
    case 'all':
      return visible;
    case 'starred':
      return and(eq(mailboxEntries.starred, true), visible) as SQL;
    case 'important':
      return and(eq(mailboxEntries.important, true), visible) as SQL;
    default:
      return eq(mailboxEntries.folder, category);
  }
}

export function createMailService(deps: {
  db: Database;
  users: UsersService;
  storage: Storage;
  outbox: Outbox;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  live: LiveHub;
  notifications: Pick<NotificationsService, 'notify'>;
  now?: () => Date;
}) {
  const { db, storage, outbox, mailer, live, notifications } = deps;
  const now = deps.now ?? (() => new Date());

  /** Tells the users' sockets (on every node) that their mailbox changed, after the commit. */
  async function announce(tx: Database, userIds: string[], op: 'new' | 'changed') {
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += USERS_PER_PUBLISH) {
      await live.publish(tx, MAIL_TOPIC, {
        t: MAIL_TOPIC,
        op,
        users: unique.slice(i, i + USERS_PER_PUBLISH),
      });
    }
  }
  live.on(MAIL_TOPIC, async (payload) => {
    const local = live.localUserIds();
    const users = (Array.isArray(payload.users) ? payload.users : []).filter(
      (id): id is string => typeof id === 'string' && local.has(id),
    );
    const message: LiveMailNew | LiveMailChanged = {
      type: payload.op === 'new' ? 'mail.new' : 'mail.changed',
    };
    if (users.length > 0) live.sendTo(users, message);
  });

  /** The users of these addresses (case-insensitively), as stored addresses; others stay outside. */
  async function resolve(executor: Database, emails: string[][]): Promise<StoredMailAddress[][]> {
    const all = [...new Set(emails.flat().map((e) => e.toLowerCase()))];
    const found = all.length
      ? await executor
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(sql`lower(${users.email})`, all))
      : [];
    const byAddress = new Map(found.map((u) => [u.email.toLowerCase(), u]));
    const seen = new Set<string>();
    // An address named twice (in to and cc) is kept where it first appears.
    return emails.map((list) =>
      list.flatMap((raw) => {
        const address = raw.toLowerCase();
        if (seen.has(address)) return [];
        seen.add(address);
        const user = byAddress.get(address);
        return [
          user
            ? {
                address: user.email,
                name: `${user.firstName} ${user.lastName}`.trim() || user.email,
                userId: user.id,
              }
            : { address, name: '', userId: null },
        ];
      }),
    );
  }

  async function senderOf(executor: Database, caller: Caller) {
    const [me] = await executor
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, caller.id));
    if (!me) throw AppError.unauthorized();
    return { fromName: `${me.firstName} ${me.lastName}`.trim() || me.email, fromAddress: me.email };
  }

  /** The text fields of a message made from a draft's input: sanitised body, teaser, search text. */
  function contentOf(input: { subject: string; bodyHtml: string }, parties: StoredMailAddress[]) {
    const bodyHtml = sanitizeBody(input.bodyHtml);
    const plain = plainText(bodyHtml);
    return {
      subject: input.subject,
      bodyHtml,
      teaser: teaserOf(plain),
      plain,
      search: (who: string) =>
        [input.subject, who, ...parties.flatMap((a) => [a.name, a.address]), plain.slice(0, 20_000)]
          .join(' ')
          .toLowerCase(),
    };
  }

  /** A message the caller has an entry of (what a reply or forward may name), else a 400 on `field`. */
  async function readableMessage(executor: Database, caller: Caller, id: string, field: string) {
    const [row] = await executor
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.id, id),
          exists(
            executor
              .select({ one: sql`1` })
              .from(mailboxEntries)
              .where(
                and(eq(mailboxEntries.messageId, mailMessages.id), eq(mailboxEntries.ownerId, caller.id)),
              ),
          ),
        ),
      );
    if (!row) throw AppError.badRequest(text.unknownMessage, { [field]: text.unknownMessage });
    return row;
  }

  async function draftRecord(executor: Database, message: MessageRow, entryId: string): Promise<MailDraft> {
    const attachments = (await attachmentsOf(storage, executor, MAIL_FILES, [message.id], 'edit')).get(
      message.id,
    );
    return {
      id: message.id,
      entryId,
      forId: message.threadId,
      to: addresses(message.to),
      cc: addresses(message.cc),
      bcc: addresses(message.bcc),
      subject: message.subject,
      bodyHtml: message.bodyHtml,
      inReplyTo: message.inReplyTo,
      attachments: attachments ?? [],
      createdAt: message.createdAt.toISOString(),
      updatedAt: message.updatedAt.toISOString(),
      version: message.version,
    };
  }

  /** The caller's draft (locked when `lock`) and their entry of it; a sent mail is a 409, another's a 404. */
  async function ownDraft(executor: Database, caller: Caller, id: string, lock = false) {
    const query = executor
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, id), eq(mailMessages.senderId, caller.id)));
    const [message] = lock ? await query.for('update') : await query;
    if (!message) throw AppError.notFound();
    if (message.sentAt) throw AppError.conflict(text.notDraft);
    const [entry] = await executor
      .select()
      .from(mailboxEntries)
      .where(and(eq(mailboxEntries.messageId, id), eq(mailboxEntries.ownerId, caller.id)));
    if (!entry) throw AppError.notFound();
    return { message, entry };
  }

  async function createDraftIn(tx: Database, caller: Caller, input: MailDraftInputOut): Promise<MailDraft> {
    const [to, cc, bcc] = await resolve(tx, [input.to, input.cc, input.bcc]);
    const sender = await senderOf(tx, caller);
    let threadId: string = randomUUID();
    let inReplyTo: string | null = null;
    let forwarded: MessageRow | null = null;
    if (input.inReplyTo) {
      const original = await readableMessage(tx, caller, input.inReplyTo, 'inReplyTo');
      threadId = original.threadId;
      inReplyTo = original.id;
    } else if (input.forwardOf) {
      forwarded = await readableMessage(tx, caller, input.forwardOf, 'forwardOf');
    }
    const content = contentOf(input, [...(to ?? []), ...(cc ?? [])]);
    const at = now();
    const [message] = await tx
      .insert(mailMessages)
      .values({
        threadId,
        senderId: caller.id,
        ...sender,
        to: to ?? [],
        cc: cc ?? [],
        bcc: bcc ?? [],
        subject: content.subject,
        bodyHtml: content.bodyHtml,
        teaser: content.teaser,
        searchText: content.search(`${sender.fromName} ${sender.fromAddress}`),
        inReplyTo,
        createdAt: at,
        updatedAt: at,
        createdBy: caller.id,
        updatedBy: caller.id,
      })
      .returning();
    if (!message) throw new Error('mail insert returned nothing');
    const [entry] = await tx
      .insert(mailboxEntries)
      .values({
        ownerId: caller.id,
        messageId: message.id,
        threadId,
        folder: 'draft',
        date: at,
        createdBy: caller.id,
        updatedBy: caller.id,
      })
      .returning({ id: mailboxEntries.id });
    if (!entry) throw new Error('entry insert returned nothing');
    if (forwarded) await copyAttachments(tx, forwarded.id, message.id, caller.id);
    return draftRecord(tx, message, entry.id);
  }

  /** A forward carries the original's files: new rows on the same stored bytes (no copy of them). */
  async function copyAttachments(tx: Database, fromId: string, toId: string, ownerId: string) {
    const originals = await tx
      .select()
      .from(files)
      .where(and(eq(files.attachedType, MAIL_FILES), eq(files.attachedId, fromId), isNull(files.trashedAt)))
      .orderBy(asc(files.position));
    if (originals.length === 0) return;
    await tx.insert(files).values(
      originals.map((f) => ({
        name: f.name,
        blobHash: f.blobHash,
        mime: f.mime,
        kind: f.kind,
        size: f.size,
        ownerId,
        attachedType: MAIL_FILES,
        attachedId: toId,
        position: f.position,
        createdBy: ownerId,
        updatedBy: ownerId,
      })),
    );
  }

  /**
   * Sends the caller's draft: the message dated and frozen, the sender's entry to `sent`, an `inbox`
   * entry for every user among the recipients (bcc included: only the sender sees the bcc list), and
   * one SMTP mail to the outside addresses through the outbox. Announced and notified after commit.
   */
  async function sendIn(tx: Database, caller: Caller, id: string, version: number | undefined) {
    const { message, entry } = await ownDraft(tx, caller, id, true);
    if (isStale(version, message.version)) throw AppError.stale(await draftRecord(tx, message, entry.id));
    const emails = (list: StoredMailAddress[]) => list.map((a) => a.address);
    // Addresses are resolved again: a colleague added since the draft was written gets it internally.
    const [to = [], cc = [], bcc = []] = await resolve(tx, [
      emails(message.to),
      emails(message.cc),
      emails(message.bcc),
    ]);
    const everyone = [...to, ...cc, ...bcc];
    if (everyone.length === 0) throw AppError.invalidField('to', { code: 'required' }, text.noRecipients);
    const outside = everyone.filter((a) => a.userId === null);
    const at = now();
    const [sent] = await tx
      .update(mailMessages)
      .set({
        to,
        cc,
        bcc,
        sentAt: at,
        updatedAt: at,
        updatedBy: caller.id,
        version: nextVersion(mailMessages.version),
      })
      .where(eq(mailMessages.id, id))
      .returning();
    if (!sent) throw AppError.notFound();
    await tx
      .update(mailboxEntries)
      .set({
        folder: 'sent',
        folderBeforeTrash: null,
        date: at,
        unread: false,
        delivery: outside.length > 0 ? 'queued' : null,
        updatedBy: caller.id,
      })
      .where(eq(mailboxEntries.id, entry.id));
    const recipients = [...new Set(everyone.flatMap((a) => (a.userId ? [a.userId] : [])))];
    if (recipients.length > 0) {
      await tx.insert(mailboxEntries).values(
        recipients.map((ownerId) => ({
          ownerId,
          messageId: id,
          threadId: sent.threadId,
          folder: 'inbox',
          unread: true,
          date: at,
          createdBy: caller.id,
          updatedBy: caller.id,
        })),
      );
    }
    if (outside.length > 0) await outbox.enqueue(OUTSIDE_MAIL, { messageId: id }, tx);
    const others = recipients.filter((userId) => userId !== caller.id);
    await announce(tx, [...recipients, caller.id], 'new');
    if (others.length > 0) {
      await notifications.notify(tx, {
        userIds: others,
        kind: 'mail',
        params: { from: sent.fromName, subject: sent.subject },
        link: threadLink(sent.threadId),
      });
    }
    const [mine] = await threadEntries(tx, caller, [eq(mailboxEntries.id, entry.id)]);
    if (!mine) throw AppError.notFound();
    return mine;
  }

  /** The caller's entries matching `where`, with their messages, oldest first. */
  async function threadEntries(executor: Database, caller: Caller, where: SQL[]): Promise<MailThreadEntry[]> {
    const rows = await executor
      .select({ entry: mailboxEntries, message: mailMessages })
      .from(mailboxEntries)
      .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
      .where(and(eq(mailboxEntries.ownerId, caller.id), ...where))
      .orderBy(asc(mailboxEntries.date), asc(mailboxEntries.id));
    const attachments = await attachmentsOf(
      storage,
      executor,
      MAIL_FILES,
      rows.map((r) => r.message.id),
    );
    return rows.map(({ entry, message }) => ({
      ...entryFields(entry),
      message: messageRecord(caller, message, attachments.get(message.id) ?? []),
    }));
  }

  const entryFields = (entry: EntryRow) => ({
    id: entry.id,
    category: entry.folder as MailFolder,
    type: entry.type as MailType,
    label: entry.label as MailLabel | null,
    starred: entry.starred,
    important: entry.important,
    unread: entry.unread,
    delivery: entry.delivery as MailThreadEntry['delivery'],
    date: entry.date.toISOString(),
  });

  function messageRecord(
    caller: Caller,
    m: MessageRow,
    attachments: MailMessage['attachments'],
  ): MailMessage {
    return {
      id: m.id,
      forId: m.threadId,
      from: { address: m.fromAddress, name: m.fromName, userId: m.senderId },
      to: addresses(m.to),
      cc: addresses(m.cc),
      bcc: m.senderId === caller.id ? addresses(m.bcc) : [],
      subject: m.subject,
      bodyHtml: m.bodyHtml,
      teaser: m.teaser,
      inReplyTo: m.inReplyTo,
      sentAt: m.sentAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
      attachments,
      version: m.version,
    };
  }

  // Outside addresses: one SMTP mail per message, from the product's address in the sender's name
  // (replies go to the sender), with its files. Retried by the outbox; given up → `failed`.
  const setDelivery = (messageId: string, delivery: 'sent' | 'failed') =>
    db
      .update(mailboxEntries)
      .set({ delivery })
      .where(
        and(
          eq(mailboxEntries.messageId, messageId),
          eq(
            mailboxEntries.ownerId,
            sql`(select ${mailMessages.senderId} from ${mailMessages} where ${mailMessages.id} = ${messageId})`,
          ),
        ),
      )
      .returning({ ownerId: mailboxEntries.ownerId });
  outbox.handle(
    OUTSIDE_MAIL,
    async (payload) => {
      const messageId = String(payload.messageId);
      const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
      // Deleted by everyone before it left: nothing to send.
      if (!message) return;
      const outside = (list: StoredMailAddress[]) =>
        list.filter((a) => a.userId === null).map((a) => a.address);
      const attached = await db
        .select()
        .from(files)
        .where(
          and(eq(files.attachedType, MAIL_FILES), eq(files.attachedId, messageId), isNull(files.trashedAt)),
        )
        .orderBy(asc(files.position));
      const attachments = await Promise.all(
        attached.map(async (f) => ({
          filename: f.name,
          contentType: f.mime,
          content: await buffer(storage.store.open(f.blobHash)),
        })),
      );
      await mailer.send({
        to: outside(message.to),
        cc: outside(message.cc),
        bcc: outside(message.bcc),
        fromName: message.fromName,
        replyTo: message.fromAddress,
        subject: message.subject,
        paragraphs: [plainText(message.bodyHtml)],
        html: message.bodyHtml,
        attachments,
      });
      const changed = await setDelivery(messageId, 'sent');
      await announceNow(changed.map((r) => r.ownerId));
    },
    async (payload) => {
      const changed = await setDelivery(String(payload.messageId), 'failed');
      await announceNow(changed.map((r) => r.ownerId));
    },
  );
  const announceNow = (userIds: string[]) => announce(db, userIds, 'changed');

  return {
    /** A page of the caller's mailbox (GET /api/mail). */
    async list(caller: Caller, query: MailListQueryOut): Promise<MailList> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const conditions: (SQL | undefined)[] = [
        eq(mailboxEntries.ownerId, caller.id),
        categoryCondition(query.category),
        query.type ? eq(mailboxEntries.type, query.type) : undefined,
        query.label ? eq(mailboxEntries.label, query.label) : undefined,
        query.q
          ? inArray(
              mailboxEntries.messageId,
              db
                .select({ id: mailMessages.id })
                .from(mailMessages)
                .where(sql`${mailMessages.searchText} like ${containsPattern(query.q.toLowerCase())}`),
            )
          : undefined,
        after
          ? sql`(${mailboxEntries.date}, ${mailboxEntries.id}) < (${after.date.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ];
      // The page's entries first, read in index order (keyset); only then their messages, thread
      // sizes and files, for those few rows (joined in one query, the planner may read the whole
      // folder before it sorts).
      const pageIds = db
        .select({ id: mailboxEntries.id })
        .from(mailboxEntries)
        .where(and(...conditions))
        .orderBy(desc(mailboxEntries.date), desc(mailboxEntries.id))
        .limit(query.limit + 1)
        .as('page');
      const rows = await db
        .select({
          entry: mailboxEntries,
          senderId: mailMessages.senderId,
          fromName: mailMessages.fromName,
          to: mailMessages.to,
          cc: mailMessages.cc,
          bcc: mailMessages.bcc,
          subject: mailMessages.subject,
          teaser: mailMessages.teaser,
          threadSize: sql<number>`(select count(*)::int from ${mailboxEntries} as t where t.owner_id = ${mailboxEntries.ownerId} and t.thread_id = ${mailboxEntries.threadId})`,
          hasAttachments: sql<boolean>`exists (select 1 from ${files} where ${files.attachedType} = ${MAIL_FILES} and ${files.attachedId} = ${mailboxEntries.messageId} and ${files.trashedAt} is null)`,
        })
        .from(pageIds)
        .innerJoin(mailboxEntries, eq(mailboxEntries.id, pageIds.id))
        .innerJoin(mailMessages, eq(mailMessages.id, mailboxEntries.messageId))
        .orderBy(desc(mailboxEntries.date), desc(mailboxEntries.id));
      const page = rows.slice(0, query.limit);
      const items: MailListItem[] = page.map((r) => ({
        ...entryFields(r.entry),
        messageId: r.entry.messageId,
        forId: r.entry.threadId,
        name: otherParty(caller.id, r),
        subject: r.subject,
        teaser: r.teaser,
        badge: Number(r.threadSize) > 1 ? Number(r.threadSize) : null,
        hasAttachments: Boolean(r.hasAttachments),
      }));
      const last = page.at(-1);
      return {
        items,
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.entry.date, last.entry.id) : null,
      };
    },

    /** Unread entries per category, type and label, and the drafts (GET /api/mail/counts). */
    async counts(caller: Caller): Promise<MailCounts> {
      const rows = await db
        .select({
          folder: mailboxEntries.folder,
          type: mailboxEntries.type,
          label: mailboxEntries.label,
          starred: mailboxEntries.starred,
          important: mailboxEntries.important,
          n: sql<number>`count(*)::int`,
        })
        .from(mailboxEntries)
        .where(and(eq(mailboxEntries.ownerId, caller.id), eq(mailboxEntries.unread, true)))
        .groupBy(
          mailboxEntries.folder,
          mailboxEntries.type,
          mailboxEntries.label,
          mailboxEntries.starred,
          mailboxEntries.important,
        );
      const [drafts] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(mailboxEntries)
        .where(and(eq(mailboxEntries.ownerId, caller.id), eq(mailboxEntries.folder, 'draft')));
      const zero = <K extends string>(keys: readonly K[]) =>
        Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
      const counts: MailCounts = {
        unread: zero(mailCategories),
        types: zero(mailTypes),
        labels: zero(mailLabels),
        drafts: Number(drafts?.n ?? 0),
      };
      for (const r of rows) {
        const n = Number(r.n);
        counts.unread[r.folder as MailFolder] += n;
        const visible = r.folder !== 'spam' && r.folder !== 'trash';
        if (!visible) continue;
        counts.unread.all += n;
        if (r.starred) counts.unread.starred += n;
        if (r.important) counts.unread.important += n;
        if (r.label) counts.labels[r.label as MailLabel] += n;
        if (r.folder === 'inbox') counts.types[r.type as MailType] += n;
      }
      return counts;
    },

    /** The caller's entries of a thread, oldest first; opening it reads them (404: none of theirs). */
    async thread(caller: Caller, forId: string): Promise<MailThread> {
      return db.transaction(async (trx) => {
        const tx = trx as Database;
        const read = await tx
          .update(mailboxEntries)
          .set({ unread: false })
          .where(
            and(
              eq(mailboxEntries.ownerId, caller.id),
              eq(mailboxEntries.threadId, forId),
              eq(mailboxEntries.unread, true),
            ),
          )
          .returning({ id: mailboxEntries.id });
        const entries = await threadEntries(tx, caller, [eq(mailboxEntries.threadId, forId)]);
        const first = entries[0];
        if (!first) throw AppError.notFound();
        if (read.length > 0) await announce(tx, [caller.id], 'changed');
        return { forId, subject: first.message.subject, entries };
      });
    },

    async getDraft(caller: Caller, id: string): Promise<MailDraft> {
      const { message, entry } = await ownDraft(db, caller, id);
      return draftRecord(db, message, entry.id);
    },

    createDraft: (caller: Caller, input: MailDraftInputOut) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        const draft = await createDraftIn(tx, caller, input);
        await announce(tx, [caller.id], 'changed');
        return draft;
      }),

    /**
     * Autosave: the draft's addresses, subject and body (those sent; the others stay). A reply stays
     * a reply: inReplyTo and forwardOf are read when it is made. A stale version is a 409 with the
     * draft as stored.
     */
    updateDraft: (caller: Caller, id: string, input: MailDraftUpdateOut, version: number | undefined) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        const { message, entry } = await ownDraft(tx, caller, id, true);
        if (isStale(version, message.version)) throw AppError.stale(await draftRecord(tx, message, entry.id));
        const kept = (list: StoredMailAddress[]) => list.map((a) => a.address);
        const [to = [], cc = [], bcc = []] = await resolve(tx, [
          input.to ?? kept(message.to),
          input.cc ?? kept(message.cc),
          input.bcc ?? kept(message.bcc),
        ]);
        const content = contentOf(
          { subject: input.subject ?? message.subject, bodyHtml: input.bodyHtml ?? message.bodyHtml },
          [...to, ...cc],
        );
        const at = now();
        const [saved] = await tx
          .update(mailMessages)
          .set({
            to,
            cc,
            bcc,
            subject: content.subject,
            bodyHtml: content.bodyHtml,
            teaser: content.teaser,
            searchText: content.search(`${message.fromName} ${message.fromAddress}`),
            updatedAt: at,
            updatedBy: caller.id,
            version: nextVersion(mailMessages.version),
          })
          .where(eq(mailMessages.id, id))
          .returning();
        if (!saved) throw AppError.notFound();
        await tx.update(mailboxEntries).set({ date: at }).where(eq(mailboxEntries.id, entry.id));
        await announce(tx, [caller.id], 'changed');
        return draftRecord(tx, saved, entry.id);
      }),

    deleteDraft: (caller: Caller, id: string) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        await ownDraft(tx, caller, id, true);
        await deleteAttachmentsOf(tx, MAIL_FILES, [id]);
        await tx.delete(mailMessages).where(eq(mailMessages.id, id));
        await announce(tx, [caller.id], 'changed');
        return { id };
      }),

    send: (caller: Caller, id: string, version: number | undefined) =>
      db.transaction((trx) => sendIn(trx as Database, caller, id, version)),

    /** Writes and sends in one call (POST /api/mail/send). */
    compose: (caller: Caller, input: MailDraftInputOut) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        const draft = await createDraftIn(tx, caller, input);
        return sendIn(tx, caller, draft.id, undefined);
      }),

    /** One change to several of the caller's entries, all or nothing. */
    changeEntries: (caller: Caller, patch: MailEntriesPatchOut) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        const ids = [...new Set(patch.ids)];
        const rows = await tx
          .select({
            id: mailboxEntries.id,
            folder: mailboxEntries.folder,
            before: mailboxEntries.folderBeforeTrash,
          })
          .from(mailboxEntries)
          .where(and(eq(mailboxEntries.ownerId, caller.id), inArray(mailboxEntries.id, ids)))
          .for('update');
        if (rows.length !== ids.length) throw AppError.notFound();
        if (patch.restore && rows.some((r) => r.folder !== 'trash'))
          throw AppError.badRequest(text.nothingToRestore, { restore: text.nothingToRestore });
        const own = (r: (typeof rows)[number]) => ['sent', 'draft'].includes(r.before ?? r.folder);
        if ((patch.folder === 'inbox' || patch.folder === 'spam') && rows.some(own))
          throw AppError.badRequest(text.ownMailToTrashOnly, { folder: text.ownMailToTrashOnly });
        const flags = {
          ...(patch.starred === undefined ? {} : { starred: patch.starred }),
          ...(patch.important === undefined ? {} : { important: patch.important }),
          ...(patch.unread === undefined ? {} : { unread: patch.unread }),
          ...(patch.label === undefined ? {} : { label: patch.label }),
          ...(patch.type === undefined ? {} : { type: patch.type }),
        };
        const place =
          patch.folder === 'trash'
            ? {
                folderBeforeTrash: sql`case when ${mailboxEntries.folder} = 'trash' then ${mailboxEntries.folderBeforeTrash} else ${mailboxEntries.folder} end`,
                folder: 'trash',
              }
            : patch.folder
              ? { folder: patch.folder, folderBeforeTrash: null }
              : patch.restore
                ? {
                    folder: sql`coalesce(${mailboxEntries.folderBeforeTrash}, 'inbox')`,
                    folderBeforeTrash: null,
                  }
                : {};
        await tx
          .update(mailboxEntries)
          .set({ ...flags, ...place, updatedBy: caller.id })
          .where(inArray(mailboxEntries.id, ids));
        await announce(tx, [caller.id], 'changed');
        return { count: ids.length };
      }),

    /**
     * SPEC §4: removes every entry the caller has of the thread, whatever its folder; a message
     * nobody has an entry of any more goes too, with its files. Other people's entries stay.
     */
    deleteThread: (caller: Caller, forId: string) =>
      db.transaction(async (trx) => {
        const tx = trx as Database;
        const gone = await tx
          .delete(mailboxEntries)
          .where(and(eq(mailboxEntries.ownerId, caller.id), eq(mailboxEntries.threadId, forId)))
          .returning({ messageId: mailboxEntries.messageId });
        if (gone.length === 0) throw AppError.notFound();
        const messageIds = [...new Set(gone.map((g) => g.messageId))];
        // Locked first: of two people deleting the last entries at once, the second waits and then
        // sees that none is left (the first saw the second's entry still there).
        await tx
          .select({ id: mailMessages.id })
          .from(mailMessages)
          .where(inArray(mailMessages.id, messageIds))
          .for('update');
        const kept = await tx
          .selectDistinct({ id: mailboxEntries.messageId })
          .from(mailboxEntries)
          .where(inArray(mailboxEntries.messageId, messageIds));
        const keptIds = new Set(kept.map((k) => k.id));
        const orphans = messageIds.filter((id) => !keptIds.has(id));
        if (orphans.length > 0) {
          await deleteAttachmentsOf(tx, MAIL_FILES, orphans);
          await tx.delete(mailMessages).where(inArray(mailMessages.id, orphans));
        }
        await announce(tx, [caller.id], 'changed');
        return { forId, count: gone.length };
      }),

    /** Users one may write to, by name or address (at most 20): active, with mail.use or admin. */
    async recipients(caller: AuthUser, q: string): Promise<MailRecipient[]> {
      const pattern = containsPattern(q);
      const mayMail = or(
        eq(users.isAdmin, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(userGroups)
            .innerJoin(groups, eq(groups.id, userGroups.groupId))
            .where(and(eq(userGroups.userId, users.id), sql`'mail.use' = any(${groups.permissions})`)),
        ),
      );
      const rows = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(
          and(
            eq(users.isActive, true),
            mayMail,
            q
              ? sql`(${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`
              : undefined,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
        .limit(20);
      const avatars = rows.length
        ? new Map(
            (await deps.users.options({ ids: rows.map((r) => r.id) }, caller)).map((o) => [
              o.id,
              o.avatarUrl,
            ]),
          )
        : new Map<string, string | null>();
      return rows.map((r) => ({
        id: r.id,
        name: `${r.firstName} ${r.lastName}`.trim() || r.email,
        email: r.email,
        avatarUrl: avatars.get(r.id) ?? null,
      }));
    },

    /** Whether the caller has an entry of the message (who may see its files). */
    async hasEntry(userId: string, messageId: string, executor: Database = db) {
      const [row] = await executor
        .select({ id: mailboxEntries.id })
        .from(mailboxEntries)
        .where(and(eq(mailboxEntries.ownerId, userId), eq(mailboxEntries.messageId, messageId)))
        .limit(1);
      return Boolean(row);
    },

    /** Whether the message is the user's own draft (who may change its files). */
    async isOwnDraft(userId: string, messageId: string, executor: Database = db) {
      const [row] = await executor
        .select({ id: mailMessages.id })
        .from(mailMessages)
        .where(
          and(eq(mailMessages.id, messageId), eq(mailMessages.senderId, userId), isNull(mailMessages.sentAt)),
        );
      return Boolean(row);
    },
  };
}
export type MailService = ReturnType<typeof createMailService>;

type MailDraftInputOut = z.output<typeof mailDraftInput>;
type MailDraftUpdateOut = z.output<typeof mailDraftUpdate>;
type MailListQueryOut = z.output<typeof mailListQuery>;
type MailEntriesPatchOut = z.output<typeof mailEntriesPatch>;
