import {
  CHAT_MESSAGE_ATTACHMENTS,
  CHAT_MESSAGE_HEADER,
  type ChatMessage,
  chatContactsQuery,
  chatContactsResponse,
  chatDirectInput,
  chatMemberParams,
  chatMembersInput,
  chatMessage,
  chatMessageInput,
  chatMessagePatch,
  chatMessagesPage,
  chatMessagesQuery,
  chatReadInput,
  chatReadResponse,
  chatRoomDetail,
  chatRoomInput,
  chatRoomPatch,
  chatRoomsResponse,
  chatMessages as chatTexts,
  errorResponse,
  errorResponses,
  idParams,
  messages,
  mutationResponse,
  type SpecMessage,
  specAddMessageInput,
  specChannelsResponse,
  specMessage,
  specMessagesQuery,
  specMessagesResponse,
} from '@ledgerdesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { added, deleted, done, updated } from '../../lib/responses';
import { currentUser } from '../../plugins/auth';
import { registerAttachmentRoutes, registerFileOwner } from '../../resources/attachments';
import type { ChatService } from './service';

const tags = ['chat'];
const access = 'chat.use' as const;
const errors = errorResponses(400, 403, 404);
const idResponse = mutationResponse(z.object({ id: z.uuid() }));

/** SPEC §3's chat message, from the API's. */
const specMessageOf = (message: ChatMessage): SpecMessage => ({
  id: message.id,
  roomId: message.roomId,
  sender: message.sender?.name ?? '',
  senderId: message.sender?.id ?? null,
  message: message.body,
  createdAt: message.createdAt,
});

/**
 * Chat: rooms (direct and channels), their members and messages, contacts, a message's files, and
 * the SPEC §7 aliases. Every route needs chat.use; a room the caller is not in answers 404.
 */
export function chatRoutes(app: FastifyInstance, deps: { db: Database; chat: ChatService }) {
  const { db, chat } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  r.get(
    '/api/chat/rooms',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The caller’s rooms (direct and channels), newest activity first, with unread counts',
        response: { 200: chatRoomsResponse },
      },
    },
    async (request) => ({ items: await chat.rooms(me(request)) }),
  );

  r.post(
    '/api/chat/rooms',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Create a channel (the caller is its owner)',
        body: chatRoomInput,
        response: { 201: mutationResponse(chatRoomDetail), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(added(chatTexts.roomAdded, await chat.createChannel(request.body, me(request)))),
  );

  r.post(
    '/api/chat/direct',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The direct conversation with a user, made on first use (201 then, 200 after)',
        body: chatDirectInput,
        response: { 200: mutationResponse(chatRoomDetail), 201: mutationResponse(chatRoomDetail), ...errors },
      },
    },
    async (request, reply) => {
      const { created, room } = await chat.direct(request.body.userId, me(request));
      return created
        ? reply.code(201).send(added(chatTexts.directAdded, room))
        : done('FOUND', chatTexts.directFound, room);
    },
  );

  r.get(
    '/api/chat/rooms/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A room with its members (presence, read positions)',
        params: idParams,
        response: { 200: chatRoomDetail, ...errors },
      },
    },
    (request) => chat.room(request.params.id, me(request)),
  );

  r.patch(
    '/api/chat/rooms/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Rename a channel or change its topic (owners)',
        params: idParams,
        body: chatRoomPatch,
        response: { 200: mutationResponse(chatRoomDetail), ...errors, 409: errorResponse },
      },
    },
    async (request) => updated(await chat.updateRoom(request.params.id, request.body, me(request))),
  );

  r.post(
    '/api/chat/rooms/:id/members',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Add members to a channel (owners)',
        params: idParams,
        body: chatMembersInput,
        response: { 200: mutationResponse(chatRoomDetail), ...errors },
      },
    },
    async (request) => updated(await chat.addMembers(request.params.id, request.body.userIds, me(request))),
  );

  r.delete(
    '/api/chat/rooms/:id/members/:userId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Remove a member from a channel (owners), or leave it (oneself)',
        params: chatMemberParams,
        response: { 200: idResponse, ...errors },
      },
    },
    async (request) =>
      deleted(await chat.removeMember(request.params.id, request.params.userId, me(request))),
  );

  r.get(
    '/api/chat/rooms/:id/messages',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A page of a room’s messages: the newest, before/after/around a seq, or search hits (q)',
        params: idParams,
        querystring: chatMessagesQuery,
        response: { 200: chatMessagesPage, ...errors },
      },
    },
    (request) => chat.messages(request.params.id, request.query, me(request)),
  );

  r.post(
    '/api/chat/rooms/:id/messages',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Send a message (then upload its files to /api/chat/messages/{id}/attachments)',
        params: idParams,
        body: chatMessageInput,
        response: { 201: mutationResponse(chatMessage), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(added(chatTexts.messageAdded, await chat.send(request.params.id, request.body, me(request)))),
  );

  r.post(
    '/api/chat/rooms/:id/read',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Mark a room read up to a seq (the read position never moves back)',
        params: idParams,
        body: chatReadInput,
        response: { 200: mutationResponse(chatReadResponse), ...errors },
      },
    },
    async (request) => updated(await chat.markRead(request.params.id, request.body.seq, me(request))),
  );

  r.patch(
    '/api/chat/messages/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Edit one’s own message',
        params: idParams,
        body: chatMessagePatch,
        response: { 200: mutationResponse(chatMessage), ...errors },
      },
    },
    async (request) => updated(await chat.edit(request.params.id, request.body, me(request))),
  );

  r.delete(
    '/api/chat/messages/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Delete one’s own message by id (SPEC §4), with its files',
        params: idParams,
        response: { 200: idResponse, ...errors },
      },
    },
    async (request) => deleted(await chat.remove(request.params.id, me(request))),
  );

  r.get(
    '/api/chat/contacts',
    {
      config: { access },
      schema: {
        tags,
        summary: 'People one may chat with (SPEC chat contacts), with presence and their direct room',
        querystring: chatContactsQuery,
        response: { 200: chatContactsResponse, ...errors },
      },
    },
    async (request) => ({ items: await chat.contacts(request.query, me(request)) }),
  );

  // A message's files: the sender posts the message, then its files. Members see them.
  registerFileOwner(app, CHAT_MESSAGE_ATTACHMENTS, {
    canView: async (user, messageId, executor) =>
      (await chat.messageFileAccess(executor, messageId, user.id)).view,
    canEdit: async (user, messageId, executor) =>
      (await chat.messageFileAccess(executor, messageId, user.id)).edit,
  });
  registerAttachmentRoutes(app, {
    db,
    type: CHAT_MESSAGE_ATTACHMENTS,
    path: '/api/chat/messages',
    view: access,
    manage: access,
    tag: 'chat',
  });
  // Files added or removed change the message the members see: tell them (this scope's routes only).
  const attachmentRoutes = '/api/chat/messages/:id/attachments';
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url ?? '';
    if (request.method === 'GET' || !url.startsWith(attachmentRoutes) || reply.statusCode >= 300) return;
    const messageId = (request.params as { id?: string }).id;
    if (messageId) await chat.attachmentsChanged(messageId);
  });

  // SPEC §7 aliases -------------------------------------------------------------------------------

  r.get(
    '/api/chat',
    {
      config: { access },
      schema: {
        tags,
        summary: 'SPEC §7 /chat: the chat contacts (as /api/chat/contacts)',
        response: { 200: chatContactsResponse },
      },
    },
    async (request) => ({ items: await chat.contacts({}, me(request)) }),
  );

  r.get(
    '/api/channels',
    {
      config: { access },
      schema: {
        tags,
        summary: 'SPEC §7 /channels: the caller’s channels with their unread counts (unReadMessage)',
        response: { 200: specChannelsResponse },
      },
    },
    async (request) => ({
      items: (await chat.rooms(me(request)))
        .filter((room) => room.kind === 'channel')
        .map((room) => ({
          id: room.id,
          name: room.name,
          topic: room.topic,
          unReadMessage: room.unread,
          memberCount: room.memberCount,
        })),
    }),
  );

  r.get(
    '/api/messages',
    {
      config: { access },
      schema: {
        tags,
        summary: 'SPEC §7 /messages?roomId=: the newest page of a room’s messages',
        querystring: specMessagesQuery,
        response: { 200: specMessagesResponse, ...errors },
      },
    },
    async (request) => {
      const page = await chat.messages(request.query.roomId, { limit: 50 }, me(request));
      return { items: page.items.map(specMessageOf), hasMore: page.hasMore };
    },
  );

  r.post(
    '/api/add/message',
    {
      config: { access },
      schema: {
        tags,
        summary: 'SPEC §7 add/message: send a message to a room',
        body: specAddMessageInput,
        response: { 201: mutationResponse(specMessage), ...errors },
      },
    },
    async (request, reply) => {
      const sent = await chat.send(
        request.body.roomId,
        { body: request.body.message, mentions: [] },
        me(request),
      );
      return reply.code(201).send(added(chatTexts.messageAdded, specMessageOf(sent)));
    },
  );

  r.delete(
    '/api/delete/message',
    {
      config: { access },
      schema: {
        tags,
        summary: `SPEC §7 delete/message: delete one’s own message, its id in the \`${CHAT_MESSAGE_HEADER}\` header`,
        headers: z.object({ [CHAT_MESSAGE_HEADER]: z.optional(z.string()) }),
        response: { 200: idResponse, ...errors },
      },
    },
    async (request) => {
      const key = (request.headers as Record<string, string | undefined>)[CHAT_MESSAGE_HEADER];
      const parsed = z.uuid().safeParse(key);
      if (!parsed.success) {
        throw key
          ? AppError.invalidField(CHAT_MESSAGE_HEADER, { code: 'id' }, messages.keyInvalid)
          : AppError.invalidField(CHAT_MESSAGE_HEADER, { code: 'required' }, messages.keyRequired);
      }
      return deleted(await chat.remove(parsed.data, me(request)));
    },
  );
}
