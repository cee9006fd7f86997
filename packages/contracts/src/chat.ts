import { z } from 'zod/mini';
import { childParams, recordVersion, text, timestamp, versionInput } from './api';
import { optionalText, requiredText } from './fields';
import { fileRecord } from './files';

/*
 * Chat (SPEC §3 "Chat contact", "Chat message", "Channel"; §7 /chat, /channels, /messages): rooms
 * are direct conversations of two users or channels of many; messages are numbered per room
 * (`seq`: 1, 2, 3… in the order the room received them), which is what paging, unread counts and
 * read receipts count with. A room the caller is not a member of answers 404 everywhere.
 */

export const chatRoomKinds = ['direct', 'channel'] as const;
export type ChatRoomKind = (typeof chatRoomKinds)[number];
export const chatMemberRoles = ['owner', 'member'] as const;
export type ChatMemberRole = (typeof chatMemberRoles)[number];
/** A user's presence, as the live connection reports it. */
export const chatUserStatuses = ['online', 'away', 'offline'] as const;
export type ChatUserStatus = (typeof chatUserStatuses)[number];

/** The owner type of the files attached to chat messages (`/api/chat/messages/{id}/attachments`). */
export const CHAT_MESSAGE_ATTACHMENTS = 'chat-messages';
/**
 * Unread counts stop at this many: a room of 100,000 unread messages is not counted on every visit.
 * A count equal to it means "more than UNREAD_CAP - 1" (shown "99+").
 */
export const CHAT_UNREAD_CAP = 100;
export const CHAT_PAGE_SIZE = 50;
export const CHAT_MAX_PAGE_SIZE = 100;
export const CHAT_MAX_BODY = 4000;
/** A teaser (last message of a room, a quoted reply): the first characters of the body, on one line. */
export const CHAT_TEASER_LENGTH = 120;

/** Someone in the chat: a message's sender, a room's peer or member. */
export const chatPerson = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The avatar's thumbnail (signed URL); null: initials are shown. */
  avatarUrl: z.nullable(z.string()),
});
export type ChatPerson = z.infer<typeof chatPerson>;

const seq = z.number().check(z.int());

// Rooms -------------------------------------------------------------------------------------------

/** A room as the rooms list shows it (GET /api/chat/rooms), newest activity first. */
export const chatRoomSummary = z.object({
  id: z.uuid(),
  kind: z.enum(chatRoomKinds),
  /** A channel's name; for a direct room, the other person's name. */
  name: z.string(),
  topic: z.string(),
  memberCount: z.number(),
  /** Direct rooms only: the other person (absent once their account is deleted). */
  peer: z.optional(z.extend(chatPerson, { status: z.enum(chatUserStatuses) })),
  /** Absent while the room has no message. */
  lastMessage: z.optional(
    z.object({
      id: z.uuid(),
      seq,
      teaser: z.string(),
      /** '' once the sender's account is deleted. */
      senderName: z.string(),
      senderId: z.nullable(z.uuid()),
      createdAt: timestamp,
    }),
  ),
  /** Messages of others after `lastReadSeq`, at most CHAT_UNREAD_CAP (shown "99+" when it is reached). */
  unread: z.number(),
  /** The caller's read position: the seq of the last message they have read. */
  lastReadSeq: seq,
  /** The seq of the room's newest message (0: none yet). */
  lastSeq: seq,
  /** When the room last received a message, else when it was made: what the list is sorted by. */
  activityAt: timestamp,
});
export type ChatRoomSummary = z.infer<typeof chatRoomSummary>;
export const chatRoomsResponse = z.object({ items: z.array(chatRoomSummary) });
export type ChatRoomsResponse = z.infer<typeof chatRoomsResponse>;

export const chatMember = z.extend(chatPerson, {
  role: z.enum(chatMemberRoles),
  status: z.enum(chatUserStatuses),
  lastReadSeq: seq,
  joinedAt: timestamp,
});
export type ChatMember = z.infer<typeof chatMember>;

/** One room with its members (GET /api/chat/rooms/:id); read receipts are the members' lastReadSeq. */
export const chatRoomDetail = z.extend(chatRoomSummary, {
  createdAt: timestamp,
  /** The caller's role: an owner renames the channel and adds or removes members. */
  myRole: z.enum(chatMemberRoles),
  members: z.array(chatMember),
  version: recordVersion,
});
export type ChatRoomDetail = z.infer<typeof chatRoomDetail>;

const userIds = (max: number) =>
  z.array(z.uuid('Choose users from the list.')).check(z.maxLength(max, `At most ${max} users at once.`));

/** A new channel; its creator is its owner and a member (they need not be listed). */
export const chatRoomInput = z.object({
  name: requiredText('channel name', 80),
  topic: optionalText('topic', 250),
  memberIds: z._default(userIds(500), []),
});
export type ChatRoomInput = z.input<typeof chatRoomInput>;

/** Renaming a channel, changing its topic (owners). */
export const chatRoomPatch = z.object({
  name: z.optional(requiredText('channel name', 80)),
  topic: z.optional(text(250, 'The topic must be at most 250 characters.')),
  version: versionInput,
});
export type ChatRoomPatch = z.input<typeof chatRoomPatch>;

/** POST /api/chat/direct: the direct room with this user, made on first use. */
export const chatDirectInput = z.object({ userId: z.uuid('Choose a user from the list.') });
export type ChatDirectInput = z.input<typeof chatDirectInput>;

/** POST /api/chat/rooms/:id/members (owners). */
export const chatMembersInput = z.object({
  userIds: userIds(500).check(z.minLength(1, 'Choose at least one user.')),
});
export type ChatMembersInput = z.input<typeof chatMembersInput>;

export const chatMemberParams = childParams('userId', 'user');

// Messages ----------------------------------------------------------------------------------------

export const chatReplyRef = z.object({
  id: z.uuid(),
  seq,
  teaser: z.string(),
  /** '' once the sender's account is deleted. */
  senderName: z.string(),
});

export const chatMessage = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  seq,
  /** Null once the sender's account is deleted. */
  sender: z.nullable(chatPerson),
  body: z.string(),
  /** The message this one answers; absent when none, or when that message was deleted. */
  replyTo: z.optional(chatReplyRef),
  /** Users mentioned (members of the room when the message was written). */
  mentions: z.array(z.uuid()),
  createdAt: timestamp,
  editedAt: z.nullable(timestamp),
  /** Files attached (POST /api/chat/messages/{id}/attachments, by the sender), in their order. */
  attachments: z.array(fileRecord),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const seqQuery = (name: string) =>
  z.optional(
    z.coerce
      .number(`${name} must be a number.`)
      .check(
        z.int(`${name} must be a whole number.`),
        z.minimum(0, `${name} must be 0 or more.`),
        z.maximum(Number.MAX_SAFE_INTEGER, `${name} is too large.`),
      ),
  );

/**
 * GET /api/chat/rooms/:id/messages. At most one of `before`, `after`, `around`:
 * - none: the newest page; `before=<seq>`: the page older than it (scrolling up);
 * - `after=<seq>`: what came after it, oldest first (catch-up after a reconnect);
 * - `around=<seq>`: a page centred on that message (jumping to a search hit);
 * - `q=`: search in the room, newest hit first (with `before` to page on).
 * Pages are in ascending seq order, except search hits (newest first).
 */
export const chatMessagesQuery = z
  .object({
    before: seqQuery('before'),
    after: seqQuery('after'),
    around: seqQuery('around'),
    q: z.optional(text(200, 'The search is too long.')),
    limit: z._default(
      z.coerce
        .number('limit must be a number.')
        .check(
          z.int('limit must be a whole number.'),
          z.minimum(1, 'limit must be at least 1.'),
          z.maximum(CHAT_MAX_PAGE_SIZE, `limit must be at most ${CHAT_MAX_PAGE_SIZE}.`),
        ),
      CHAT_PAGE_SIZE,
    ),
  })
  .check(
    z.refine(
      (query) =>
        [query.before, query.after, query.around].filter((v) => v !== undefined).length <= 1 &&
        !(query.q !== undefined && (query.after !== undefined || query.around !== undefined)),
      'Use only one of before, after and around (a search pages with before).',
    ),
  );
export type ChatMessagesQuery = z.input<typeof chatMessagesQuery>;

export const chatMessagesPage = z.object({
  items: z.array(chatMessage),
  /** Older messages (or, for a search, older hits) exist before this page. */
  hasMore: z.boolean(),
  /** Newer messages exist after this page (false on the newest page). */
  hasNewer: z.boolean(),
});
export type ChatMessagesPage = z.infer<typeof chatMessagesPage>;

const messageBody = text(CHAT_MAX_BODY, `A message must be at most ${CHAT_MAX_BODY} characters.`);
const mentions = z._default(
  z.array(z.uuid('Mention members of the room.')).check(z.maxLength(50, 'At most 50 mentions.')),
  [],
);

/**
 * POST /api/chat/rooms/:id/messages. The body may be empty only when files follow
 * (`withFiles: true`: the client posts the message, then uploads its files to it).
 */
export const chatMessageInput = z
  .object({
    body: z._default(messageBody, ''),
    replyToId: z.optional(z.nullable(z.uuid('The message replied to is not valid.'))),
    mentions,
    withFiles: z.optional(z.boolean()),
  })
  .check(
    z.refine((input) => input.body.length > 0 || input.withFiles === true, {
      error: 'Please write a message.',
      path: ['body'],
    }),
  );
export type ChatMessageInput = z.input<typeof chatMessageInput>;

/** PATCH /api/chat/messages/:id (its sender only). */
export const chatMessagePatch = z.object({
  body: messageBody.check(z.minLength(1, 'Please write a message.')),
  mentions: z.optional(mentions),
});
export type ChatMessagePatch = z.input<typeof chatMessagePatch>;

/** POST /api/chat/rooms/:id/read: the caller has read up to `seq` (it never moves back). */
export const chatReadInput = z.object({
  seq: z
    .number('seq must be a number.')
    .check(z.int('seq must be a whole number.'), z.minimum(0, 'seq must be 0 or more.')),
});
export const chatReadResponse = z.object({ roomId: z.uuid(), lastReadSeq: seq, unread: z.number() });
export type ChatReadResponse = z.infer<typeof chatReadResponse>;

// Contacts ----------------------------------------------------------------------------------------

/** SPEC §3 "Chat contact": id, roomId, status, name, number, email, location, badge. */
export const chatContact = z.extend(chatPerson, {
  email: z.string(),
  /** SPEC's "number": the user record holds no phone, so null for now. */
  phone: z.nullable(z.string()),
  location: z.nullable(z.string()),
  status: z.enum(chatUserStatuses),
  /** Their direct room with the caller, null while none exists. */
  roomId: z.nullable(z.uuid()),
  /** The unread count of that room (capped like every unread count). */
  badge: z.number(),
});
export type ChatContact = z.infer<typeof chatContact>;
export const chatContactsQuery = z.object({ q: z.optional(text(100, 'The search is too long.')) });
export const chatContactsResponse = z.object({ items: z.array(chatContact) });
export type ChatContactsResponse = z.infer<typeof chatContactsResponse>;

// SPEC §7 aliases ---------------------------------------------------------------------------------

/** SPEC §3 "Channel" (GET /api/channels): a channel of the caller with its unread count. */
export const specChannel = z.object({
  id: z.uuid(),
  name: z.string(),
  topic: z.string(),
  unReadMessage: z.number(),
  memberCount: z.number(),
});
export const specChannelsResponse = z.object({ items: z.array(specChannel) });

/** SPEC §3 "Chat message" (GET /api/messages?roomId=, POST /api/add/message). */
export const specMessage = z.object({
  id: z.uuid(),
  roomId: z.uuid(),
  /** The sender's name ('' once their account is deleted). */
  sender: z.string(),
  senderId: z.nullable(z.uuid()),
  message: z.string(),
  createdAt: timestamp,
});
export type SpecMessage = z.infer<typeof specMessage>;
export const specMessagesQuery = z.object({ roomId: z.uuid('roomId must be a room id.') });
export const specMessagesResponse = z.object({ items: z.array(specMessage), hasMore: z.boolean() });
export const specAddMessageInput = z.object({
  roomId: z.uuid('roomId must be a room id.'),
  message: messageBody.check(z.minLength(1, 'Please write a message.')),
});
/** DELETE /api/delete/message: the message's id goes in this header (SPEC §7). */
export const CHAT_MESSAGE_HEADER = 'message';

// Live --------------------------------------------------------------------------------------------

/**
 * What the live connection sends about chat (server → client), beside the live helper's types:
 * `chat.message` / `chat.updated` {message}, `chat.deleted` {roomId, id, seq}, `chat.read`
 * {roomId, userId, lastReadSeq}, `chat.typing` {roomId, userId, name}, `chat.room` {roomId, op}
 * (the room changed, or the caller joined or left it: refetch the rooms list).
 * The client sends `{ type: 'chat.typing', roomId }` while the user types (at most every 3 s).
 */
export type ChatLiveMessage =
  | { type: 'chat.message'; message: ChatMessage }
  | { type: 'chat.updated'; message: ChatMessage }
  | { type: 'chat.deleted'; roomId: string; id: string; seq: number }
  | { type: 'chat.read'; roomId: string; userId: string; lastReadSeq: number }
  | { type: 'chat.typing'; roomId: string; userId: string; name: string }
  | { type: 'chat.room'; roomId: string; op: 'created' | 'updated' | 'joined' | 'left' };

export const chatMessages = {
  roomAdded: 'Channel',
  messageAdded: 'Message',
  directAdded: 'Conversation',
  directFound: 'Conversation found',
  notYourMessage: 'Only its sender may change or delete a message.',
  ownersOnly: 'Only an owner of the channel may do this.',
  directNotChannel: 'A direct conversation has no name, topic or members to change.',
  notChatUser: 'This user cannot use the chat.',
  notMember: 'Mention members of the room only.',
  replyElsewhere: 'The message replied to is not in this room.',
  selfDirect: 'Choose someone else to talk to.',
} as const;
