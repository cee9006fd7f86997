import {
  errorResponse,
  errorResponses,
  mailCounts,
  mailDraft,
  mailDraftInput,
  mailDraftUpdate,
  mailEntriesChanged,
  mailEntriesPatch,
  mailList,
  mailListQuery,
  mailMessages,
  mailRecipients,
  mailRecipientsQuery,
  mailSendInput,
  mailSent,
  mailThread,
  mailThreadDeleted,
  messages,
  mutationResponse,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { LiveHub } from '../../lib/live/hub';
import type { Mailer } from '../../lib/mailer';
import type { Outbox } from '../../lib/outbox';
import { done } from '../../lib/responses';
import { expectedVersion, ifMatchHeaders, versionDescription } from '../../lib/versions';
import { currentUser } from '../../plugins/auth';
import { registerAttachmentRoutes, registerFileOwner } from '../../resources/attachments';
import type { NotificationsService } from '../notifications/service';
import type { UsersService } from '../users/service';
import { createMailService, MAIL_FILES } from './service';

const tags = ['mail'];
const errors = errorResponses(400, 404);
const idParams = z.object({ id: z.string() });
const threadParams = z.object({ forId: z.string() });
/** SPEC §7 names the thread of DELETE /delete/mail in a `forId` header (HTTP headers are lower-case). */
const FOR_ID_HEADER = 'forid';
const uuid = z.uuid();
/** An id that cannot name anything is a 404, like one that names nothing of the caller's. */
const existing = (key: string) => {
  if (!uuid.safeParse(key).success) throw AppError.notFound();
  return key;
};

/**
 * The mailbox (LIVE-DESIGN "Mailbox"): everyone with `mail.use` has their own entries of the mails
 * that concern them; nobody reads another's (404, never 403: an id says nothing of whose it is).
 */
export function mailRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    users: UsersService;
    outbox: Outbox;
    mailer: Mailer;
    config: Pick<Config, 'publicUrl'>;
    live: LiveHub;
    notifications: Pick<NotificationsService, 'notify'>;
    now?: () => Date;
  },
) {
  const service = createMailService({ ...deps, storage: app.storage });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = 'mail.use' as const;

  r.get(
    '/api/mail',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A page of the caller’s mailbox, newest first (SPEC §7 GET /mail)',
        description:
          'category: a folder (inbox, sent, draft, spam, trash), a flag (starred, important: outside spam and trash) or all (every folder but spam and trash). Keyset paging: pass `nextCursor` back as `cursor`.',
        querystring: mailListQuery,
        response: { 200: mailList, ...errors },
      },
    },
    (request) => service.list(currentUser(request), request.query),
  );

  r.get(
    '/api/mail/counts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Unread entries per category, per type (inbox) and per label; the number of drafts',
        response: { 200: mailCounts },
      },
    },
    (request) => service.counts(currentUser(request)),
  );

  r.get(
    '/api/mail/recipients',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Users one may write to, by name or address (at most 20), for the address field',
        querystring: mailRecipientsQuery,
        response: { 200: mailRecipients, ...errors },
      },
    },
    async (request) => ({ items: await service.recipients(currentUser(request), request.query.q) }),
  );

  r.get(
    '/api/mail/threads/:forId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The caller’s entries of a thread with their messages, oldest first; opening reads them',
        description:
          'A blind copy list is shown to the sender only. A thread the caller has no entry of is a 404.',
        params: threadParams,
        response: { 200: mailThread, ...errors },
      },
    },
    (request) => service.thread(currentUser(request), existing(request.params.forId)),
  );

  const deleteThreadDoc = {
    summary: 'Delete the caller’s entries of a thread, whatever their folder (SPEC §4: by forId)',
    description:
      'Other people’s entries stay; a message nobody has an entry of any more is deleted with its files.',
    response: { 200: mutationResponse(mailThreadDeleted), ...errors },
  };
  const deleteThread = async (userId: string, forId: string) =>
    done('DELETED', mailMessages.threadDeleted, await service.deleteThread({ id: userId }, forId));

  r.delete(
    '/api/mail/threads/:forId',
    { config: { access }, schema: { tags, ...deleteThreadDoc, params: threadParams } },
    (request) => deleteThread(currentUser(request).id, existing(request.params.forId)),
  );

  r.delete(
    '/api/delete/mail',
    {
      config: { access },
      schema: {
        tags,
        ...deleteThreadDoc,
        summary: `${deleteThreadDoc.summary}: the thread in the \`forId\` header (SPEC §7)`,
        headers: z.looseObject({ [FOR_ID_HEADER]: z.optional(z.string()) }),
      },
    },
    (request) => {
      const key = (request.headers as Record<string, string | undefined>)[FOR_ID_HEADER];
      const parsed = uuid.safeParse(key);
      if (!parsed.success) {
        throw key
          ? AppError.invalidField('forId', { code: 'id' }, messages.keyInvalid)
          : AppError.invalidField('forId', { code: 'required' }, mailMessages.forIdHeader);
      }
      return deleteThread(currentUser(request).id, parsed.data);
    },
  );

  r.patch(
    '/api/mail/entries',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Change several of the caller’s entries at once: flags, label, type, folder (all or nothing)',
        description:
          'An id that is not one of the caller’s entries answers 404 and nothing changes. Moving to the trash remembers the folder; `restore: true` puts trashed entries back. Sent mail and drafts go to the trash only.',
        body: mailEntriesPatch,
        response: { 200: mutationResponse(mailEntriesChanged), ...errors },
      },
    },
    async (request) =>
      done(
        'UPDATED',
        mailMessages.entriesChanged,
        await service.changeEntries(currentUser(request), request.body),
      ),
  );

  r.post(
    '/api/mail/drafts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Start a draft (a new mail, a reply with inReplyTo, a forward with forwardOf)',
        description:
          'A reply joins the thread of the message it answers; a forward starts a new thread and carries the original’s files.',
        body: mailDraftInput,
        response: { 201: mutationResponse(mailDraft), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          done(
            'ADDED',
            mailMessages.draftSaved,
            await service.createDraft(currentUser(request), request.body),
          ),
        ),
  );

  r.get(
    '/api/mail/drafts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One of the caller’s drafts, to go on writing it',
        params: idParams,
        response: { 200: mailDraft, ...errors, 409: errorResponse },
      },
    },
    (request) => service.getDraft(currentUser(request), existing(request.params.id)),
  );

  r.put(
    '/api/mail/drafts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Save a draft (autosave): its addresses, subject and text',
        description: `${versionDescription} A draft already sent answers 409 CONFLICT.`,
        params: idParams,
        headers: ifMatchHeaders,
        body: mailDraftUpdate,
        response: { 200: mutationResponse(mailDraft), ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const version = expectedVersion(request.body.version, request.headers['if-match']);
      const draft = await service.updateDraft(
        currentUser(request),
        existing(request.params.id),
        request.body,
        version,
      );
      return done('UPDATED', mailMessages.draftSaved, draft);
    },
  );

  r.delete(
    '/api/mail/drafts/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Discard a draft (with its files)',
        params: idParams,
        response: { 200: mutationResponse(z.object({ id: z.uuid() })), ...errors, 409: errorResponse },
      },
    },
    async (request) =>
      done(
        'DELETED',
        mailMessages.draftDeleted,
        await service.deleteDraft(currentUser(request), existing(request.params.id)),
      ),
  );

  const sendDescription =
    'Users of the product among the recipients (found by address, case-insensitively) get it in their inbox at once; outside addresses get it over SMTP through the outbox (retried; the sender’s entry shows `delivery` queued → sent or failed). Blind copies are seen by the sender only.';

  r.post(
    '/api/mail/drafts/:id/send',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send a draft',
        description: `${sendDescription} ${versionDescription}`,
        params: idParams,
        headers: ifMatchHeaders,
        body: z.optional(mailSendInput),
        response: { 200: mutationResponse(mailSent), ...errors, 409: errorResponse },
      },
    },
    async (request) => {
      const version = expectedVersion(request.body?.version, request.headers['if-match']);
      const sent = await service.send(currentUser(request), existing(request.params.id), version);
      return done('SENT', mailMessages.sent, sent);
    },
  );

  r.post(
    '/api/mail/send',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Write and send a mail in one call',
        description: sendDescription,
        body: mailDraftInput,
        response: { 201: mutationResponse(mailSent), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(done('SENT', mailMessages.sent, await service.compose(currentUser(request), request.body))),
  );

  // A mail's files: whoever has an entry of it sees them; its sender changes them while it is a draft.
  registerFileOwner(app, MAIL_FILES, {
    canView: (user, messageId, db) => service.hasEntry(user.id, messageId, db),
    canEdit: (user, messageId, db) => service.isOwnDraft(user.id, messageId, db),
  });
  registerAttachmentRoutes(app, {
    db: deps.db,
    type: MAIL_FILES,
    path: '/api/mail/messages',
    view: access,
    manage: access,
    tag: 'mail',
  });
}
